import { sendOnboardingEmail } from "~/accounts/jobs.server";
import { purgeAiConversation, sweepAiRetention } from "~/ai-coach/jobs.server";
import { forwardConversion } from "~/attribution/forwarding.server";
import { expireAttributionJob } from "~/attribution/retention.server";
import { sendAuthMessage } from "~/auth/jobs.server";
import { expireBookingHolds, sendBookingNoticeJob, sweepBookingReminders } from "~/booking/jobs.server";
import { issueCoachStatements, sweepApplicationCvs } from "~/coach-network/jobs.server";
import { sendOutboxEmail } from "~/email/jobs.server";
import { notifyTeamOfLead } from "~/leads/jobs.server";
import { sweepRecordingRetention } from "~/meetings/jobs.server";
import { purgeExpiredRows } from "~/jobs/maintenance.server";
import { runPayoutsSweep } from "~/coach-network/payout-jobs.server";
import type { AppContext } from "~/context.server";
import type { JobHandler } from "./handler.server";
import type { JobMessage } from "./messages";

type JobType = JobMessage["type"];

// One handler per message type, owned by its domain; a type without a handler does not compile.
const JOB_HANDLERS: { [T in JobType]: JobHandler<Extract<JobMessage, { type: T }>> } = {
  "lead.notify": notifyTeamOfLead,
  "maintenance.purge": purgeExpiredRows,
  "email.send": sendOutboxEmail,
  "user.onboarding": sendOnboardingEmail,
  "auth.message": sendAuthMessage,
  "ai-coach.retention-sweep": sweepAiRetention,
  "ai-coach.purge-conversation": purgeAiConversation,
  "attribution.forward": forwardConversion,
  "attribution.expire": expireAttributionJob,
  "booking.notice": sendBookingNoticeJob,
  "booking.reminders": sweepBookingReminders,
  "booking.expire-holds": expireBookingHolds,
  "meetings.recordings-retention": sweepRecordingRetention,
  "coach-network.payouts-sweep": runPayoutsSweep,
  "coach-network.issue-statements": issueCoachStatements,
  "coach-network.cv-retention": sweepApplicationCvs,
};

export async function runJob(job: JobMessage, context: AppContext): Promise<void> {
  // The map's type pairs each key with its message type; TypeScript cannot follow that through an
  // index by a union, hence the widening.
  const handler = JOB_HANDLERS[job.type] as JobHandler<JobMessage>;
  await handler(job, context);
}
