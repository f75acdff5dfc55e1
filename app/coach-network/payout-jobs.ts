import * as z from "zod";

// Creates the payouts owed for issued statements and releases held ones that may go
// (app/coach-network/payouts.server.ts): every 15 minutes from the cron, and for one coach as soon
// as their payout account becomes active.
export const PayoutsSweepJobSchema = z.object({
  type: z.literal("coach-network.payouts-sweep"),
  version: z.literal(1),
  scheduledAt: z.string().min(1),
  coachId: z.string().min(1).optional(),
});

export type PayoutsSweepJob = z.infer<typeof PayoutsSweepJobSchema>;
