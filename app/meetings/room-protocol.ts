import * as z from "zod";
import type { RecordingEvent } from "~/meetings/recording-consent";
import { MeetingRoleSchema } from "~/meetings/signalling";

// How the Worker talks to a meeting's room (the MeetingRoom Durable Object, workers/meeting-room.ts).
// The room is reached only through its namespace binding, never from the internet, so every request
// it gets was made by the Worker's own code: the Worker checks the session cookie, the participant
// and the room's hours first (meetings/room.server.ts), then builds a fresh request naming the
// participant in PARTICIPANT_HEADER. It never forwards a browser's headers, so nothing a browser
// sends can name a participant.

/** The one path the room answers: a WebSocket upgrade for one participant. */
export const ROOM_CONNECT_URL = "https://meeting-room/connect";

/** Who is connecting, as JSON (RoomParticipant); set only by the Worker. */
export const PARTICIPANT_HEADER = "X-Meeting-Participant";

/** Why the room refused a connection (with a 4xx). */
export const ROOM_REFUSED_HEADER = "X-Room-Refused";

export const RoomParticipantSchema = z
  .object({
    meetingId: z.uuid(),
    userId: z.string().min(1).max(128),
    role: MeetingRoleSchema,
    /** When the room closes (the booking's end plus the configured margin): the room closes its sockets then. */
    closesAt: z.iso.datetime({ offset: true }),
  })
  .strict();

export type RoomParticipant = z.infer<typeof RoomParticipantSchema>;

/**
 * not_websocket (426): not an upgrade; bad_participant (400): no or an unreadable participant header,
 * or one for another meeting; room_full (409): the role's place is taken by someone else;
 * room_closed (410): the room's hours have ended.
 */
export type RoomRefusal = "not_websocket" | "bad_participant" | "room_full" | "room_closed";

/** Who consented to, started or stopped a recording, and when: kept by the room for the booking's record. */
export type RecordingConsentEvent = {
  event: RecordingEvent;
  role: z.infer<typeof MeetingRoleSchema>;
  userId: string;
  at: string;
};
