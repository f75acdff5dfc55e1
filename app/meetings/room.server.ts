import { holdsByAccountOrAddress, notFoundUnless, requireMeetingParticipant, type PermissionViewer } from "~/auth/permissions.server";
import type { AppContext } from "~/context.server";
import type { Meeting } from "~/meetings/meetings.server";
import { PARTICIPANT_HEADER, ROOM_CONNECT_URL, ROOM_REFUSED_HEADER, type RoomParticipant } from "~/meetings/room-protocol";
import type { ChatMessage, MeetingRole } from "~/meetings/signalling";
import { meetingWindow, meetingWindowSettings, roomState, type MeetingWindow } from "~/meetings/window";

// The Worker's side of a meeting's room (the MeetingRoom Durable Object): who connects, and when.
// Everything the room trusts is decided here, from the session and the booking, before the object
// is reached; the browser's own request is never forwarded to it (room-protocol.ts).

/** The meeting's room (its Durable Object), by the meeting's id. */
export function meetingRoom(context: Pick<AppContext, "cloudflare">, meetingId: string) {
  const namespace = context.cloudflare.env.MEETING_ROOM;
  return namespace.get(namespace.idFromName(meetingId));
}

/** The viewer's place in the meeting: its coach, its client (by account or a guest's address), or none (admins included). */
export function meetingRoleOf(viewer: PermissionViewer | null | undefined, meeting: Meeting): MeetingRole | null {
  if (!viewer) return null;
  if (meeting.coachId !== "" && meeting.coachId === viewer.id) return "coach";
  if (holdsByAccountOrAddress(viewer, { userId: meeting.clientId, email: meeting.email })) return "client";
  return null;
}

/** When this meeting's room is open, by the configured margins. */
export function windowOf(context: Pick<AppContext, "env">, meeting: Meeting): MeetingWindow {
  return meetingWindow(meeting, meetingWindowSettings(context.env));
}

function refused(status: number, reason: string, message: string): Response {
  return new Response(message, { status, headers: { [ROOM_REFUSED_HEADER]: reason, "Content-Type": "text/plain; charset=utf-8" } });
}

/**
 * A participant's WebSocket to the meeting's room. The viewer comes from the session cookie (the
 * caller's requireUser); anyone who is not the meeting's coach or client gets the 404 (thrown), an
 * admin too: admins read the meeting's record, they do not join the call. Outside the room's hours:
 * 403. The room itself refuses a second person in the same place (409).
 */
export async function connectToMeetingRoom(context: AppContext, request: Request, viewer: PermissionViewer, meeting: Meeting | null): Promise<Response> {
  const found = requireMeetingParticipant(viewer, meeting);
  const role = meetingRoleOf(viewer, found);
  notFoundUnless(role);
  if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") return refused(426, "not_websocket", "Expected a WebSocket upgrade.");
  const window = windowOf(context, found);
  const state = roomState(window, context.services.clock.now());
  if (state !== "open") return refused(403, state, state === "closed" ? "The room has closed." : "The room is not open yet.");
  const participant: RoomParticipant = { meetingId: found.id, userId: viewer.id, role, closesAt: window.closesAt.toISOString() };
  // A fresh request: only what the Worker decided reaches the room.
  return meetingRoom(context, found.id).fetch(ROOM_CONNECT_URL, {
    headers: { Upgrade: "websocket", [PARTICIPANT_HEADER]: JSON.stringify(participant) },
  });
}

/** The meeting's chat, for its record after the call (the caller has checked who may read it). */
export async function meetingChat(context: Pick<AppContext, "cloudflare">, meetingId: string): Promise<ChatMessage[]> {
  return meetingRoom(context, meetingId).chat();
}
