import type { JobHandler } from "~/jobs/handler.server";
import type { CoachStatementsJob } from "./jobs";
import { issueStatements, previousPeriod } from "./statements.server";

/** Issues the statements of the Sydney month before the run's scheduled time (idempotent: a redelivery issues nothing twice). */
export const issueCoachStatements: JobHandler<CoachStatementsJob> = async (job, context) => {
  await issueStatements(context, previousPeriod(new Date(job.scheduledAt)));
};
