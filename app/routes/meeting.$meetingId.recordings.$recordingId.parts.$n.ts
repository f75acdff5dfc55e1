import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { putRecordingPart } from "~/meetings/recordings.server";
import { recordingsJson, recordingsRoute } from "~/meetings/recordings-http.server";

// PUT /meeting/:meetingId/recordings/:recordingId/parts/:n (body: the bytes of part n, 1-based) →
// { n, size }. The same part again replaces it.
export async function action({ request, context, params }: ActionFunctionArgs) {
  return recordingsRoute(request, context, "PUT", async (viewer) =>
    recordingsJson(await putRecordingPart(context, viewer, params.meetingId ?? "", params.recordingId ?? "", params.n, request)),
  );
}
