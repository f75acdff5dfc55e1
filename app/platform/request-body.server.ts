// The pages' actions read HTML form posts and nothing else. Before a request reaches Remix, its body
// is checked here once for every route: the right Content-Type, a bounded size (counted as it
// arrives, whatever Content-Length claims) and a form that parses. What gets through can be read
// with request.formData() without throwing, so no action has to guard against it.

/**
 * Paths whose handlers take JSON or other bodies of their own (APIs, webhooks): not checked here.
 * A path is under a prefix when it equals it or continues with "/".
 */
// /ai-coach and /sales-chat: the chats' JSON APIs for the web UI (each reads bounded JSON and refuses forms).
export const API_PREFIXES = ["/auth/v1", "/rest/v1", "/functions/v1", "/webhooks", "/ai-coach", "/sales-chat"] as const;

/** The largest form body a page accepts: every form is a few short fields, except the upload forms below. */
export const FORM_BODY_LIMIT = 64 * 1024;

/**
 * Pages whose forms upload a file, with the largest body each takes (the file's own limit, checked
 * by its action, plus room for the form's other fields and the multipart framing).
 */
export const UPLOAD_FORM_LIMITS: readonly { path: string; limit: number }[] = [
  // A coach's profile photo (app/coach-network/profile.ts PHOTO_MAX_BYTES, 3 MB): a photo somewhat
  // over the limit still reaches the page, which says so beside the field.
  { path: "/coach/profile", limit: 8 * 1024 * 1024 },
  // The coach application's CV (≤ 5 MB, checked again with a clear message by the page).
  { path: "/coach-registration", limit: 5 * 1024 * 1024 + 256 * 1024 },
  // The media library's upload (app/content/media.ts: files ≤ 20 MB, images ≤ 10 MB, checked again by the page).
  { path: "/admin/media", limit: 20 * 1024 * 1024 + 256 * 1024 },
];

/** The largest form body a page's path accepts (its data request, "<path>.data", as the page). */
export function formBodyLimit(pathname: string): number {
  const path = pathname.toLowerCase().replace(/\.data$/, "");
  return UPLOAD_FORM_LIMITS.find((entry) => entry.path === path)?.limit ?? FORM_BODY_LIMIT;
}

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);
const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Meeting recordings' API (app/meetings/recordings.server.ts): JSON, and parts of a recording as bytes. */
const MEETING_RECORDINGS_PATH = /^\/meeting\/[^/]+\/recordings(\/|$)/;

export function isApiPath(pathname: string): boolean {
  const path = pathname.toLowerCase();
  return API_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`)) || MEETING_RECORDINGS_PATH.test(path);
}

function refusal(status: number, message: string): Response {
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

export const UNSUPPORTED_MEDIA_TYPE = "Send the form as application/x-www-form-urlencoded or multipart/form-data.";
export const BODY_TOO_LARGE = `That form is too large. Forms on this site take at most ${FORM_BODY_LIMIT / 1024} KiB.`;
export const UPLOAD_TOO_LARGE = "That file is too large for this form. Please choose a smaller one.";
export const UNREADABLE_FORM = "That form couldn't be read. Please reload the page and try again.";

/** Reads at most `limit` bytes of a body; null when it has more. */
export async function readBounded(body: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      // Stop reading: the rest of an oversized body is never pulled in.
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/**
 * For a page request (not under API_PREFIXES) with a body method: a 4xx answer when the body is not
 * a readable form of at most FORM_BODY_LIMIT bytes (UPLOAD_FORM_LIMITS for a page that takes a file)
 * (415 wrong or missing Content-Type, 413 too
 * large, 400 unreadable), else the same request with its body read into memory. Other requests
 * pass through unchanged.
 */
export async function checkFormBody(request: Request): Promise<Request | Response> {
  if (!BODY_METHODS.has(request.method)) return request;
  const { pathname } = new URL(request.url);
  if (isApiPath(pathname)) return request;
  const limit = formBodyLimit(pathname);
  const contentType = request.headers.get("Content-Type") ?? "";
  const mediaType = contentType.split(";", 1)[0]!.trim().toLowerCase();
  if (!FORM_TYPES.has(mediaType)) return refusal(415, UNSUPPORTED_MEDIA_TYPE);
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > limit) return refusal(413, limit === FORM_BODY_LIMIT ? BODY_TOO_LARGE : UPLOAD_TOO_LARGE);
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    const read = request.body ? await readBounded(request.body, limit) : new Uint8Array();
    if (!read) return refusal(413, limit === FORM_BODY_LIMIT ? BODY_TOO_LARGE : UPLOAD_TOO_LARGE);
    bytes = read;
  } catch {
    // The client went away or sent a broken stream.
    return refusal(400, UNREADABLE_FORM);
  }
  const buffered = new Request(request, { body: bytes });
  try {
    // Parse once here, so request.formData() in an action can't throw on a malformed body.
    await buffered.clone().formData();
  } catch {
    return refusal(400, UNREADABLE_FORM);
  }
  return buffered;
}
