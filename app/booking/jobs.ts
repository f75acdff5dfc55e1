import * as z from "zod";

export const BOOKING_NOTICE_KINDS = ["confirmation", "update", "cancellation", "reminder-24h", "reminder-1h"] as const;
export type BookingNoticeKind = (typeof BOOKING_NOTICE_KINDS)[number];

// Emails one notice about a booking (to the client and the coach), once per booking, kind and
// sequence however often the job is delivered.
export const BookingNoticeJobSchema = z.object({
  type: z.literal("booking.notice"),
  version: z.literal(1),
  bookingId: z.string().min(1),
  kind: z.enum(BOOKING_NOTICE_KINDS),
  sequence: z.number().int().min(0),
  /** For an update: the start it moved from (UTC ISO), to show what changed. */
  previousStartsAt: z.string().min(1).optional(),
});

// The frequent cron: enqueues the reminders that are due (24 hours and 1 hour before a booking).
export const BookingRemindersJobSchema = z.object({
  type: z.literal("booking.reminders"),
  version: z.literal(1),
  scheduledAt: z.string().min(1),
});

// The frequent cron: paid slots whose checkout hold ran out become free again.
export const BookingExpireHoldsJobSchema = z.object({
  type: z.literal("booking.expire-holds"),
  version: z.literal(1),
  scheduledAt: z.string().min(1),
});

export type BookingNoticeJob = z.infer<typeof BookingNoticeJobSchema>;
export type BookingRemindersJob = z.infer<typeof BookingRemindersJobSchema>;
export type BookingExpireHoldsJob = z.infer<typeof BookingExpireHoldsJobSchema>;
