import { lt } from "drizzle-orm";
import { rateLimits } from "~/db/schema";
import type { JobHandler } from "~/jobs/handler.server";
import type { MaintenancePurgeJob } from "./jobs";
import { RATE_LIMIT_RETENTION_MS } from "./rate-limit.server";

export const purgeExpiredRows: JobHandler<MaintenancePurgeJob> = async (job, { db }) => {
  const cutoff = Date.parse(job.scheduledAt) - RATE_LIMIT_RETENTION_MS;
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, cutoff));
};
