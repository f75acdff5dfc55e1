import { readBounded } from "~/platform/request-body.server";
import type { RateLimitRule } from "~/platform/rate-limit.server";

// Plumbing shared by /rest/v1 and /functions/v1: CORS (Supabase clients call from other origins,
// with Bearer tokens rather than cookies, so the site's same-origin check does not apply), bounded
// JSON bodies and the write limits.

const CORS_HEADERS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS",
  "Access-Control-Allow-Headers":
    "authorization, apikey, content-type, accept, accept-profile, content-profile, prefer, range, range-unit, x-client-info, x-region, x-supabase-api-version",
  "Access-Control-Expose-Headers": "content-range, content-location, location, preference-applied, retry-after, x-relay-error",
  "Access-Control-Max-Age": "86400",
};

/** Adds the CORS headers; nothing answered here is for a shared cache to keep. */
export function withCors(response: Response): Response {
  const out = new Response(response.body, response);
  for (const [name, value] of Object.entries(CORS_HEADERS)) out.headers.set(name, value);
  out.headers.set("Cache-Control", "no-store");
  out.headers.set("Vary", "Authorization, Accept, Prefer");
  return out;
}

export function preflight(): Response {
  return withCors(new Response(null, { status: 204 }));
}

export function jsonResponse(body: unknown, init: ResponseInit & { contentType?: string } = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("Content-Type", `${init.contentType ?? "application/json"}; charset=utf-8`);
  return new Response(body === undefined ? null : JSON.stringify(body), { status: init.status ?? 200, headers });
}

/** Profiles and function calls are small; nothing the API takes comes near this. */
export const MAX_BODY_BYTES = 64 * 1024;

export type BodyResult = { kind: "empty" } | { kind: "json"; value: unknown } | { kind: "invalid"; reason: string } | { kind: "too-large" };

/** Reads a JSON body of at most MAX_BODY_BYTES without trusting Content-Length. */
export async function readJson(request: Request): Promise<BodyResult> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > MAX_BODY_BYTES) return { kind: "too-large" };
  if (!request.body) return { kind: "empty" };
  const bytes = await readBounded(request.body, MAX_BODY_BYTES);
  if (!bytes) return { kind: "too-large" };
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return { kind: "invalid", reason: "The body is not valid UTF-8" };
  }
  if (text.trim() === "") return { kind: "empty" };
  try {
    return { kind: "json", value: JSON.parse(text) as unknown };
  } catch (error) {
    return { kind: "invalid", reason: error instanceof Error ? error.message.slice(0, 200) : "Invalid JSON" };
  }
}

const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;

/**
 * The JSON body (undefined when empty) of a web UI's JSON request, such as the chats': a form post
 * is refused before anything is read, then an oversized (413) or malformed (400) body. `refuse`
 * makes the caller's own error from a status, code and message to show.
 */
export async function readJsonBody(
  request: Request,
  refuse: (status: number, code: string, message: string) => Error,
  tooLargeMessage: string,
): Promise<unknown> {
  if (FORM_TYPES.test(request.headers.get("Content-Type") ?? "")) throw refuse(400, "invalid_request", "Send the request as JSON.");
  const body = await readJson(request);
  if (body.kind === "too-large") throw refuse(413, "payload_too_large", tooLargeMessage);
  if (body.kind === "invalid") throw refuse(400, "invalid_json", "The request body is not valid JSON.");
  return body.kind === "json" ? body.value : undefined;
}

/** Whether the request's Content-Type is JSON (or absent, which PostgREST reads as JSON). */
export function isJsonContentType(request: Request): boolean {
  const type = request.headers.get("Content-Type");
  if (type === null) return true;
  return /^application\/json\s*(;|$)/i.test(type.trim());
}

export const DATA_API_LIMITS = {
  // Table writes and procedure calls per signed-in user: far above what saving a profile needs.
  writesPerUser: { name: "data-api-write-user", limit: 30, windowMs: 5 * 60_000 },
} satisfies Record<string, RateLimitRule>;
