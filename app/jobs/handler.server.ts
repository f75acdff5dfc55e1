import type { Db } from "~/db/client.server";
import type { AppEnv } from "~/platform/env.server";

/** bindings: the raw Worker bindings, for jobs that reach a Durable Object or the queue. */
export type JobContext = { db: Db; env: AppEnv; bindings: Env; fetcher: typeof fetch };

// Each handler is idempotent: a redelivered message has the effect of one delivery.
export type JobHandler<Job> = (job: Job, context: JobContext) => Promise<void>;

/**
 * A failure no retry can mend (e.g. the email provider refused the message with a 4xx). The jobs
 * consumer does not retry it: it records the job for admins at /admin/jobs at once, to replay once
 * the cause is fixed or to dismiss.
 */
export class PermanentJobError extends Error {
  override name = "PermanentJobError";
}
