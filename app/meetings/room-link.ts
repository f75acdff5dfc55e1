import { describeRoomHours, meetingWindow, roomState, type MeetingWindowSettings, type RoomState } from "~/meetings/window";

// The link to a session's meeting room as the client's Bookings tab and the coach portal show it:
// "Join" while the room is open, otherwise when it opens. One rule for both pages. Browser-safe.

export type RoomLink = {
  /** The meeting page, /meeting/{bookingId}. */
  href: string;
  state: RoomState;
  /** "The room opens at 9:50 am AEDT today." / "The room is open until 11:30 am AEDT." in the viewer's zone. */
  hours: string;
};

/** A booking whose room may still be joined: confirmed (or already marked completed) and its room not yet closed. */
type RoomBooking = { id: string; status: string; startsAt: string; endsAt: string };

/** Statuses whose room is usable: a cancelled booking, a lapsed hold or one not yet paid for has none. */
const ROOM_STATUSES = new Set(["confirmed", "completed", "no_show"]);

/** The link to the booking's room, or null when there is no room to go to (not confirmed, or closed at `now`). */
export function roomLinkOf(booking: RoomBooking, settings: MeetingWindowSettings, now: Date, zone: string): RoomLink | null {
  if (!ROOM_STATUSES.has(booking.status)) return null;
  const window = meetingWindow(booking, settings);
  const state = roomState(window, now);
  if (state === "closed") return null;
  return { href: `/meeting/${booking.id}`, state, hours: describeRoomHours(window, now, zone) };
}
