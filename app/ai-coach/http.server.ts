import type { AppLoadContext } from "@remix-run/cloudflare";
import { requireUser } from "~/auth/guards.server";
import type { Viewer } from "~/auth/web-sessions.server";
import { jsonResponse, readJsonBody } from "~/data-api/http.server";
import type { ChatApiError } from "./chat-types";
import { ChatError } from "./chat.server";

// The plumbing of the /ai-coach JSON routes the web UI calls: the sign-in guard first, JSON bodies
// only (a form post is refused before anything is read), refusals as { error, code } with a 4xx.

/** The request's JSON body (undefined when empty), or a ChatError 400/413. */
function readChatBody(request: Request): Promise<unknown> {
  return readJsonBody(request, (status, code, message) => new ChatError(status, code, message), "That message is too large.");
}

export function chatJson(body: unknown, status = 200): Response {
  return jsonResponse(body, { status, headers: { "Cache-Control": "private, no-store" } });
}

function refusal(error: ChatError): Response {
  const body: ChatApiError = { error: error.message, code: error.code, ...(error.usage ? { usage: error.usage } : {}) };
  return chatJson(body, error.status);
}

/** Runs a route's work for the signed-in viewer (a visitor is sent to sign in); ChatErrors become JSON refusals. */
export async function chatRoute(request: Request, context: AppLoadContext, work: (viewer: Viewer) => Promise<Response>): Promise<Response> {
  const viewer = await requireUser(request, context);
  try {
    return await work(viewer);
  } catch (error) {
    if (error instanceof ChatError) return refusal(error);
    throw error;
  }
}

/** An action route's work: POST only (GET has its own loader where there is one), with the JSON body read. */
export async function chatAction(request: Request, context: AppLoadContext, work: (viewer: Viewer, body: unknown) => Promise<Response>): Promise<Response> {
  return chatRoute(request, context, async (viewer) => {
    if (request.method !== "POST") throw new ChatError(405, "method_not_allowed", "Use POST for this request.");
    return work(viewer, await readChatBody(request));
  });
}
