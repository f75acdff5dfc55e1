import { and, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import { ModelUnavailableError } from "~/ai-coach/model.server";
import type { PermissionViewer } from "~/auth/permissions.server";
import type { BookingListItem } from "~/booking/bookings.server";
import { formatDateTime } from "~/booking/time-zones";
import type { AppContext } from "~/context.server";
import { sessionNotes, sessionSummaries, type ActionItem } from "~/db/schema";
import { composeEmail } from "~/email/compose.server";
import type { EmailSendJob } from "~/email/jobs";
import { outboxInsert } from "~/email/outbox.server";
import { sessionSummaryEmail } from "~/email/templates/session-summary";
import { meetingChat } from "~/meetings/room.server";
import type { ChatMessage } from "~/meetings/signalling";
import { ACTION_ITEMS_MAX, ACTION_ITEM_MAX_LENGTH, SUMMARY_MAX_LENGTH } from "./record-limits";
import type { SummaryInput } from "./record-schemas";
import { SessionRecordError } from "./record-errors";
import { hasStarted, requireCoachRole, requireSessionAccess, type SessionAccess } from "./session-access.server";

// After the call: the coach's private notes, and the summary with action items the coach shares
// with the client. The summary is a draft (typed, or drafted by ClarityAI from the notes and the
// call's chat) until the coach sends it: then it is emailed once and shown in the client's Bookings
// tab and on the session's record, and no longer changes.

export type SummaryRow = typeof sessionSummaries.$inferSelect;
export type SessionSummary = Omit<SummaryRow, "actionItems"> & { actionItems: ActionItem[] };

function parseItems(json: string): ActionItem[] {
  try {
    const value = JSON.parse(json) as unknown;
    if (!Array.isArray(value)) return [];
    return value
      .filter((item): item is ActionItem => typeof item === "object" && item !== null && typeof (item as ActionItem).text === "string")
      .map((item) => ({ text: item.text, due: typeof item.due === "string" ? item.due : null }));
  } catch {
    return [];
  }
}

function toSummary(row: SummaryRow): SessionSummary {
  return { ...row, actionItems: parseItems(row.actionItems) };
}

// ── Notes (the coach's only) ───────────────────────────────────────────────────────────────────

/** The coach's private notes on a session; callers have checked the viewer is its coach. */
export async function notesOf(context: Pick<AppContext, "db">, bookingId: string): Promise<string | null> {
  const row = await context.db.select({ body: sessionNotes.body }).from(sessionNotes).where(eq(sessionNotes.bookingId, bookingId)).get();
  return row?.body ?? null;
}

/** Reads the notes for the session's coach; anyone else is refused (the client and admins included). */
export async function readSessionNotes(context: AppContext, viewer: PermissionViewer, meetingId: string): Promise<string | null> {
  const access = await requireSessionAccess(context, viewer, meetingId);
  requireCoachRole(access, "read the session notes");
  return notesOf(context, access.booking.id);
}

export async function saveSessionNotes(context: AppContext, viewer: PermissionViewer, meetingId: string, notes: string): Promise<void> {
  const access = await requireSessionAccess(context, viewer, meetingId);
  requireCoachRole(access, "write session notes");
  const at = context.services.clock.now().toISOString();
  await context.db
    .insert(sessionNotes)
    .values({ bookingId: access.booking.id, coachId: access.booking.coachId, body: notes, updatedAt: at })
    .onConflictDoUpdate({ target: sessionNotes.bookingId, set: { body: notes, updatedAt: at } });
}

// ── The shared summary ─────────────────────────────────────────────────────────────────────────

export async function summaryOf(context: Pick<AppContext, "db">, bookingId: string): Promise<SessionSummary | null> {
  const row = await context.db.select().from(sessionSummaries).where(eq(sessionSummaries.bookingId, bookingId)).get();
  return row ? toSummary(row) : null;
}

/** The summary as its client may see it: only once sent. */
export async function sentSummaryOf(context: Pick<AppContext, "db">, bookingId: string): Promise<SessionSummary | null> {
  const summary = await summaryOf(context, bookingId);
  return summary?.sentAt ? summary : null;
}

function requireWritable(access: SessionAccess, now: Date, summary: SessionSummary | null) {
  requireCoachRole(access, "write the session summary");
  if (!hasStarted(access.booking, now)) throw new SessionRecordError(409, "not_started", "You can write the summary once the session has started.");
  if (access.booking.status === "cancelled" || access.booking.status === "expired") {
    throw new SessionRecordError(409, "cancelled", "This session was cancelled, so there is nothing to summarise.");
  }
  if (summary?.sentAt) throw new SessionRecordError(409, "already_sent", "This summary has already been sent to the client.");
}

async function storeDraft(context: AppContext, access: SessionAccess, input: SummaryInput, draftSource: SummaryRow["draftSource"]) {
  const at = context.services.clock.now().toISOString();
  const values = { summary: input.summary, actionItems: JSON.stringify(input.items), draftSource, updatedAt: at };
  // Never over a sent summary (the condition holds even if it was sent a moment ago elsewhere).
  await context.db
    .insert(sessionSummaries)
    .values({ bookingId: access.booking.id, coachId: access.booking.coachId, ...values })
    .onConflictDoUpdate({ target: sessionSummaries.bookingId, set: values, setWhere: isNull(sessionSummaries.sentAt) });
}

/** Saves the coach's edited draft (not sent). */
export async function saveSummaryDraft(context: AppContext, viewer: PermissionViewer, meetingId: string, input: SummaryInput): Promise<void> {
  const access = await requireSessionAccess(context, viewer, meetingId);
  requireWritable(access, context.services.clock.now(), await summaryOf(context, access.booking.id));
  await storeDraft(context, access, input, null);
}

export type SendSummaryResult = { sent: boolean };

/**
 * Saves the coach's final words and sends them: the summary is marked sent and the client's email
 * written to the outbox in one batch, once (a second send, or a double click, finds it sent).
 */
export async function sendSessionSummary(context: AppContext, viewer: PermissionViewer, meetingId: string, input: SummaryInput): Promise<SendSummaryResult> {
  const access = await requireSessionAccess(context, viewer, meetingId);
  const now = context.services.clock.now();
  const current = await summaryOf(context, access.booking.id);
  requireWritable(access, now, current);
  await storeDraft(context, access, input, current?.draftSource ?? null);
  const { booking } = access;
  const recordUrl = new URL(`/meeting/${booking.id}/record`, context.env.PUBLIC_SITE_URL).toString();
  const email = await composeEmail(
    context.env,
    sessionSummaryEmail,
    {
      firstName: firstNameOf(booking.name),
      coachName: booking.coachName,
      sessionTitle: booking.typeName,
      when: formatDateTime(booking.startsAt, booking.clientTimeZone),
      summary: input.summary,
      items: input.items,
      recordUrl,
      ratingUrl: `${recordUrl}#rating`,
    },
    { to: booking.email, dedupeKey: `session-summary:${booking.id}` },
  );
  const outboxId = crypto.randomUUID();
  const [marked] = await context.db.batch([
    context.db
      .update(sessionSummaries)
      .set({ sentAt: now.toISOString() })
      .where(and(eq(sessionSummaries.bookingId, booking.id), isNull(sessionSummaries.sentAt)))
      .returning({ bookingId: sessionSummaries.bookingId }),
    outboxInsert(context.db, context.env, email, outboxId),
  ]);
  if (!marked.length) return { sent: false };
  await context.services.jobs.send({ type: "email.send", version: 1, outboxId } satisfies EmailSendJob);
  return { sent: true };
}

export function firstNameOf(name: string): string | null {
  const first = name.trim().split(/\s+/)[0];
  return first && first !== "Deleted" ? first : null;
}

// ── Draft with ClarityAI ───────────────────────────────────────────────────────────────────────

/** Marks the start of a draft written from the template (no model configured, or it failed). */
export const TEMPLATE_DRAFT_LABEL = "Template draft (ClarityAI wasn't available):";

const DRAFT_SYSTEM_PROMPT = [
  "You are ClarityAI, helping an Australian business coach write up a coaching session for their client.",
  "From the coach's private notes and the chat typed during the video call, write:",
  "1. A short summary for the client (2 to 4 sentences, warm and plain, Australian English), addressed to the client.",
  '2. A line "Action items:" followed by up to 6 concrete next steps, one per line, each starting with "- ".',
  'Where the notes or chat give a date for a step, end that line with " (due YYYY-MM-DD)".',
  "Do not include anything the coach would keep private (their own impressions of the client). No financial, legal or tax advice.",
].join("\n");

function chatTranscript(chat: ChatMessage[]): string {
  return chat.map((message) => `${message.from === "coach" ? "Coach" : "Client"}: ${message.text}`).join("\n");
}

function draftPrompt(booking: BookingListItem, notes: string, chat: ChatMessage[]): string {
  return [
    `Session: ${booking.typeName} with ${booking.name}${booking.company ? ` (${booking.company})` : ""}.`,
    `Coach's notes:\n${notes.trim() || "(none)"}`,
    `Chat from the call:\n${chat.length ? chatTranscript(chat) : "(none)"}`,
  ].join("\n\n");
}

const DUE = /\s*\(due (\d{4}-\d{2}-\d{2})\)\s*$/i;
const BULLET = /^\s*(?:[-*•]|\d+[.)])\s+/;

/** A draft as the model wrote it: the summary paragraph(s), and the bulleted lines as action items. */
export function parseDraft(text: string): SummaryInput {
  const summaryLines: string[] = [];
  const items: ActionItem[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (/^\s*\**\s*action (items|plan)\s*:?\s*\**\s*$/i.test(line)) continue;
    if (BULLET.test(line)) {
      const raw = line.replace(BULLET, "").replaceAll("**", "").trim();
      const due = DUE.exec(raw)?.[1] ?? null;
      const itemText = raw.replace(DUE, "").trim().slice(0, ACTION_ITEM_MAX_LENGTH);
      if (itemText && items.length < ACTION_ITEMS_MAX) items.push({ text: itemText, due });
    } else summaryLines.push(line.replace(/^\s*\**\s*summary\s*:?\s*\**\s*/i, ""));
  }
  const summary = summaryLines
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim()
    .slice(0, SUMMARY_MAX_LENGTH);
  return { summary, items };
}

/**
 * The template draft, from the notes and the chat themselves, clearly labelled: each non-empty line
 * of the notes becomes a candidate action item, and the chat's last messages are quoted for the
 * coach to turn into words of their own.
 */
export function templateDraft(booking: Pick<BookingListItem, "typeName" | "name">, notes: string, chat: ChatMessage[]): SummaryInput {
  const first = firstNameOf(booking.name);
  const noteLines = notes
    .split(/\r?\n/)
    .map((line) => line.replace(BULLET, "").trim())
    .filter(Boolean);
  const summary = [
    TEMPLATE_DRAFT_LABEL,
    `${first ? `Thanks, ${first}, for` : "Thanks for"} your ${booking.typeName.toLowerCase()} today. Here is what we covered and what you agreed to do next.`,
    noteLines.length ? `We talked about: ${noteLines.slice(0, 3).join("; ")}.` : "We talked about: (add the main topics here).",
    ...(chat.length
      ? [
          `From the chat: ${chat
            .slice(-3)
            .map((message) => `"${message.text}"`)
            .join(" ")}`,
        ]
      : []),
  ]
    .join("\n\n")
    .slice(0, SUMMARY_MAX_LENGTH);
  const items = noteLines.slice(0, ACTION_ITEMS_MAX).map((line) => ({ text: line.slice(0, ACTION_ITEM_MAX_LENGTH), due: null }));
  return { summary, items };
}

async function modelDraft(context: AppContext, prompt: string): Promise<string> {
  const abort = new AbortController();
  let text = "";
  for await (const event of context.services.model.streamReply(
    [
      { role: "system", content: DRAFT_SYSTEM_PROMPT },
      { role: "user", content: prompt },
    ],
    { offerEscalation: false, signal: abort.signal },
  )) {
    if (event.type === "text") text += event.text;
  }
  return text;
}

export type DraftResult = { source: "model" | "template" };

/**
 * Drafts the summary and action plan from the coach's notes and the call's chat, through the model
 * client; with no model configured (or when it fails or answers nothing usable), from the template.
 * The draft replaces the unsent draft; the coach edits it, then sends it.
 */
export async function draftSessionSummary(
  context: AppContext,
  viewer: PermissionViewer,
  meetingId: string,
  options: { readChat?: (context: AppContext, meetingId: string) => Promise<ChatMessage[]> } = {},
): Promise<DraftResult> {
  const access = await requireSessionAccess(context, viewer, meetingId);
  requireWritable(access, context.services.clock.now(), await summaryOf(context, access.booking.id));
  const readChat = options.readChat ?? meetingChat;
  const [notes, chat] = await Promise.all([
    notesOf(context, access.booking.id),
    // The record works without the chat: a room that cannot be read drafts from the notes alone.
    readChat(context, access.booking.id).catch((error: unknown) => {
      console.error("session summary: the meeting chat could not be read", error instanceof Error ? error.message : String(error));
      return [] as ChatMessage[];
    }),
  ]);
  let draft: SummaryInput | null = null;
  if (context.services.model.configured) {
    try {
      const parsed = parseDraft(await modelDraft(context, draftPrompt(access.booking, notes ?? "", chat)));
      if (parsed.summary) draft = parsed;
    } catch (error) {
      if (!(error instanceof ModelUnavailableError)) throw error;
      console.error("session summary: the model is unavailable, drafting from the template", error.message);
    }
  }
  const source = draft ? "model" : "template";
  await storeDraft(context, access, draft ?? templateDraft(access.booking, notes ?? "", chat), source);
  return { source };
}

/** The sent summaries of these bookings, by booking id (for the client's Bookings tab). */
export async function sentSummariesFor(context: Pick<AppContext, "db">, bookingIds: string[]): Promise<Map<string, SessionSummary>> {
  if (!bookingIds.length) return new Map();
  const rows = await context.db
    .select()
    .from(sessionSummaries)
    .where(and(inArray(sessionSummaries.bookingId, bookingIds), isNotNull(sessionSummaries.sentAt)))
    .all();
  return new Map(rows.map((row) => [row.bookingId, toSummary(row)]));
}
