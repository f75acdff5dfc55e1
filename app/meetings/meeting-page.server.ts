import { redirect } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { notFoundResponse } from "~/auth/permissions.server";
import type { Viewer } from "~/auth/viewer";
import { getBookingListItem, type BookingListItem } from "~/booking/bookings.server";
import { googleCalendarUrl, outlookCalendarUrl } from "~/booking/calendar-links";
import { meetingUrl } from "~/booking/links.server";
import { DEFAULT_TIME_ZONE, formatDateTime, isAustralianZone, normaliseZone, zoneForState } from "~/booking/time-zones";
import type { AppContext } from "~/context.server";
import { profiles } from "~/db/schema";
import { findMeeting } from "~/meetings/meetings.server";
import { meetingRoleOf, windowOf } from "~/meetings/room.server";
import type { MeetingRole } from "~/meetings/signalling";
import type { RoomProps } from "~/meetings/ui/room-props";
import { describeRoomHours, roomState } from "~/meetings/window";

// What /meeting/{id} shows its viewer: the room while it is open, otherwise when it opens (or that
// it has closed, or that the booking was cancelled), all in the viewer's own time zone. Only the
// booking's client and coach see a meeting; an admin is sent to its record; anyone else gets the 404.

/** The session record (outcome, notes, chat, recordings) of a meeting. */
export function meetingRecordPath(meetingId: string): string {
  return `/meeting/${meetingId}/record`;
}

/**
 * The viewer's own time zone: their profile's (a coach's schedule zone, a client's state), else the
 * browser's (?tz=, which the page sets from the browser with JavaScript), else the zone the client
 * booked in, else Sydney. `chosen` tells the page not to ask the browser again.
 */
export async function viewerZone(
  context: Pick<AppContext, "db">,
  viewer: Pick<Viewer, "id">,
  role: MeetingRole,
  booking: Pick<BookingListItem, "coachTimeZone" | "clientTimeZone">,
  requested: string | null,
): Promise<{ zone: string; chosen: boolean }> {
  if (role === "coach" && isAustralianZone(booking.coachTimeZone)) return { zone: booking.coachTimeZone, chosen: true };
  if (role === "client") {
    const profile = await context.db.select({ state: profiles.state }).from(profiles).where(eq(profiles.userId, viewer.id)).get();
    const stateZone = zoneForState(profile?.state);
    if (stateZone) return { zone: stateZone, chosen: true };
  }
  const browser = normaliseZone(requested, "");
  if (browser) return { zone: browser, chosen: true };
  return { zone: role === "client" ? normaliseZone(booking.clientTimeZone) : DEFAULT_TIME_ZONE, chosen: false };
}

type Session = {
  meetingId: string;
  role: MeetingRole;
  /** The session type's name, e.g. "Free discovery call". */
  title: string;
  /** The other participant's name. */
  peerName: string;
  zone: string;
  /** Whether the zone came from the profile or the browser (the page need not detect it). */
  zoneChosen: boolean;
  /** "Thursday 3 December 2026, 10:00 am AEDT": the session's start in the viewer's zone. */
  startsText: string;
};

export type MeetingPage =
  | (Session & { state: "open"; room: RoomProps })
  | (Session & {
      state: "not_open_yet";
      /** "The room opens at 9:50 am AEDT today." */
      opensText: string;
      opensAt: string;
      /** The server's clock when the page was made, so the countdown does not trust the browser's. */
      now: string;
      icsHref: string;
      googleHref: string;
      outlookHref: string;
    })
  | (Session & { state: "closed"; closedText: string; recordHref: string })
  | (Session & { state: "cancelled"; recordHref: string })
  | (Session & { state: "unconfirmed" });

/**
 * The meeting page of `meetingId` for a signed-in viewer, at the context's clock. Throws the 404 for
 * anyone who is not the meeting's client or coach (and for an id that is no meeting's), and a
 * redirect to the meeting's record for an admin.
 */
export async function loadMeetingPage(
  context: Pick<AppContext, "db" | "env" | "services" | "siteOrigin">,
  viewer: Viewer,
  meetingId: string | undefined,
  requestedZone: string | null,
): Promise<MeetingPage> {
  const meeting = await findMeeting(context.db, meetingId);
  if (!meeting) throw notFoundResponse();
  const role = meetingRoleOf(viewer, meeting);
  if (!role) {
    // Admins read the meeting's record and chat; they never join the call.
    if (viewer.roles.includes("admin")) throw redirect(meetingRecordPath(meeting.id));
    throw notFoundResponse();
  }
  const booking = await getBookingListItem(context.db, meeting.id);
  if (!booking) throw notFoundResponse();
  const { zone, chosen } = await viewerZone(context, viewer, role, booking, requestedZone);
  const now = context.services.clock.now();
  const window = windowOf(context, meeting);
  const peerName = role === "coach" ? booking.name : booking.coachName;
  const session: Session = {
    meetingId: meeting.id,
    role,
    title: booking.typeName,
    peerName,
    zone,
    zoneChosen: chosen,
    startsText: formatDateTime(booking.startsAt, zone),
  };
  if (booking.status === "cancelled") return { ...session, state: "cancelled", recordHref: meetingRecordPath(meeting.id) };
  if (booking.status === "held") return { ...session, state: "unconfirmed" };
  const state = roomState(window, now);
  if (state === "closed") {
    return { ...session, state, closedText: describeRoomHours(window, now, zone), recordHref: meetingRecordPath(meeting.id) };
  }
  if (state === "open") {
    const room: RoomProps = {
      meetingId: meeting.id,
      role,
      selfName: role === "coach" ? booking.coachName : booking.name,
      peerName,
      title: booking.typeName,
      startsAt: meeting.startsAt,
      endsAt: meeting.endsAt,
      closesAt: window.closesAt.toISOString(),
      timeZone: zone,
    };
    return { ...session, state, room };
  }
  const url = meetingUrl(context, booking);
  const event = {
    startsAt: booking.startsAt,
    endsAt: booking.endsAt,
    summary: `${booking.typeName} with ${peerName} (ClarityAI Coaching)`,
    description: `Your ${booking.typeName.toLowerCase()} with ${peerName}, by video in your browser. Booking reference ${booking.reference}.`,
    url,
  };
  return {
    ...session,
    state,
    opensText: describeRoomHours(window, now, zone),
    opensAt: window.opensAt.toISOString(),
    now: now.toISOString(),
    icsHref: `/booking/${meeting.id}.ics`,
    googleHref: googleCalendarUrl(event),
    outlookHref: outlookCalendarUrl(event),
  };
}
