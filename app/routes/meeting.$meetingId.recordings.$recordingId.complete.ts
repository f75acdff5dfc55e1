import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { completeRecording } from "~/meetings/recordings.server";
import { readRecordingsBody, recordingsJson, recordingsRoute } from "~/meetings/recordings-http.server";

// POST /meeting/:meetingId/recordings/:recordingId/complete { durationSeconds? } → { recordingId,
// size, durationSeconds? }: the parts joined into the recording's file, attached to the booking.
export async function action({ request, context, params }: ActionFunctionArgs) {
  return recordingsRoute(request, context, "POST", async (viewer) => {
    const body = await readRecordingsBody(request);
    return recordingsJson(await completeRecording(context, viewer, params.meetingId ?? "", params.recordingId ?? "", body));
  });
}
