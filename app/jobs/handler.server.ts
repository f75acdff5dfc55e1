import type { Db } from "~/db/client.server";
import type { AppEnv } from "~/platform/env.server";

export type JobContext = { db: Db; env: AppEnv; fetcher: typeof fetch };

// Each handler is idempotent: a redelivered message has the effect of one delivery.
export type JobHandler<Job> = (job: Job, context: JobContext) => Promise<void>;
