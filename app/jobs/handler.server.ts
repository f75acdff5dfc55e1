import type { AppContext } from "~/context.server";

// Each handler is idempotent: a redelivered message has the effect of one delivery. It runs in the
// queue consumer's context (createAppContext, without a request).
export type JobHandler<Job> = (job: Job, context: AppContext) => Promise<void>;

/**
 * A failure no retry can mend (e.g. the email provider refused the message with a 4xx). The jobs
 * consumer does not retry it: it records the job for admins at /admin/jobs at once, to replay once
 * the cause is fixed or to dismiss.
 */
export class PermanentJobError extends Error {
  override name = "PermanentJobError";
}
