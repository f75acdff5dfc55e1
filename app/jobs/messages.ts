import { z } from "zod";

// Every message on the JOBS queue is one of these. A message carries its schema version so a
// consumer deployed later can still read what an earlier deployment enqueued.
export const LeadNotifyJobSchema = z.object({
  type: z.literal("lead.notify"),
  version: z.literal(1),
  leadId: z.string().min(1),
});

export const MaintenancePurgeJobSchema = z.object({
  type: z.literal("maintenance.purge"),
  version: z.literal(1),
  task: z.enum(["rate-limits"]),
  // The moment the purge was scheduled; rows older than the task's window at this moment go.
  scheduledAt: z.iso.datetime(),
});

export const JobMessageSchema = z.discriminatedUnion("type", [LeadNotifyJobSchema, MaintenancePurgeJobSchema]);

export type JobMessage = z.infer<typeof JobMessageSchema>;
