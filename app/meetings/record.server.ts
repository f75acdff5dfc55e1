import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { ChatError, sendChatMessage } from "~/ai-coach/chat.server";
import { CHAT_MAX_MESSAGE_LENGTH } from "~/ai-coach/chat-types";
import type { Viewer } from "~/auth/viewer";
import { formatDateTime, formatTime } from "~/booking/time-zones";
import { entitlementOf } from "~/billing/entitlement.server";
import type { ActionItem, BookingStatus } from "~/db/schema";
import type { MeetingRecording } from "~/meetings/recording/upload-rules";
import { listMeetingRecordings } from "~/meetings/recordings.server";
import { meetingChat } from "~/meetings/room.server";
import type { ChatMessage, MeetingRole } from "~/meetings/signalling";
import { redirectWithToast } from "~/platform/toast.server";
import { assignFromForm, loadAssignPanel, type AssignPanelData } from "~/learning/assignments.server";
import { users } from "~/db/schema";
import { eq, sql } from "drizzle-orm";
import { canMarkOutcome, creditEffectOf, markSessionOutcome, outcomeDeadline, type CreditEffect } from "./outcomes.server";
import { canBeRated, ratingOf, RATING_EDITS_ALLOWED, rateSession, testimonialAttribution } from "./ratings.server";
import { OutcomeSchema, NotesSchema, OUTCOME_CHANGE_DAYS, RatingSchema, SummarySchema, summaryFields } from "./record-schemas";
import { SessionRecordError } from "./record-errors";
import { hasStarted, requireClientRole, requireCoachRole, requireSessionAccess } from "./session-access.server";
import { draftSessionSummary, notesOf, saveSessionNotes, saveSummaryDraft, sendSessionSummary, summaryOf, TEMPLATE_DRAFT_LABEL } from "./summaries.server";

// The session record (/meeting/{id}/record): what its coach, its client and the admins each see, and
// the forms, one handler per intent. Every handler checks who is asking in the domain functions.

export type RecordChatLine = { id: string; from: MeetingRole; text: string; sentAt: string; time: string };

export type RecordData = {
  meetingId: string;
  viewerRole: MeetingRole | "admin";
  session: {
    title: string;
    reference: string;
    when: string;
    startsAt: string;
    durationMinutes: number;
    coachName: string;
    clientName: string;
    company: string | null;
    status: BookingStatus;
    statusLabel: string;
    payment: string;
  };
  outcome: { canMark: boolean; deadline: string; changeDays: number; credit: CreditEffect; started: boolean } | null;
  notes: string | null;
  summary: { text: string; items: ActionItem[]; sent: boolean; sentOn: string | null; draftSource: "model" | "template" | null } | null;
  canWriteSummary: boolean;
  /** The client's ClarityAI subscription lets them discuss the plan with the AI coach. */
  canDiscuss: boolean;
  chat: RecordChatLine[] | null;
  /** The call's complete recordings (made with both people's consent), oldest first, and the zone to show their times in. */
  recordings: MeetingRecording[];
  timeZone: string;
  rating: {
    canRate: boolean;
    given: { rating: number; comment: string | null; publish: boolean; attribution: string | null; edits: number } | null;
    editsLeft: number;
    attribution: string;
  } | null;
  /** For the coach: the lessons assigned to this client and the form to assign one (null: a guest without an account). */
  learning: { clientName: string; panel: AssignPanelData | null } | null;
  /** For admins: the client's rating and testimonial consent. */
  adminRating: { rating: number; comment: string | null; publish: boolean; attribution: string | null; consentAt: string | null } | null;
};

const STATUS_LABELS: Record<BookingStatus, string> = {
  held: "Held for payment",
  confirmed: "Booked",
  cancelled: "Cancelled",
  expired: "Hold expired",
  completed: "Completed",
  no_show: "No-show",
};

const PAYMENT_LABELS = { free: "Free", card: "Paid by card", credit: "Package credit" } as const;

export async function loadSessionRecord(context: AppLoadContext, viewer: Viewer, meetingId: string | undefined): Promise<RecordData> {
  const access = await requireSessionAccess(context, viewer, meetingId);
  const { booking, role } = access;
  const now = context.services.clock.now();
  // The viewer's own zone is not stored: the client's booking zone for the client, the coach's for the rest.
  const zone = role === "client" ? booking.clientTimeZone : booking.coachTimeZone;
  const isCoach = role === "coach";
  const [summary, notes, rating, credit, chat, recordings, learningClientId] = await Promise.all([
    summaryOf(context, booking.id),
    isCoach ? notesOf(context, booking.id) : null,
    role === "client" || (access.isAdmin && !isCoach) ? ratingOf(context, booking.id) : null,
    creditEffectOf(context, booking.id),
    // The record works without the chat: a room that cannot be read leaves the transcript out.
    meetingChat(context, booking.id).catch((error: unknown) => {
      console.error("session record: the meeting chat could not be read", error instanceof Error ? error.message : String(error));
      return null;
    }),
    listMeetingRecordings(context.db, booking.id),
    isCoach ? learningClientOf(context, booking) : null,
  ]);
  const panel = isCoach && learningClientId ? await loadAssignPanel(context.db, viewer.id, learningClientId, now) : null;
  const summaryVisible = summary && (isCoach || summary.sentAt);
  return {
    meetingId: booking.id,
    viewerRole: role ?? "admin",
    session: {
      title: booking.typeName,
      reference: booking.reference,
      when: formatDateTime(booking.startsAt, zone),
      startsAt: booking.startsAt,
      durationMinutes: booking.durationMinutes,
      coachName: booking.coachName,
      clientName: booking.name,
      company: booking.company,
      status: booking.status,
      statusLabel: STATUS_LABELS[booking.status],
      payment: PAYMENT_LABELS[booking.paymentMethod],
    },
    outcome: isCoach
      ? {
          canMark: canMarkOutcome(booking, now),
          deadline: formatDateTime(outcomeDeadline(booking).toISOString(), zone),
          changeDays: OUTCOME_CHANGE_DAYS,
          credit,
          started: hasStarted(booking, now),
        }
      : null,
    notes: isCoach ? (notes ?? "") : null,
    summary: summaryVisible
      ? {
          text: summary.summary,
          items: summary.actionItems,
          sent: Boolean(summary.sentAt),
          sentOn: summary.sentAt ? formatDateTime(summary.sentAt, zone) : null,
          draftSource: summary.sentAt ? null : summary.draftSource,
        }
      : null,
    canWriteSummary: isCoach && !summary?.sentAt && hasStarted(booking, now) && booking.status !== "cancelled",
    canDiscuss: role === "client" && entitlementOf(viewer.aiSubscription ?? undefined, context.env.BILLING_GRACE_DAYS, now).hasActiveSubscription,
    chat: chat
      ? chat.map((line: ChatMessage) => ({ id: line.id, from: line.from, text: line.text, sentAt: line.sentAt, time: formatTime(line.sentAt, zone) }))
      : null,
    recordings,
    timeZone: zone,
    rating:
      role === "client"
        ? {
            canRate: canBeRated(booking, now),
            given: rating
              ? { rating: rating.rating, comment: rating.comment, publish: rating.publishConsent, attribution: rating.attribution, edits: rating.edits }
              : null,
            editsLeft: rating ? Math.max(0, RATING_EDITS_ALLOWED - rating.edits) : RATING_EDITS_ALLOWED + 1,
            attribution: testimonialAttribution(booking),
          }
        : null,
    learning: isCoach ? { clientName: booking.name, panel } : null,
    adminRating:
      access.isAdmin && !role && rating
        ? { rating: rating.rating, comment: rating.comment, publish: rating.publishConsent, attribution: rating.attribution, consentAt: rating.consentAt }
        : null,
  };
}

// ── Actions ──────────────────────────────────────────────────────────────────────────────────────

export type RecordIntent = "outcome" | "notes" | "save-summary" | "send-summary" | "draft-summary" | "rate" | "discuss-plan" | "assign-lesson";
const INTENTS: RecordIntent[] = ["outcome", "notes", "save-summary", "send-summary", "draft-summary", "rate", "discuss-plan", "assign-lesson"];

export type RecordActionData = { intent: RecordIntent | null; errors: Record<string, string>; values?: Record<string, unknown> };

function refused(intent: RecordIntent | null, errors: Record<string, string>, status = 400, values?: Record<string, unknown>) {
  return data<RecordActionData>({ intent, errors, values }, { status });
}

function firstIssues(issues: { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path[0] === "items" ? "items" : String(issue.path[0] ?? "form");
    errors[key] ??= issue.message;
  }
  return errors;
}

async function done(context: AppLoadContext, meetingId: string, title: string, hash = "") {
  return redirectWithToast(`/meeting/${meetingId}/record${hash}`, { title }, context.env.SESSION_SECRET);
}

export async function sessionRecordAction(request: Request, context: AppLoadContext, viewer: Viewer, meetingId: string | undefined) {
  // Who may see the record at all is decided first: anyone else gets the 404 whatever they send.
  const access = await requireSessionAccess(context, viewer, meetingId);
  const id = access.booking.id;
  const form = await request.formData();
  const raw = form.get("intent");
  const intent = INTENTS.find((name) => name === raw) ?? null;
  if (!intent) return refused(null, { form: "Choose what to do." });
  try {
    switch (intent) {
      case "outcome": {
        const parsed = OutcomeSchema.safeParse({ outcome: form.get("outcome") ?? undefined });
        if (!parsed.success) return refused(intent, firstIssues(parsed.error.issues));
        const result = await markSessionOutcome(context, viewer, id, parsed.data.outcome);
        const words = parsed.data.outcome === "completed" ? "Marked as completed" : "Marked as a no-show";
        return done(context, id, result.changed ? words : `Already ${words.toLowerCase()}`, "#outcome");
      }
      case "notes": {
        const parsed = NotesSchema.safeParse({ notes: form.get("notes") ?? undefined });
        if (!parsed.success) return refused(intent, firstIssues(parsed.error.issues));
        await saveSessionNotes(context, viewer, id, parsed.data.notes);
        return done(context, id, "Notes saved", "#notes");
      }
      case "save-summary":
      case "send-summary": {
        const fields = summaryFields(form);
        const parsed = SummarySchema.safeParse({ summary: fields.summary, items: fields.items });
        const values = { summary: typeof fields.summary === "string" ? fields.summary : "", items: fields.items };
        if (!parsed.success) return refused(intent, firstIssues(parsed.error.issues), 400, values);
        if (fields.orphanDue) return refused(intent, { items: "Each due date needs its action item. Add the text, or clear the date." }, 400, values);
        if (intent === "send-summary" && parsed.data.summary.startsWith(TEMPLATE_DRAFT_LABEL)) {
          return refused(intent, { summary: "Edit the template draft into your own words (and remove its label line) before sending." }, 400, values);
        }
        if (intent === "save-summary") {
          await saveSummaryDraft(context, viewer, id, parsed.data);
          return done(context, id, "Draft saved", "#summary");
        }
        const sent = await sendSessionSummary(context, viewer, id, parsed.data);
        return done(context, id, sent.sent ? "Summary sent to your client" : "This summary was already sent", "#summary");
      }
      case "draft-summary": {
        const result = await draftSessionSummary(context, viewer, id);
        return done(
          context,
          id,
          result.source === "model" ? "ClarityAI drafted the summary: edit it, then send" : "Drafted from the template: edit it, then send",
          "#summary",
        );
      }
      case "rate": {
        const parsed = RatingSchema.safeParse({
          rating: form.get("rating") ?? undefined,
          comment: form.get("comment") ?? undefined,
          publish: form.get("publish") === "on",
        });
        const values = { rating: form.get("rating"), comment: form.get("comment"), publish: form.get("publish") === "on" };
        if (!parsed.success) return refused(intent, firstIssues(parsed.error.issues), 400, values);
        const result = await rateSession(context, viewer, id, parsed.data);
        return done(context, id, result.edited ? "Rating updated: thank you" : "Thank you for your rating", "#rating");
      }
      case "discuss-plan":
        return await discussPlan(context, viewer, access, id);
      case "assign-lesson": {
        requireCoachRole(access, "assign lessons from this session");
        const clientId = await learningClientOf(context, access.booking);
        if (!clientId) {
          return refused(
            intent,
            { form: "This client booked without an account. Lessons can be assigned once they sign up with the same email address." },
            409,
          );
        }
        const outcome = await assignFromForm(context, viewer, clientId, form, { bookingId: id });
        if (!outcome.ok) return refused(intent, outcome.errors, outcome.status, outcome.values);
        const { result } = outcome;
        return done(context, id, result.created ? `Lesson assigned: ${result.assignment.lessonTitle}` : "Assignment updated", "#learning");
      }
    }
  } catch (error) {
    if (error instanceof SessionRecordError) return refused(intent, { form: error.message }, error.status);
    if (error instanceof ChatError && error.status < 500) return refused(intent, { form: error.message }, error.status);
    throw error;
  }
}

/**
 * "Discuss this plan with ClarityAI": starts a conversation with the AI coach whose first message is
 * the sent summary and action items, and opens it in the AI assistant tab. A retry finds the same
 * conversation (its first message id is the booking's). Subscribers only: the chat domain refuses others.
 */
async function discussPlan(context: AppLoadContext, viewer: Viewer, access: Awaited<ReturnType<typeof requireSessionAccess>>, id: string) {
  requireClientRole(access, "discuss the plan with ClarityAI");
  const summary = await summaryOf(context, id);
  if (!summary?.sentAt) throw new SessionRecordError(409, "no_plan", "Your coach hasn't sent a summary for this session yet.");
  const items = summary.actionItems.map((item) => `- ${item.text}${item.due ? ` (due ${item.due})` : ""}`).join("\n");
  const message = [
    `Here is the action plan from my coaching session with ${access.booking.coachName}. Help me work through it: what should I do first, and how do I keep on track?`,
    `Summary:\n${summary.summary}`,
    ...(items ? [`Action items:\n${items}`] : []),
  ]
    .join("\n\n")
    .slice(0, CHAT_MAX_MESSAGE_LENGTH);
  const result = await sendChatMessage(context, viewer.id, { message, conversationId: null, clientMessageId: `plan-${id}` }, viewer.aiSubscription);
  // The reply is written in the conversation's own object and carries on without this response.
  await result.response.body?.cancel();
  return redirectWithToast(
    `/profile?tab=ai-assistant&c=${result.conversationId}`,
    { title: "Your plan is in a new conversation with ClarityAI" },
    context.env.SESSION_SECRET,
  );
}

/**
 * The client's account, for assigning lessons: the booking's, or the account that has since signed
 * up with the address the client booked with. Null for a guest without an account.
 */
async function learningClientOf(context: AppLoadContext, booking: { clientId: string | null; email: string }): Promise<string | null> {
  if (booking.clientId) return booking.clientId;
  const account = await context.db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, booking.email.toLowerCase()))
    .get();
  return account?.id ?? null;
}
