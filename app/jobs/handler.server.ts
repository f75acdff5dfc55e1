import type { AppContext } from "~/context.server";

// Each handler is idempotent: a redelivered message has the effect of one delivery. It runs in the
// queue consumer's context (createAppContext, without a request).
export type JobHandler<Job> = (job: Job, context: AppContext) => Promise<void>;
