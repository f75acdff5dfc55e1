import { and, eq, isNotNull, sql } from "drizzle-orm";
import { getAiEntitlement, type AiEntitlement } from "~/billing/entitlement.server";
import type { AppContext } from "~/context.server";
import type { Db } from "~/db/client.server";
import { aiEscalations, profiles, userRoles, users } from "~/db/schema";
import { composeEmail } from "~/email/compose.server";
import { escalationRaisedEmail } from "~/email/templates/escalation-raised";
import type { AppEnv } from "~/platform/env.server";
import type { StoredChatMessage } from "./chat-types";
import { sydneyMonthStart } from "~/utils/sydney-time";

// Raising an expert escalation (ClarityAI Pro): from the model's escalate_to_expert call or the
// subscriber's "Ask an expert". One per user message however often it is asked; a monthly
// allowance per subscriber (CLARITYAI_MONTHLY_ESCALATIONS_PRO, Australian Eastern months); the
// admins are emailed through the queue. The transcript is a copy of the conversation at that moment
// (a JSON array of { role, content, timestamp }), so admins can read it without the conversation.

export type RaiseEscalationInput = {
  userId: string;
  conversationId: string;
  /** The user message the escalation is about. */
  messageId: string;
  trigger: "model" | "user";
  reason: string | null;
  transcript: StoredChatMessage[];
  now?: Date;
  /** The user's entitlement when the caller has just read it; otherwise it is read here. */
  entitlement?: AiEntitlement;
};

export type RaiseEscalationResult =
  | { escalationTriggered: true; escalationId: string; created: boolean }
  | { escalationTriggered: false; escalationId: null; code: "pro_required" | "escalation_limit" | "unknown_message"; message: string };

export const PRO_REQUIRED_MESSAGE =
  "Expert review is part of ClarityAI Pro. Upgrade to Pro to pass questions to our human experts, or book a call with one of our coaches.";

export function escalationLimitMessage(limit: number): string {
  return `You've used all ${limit} expert reviews included in ClarityAI Pro this month. Your allowance renews on the 1st, or you can book a call with one of our coaches.`;
}

/** Escalations the user raised this (Sydney) month, and the allowance. */
export async function escalationAllowance(db: Db, env: AppEnv, userId: string, now = new Date()): Promise<{ used: number; limit: number }> {
  const since = sydneyMonthStart(now).toISOString();
  const row = await db
    .select({ n: sql<number>`count(*)` })
    .from(aiEscalations)
    .where(and(eq(aiEscalations.userId, userId), sql`${aiEscalations.createdAt} >= ${since}`))
    .get();
  return { used: row?.n ?? 0, limit: env.CLARITYAI_MONTHLY_ESCALATIONS_PRO };
}

async function existingEscalation(db: Db, conversationId: string, messageId: string) {
  return db
    .select({ id: aiEscalations.id, userId: aiEscalations.userId })
    .from(aiEscalations)
    .where(and(eq(aiEscalations.conversationId, conversationId), eq(aiEscalations.messageId, messageId)))
    .get();
}

/** What raising an escalation needs of the context (a request's, or the Conversation object's). */
export type EscalationContext = Pick<AppContext, "db" | "env" | "siteOrigin" | "services">;

export async function raiseEscalation(context: EscalationContext, input: RaiseEscalationInput): Promise<RaiseEscalationResult> {
  const { db, env } = context;
  const now = input.now ?? context.services.clock.now();
  const entitlement = input.entitlement ?? (await getAiEntitlement(db, env, input.userId, now));
  if (!entitlement.hasActiveSubscription || entitlement.tier !== "pro") {
    return { escalationTriggered: false, escalationId: null, code: "pro_required", message: PRO_REQUIRED_MESSAGE };
  }
  const question = input.transcript.find((message) => message.id === input.messageId && message.role === "user");
  if (!question) return { escalationTriggered: false, escalationId: null, code: "unknown_message", message: "That message isn't in this conversation." };

  const existing = await existingEscalation(db, input.conversationId, input.messageId);
  if (existing) return { escalationTriggered: true, escalationId: existing.id, created: false };

  const id = crypto.randomUUID();
  const at = now.toISOString();
  const limit = env.CLARITYAI_MONTHLY_ESCALATIONS_PRO;
  const transcript = JSON.stringify(
    input.transcript.filter((message) => message.content.trim() !== "").map(({ role, content, timestamp }) => ({ role, content, timestamp })),
  );
  // One statement: the allowance check and the insert cannot be split by a concurrent request.
  const inserted = await db.run(sql`
    INSERT INTO ai_escalations (id, user_id, conversation_id, message_id, "trigger", reason, question, transcript, created_at, updated_at)
    SELECT ${id}, ${input.userId}, ${input.conversationId}, ${input.messageId}, ${input.trigger}, ${input.reason}, ${question.content}, ${transcript}, ${at}, ${at}
    WHERE (SELECT count(*) FROM ai_escalations WHERE user_id = ${input.userId} AND created_at >= ${sydneyMonthStart(now).toISOString()}) < ${limit}
    ON CONFLICT (conversation_id, message_id) DO NOTHING`);
  if (inserted.meta.changes !== 1) {
    const raced = await existingEscalation(db, input.conversationId, input.messageId);
    if (raced) return { escalationTriggered: true, escalationId: raced.id, created: false };
    return { escalationTriggered: false, escalationId: null, code: "escalation_limit", message: escalationLimitMessage(limit) };
  }
  await notifyAdmins(context, { id, userId: input.userId, question: question.content, reason: input.reason });
  return { escalationTriggered: true, escalationId: id, created: true };
}

/** One email per administrator (or the team inbox when there is none), each recorded once. */
async function notifyAdmins(context: EscalationContext, escalation: { id: string; userId: string; question: string; reason: string | null }) {
  const { db, env, siteOrigin } = context;
  const client = await db
    .select({ email: users.email, firstName: profiles.firstName, lastName: profiles.lastName })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, escalation.userId))
    .get();
  const admins = await db
    .select({ id: users.id, email: users.email })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(and(eq(userRoles.role, "admin"), isNotNull(users.email)))
    .all();
  const recipients = admins.length ? admins.map((admin) => ({ key: admin.id, email: admin.email! })) : [{ key: "team", email: env.TEAM_INBOX }];
  const name = [client?.firstName, client?.lastName].filter(Boolean).join(" ").trim();
  const props = {
    escalationId: escalation.id,
    question: escalation.question,
    reason: escalation.reason ?? "The subscriber asked for an expert.",
    clientName: name || client?.email || "A ClarityAI Pro subscriber",
    clientEmail: client?.email ?? "not recorded",
    adminUrl: `${siteOrigin}/admin/escalations/${escalation.id}`,
  };
  for (const recipient of recipients) {
    const email = await composeEmail(env, escalationRaisedEmail, props, {
      to: recipient.email,
      dedupeKey: `escalation.raised:${escalation.id}:${recipient.key}`,
    });
    await context.services.email.enqueue(email);
  }
}
