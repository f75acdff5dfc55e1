import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { listRecordingParts } from "~/meetings/recordings.server";
import { recordingsJson, recordingsRoute } from "~/meetings/recordings-http.server";

// GET /meeting/:meetingId/recordings/:recordingId/parts → { parts: [{ n, size }] }: what the coach's
// recorder has uploaded, to resume after a dropped connection.
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return recordingsRoute(request, context, "GET", async (viewer) =>
    recordingsJson(await listRecordingParts(context, viewer, params.meetingId ?? "", params.recordingId ?? "")),
  );
}
