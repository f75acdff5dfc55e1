import type { JobHandler } from "~/jobs/handler.server";
import { expireStaleHolds } from "./bookings.server";
import type { BookingExpireHoldsJob, BookingNoticeJob, BookingRemindersJob } from "./jobs";
import { dueReminders, enqueueBookingNotice, sendBookingNotice } from "./notices.server";

// The booking domain's queue jobs. Each is idempotent: a redelivered message has one effect.

export const sendBookingNoticeJob: JobHandler<BookingNoticeJob> = async (job, context) => {
  await sendBookingNotice(context, job);
};

/**
 * The reminders sweep (every 5 minutes): one booking.notice job per due reminder. Sweeping twice
 * enqueues a reminder twice at worst, and the notice itself is sent once.
 */
export const sweepBookingReminders: JobHandler<BookingRemindersJob> = async (job, { db, services }) => {
  const now = new Date(Math.max(Date.parse(job.scheduledAt) || 0, services.clock.now().getTime()));
  const due = await dueReminders(db, now);
  for (const reminder of due) await enqueueBookingNotice(services.jobs, { id: reminder.bookingId, sequence: reminder.sequence }, reminder.kind);
};

/** Holds whose checkout time ran out free their slot (they already stop blocking it at expiry; this tidies their status). */
export const expireBookingHolds: JobHandler<BookingExpireHoldsJob> = async (_job, { db, services }) => {
  await expireStaleHolds(db, services.clock.now());
};
