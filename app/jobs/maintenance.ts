import { z } from "zod";

export const MaintenancePurgeJobSchema = z.object({
  type: z.literal("maintenance.purge"),
  version: z.literal(1),
  // rate-limits: spent rate-limit windows. auth-tokens: spent refresh tokens and expired one-time codes.
  task: z.enum(["rate-limits", "auth-tokens"]),
  // The moment the purge was scheduled; rows older than the task's window at this moment go.
  scheduledAt: z.iso.datetime(),
});

export type MaintenancePurgeJob = z.infer<typeof MaintenancePurgeJobSchema>;
