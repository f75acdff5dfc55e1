import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { recordingFileResponse } from "~/meetings/recordings.server";
import { recordingsRoute } from "~/meetings/recordings-http.server";

// GET /meeting/:meetingId/recordings/:recordingId: the recording's file for the meeting's
// participants and admins, Range requests honoured; ?download=1 as an attachment.
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return recordingsRoute(request, context, "GET", (viewer) =>
    recordingFileResponse(context, viewer, params.meetingId ?? "", params.recordingId ?? "", request),
  );
}
