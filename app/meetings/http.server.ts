import type { AppLoadContext } from "@remix-run/cloudflare";
import { owesMfaStep } from "~/auth/mfa-gate.server";
import type { Viewer } from "~/auth/web-sessions.server";
import { ROOM_REFUSED_HEADER } from "~/meetings/room-protocol";

// The plumbing of the room's own endpoints (the WebSocket and the ICE servers), which a script calls,
// never a person navigating: a visitor without a session (or one who still owes the second factor)
// is answered 401, not sent to the sign-in page a socket or a fetch cannot show.

/** The signed-in viewer of a room endpoint, or the 401 to answer instead. */
export async function roomViewer(context: AppLoadContext): Promise<Viewer | Response> {
  const viewer = await context.viewer();
  if (viewer && !owesMfaStep(viewer)) return viewer;
  return new Response("Sign in to join this meeting.", {
    status: 401,
    headers: { [ROOM_REFUSED_HEADER]: "signed_out", "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
