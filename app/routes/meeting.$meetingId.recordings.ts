import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireMeetingParticipant } from "~/auth/permissions.server";
import { findMeeting } from "~/meetings/meetings.server";
import { listMeetingRecordings, startRecording } from "~/meetings/recordings.server";
import { readRecordingsBody, recordingsJson, recordingsRoute } from "~/meetings/recordings-http.server";

// GET /meeting/:meetingId/recordings: the meeting's complete recordings (its participants and admins).
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return recordingsRoute(request, context, "GET", async (viewer) => {
    const meeting = requireMeetingParticipant(viewer, await findMeeting(context.db, params.meetingId), { allowAdmin: true });
    return recordingsJson({ recordings: await listMeetingRecordings(context.db, meeting.id) });
  });
}

// POST /meeting/:meetingId/recordings { contentType? }: the coach starts a recording, with both
// people's consent, while the room is open → 201 { recordingId, partSize }.
export async function action({ request, context, params }: ActionFunctionArgs) {
  return recordingsRoute(request, context, "POST", async (viewer) => {
    const body = await readRecordingsBody(request);
    return recordingsJson(await startRecording(context, viewer, params.meetingId ?? "", body), 201);
  });
}
