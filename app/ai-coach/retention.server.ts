import { and, asc, eq, isNull, lt, sql } from "drizzle-orm";
import { BUSINESS } from "~/content/business";
import type { Db } from "~/db/client.server";
import { aiConversations, aiEscalations } from "~/db/schema";
import type { AiPurgeConversationJob } from "./jobs";

// Retention of the AI coach's data (the privacy notice: conversations are deleted automatically
// after BUSINESS.aiRetentionMonths months).
//
// Conversations: one whose last activity is older than the period is deleted, messages (its
// Durable Object's storage) first and then its index row, so a failed purge leaves the row for
// the next day's sweep to find again.
//
// Escalations: the same period, counted from the escalation's own last activity (raised, replied
// to or resolved, whichever is latest), whatever its status. Then its transcript copy and the
// question are cleared and transcript_purged_at is set. Admins keep what they need to account for
// the work: the id, client, dates, status, assignee, trigger, reason and their reply. The reply is
// the team's own advice; the transcript and question are the client's words, which go with the
// conversation they came from.

/** Purge jobs enqueued per sweep at most; the rest are found by the next day's sweep. */
export const RETENTION_SWEEP_LIMIT = 2000;
/** sendBatch takes at most 100 messages. */
const SEND_BATCH_SIZE = 100;

/** The moment `months` calendar months before `at` (UTC), clamped to the end of a shorter month. */
export function monthsBefore(at: Date, months: number): Date {
  const year = at.getUTCFullYear();
  const month = at.getUTCMonth() - months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const result = new Date(at);
  result.setUTCFullYear(year, month, Math.min(at.getUTCDate(), lastDay));
  return result;
}

/** Activity before this moment is past the retention period at `at`. */
export function retentionCutoff(at: Date): string {
  return monthsBefore(at, BUSINESS.aiRetentionMonths).toISOString();
}

/** One purge job per conversation, sent in batches; returns how many. */
async function enqueuePurges(jobs: Queue, conversations: { id: string }[], reason: AiPurgeConversationJob["reason"], at: Date): Promise<number> {
  const scheduledAt = at.toISOString();
  const messages = conversations.map(({ id }) => ({
    body: { type: "ai-coach.purge-conversation", version: 1, conversationId: id, reason, scheduledAt } satisfies AiPurgeConversationJob,
  }));
  for (let i = 0; i < messages.length; i += SEND_BATCH_SIZE) await jobs.sendBatch(messages.slice(i, i + SEND_BATCH_SIZE));
  return messages.length;
}

/** Enqueues one purge job per conversation past the period; returns how many. */
export async function enqueueConversationPurges(db: Db, jobs: Queue, scheduledAt: Date): Promise<number> {
  const rows = await db
    .select({ id: aiConversations.id })
    .from(aiConversations)
    .where(lt(aiConversations.lastActivityAt, retentionCutoff(scheduledAt)))
    .orderBy(asc(aiConversations.lastActivityAt))
    .limit(RETENTION_SWEEP_LIMIT)
    .all();
  return enqueuePurges(jobs, rows, "retention", scheduledAt);
}

/** Purge jobs for every conversation of a user (account deletion). */
export async function enqueueUserConversationPurges(db: Db, jobs: Queue, userId: string, now = new Date()): Promise<number> {
  const rows = await db.select({ id: aiConversations.id }).from(aiConversations).where(eq(aiConversations.userId, userId)).all();
  return enqueuePurges(jobs, rows, "account-deleted", now);
}

/** The escalations' side of the rule above; returns how many transcripts were cleared. */
export async function clearExpiredEscalationTranscripts(db: Db, scheduledAt: Date): Promise<number> {
  const cutoff = retentionCutoff(scheduledAt);
  const lastActivity = sql`max(${aiEscalations.createdAt}, coalesce(${aiEscalations.repliedAt}, ''), coalesce(${aiEscalations.resolvedAt}, ''))`;
  const at = scheduledAt.toISOString();
  const result = await db
    .update(aiEscalations)
    .set({ transcript: null, question: null, transcriptPurgedAt: at, updatedAt: at })
    .where(and(isNull(aiEscalations.transcriptPurgedAt), sql`${lastActivity} < ${cutoff}`));
  return result.meta.changes;
}

/**
 * Deletes one conversation's messages and then its index row. Harmless when repeated: an object
 * already purged stays empty, and a row already gone is success. A retention purge leaves a
 * conversation that has had activity since the sweep.
 */
export async function purgeConversation(db: Db, namespace: Env["CONVERSATION"], job: AiPurgeConversationJob) {
  const cutoff = retentionCutoff(new Date(job.scheduledAt));
  const row = await db.select({ lastActivityAt: aiConversations.lastActivityAt }).from(aiConversations).where(eq(aiConversations.id, job.conversationId)).get();
  if (job.reason === "retention" && row && row.lastActivityAt >= cutoff) return { purged: false };
  await namespace.get(namespace.idFromName(job.conversationId)).purge();
  const stillOld = job.reason === "retention" ? lt(aiConversations.lastActivityAt, cutoff) : undefined;
  await db.delete(aiConversations).where(and(eq(aiConversations.id, job.conversationId), stillOld));
  return { purged: true };
}
