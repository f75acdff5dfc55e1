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

// Delivers one outbox row through the email provider (or leaves it in the outbox without one).
export const EmailSendJobSchema = z.object({
  type: z.literal("email.send"),
  version: z.literal(1),
  outboxId: z.string().min(1),
});

// SPEC §7 send-user-onboarding: email, first and last name of a user who signed in within 5
// minutes of creating their account.
export const OnboardingEmailJobSchema = z.object({
  type: z.literal("user.onboarding"),
  version: z.literal(1),
  userId: z.string().min(1),
  email: z.email(),
  firstName: z.string().max(100).default(""),
  lastName: z.string().max(100).default(""),
});

export const JobMessageSchema = z.discriminatedUnion("type", [
  LeadNotifyJobSchema,
  MaintenancePurgeJobSchema,
  EmailSendJobSchema,
  OnboardingEmailJobSchema,
]);

export type JobMessage = z.infer<typeof JobMessageSchema>;
