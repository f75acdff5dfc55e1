import type { JobHandler } from "~/jobs/handler.server";
import type { AiPurgeConversationJob, AiRetentionSweepJob } from "./jobs";
import { clearExpiredEscalationTranscripts, enqueueConversationPurges, purgeConversation } from "./retention.server";

/** The daily sweep: a purge job per conversation past the retention period, and escalation transcripts cleared. */
export const sweepAiRetention: JobHandler<AiRetentionSweepJob> = async (job, { db, cloudflare: { env: bindings } }) => {
  const scheduledAt = new Date(job.scheduledAt);
  await clearExpiredEscalationTranscripts(db, scheduledAt);
  await enqueueConversationPurges(db, bindings.JOBS, scheduledAt);
};

export const purgeAiConversation: JobHandler<AiPurgeConversationJob> = async (job, { db, cloudflare: { env: bindings } }) => {
  await purgeConversation(db, bindings.CONVERSATION, job);
};
