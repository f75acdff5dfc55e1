import { getBooking } from "~/booking/bookings.server";
import type { Db } from "~/db/client.server";

// A video meeting belongs to a booking: it has the booking's id (/meeting/{id}, as the booking's
// emails link it) and the booking's coach and client as its participants. Who may open a meeting is
// decided here and in requireMeetingParticipant (app/auth/permissions.server.ts); when, in window.ts.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export type Meeting = {
  id: string;
  coachId: string;
  clientId: string | null;
  /** The address the booking was made with: a guest's booking is its client's by this address. */
  email: string | null;
  startsAt: string;
  endsAt: string;
};

/** The meeting of a booking, or null for an id that is no booking's (a hold that ran out never became one). */
export async function findMeeting(db: Db, meetingId: string | undefined): Promise<Meeting | null> {
  if (!meetingId || !UUID.test(meetingId)) return null;
  const booking = await getBooking(db, meetingId);
  if (!booking || booking.status === "expired") return null;
  return { id: booking.id, coachId: booking.coachId, clientId: booking.clientId, email: booking.email, startsAt: booking.startsAt, endsAt: booking.endsAt };
}
