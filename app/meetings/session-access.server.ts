import { notFoundResponse, type PermissionViewer } from "~/auth/permissions.server";
import { getBookingListItem, type BookingListItem } from "~/booking/bookings.server";
import type { AppContext } from "~/context.server";
import { findMeeting } from "~/meetings/meetings.server";
import { meetingRoleOf } from "~/meetings/room.server";
import type { MeetingRole } from "~/meetings/signalling";
import { SessionRecordError } from "./record-errors";

// Who may see a session's record (/meeting/{id}/record): its coach and its client, and admins (who
// read it, never join the call). Everyone else, and any id that is no booking's, gets the same 404.

export type SessionAccess = {
  booking: BookingListItem;
  /** The viewer's place in the session, or null for an admin who is neither. */
  role: MeetingRole | null;
  isAdmin: boolean;
};

export async function requireSessionAccess(context: Pick<AppContext, "db">, viewer: PermissionViewer, meetingId: string | undefined): Promise<SessionAccess> {
  const meeting = await findMeeting(context.db, meetingId);
  if (!meeting) throw notFoundResponse();
  const role = meetingRoleOf(viewer, meeting);
  const isAdmin = viewer.roles.includes("admin");
  if (!role && !isAdmin) throw notFoundResponse();
  const booking = await getBookingListItem(context.db, meeting.id);
  if (!booking) throw notFoundResponse();
  return { booking, role, isAdmin };
}

/** The session's coach, or a refusal naming who may do it. */
export function requireCoachRole(access: SessionAccess, what: string): void {
  if (access.role !== "coach") throw new SessionRecordError(403, "coach_only", `Only the session's coach can ${what}.`);
}

/** The session's client, or a refusal. */
export function requireClientRole(access: SessionAccess, what: string): void {
  if (access.role !== "client") throw new SessionRecordError(403, "client_only", `Only the session's client can ${what}.`);
}

/** Whether the session has started at `now`. */
export function hasStarted(booking: { startsAt: string }, now: Date): boolean {
  return Date.parse(booking.startsAt) <= now.getTime();
}
