import * as z from "zod";

// The AI coach's queue jobs: the daily retention sweep, and the purge of one conversation.

/** Finds conversations (and escalation transcripts) past the retention period at scheduledAt. */
export const AiRetentionSweepJobSchema = z.object({
  type: z.literal("ai-coach.retention-sweep"),
  version: z.literal(1),
  // The moment the sweep was scheduled: the retention period is counted back from it.
  scheduledAt: z.iso.datetime(),
});

/**
 * Deletes one conversation: its Durable Object's storage, then its index row. "retention": only if
 * it has had no activity for the retention period at scheduledAt (a conversation picked up again
 * since the sweep stays). "account-deleted": unconditionally, the account is going.
 */
export const AiPurgeConversationJobSchema = z.object({
  type: z.literal("ai-coach.purge-conversation"),
  version: z.literal(1),
  conversationId: z.string().min(1).max(100),
  reason: z.enum(["retention", "account-deleted"]),
  scheduledAt: z.iso.datetime(),
});

export type AiRetentionSweepJob = z.infer<typeof AiRetentionSweepJobSchema>;
export type AiPurgeConversationJob = z.infer<typeof AiPurgeConversationJobSchema>;
