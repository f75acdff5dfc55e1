import { and, desc, eq, sql } from "drizzle-orm";
import * as z from "zod";
import type { Viewer } from "~/auth/web-sessions.server";
import { entitlementOf, getAiEntitlement, type AiEntitlement } from "~/billing/entitlement.server";
import type { AiTier } from "~/billing/plans";
import type { AppContext } from "~/context.server";
import { aiConversations, aiEscalations, profiles } from "~/db/schema";
import type { AiCoachStatus, ConversationSummary, EscalateResult, EscalationStatus, UsageMeter } from "./chat-types";
import { CHAT_MAX_MESSAGE_LENGTH } from "./chat-types";
import { searchContent } from "./content-index.server";
import { SEND_CREATED_HEADER, SEND_REFUSED_HEADER, type ReplyPlan, type SendRequest, type StartedFrom, type StreamRequest } from "./conversation-protocol";
import { asksForPerson, topicOfRequest } from "./escalation-intent";
import { escalationAllowance, raiseEscalation } from "./escalation-requests.server";
import { conversationMarkdown } from "./export-markdown";
import { SSE_HEADERS } from "./sse";
import { buildSystemPrompt } from "./system-prompt";
import { zoneForState } from "~/booking/time-zones";
import { hmacSha256, toHex } from "~/utils/hex";
import { sydneyDay } from "~/utils/sydney-time";
import { consumeMessage, refundMessage, usageLimitMessage, usageMeter } from "./usage.server";

// The AI coach's domain: what the /ai-coach routes and the chat-with-ai function do. Access is
// decided by the entitlement rule alone (billing/entitlement.server.ts); a conversation is its
// owner's (the D1 index row is the ownership record), and anyone else is told it doesn't exist.

/** A refusal with a status, a code and a message safe to show. */
export class ChatError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly usage?: UsageMeter,
  ) {
    super(message);
  }
}

export const SUBSCRIPTION_REQUIRED_MESSAGE =
  "An active ClarityAI subscription is required to chat with the AI coach. Please subscribe to ClarityAI to access the assistant.";
const NOT_FOUND_MESSAGE = "That conversation doesn't exist, or it has been deleted.";

export const ChatInputSchema = z.object({
  message: z
    .string({ error: "Type a message first." })
    .trim()
    .min(1, "Type a message first.")
    .max(CHAT_MAX_MESSAGE_LENGTH, `Messages can be at most ${CHAT_MAX_MESSAGE_LENGTH} characters.`),
  conversationId: z.uuid("That conversation id isn't valid.").nullish(),
  clientMessageId: z
    .string({ error: "Each message needs a clientMessageId." })
    .regex(/^[A-Za-z0-9_-]{8,64}$/, "clientMessageId must be 8 to 64 letters, digits, hyphens or underscores."),
});
export type ChatInput = z.infer<typeof ChatInputSchema>;

export const RenameSchema = z.object({
  intent: z.literal("rename"),
  title: z.string().trim().min(1, "Give the conversation a title.").max(120, "Titles can be at most 120 characters."),
});
export const DeleteSchema = z.object({ intent: z.literal("delete") });
export const EscalateSchema = z.object({ messageId: z.string().min(1).max(100).optional() });

/** The first problem zod found, as one sentence. */
function firstIssue(error: z.ZodError): string {
  return error.issues[0]?.message ?? "That request isn't valid.";
}

/** The body as the schema reads it, or a ChatError 400 naming the first problem. */
export function parseChatBody<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ChatError(400, "invalid_request", firstIssue(parsed.error));
  return parsed.data;
}

function stubFor(context: AppContext, conversationId: string) {
  const namespace = context.cloudflare.env.CONVERSATION;
  return namespace.get(namespace.idFromName(conversationId));
}

/**
 * The subscription as the signed-in viewer was read with it (null: none), or undefined when the
 * caller has no viewer (a bearer-token function call) and it must be read from D1.
 */
export type StoredAiSubscription = Viewer["aiSubscription"] | undefined;

async function entitlementFor(context: AppContext, userId: string, subscription: StoredAiSubscription): Promise<AiEntitlement> {
  if (subscription !== undefined) return entitlementOf(subscription ?? undefined, context.env.BILLING_GRACE_DAYS, context.services.clock.now());
  return getAiEntitlement(context.db, context.env, userId, context.services.clock.now());
}

export async function requireAiAccess(context: AppContext, userId: string, subscription?: StoredAiSubscription): Promise<AiEntitlement & { tier: AiTier }> {
  const entitlement = await entitlementFor(context, userId, subscription);
  if (!entitlement.hasActiveSubscription || !entitlement.tier) throw new ChatError(402, "subscription_required", SUBSCRIPTION_REQUIRED_MESSAGE);
  return { ...entitlement, tier: entitlement.tier };
}

type ConversationRow = typeof aiConversations.$inferSelect;

function summaryOf(row: ConversationRow): ConversationSummary {
  return { id: row.id, title: row.title, createdAt: row.createdAt, lastActivityAt: row.lastActivityAt, messageCount: row.messageCount };
}

async function findOwnConversation(context: AppContext, userId: string, conversationId: string): Promise<ConversationRow | undefined> {
  if (!z.uuid().safeParse(conversationId).success) return undefined;
  return context.db
    .select()
    .from(aiConversations)
    .where(and(eq(aiConversations.id, conversationId), eq(aiConversations.userId, userId)))
    .get();
}

/** The viewer's own conversation, or a 404 for anything else (someone else's included). */
export async function requireConversationOwner(context: AppContext, userId: string, conversationId: string): Promise<ConversationRow> {
  const row = await findOwnConversation(context, userId, conversationId);
  if (!row) throw new ChatError(404, "not_found", NOT_FOUND_MESSAGE);
  return row;
}

async function escalationsOf(context: AppContext, conversationId: string): Promise<EscalationStatus[]> {
  return context.db
    .select({ id: aiEscalations.id, messageId: aiEscalations.messageId, status: aiEscalations.status })
    .from(aiEscalations)
    .where(eq(aiEscalations.conversationId, conversationId))
    .orderBy(aiEscalations.createdAt)
    .all();
}

/**
 * A new conversation's id: unguessable (an HMAC under the server's secret) and the same for a retry
 * of the same first message, so a retried first send finds the conversation the first try created.
 */
async function newConversationId(secret: string, userId: string, clientMessageId: string): Promise<string> {
  const mac = await hmacSha256(secret, `ai-conversation:${userId}:${clientMessageId}`);
  const bytes = mac.slice(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = toHex(bytes);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function titleFrom(message: string): string {
  const oneLine = message.replace(/\s+/g, " ").trim();
  if (oneLine.length <= 80) return oneLine;
  const cut = oneLine.slice(0, 79);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), 60)).trimEnd()}…`;
}

/** What the reply's instructions are built from: the profile and the site's pages matching the message. */
async function planContext(context: AppContext, userId: string, message: string) {
  const [profile, articles] = await Promise.all([
    context.db
      .select({
        firstName: profiles.firstName,
        company: profiles.company,
        industry: profiles.industry,
        businessType: profiles.businessType,
        state: profiles.state,
      })
      .from(profiles)
      .where(eq(profiles.userId, userId))
      .get(),
    // "Can a human look at my pricing?" is about pricing: the request's own words find nothing useful.
    searchContent(context.cloudflare.env.DB, asksForPerson(message) ? topicOfRequest(message) : message, 4),
  ]);
  return { profile: profile ?? null, articles };
}

function replyPlan(
  conversationId: string,
  userId: string,
  tier: AiTier,
  found: Awaited<ReturnType<typeof planContext>>,
  today: Date,
  startedFrom: StartedFrom | undefined,
): ReplyPlan {
  return {
    conversationId,
    userId,
    tier,
    systemPrompt: buildSystemPrompt({ profile: found.profile, articles: found.articles, tier, today: sydneyDay(today), startedFrom }),
    articles: found.articles,
    offerEscalation: tier === "pro",
    ...(startedFrom ? { startedFrom } : {}),
  };
}

/** How a send may start a conversation: from other material its first message quotes (a lesson, say). */
export type SendOptions = { startedFrom?: StartedFrom };

export type SendResult = { conversationId: string; created: boolean; response: Response };

/**
 * POST /ai-coach/chat: stores the message (once per clientMessageId), counts it against today's
 * limit, and answers with the reply's event stream. The reply itself runs in the conversation's
 * Durable Object and carries on if this response is dropped.
 */
export async function sendChatMessage(
  context: AppContext,
  userId: string,
  body: unknown,
  subscription?: StoredAiSubscription,
  options: SendOptions = {},
): Promise<SendResult> {
  const input = parseChatBody(ChatInputSchema, body);
  // No I/O when the signed-in viewer already carries the plan.
  const access = await requireAiAccess(context, userId, subscription);
  const now = context.services.clock.now();
  // Everything else runs side by side, counting the message included (given back below if the send
  // turns out to be refused): the time to the first token is mostly these round trips.
  const consuming = consumeMessage(context.db, context.env, userId, access.tier, now);
  let found: { id: string; row: ConversationRow | undefined };
  let planFacts: Awaited<ReturnType<typeof planContext>>;
  let consumed: UsageMeter | null;
  let escalations: EscalationStatus[];
  try {
    [found, planFacts, consumed, escalations] = await Promise.all([
      input.conversationId
        ? requireConversationOwner(context, userId, input.conversationId).then((row) => ({ id: row.id, row: row as ConversationRow | undefined }))
        : newConversationId(context.env.SESSION_SECRET, userId, input.clientMessageId).then(async (id) => ({
            id,
            row: await findOwnConversation(context, userId, id),
          })),
      planContext(context, userId, input.message),
      consuming,
      // Read before ownership is known, and thrown away with the 404 when the conversation isn't the user's.
      input.conversationId ? escalationsOf(context, input.conversationId) : Promise.resolve([]),
    ]);
  } catch (error) {
    if (await consuming.catch(() => null)) await refundMessage(context.db, userId, now);
    throw error;
  }
  const conversationId = found.id;
  let row = found.row;
  // A retried first send found the conversation it made: its escalations (none yet, as a rule) too.
  if (!input.conversationId && row) escalations = await escalationsOf(context, conversationId);
  const stub = stubFor(context, conversationId);
  // Only a conversation's first message says where it was started from.
  const plan = replyPlan(conversationId, userId, access.tier, planFacts, now, input.conversationId ? undefined : options.startedFrom);
  let usage = consumed;
  let counted = usage !== null;
  if (!usage) {
    // At the limit, a retry of a message already stored still gets its reply.
    const [stored, meter] = await Promise.all([
      row ? stub.hasClientMessage(input.clientMessageId) : false,
      usageMeter(context.db, context.env, userId, access.tier, now),
    ]);
    if (!stored) throw new ChatError(429, "usage_limit", usageLimitMessage(meter, zoneForState(planFacts.profile?.state) ?? undefined), meter);
    usage = meter;
  }
  try {
    if (!row) {
      // A concurrent first send of the same message may have inserted it first: then it is read.
      row =
        (await context.db
          .insert(aiConversations)
          .values({
            id: conversationId,
            userId,
            title: titleFrom(input.message),
            tier: access.tier,
            createdAt: now.toISOString(),
            lastActivityAt: now.toISOString(),
          })
          .onConflictDoNothing()
          .returning()
          .get()) ?? (await requireConversationOwner(context, userId, conversationId));
    }
    const request: SendRequest = {
      clientMessageId: input.clientMessageId,
      content: input.message,
      timestamp: now.toISOString(),
      plan,
      model: context.services.model.settings,
      conversation: summaryOf(row),
      escalations,
      usage,
    };
    const response = await stub.fetch("https://conversation/send", {
      method: "POST",
      body: JSON.stringify(request),
      headers: { "Content-Type": "application/json" },
    });
    if (response.status === 409) {
      await response.body?.cancel();
      if (counted) await refundMessage(context.db, userId, now);
      counted = false;
      const reason = response.headers.get(SEND_REFUSED_HEADER);
      throw new ChatError(409, reason ?? "reply_in_progress", "The coach is still replying to your last message. Wait for it to finish, or stop it first.");
    }
    const created = response.headers.get(SEND_CREATED_HEADER) === "true";
    if (!created && counted) {
      // A retry of a message already stored: it was counted the first time.
      await refundMessage(context.db, userId, now);
      counted = false;
    }
    return {
      conversationId,
      created,
      response: new Response(response.body, { headers: { ...SSE_HEADERS, "X-Conversation-Id": conversationId } }),
    };
  } catch (error) {
    if (counted) await refundMessage(context.db, userId, now);
    throw error;
  }
}

/** GET /ai-coach/conversations/:id/stream: the snapshot, then the reply being written (if any) live. */
export async function openConversationStream(context: AppContext, userId: string, conversationId: string): Promise<Response> {
  // Side by side; the escalations are thrown away with the 404 when the conversation isn't the user's.
  const [row, escalations] = await Promise.all([requireConversationOwner(context, userId, conversationId), escalationsOf(context, conversationId)]);
  const request: StreamRequest = { conversation: summaryOf(row), escalations };
  const response = await stubFor(context, row.id).fetch("https://conversation/stream", {
    method: "POST",
    body: JSON.stringify(request),
    headers: { "Content-Type": "application/json" },
  });
  return new Response(response.body, { headers: { ...SSE_HEADERS, "X-Conversation-Id": row.id } });
}

/** The conversation as JSON (for a page load that doesn't stream). */
export async function getConversation(context: AppContext, userId: string, conversationId: string) {
  const row = await requireConversationOwner(context, userId, conversationId);
  const [snapshot, escalations] = await Promise.all([stubFor(context, row.id).snapshot(), escalationsOf(context, row.id)]);
  return { conversation: summaryOf(row), messages: snapshot.messages, streaming: snapshot.streaming, escalations };
}

export async function stopReply(context: AppContext, userId: string, conversationId: string): Promise<void> {
  const row = await requireConversationOwner(context, userId, conversationId);
  await stubFor(context, row.id).stop();
}

/**
 * The D1 index row follows its conversation (the Conversation object calls this after each change):
 * its message count, and its last activity, which never moves back. `lastMessageAt` is the newest
 * message's time; a conversation without messages takes the context's clock.
 */
export async function recordConversationActivity(
  context: Pick<AppContext, "db" | "services">,
  conversationId: string,
  stats: { messageCount: number; lastMessageAt: string | null },
): Promise<void> {
  const lastActivity = stats.lastMessageAt ?? context.services.clock.now().toISOString();
  await context.db
    .update(aiConversations)
    .set({ messageCount: stats.messageCount, lastActivityAt: sql`max(${aiConversations.lastActivityAt}, ${lastActivity})` })
    .where(eq(aiConversations.id, conversationId));
}

export async function listConversations(context: AppContext, userId: string): Promise<ConversationSummary[]> {
  const rows = await context.db
    .select()
    .from(aiConversations)
    .where(eq(aiConversations.userId, userId))
    .orderBy(desc(aiConversations.lastActivityAt))
    .limit(200)
    .all();
  return rows.map(summaryOf);
}

export async function renameConversation(context: AppContext, userId: string, conversationId: string, title: string): Promise<ConversationSummary> {
  const row = await requireConversationOwner(context, userId, conversationId);
  await context.db
    .update(aiConversations)
    .set({ title })
    .where(and(eq(aiConversations.id, row.id), eq(aiConversations.userId, userId)));
  return { ...summaryOf(row), title };
}

/** Deletes the messages (the Durable Object's storage) and then the index row. */
export async function deleteConversation(context: AppContext, userId: string, conversationId: string): Promise<void> {
  const row = await requireConversationOwner(context, userId, conversationId);
  await stubFor(context, row.id).purge();
  await context.db.delete(aiConversations).where(and(eq(aiConversations.id, row.id), eq(aiConversations.userId, userId)));
}

export async function exportConversationMarkdown(
  context: AppContext,
  userId: string,
  conversationId: string,
  reader: { zone: string; origin: string },
): Promise<{ filename: string; markdown: string }> {
  const row = await requireConversationOwner(context, userId, conversationId);
  const { messages } = await stubFor(context, row.id).snapshot();
  const { title, createdAt } = summaryOf(row);
  return conversationMarkdown({ title, createdAt, exportedAt: context.services.clock.now().toISOString(), messages, ...reader });
}

/** POST /ai-coach/conversations/:id/escalate ("Ask an expert"), Pro only. */
export async function escalateConversation(
  context: AppContext,
  userId: string,
  conversationId: string,
  body: unknown,
  subscription?: StoredAiSubscription,
): Promise<EscalateResult> {
  const input = parseChatBody(EscalateSchema, body ?? {});
  const row = await requireConversationOwner(context, userId, conversationId);
  const entitlement = await requireAiAccess(context, userId, subscription);
  const stub = stubFor(context, row.id);
  const { messages } = await stub.snapshot();
  const messageId = input.messageId ?? messages.filter((message) => message.role === "user").at(-1)?.id;
  if (!messageId) throw new ChatError(400, "nothing_to_escalate", "Ask your question first, then ask for an expert.");
  const result = await raiseEscalation(context, {
    userId,
    conversationId: row.id,
    messageId,
    trigger: "user",
    reason: "The subscriber asked for an expert.",
    transcript: messages,
    entitlement,
  });
  if (!result.escalationTriggered) {
    const status = result.code === "pro_required" ? 403 : result.code === "escalation_limit" ? 429 : 404;
    throw new ChatError(status, result.code, result.message);
  }
  await stub.markEscalated(messageId, result.escalationId);
  return { escalationTriggered: true, escalationId: result.escalationId };
}

export async function aiCoachStatus(context: AppContext, userId: string, subscription?: StoredAiSubscription): Promise<AiCoachStatus> {
  const { hasActiveSubscription, tier, status } = await entitlementFor(context, userId, subscription);
  const active = hasActiveSubscription && tier !== null;
  const now = context.services.clock.now();
  const [usage, escalations] = await Promise.all([
    active ? usageMeter(context.db, context.env, userId, tier, now) : null,
    active && tier === "pro" ? escalationAllowance(context.db, context.env, userId, now) : null,
  ]);
  return { hasActiveSubscription, tier, status, usage, escalations };
}
