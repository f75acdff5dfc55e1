import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getBookingType, getCoachById } from "~/booking/catalogue.server";
import { buildIcs } from "~/booking/ics";
import { meetingUrl } from "~/booking/links.server";
import { BUSINESS } from "~/content/business";
import { findBookingAccess } from "~/booking/access.server";
import { getBooking } from "~/booking/bookings.server";
import { notFoundResponse } from "~/auth/permissions.server";

// /booking/{id}.ics: the booking as a calendar file, for its owner signed in or with the booking's
// signed token (?token=, as linked from the confirmation page and email), and for its coach signed
// in (the meeting page links it for both). Same UID and SEQUENCE as
// the emailed invitations, so importing it updates the one event.

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const query = new URL(request.url).searchParams;
  const booking =
    (await findBookingAccess(context, { bookingId: params.bookingId, token: query.get("token") }))?.booking ??
    (await coachesBooking(context, params.bookingId));
  if (!booking) throw notFoundResponse();
  if (booking.status !== "confirmed" && booking.status !== "cancelled") throw notFoundResponse();
  const [type, coach] = await Promise.all([getBookingType(context.db, booking.bookingTypeId), getCoachById(context.db, booking.coachId)]);
  const typeName = type?.name ?? "Coaching session";
  const coachName = coach?.displayName ?? "your coach";
  const url = meetingUrl(context, booking);
  const cancelled = booking.status === "cancelled";
  const ics = buildIcs({
    method: cancelled ? "CANCEL" : "REQUEST",
    uid: `${booking.id}@clarityai.com.au`,
    sequence: booking.sequence,
    startsAt: booking.startsAt,
    endsAt: booking.endsAt,
    summary: `${typeName} with ${coachName} (ClarityAI Coaching)`,
    description: `Your ${typeName.toLowerCase()} with ${coachName}. Join the video call at ${url}. Booking reference ${booking.reference}.`,
    url,
    organizer: { name: BUSINESS.name, email: BUSINESS.email },
    attendees: [{ name: booking.name, email: booking.email }],
    status: cancelled ? "CANCELLED" : "CONFIRMED",
    now: new Date(),
  });
  return new Response(ics, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="clarityai-booking-${booking.reference}.ics"`,
      "Cache-Control": "private, no-store",
    },
  });
}

/** The booking when the signed-in viewer is its coach. */
async function coachesBooking(context: Parameters<typeof findBookingAccess>[0], bookingId: string | undefined) {
  const viewer = await context.viewer();
  if (!viewer || !bookingId) return null;
  const booking = await getBooking(context.db, bookingId);
  return booking && booking.coachId === viewer.id ? booking : null;
}
