import type { AppLoadContext } from "@remix-run/cloudflare";
import { requireUser } from "~/auth/guards.server";
import type { Viewer } from "~/auth/viewer";
import { jsonResponse, readJsonBody } from "~/data-api/http.server";
import type { RecordingApiError } from "~/meetings/recording/upload-rules";
import { RecordingRefused } from "~/meetings/recordings.server";

// The plumbing of the recordings API's routes (app/routes/meeting.$meetingId.recordings*.ts): the
// sign-in guard first, then the method, JSON bodies only where one is read, and every refusal as
// { error, message } with its 4xx.

export function recordingsJson(body: unknown, status = 200): Response {
  return jsonResponse(body, { status, headers: { "Cache-Control": "private, no-store" } });
}

/** The request's JSON body (undefined when empty), or a 400/413 refusal. */
export function readRecordingsBody(request: Request): Promise<unknown> {
  return readJsonBody(request, (status, code, message) => new RecordingRefused(status, code, message), "That request is too large.");
}

/**
 * Runs a route's work for the signed-in viewer (a visitor is sent to sign in) when the request uses
 * `method`; RecordingRefused becomes its JSON answer. Who may do what is decided by the work itself.
 */
export async function recordingsRoute(
  request: Request,
  context: AppLoadContext,
  method: "GET" | "POST" | "PUT",
  work: (viewer: Viewer) => Promise<Response>,
): Promise<Response> {
  const viewer = await requireUser(request, context);
  try {
    const allowed = method === "GET" ? ["GET", "HEAD"] : [method];
    if (!allowed.includes(request.method)) throw new RecordingRefused(405, "method_not_allowed", `Use ${method} for this request.`);
    return await work(viewer);
  } catch (error) {
    if (error instanceof RecordingRefused) {
      const body: RecordingApiError = { error: error.code, message: error.message };
      const response = recordingsJson(body, error.status);
      if (error.status === 405) response.headers.set("Allow", method === "GET" ? "GET, HEAD" : method);
      return response;
    }
    throw error;
  }
}
