import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { notFoundUnless, requireMeetingParticipant } from "~/auth/permissions.server";
import { jsonResponse } from "~/data-api/http.server";
import { PRIVATE_NO_STORE } from "~/edge-cache/cache-policy.server";
import { roomViewer } from "~/meetings/http.server";
import { ICE_SERVERS_LIMIT, iceServersFor } from "~/meetings/ice-servers.server";
import { consumeRateLimit, limitSubject } from "~/platform/rate-limit.server";
import { findMeeting } from "~/meetings/meetings.server";
import { meetingRoleOf, windowOf } from "~/meetings/room.server";
import { roomState } from "~/meetings/window";

// GET /meeting/:meetingId/ice-servers: the STUN/TURN servers (IceServersAnswer) for one participant
// of the meeting, while its room is open. TURN credentials are minted per request and last until
// the room closes; no cache may keep them. Each participant may ask ICE_SERVERS_LIMIT times an hour.
export async function loader({ context, params }: LoaderFunctionArgs) {
  const viewer = await roomViewer(context);
  if (viewer instanceof Response) return viewer;
  const meeting = requireMeetingParticipant(viewer, await findMeeting(context.db, params.meetingId));
  // Admins read the meeting's record; they are not in the call.
  notFoundUnless(meetingRoleOf(viewer, meeting));
  const window = windowOf(context, meeting);
  const state = roomState(window, context.services.clock.now());
  if (state !== "open") {
    return jsonResponse(
      { error: state, message: state === "closed" ? "The room has closed." : "The room is not open yet." },
      { status: 403, headers: { "Cache-Control": PRIVATE_NO_STORE } },
    );
  }
  const limit = await consumeRateLimit(context.db, ICE_SERVERS_LIMIT, limitSubject("user", `${viewer.id}:${meeting.id}`), context.env.SESSION_SECRET);
  if (!limit.allowed) {
    return jsonResponse(
      { error: "too_many_requests", message: "Too many requests for this call's connection details. Please try again shortly." },
      { status: 429, headers: { "Cache-Control": PRIVATE_NO_STORE, "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  return jsonResponse(await iceServersFor(context, window.closesAt), { headers: { "Cache-Control": PRIVATE_NO_STORE } });
}
