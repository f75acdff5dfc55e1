import { z } from "zod";

export const MaintenancePurgeJobSchema = z.object({
  type: z.literal("maintenance.purge"),
  version: z.literal(1),
  task: z.enum(["rate-limits"]),
  // The moment the purge was scheduled; rows older than the task's window at this moment go.
  scheduledAt: z.iso.datetime(),
});

export type MaintenancePurgeJob = z.infer<typeof MaintenancePurgeJobSchema>;
