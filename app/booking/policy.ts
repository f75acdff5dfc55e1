// The booking policy, one place: what the site promises and what the server enforces.

/** Clients may cancel or reschedule free of charge until this many hours before the start. */
export const CANCELLATION_NOTICE_HOURS = 24;
/** A client's later cancellation is not refunded (paid sessions) and its credit is not returned. */
export const LATE_CANCELLATION_REFUND = false;
/** How long a paid slot is held while its checkout is completed. */
export const HOLD_MINUTES = 10;
/** The money-back guarantee: days after the first paid consultation ends to ask for a refund. */
export const GUARANTEE_DAYS = 7;
/** Package credits lapse this many months after the package is paid for. */
export const CREDIT_VALIDITY_MONTHS = 12;
/** Reminders go out this many minutes before the start. */
export const REMINDER_OFFSETS = { "reminder-24h": 24 * 60, "reminder-1h": 60 } as const;
/**
 * The browser that booked (or paid) may see the booking's confirmation, and come back from its
 * checkout to release or resume it, for this long; after that, its emailed links and signing in.
 */
export const CHECKOUT_ACCESS_MINUTES = 60;

/** Whether a booking can still be cancelled or moved free of charge (refund in full, credit returned). */
export function canChangeFreely(booking: { startsAt: string }, now: Date): boolean {
  return new Date(booking.startsAt).getTime() - now.getTime() >= CANCELLATION_NOTICE_HOURS * 3_600_000;
}

/** The last moment a booking can be changed free of charge. */
export function freeChangeDeadline(booking: { startsAt: string }): Date {
  return new Date(new Date(booking.startsAt).getTime() - CANCELLATION_NOTICE_HOURS * 3_600_000);
}

// Holds cost nothing to place, so they are limited (app/booking/holds.server.ts, decision record 008).
/** Unpaid card holds one source (IPv4 address or IPv6 /64) may have at once: a buyer needs one, two allows a change of mind. */
export const HOLDS_PER_SOURCE = 2;
/** Unpaid card holds one email address may have at once, from any source. */
export const HOLDS_PER_EMAIL = 2;
/**
 * Unpaid card holds on one coach's local day. One, because with its buffers a hold hides every start
 * time it overlaps (up to 5 of a 9-to-5 coach's 12 hour-long times), so a share of the day such as
 * a third can be exceeded by a single hold; one per day bounds what strangers can hide to one
 * session's span, and fits in the write's condition. A second payer for that coach and day waits
 * until the first checkout ends (HOLD_MINUTES at most) or picks another coach.
 */
export const HOLDS_PER_COACH_DAY = 1;
