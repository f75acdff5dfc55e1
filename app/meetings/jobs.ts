import * as z from "zod";

// Video meetings' queue jobs: the daily sweep of recordings past their retention, and of uploads
// abandoned half-way.

export const MeetingRecordingsRetentionJobSchema = z.object({
  type: z.literal("meetings.recordings-retention"),
  version: z.literal(1),
  // The moment the sweep was scheduled: what is due is counted at it.
  scheduledAt: z.iso.datetime(),
});

export type MeetingRecordingsRetentionJob = z.infer<typeof MeetingRecordingsRetentionJobSchema>;
