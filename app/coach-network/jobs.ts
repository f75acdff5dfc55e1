import { z } from "zod";

// The coach network's queue jobs: the daily run that issues last month's earnings statements.

export const CoachStatementsJobSchema = z.object({
  type: z.literal("coach-network.issue-statements"),
  version: z.literal(1),
  // The moment the run was scheduled: the month before its Sydney month is issued.
  scheduledAt: z.iso.datetime(),
});

export type CoachStatementsJob = z.infer<typeof CoachStatementsJobSchema>;
