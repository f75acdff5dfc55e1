import { accountDeletionBlocker, deleteUserData } from "~/accounts/deletion.server";
import { DeleteAccountSchema } from "~/accounts/schemas";
import { enqueueUserConversationPurges } from "~/ai-coach/retention.server";
import { readAttributionCookie } from "~/attribution/capture.server";
import { attributionSessionsOfUser, forgetAttributionSessions } from "~/attribution/retention.server";
import { cancelBillingOnAccountDeletion } from "~/billing/account.server";
import { deleteApplicationCvsOf } from "~/coach-network/applications-user-data.server";
import { forgetLiveSessions } from "~/auth/token-sessions.server";
import { forgetMeetingChats } from "~/meetings/chat-user-data.server";
import { deleteRecordingFilesOf } from "~/meetings/recordings.server";
import { endWebSession } from "~/auth/web-sessions.server";
import { redirectWithToast } from "~/platform/toast.server";
import { parseForm } from "~/utils/forms";
import { fail, type ProfileIntentArgs } from "./intents.server";

export async function deleteAccount({ request, context, viewer, formData }: ProfileIntentArgs) {
  const parsed = parseForm(formData, DeleteAccountSchema);
  if (!parsed.success) return fail("delete-account", parsed.errors);
  // Checked before anything is cancelled or purged: a refused deletion changes nothing.
  const blocker = await accountDeletionBlocker(context, viewer.id);
  if (blocker) return fail("delete-account", { form: blocker }, {}, 409);
  // A deleted user must never be charged again: end any running subscription first.
  await cancelBillingOnAccountDeletion(context, viewer.id);
  // The AI coach's conversations live in Durable Objects, outside the D1 batch: their purge jobs are
  // enqueued before the index rows go, so no conversation is left behind.
  await enqueueUserConversationPurges(context.db, context.cloudflare.env.JOBS, viewer.id);
  // The attribution sessions (those of the user's conversions, and this browser's) are read before
  // the batch drops their ids from the conversions.
  const current = readAttributionCookie(request)?.sessionId;
  const attributionSessions = [...(await attributionSessionsOfUser(context.db, viewer.id)), ...(current ? [current] : [])];
  // The meetings' chats live in their rooms, outside D1: the user's messages go first, while the
  // bookings still name them (a failure here leaves the account as it was, to try again).
  await forgetMeetingChats(context, { id: viewer.id, email: viewer.email ?? null });
  // Recordings of the user's meetings are files in R2, outside the D1 batch: they go first (their rows go with the batch).
  await deleteRecordingFilesOf(context, { id: viewer.id, email: viewer.email }, context.services.clock.now());
  // So are the CVs of the coach applications made by the user or with their email (rows go with the batch).
  await deleteApplicationCvsOf(context, { id: viewer.id, email: viewer.email ?? null });
  const deleted = await deleteUserData(context, viewer.id);
  // D1 no longer has the sessions; KV must not keep them alive at other locations either.
  if (deleted) await forgetLiveSessions(context.cloudflare.env.SESSIONS, deleted.sessionIds);
  if (deleted) await forgetAttributionSessions(context, attributionSessions);
  // The user and their auth sessions are gone: only this browser's web session is left to end.
  const headers = new Headers({ "Set-Cookie": await endWebSession(request, context) });
  return redirectWithToast(
    "/",
    {
      title: "Your account has been deleted",
      description: "Your details have been removed. Thanks for giving ClarityAI Coaching a try.",
      variant: "success",
    },
    context.env.SESSION_SECRET,
    { headers },
  );
}
