import type { AppLoadContext } from "@remix-run/cloudflare";
import { getBooking } from "~/booking/bookings.server";
import { getBookingType, getCoachById } from "~/booking/catalogue.server";
import { googleCalendarUrl, outlookCalendarUrl } from "~/booking/calendar-links";
import { manageLinkExpiry, manageToken, manageUrl, meetingUrl, verifyManageToken } from "~/booking/links.server";
import { formatDateTime, formatSlotTime, zoneAbbreviation } from "~/booking/time-zones";

// Who may see a booking without the admin or coach portals: its owner (signed in), anyone holding
// its signed link (the token in the confirmation email), and — just after paying — the browser that
// Stripe Checkout sends back with the checkout session's id. Anyone else is told it doesn't exist.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type Booking = NonNullable<Awaited<ReturnType<typeof getBooking>>>;
export type BookingAccess = { booking: Booking; via: "owner" | "token" | "checkout" };

const notFound = () => new Response("Not Found", { status: 404 });

/** The booking the request may see, or a thrown 404. */
export async function requireBookingAccess(
  context: AppLoadContext,
  input: { bookingId: string | null | undefined; token?: string | null; sessionId?: string | null },
): Promise<BookingAccess> {
  const bookingId = input.bookingId ?? "";
  if (!UUID.test(bookingId)) throw notFound();
  if (input.token) {
    const verified = await verifyManageToken(context.env, input.token);
    if (verified?.bookingId === bookingId) {
      const booking = await getBooking(context.db, bookingId);
      if (booking) return { booking, via: "token" };
    }
    throw notFound();
  }
  const booking = await getBooking(context.db, bookingId);
  if (!booking) throw notFound();
  const viewer = await context.viewer();
  if (viewer && booking.clientId === viewer.id) return { booking, via: "owner" };
  if (input.sessionId && input.sessionId.length <= 255 && booking.stripeCheckoutSessionId === input.sessionId) return { booking, via: "checkout" };
  throw notFound();
}

/** What the confirmation page and the manage page show of a booking, formatted on the server. */
export async function describeBooking(context: AppLoadContext, booking: Booking) {
  const [type, coach] = await Promise.all([getBookingType(context.db, booking.bookingTypeId), getCoachById(context.db, booking.coachId)]);
  const zone = booking.clientTimeZone;
  const coachZone = coach?.timeZone ?? zone;
  const typeName = type?.name ?? "Coaching session";
  const coachName = coach?.displayName ?? "your coach";
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
    icsHref: `/booking/${booking.id}.ics?token=${encodeURIComponent(token)}`,
    googleHref: googleCalendarUrl(event),
    outlookHref: outlookCalendarUrl(event),
    manageHref: pathOf(await manageUrl(context, booking)),
    confirmationHref: `/booking-confirmation?booking=${booking.id}&token=${encodeURIComponent(token)}`,
  };
}

export type BookingView = Awaited<ReturnType<typeof describeBooking>>;

function pathOf(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}
