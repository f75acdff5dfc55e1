import type { JobHandler } from "~/jobs/handler.server";
import type { MeetingRecordingsRetentionJob } from "./jobs";
import { purgeRecordings } from "./recordings.server";

/** Deletes recordings past RECORDING_RETENTION_DAYS and aborts abandoned uploads, as of the sweep's scheduled time. */
export const sweepRecordingRetention: JobHandler<MeetingRecordingsRetentionJob> = async (job, context) => {
  await purgeRecordings(context, new Date(job.scheduledAt));
};
