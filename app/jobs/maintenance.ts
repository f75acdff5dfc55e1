import * as z from "zod";

export const MaintenancePurgeJobSchema = z.object({
  type: z.literal("maintenance.purge"),
  version: z.literal(1),
  // rate-limits: spent rate-limit windows. auth-tokens: spent refresh tokens and expired one-time codes.
  // audit-log: audit entries older than the 7-year retention (AUDIT_RETENTION_YEARS).
  task: z.enum(["rate-limits", "auth-tokens", "audit-log"]),
  // The moment the purge was scheduled; rows older than the task's window at this moment go.
  scheduledAt: z.iso.datetime(),
});

export type MaintenancePurgeJob = z.infer<typeof MaintenancePurgeJobSchema>;
