import * as z from "zod";

// The coach network's queue jobs: the daily runs that issue last month's earnings statements and
// delete the CVs of applications closed more than CV_RETENTION_DAYS ago.

export const CoachStatementsJobSchema = z.object({
  type: z.literal("coach-network.issue-statements"),
  version: z.literal(1),
  // The moment the run was scheduled: the month before its Sydney month is issued.
  scheduledAt: z.iso.datetime(),
});

export type CoachStatementsJob = z.infer<typeof CoachStatementsJobSchema>;

export const CvRetentionJobSchema = z.object({
  type: z.literal("coach-network.cv-retention"),
  version: z.literal(1),
  // The moment the run was scheduled: CVs of applications closed CV_RETENTION_DAYS before it go.
  scheduledAt: z.iso.datetime(),
});

export type CvRetentionJob = z.infer<typeof CvRetentionJobSchema>;
