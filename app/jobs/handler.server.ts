import type { Db } from "~/db/client.server";
import type { AppEnv } from "~/platform/env.server";

/** bindings: the raw Worker bindings, for jobs that reach a Durable Object or the queue. */
export type JobContext = { db: Db; env: AppEnv; bindings: Env; fetcher: typeof fetch };

// Each handler is idempotent: a redelivered message has the effect of one delivery.
export type JobHandler<Job> = (job: Job, context: JobContext) => Promise<void>;
