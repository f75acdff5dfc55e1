import * as z from "zod";
import { OnboardingEmailJobSchema } from "~/accounts/jobs";
import { AiPurgeConversationJobSchema, AiRetentionSweepJobSchema } from "~/ai-coach/jobs";
import { AttributionExpireJobSchema, AttributionForwardJobSchema } from "~/attribution/jobs";
import { AuthMessageJobSchema } from "~/auth/jobs";
import { CoachStatementsJobSchema, CvRetentionJobSchema } from "~/coach-network/jobs";
import { BookingExpireHoldsJobSchema, BookingNoticeJobSchema, BookingRemindersJobSchema } from "~/booking/jobs";
import { EmailSendJobSchema } from "~/email/jobs";
import { LeadNotifyJobSchema } from "~/leads/jobs";
import { MeetingRecordingsRetentionJobSchema } from "~/meetings/jobs";
import { MaintenancePurgeJobSchema } from "~/jobs/maintenance";
import { PayoutsSweepJobSchema } from "~/coach-network/payout-jobs";

// Every message on the JOBS queue is one of these; each domain defines its own in its jobs.ts. A
// message carries its schema version so a consumer deployed later can still read what an earlier
// deployment enqueued.
export const JobMessageSchema = z.discriminatedUnion("type", [
  LeadNotifyJobSchema,
  MaintenancePurgeJobSchema,
  EmailSendJobSchema,
  OnboardingEmailJobSchema,
  AuthMessageJobSchema,
  AiRetentionSweepJobSchema,
  AiPurgeConversationJobSchema,
  AttributionForwardJobSchema,
  AttributionExpireJobSchema,
  BookingNoticeJobSchema,
  BookingRemindersJobSchema,
  BookingExpireHoldsJobSchema,
  MeetingRecordingsRetentionJobSchema,
  PayoutsSweepJobSchema,
  CoachStatementsJobSchema,
  CvRetentionJobSchema,
]);

export type JobMessage = z.infer<typeof JobMessageSchema>;
