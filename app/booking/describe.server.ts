import { eq } from "drizzle-orm";
import type { AppContext } from "~/context.server";
import { bookingTypes } from "~/db/schema";
import type { BookingRow } from "./bookings.server";
import { googleCalendarUrl, outlookCalendarUrl } from "./calendar-links";
import { getCoachById } from "./catalogue.server";
import { manageLinkExpiry, manageToken, manageUrl, meetingUrl } from "./links.server";
import { formatDateTime, formatSlotTime, zoneAbbreviation } from "./time-zones";

// The one description of a booking: what the confirmation and manage pages show, formatted on the
// server in the client's time zone, and the line a payment for it shows (Stripe's checkout, the
// invoice) — both from the same facts.

/** What a booking whose coach has no schedule any more calls them. */
const UNKNOWN_COACH = "your coach";

/** What the confirmation page and the manage page show of a booking, formatted on the server. */
export async function describeBooking(context: Pick<AppContext, "db" | "env" | "siteOrigin">, booking: BookingRow) {
  // The booking's own type, even if it is no longer offered: the booking keeps the name it was made with.
  const [type, coach] = await Promise.all([
    context.db.select().from(bookingTypes).where(eq(bookingTypes.id, booking.bookingTypeId)).get(),
    getCoachById(context.db, booking.coachId),
  ]);
  const zone = booking.clientTimeZone;
  const coachZone = coach?.timeZone ?? zone;
  const typeName = type?.name ?? "Coaching session";
  const coachName = coach?.displayName ?? UNKNOWN_COACH;
  const token = await manageToken(context.env, booking.id, manageLinkExpiry(booking));
  const meeting = meetingUrl(context, booking);
  const event = {
    startsAt: booking.startsAt,
    endsAt: booking.endsAt,
    summary: `${typeName} with ${coachName} (ClarityAI Coaching)`,
    description: `Your ${typeName.toLowerCase()} with ${coachName}. Join the video call at the link below. Booking reference ${booking.reference}.`,
    url: meeting,
  };
  const endTime = `${formatSlotTime(booking.endsAt, zone)} ${zoneAbbreviation(zone, booking.endsAt)}`;
  return {
    id: booking.id,
    reference: booking.reference,
    status: booking.status,
    paymentMethod: booking.paymentMethod,
    typeName,
    durationMinutes: type?.durationMinutes ?? Math.round((Date.parse(booking.endsAt) - Date.parse(booking.startsAt)) / 60_000),
    coachName,
    startsAt: booking.startsAt,
    when: formatDateTime(booking.startsAt, zone),
    endTime,
    coachWhen: coachZone !== zone ? formatDateTime(booking.startsAt, coachZone) : null,
    name: booking.name,
    email: booking.email,
    meetingHref: `/meeting/${booking.id}`,
    // Booked without an account: its emails carry a one-time sign-in link into the meeting.
    guest: booking.clientId === null,
    icsHref: `/booking/${booking.id}.ics?token=${encodeURIComponent(token)}`,
    googleHref: googleCalendarUrl(event),
    outlookHref: outlookCalendarUrl(event),
    manageHref: pathOf(await manageUrl(context, booking)),
    confirmationHref: `/booking-confirmation?booking=${booking.id}&token=${encodeURIComponent(token)}`,
  };
}

export type BookingView = Awaited<ReturnType<typeof describeBooking>>;

/** A payment's line for the booking: "60-minute virtual session" and "With Sam Lee, Thursday 3 December 2026, 9:30 am AEDT". */
export function paymentLine(view: Pick<BookingView, "typeName" | "coachName" | "when">): { name: string; detail: string } {
  return { name: view.typeName, detail: view.coachName === UNKNOWN_COACH ? view.when : `With ${view.coachName}, ${view.when}` };
}

function pathOf(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}
