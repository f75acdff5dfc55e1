import { deleteUserData } from "~/accounts/deletion.server";
import { DeleteAccountSchema } from "~/accounts/schemas";
import { signOut } from "~/auth/web-sessions.server";
import { redirectWithToast } from "~/platform/toast.server";
import { parseForm } from "~/utils/forms";
import { fail, type ProfileIntentArgs } from "./intents.server";

export async function deleteAccount({ request, context, viewer, formData }: ProfileIntentArgs) {
  const parsed = parseForm(formData, DeleteAccountSchema);
  if (!parsed.success) return fail("delete-account", parsed.errors);
  const deleted = await deleteUserData(context.db, viewer.id);
  if (deleted) {
    // D1 no longer has the sessions; KV must not keep them alive at other locations either.
    await Promise.all(deleted.sessionIds.map((id) => context.cloudflare.env.SESSIONS.delete(`auth-session:${id}`)));
  }
  // The user is gone, so signOut only clears this browser's web session and cookie.
  const signedOut = await signOut(request, context);
  const headers = new Headers();
  const cookie = signedOut.headers.get("Set-Cookie");
  if (cookie) headers.append("Set-Cookie", cookie);
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
