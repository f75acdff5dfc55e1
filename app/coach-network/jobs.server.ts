import type { JobHandler } from "~/jobs/handler.server";
import { deleteExpiredApplicationCvs } from "./cv-retention.server";
import type { CoachStatementsJob, CvRetentionJob } from "./jobs";
import { issueStatements, previousPeriod } from "./statements.server";

/** Issues the statements of the Sydney month before the run's scheduled time (idempotent: a redelivery issues nothing twice). */
export const issueCoachStatements: JobHandler<CoachStatementsJob> = async (job, context) => {
  await issueStatements(context, previousPeriod(new Date(job.scheduledAt)));
};

/** Deletes the CVs of applications rejected or withdrawn more than CV_RETENTION_DAYS before the run (a redelivery finds nothing left). */
export const sweepApplicationCvs: JobHandler<CvRetentionJob> = async (job, context) => {
  await deleteExpiredApplicationCvs(context, new Date(job.scheduledAt));
};
