import type { MeetingRole } from "~/meetings/signalling";

/** What the meeting page hands the room (the lobby and the call) when the room is open to the viewer. */
export type RoomProps = {
  meetingId: string;
  role: MeetingRole;
  /** The viewer's first name (or what they booked with). */
  selfName: string;
  /** The other participant's name as the viewer knows them: the coach's name, or the client's. */
  peerName: string;
  /** The session type's name, e.g. "Free discovery call". */
  title: string;
  /** ISO instants of the session and of the room's closing. */
  startsAt: string;
  endsAt: string;
  closesAt: string;
  /** The viewer's IANA time zone, for the times the room shows. */
  timeZone: string;
};
