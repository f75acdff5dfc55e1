import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { roomViewer } from "~/meetings/http.server";
import { findMeeting } from "~/meetings/meetings.server";
import { connectToMeetingRoom } from "~/meetings/room.server";

// GET /meeting/:meetingId/socket: a participant's WebSocket to the meeting's room (signalling, chat,
// recording consent). Who connects comes from the session cookie only; connectToMeetingRoom checks
// the participant (404 for anyone else, admins included) and the room's hours (403) before the room
// is reached.
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await roomViewer(context);
  if (viewer instanceof Response) return viewer;
  return connectToMeetingRoom(context, request, viewer, await findMeeting(context.db, params.meetingId));
}
