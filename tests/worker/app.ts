import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import type { AppContext } from "~/context.server";
import { createAppContext } from "~/create-context.server";
import worker from "../../workers/app";
import { clientAddressFor } from "../client-address";

// The Worker under test: requests to it, its request context for calling a domain in-process, and
// reads of its storage. Every request of the workerd tests is built by appRequest.

/** The site's origin as the tests' requests name it. */
export const SITE = "http://localhost";

/** A timestamp as D1 and the auth API write them: ISO 8601 in UTC. */
export const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|\+00:00)$/;
/** A compact JWS (header.payload.signature). */
export const JWT = /^[\w-]+\.[\w-]+\.[\w-]+$/;

/**
 * This test's client address, from its file and name: rate limits and storage are shared by the
 * tests of a file, so each test posts from an address of its own. A `label` gives the same test
 * another address ("elsewhere", "stranger"…).
 */
export function testClientIp(label = "") {
  const { testPath = "", currentTestName = "" } = expect.getState();
  return clientAddressFor(`${testPath}\u0000${currentTestName}\u0000${label}`);
}

export type AppRequestInit = {
  /** GET unless a body is given, then POST. */
  method?: string;
  /** Fields sent as a form (application/x-www-form-urlencoded), as a document POST sends them. */
  form?: Record<string, string> | URLSearchParams;
  /** A value sent as JSON (application/json); a string is sent as it is. */
  json?: unknown;
  /** Any other body, sent as it is. */
  body?: BodyInit | null;
  /** The Content-Type header: that of `form` or `json` unless given, none for another body; null for none at all. */
  contentType?: string | null;
  /** A Cookie header: `name=value` pairs, as a browser sends them back. */
  cookie?: string;
  /** An access token, sent as `Authorization: Bearer …`. */
  token?: string;
  /** The client's address (CF-Connecting-IP); this test's own address unless given. */
  ip?: string;
  /**
   * The Origin header. A write (POST, PUT, PATCH, DELETE) to a page of the site carries this
   * site's, as a browser sends it; a write to the APIs (/auth/v1, /rest/v1, /functions/v1) or a
   * webhook carries none, as their server-side clients send. A string sends that origin; null, none.
   */
  origin?: string | null;
  /** More headers; a null value removes one the options above would send. */
  headers?: Record<string, string | null>;
};

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const API_PATH = /^\/(auth|rest|functions)\/v1(\/|\?|$)|^\/webhooks\//;

/** A request to the Worker under test, at `path` (or a full URL), as `init` describes it. Redirects are not followed. */
export function appRequest(path: string, init: AppRequestInit = {}): Request {
  const url = new URL(path, SITE);
  const headers = new Headers({ Host: url.host });
  let body: BodyInit | null | undefined = init.body;
  let contentType: string | null = null;
  if (init.form !== undefined) {
    body = new URLSearchParams(init.form);
    contentType = "application/x-www-form-urlencoded";
  } else if (init.json !== undefined) {
    body = typeof init.json === "string" ? init.json : JSON.stringify(init.json);
    contentType = "application/json";
  }
  if (init.contentType !== undefined) contentType = init.contentType;
  if (contentType !== null) headers.set("Content-Type", contentType);
  const method = init.method ?? (body === undefined ? "GET" : "POST");
  const origin = init.origin !== undefined ? init.origin : SAFE_METHODS.has(method) || API_PATH.test(url.pathname) ? null : SITE;
  if (origin !== null) headers.set("Origin", origin);
  if (init.cookie) headers.set("Cookie", init.cookie);
  if (init.token) headers.set("Authorization", `Bearer ${init.token}`);
  headers.set("CF-Connecting-IP", init.ip ?? testClientIp());
  for (const [name, value] of Object.entries(init.headers ?? {})) {
    if (value === null) headers.delete(name);
    else headers.set(name, value);
  }
  return new Request(url, { method, headers, body, redirect: "manual" });
}

/** The headers a Supabase client (supabase-js, auth-js) sends with every call: the public anon key and the API version. */
export const SUPABASE_CLIENT = { apikey: "test-anon-key", "X-Supabase-Api-Version": "2024-01-01" };

/**
 * Sends a request through the Worker's fetch handler, as Cloudflare would, with the test bindings
 * or others (`bindings`: a production configuration, a fake service's address…), through the Worker
 * or one made with createWorker (`app`, e.g. with its own per-isolate state), and waits for the
 * work it left running (waitUntil). A path is built into a request by appRequest; a request built
 * otherwise (by a client library) comes from this test's own address unless it names one.
 */
export async function fetchApp(
  input: Request | URL | string,
  { bindings = env, app = worker, ...init }: AppRequestInit & { bindings?: Env; app?: Pick<typeof worker, "fetch"> } = {},
) {
  const request = input instanceof Request ? input : appRequest(String(input), init);
  if (!request.headers.has("CF-Connecting-IP")) request.headers.set("CF-Connecting-IP", testClientIp());
  const ctx = createExecutionContext();
  const response = await app.fetch(request as Request<unknown, IncomingRequestCfProperties>, bindings, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

/** A call to the auth API (`path` under /auth/v1, or a full URL it handed out) as auth-js makes it: the 2024-01-01 error format. */
export function authApi(path: string, init: AppRequestInit & { bindings?: Env } = {}) {
  return fetchApp(/^https?:/.test(path) ? path : `/auth/v1${path}`, { ...init, headers: { "X-Supabase-Api-Version": "2024-01-01", ...init.headers } });
}

/** A request context as the Worker entry builds one, for calling a domain in-process. */
export function contextFor(bindings: Env = env, request: Request = new Request(`${SITE}/`)): AppContext {
  return createAppContext(bindings, { request, executionContext: createExecutionContext() });
}

/** The cookies a response sets, as the `name=value` pairs a browser sends back (`; `-joined). */
export function cookiesOf(response: Response) {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .join("; ");
}

/** The `name=value` pair of one cookie a response sets, or undefined. */
export function cookiePair(response: Response, name: string) {
  return response.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith(`${name}=`))
    ?.split(";")[0];
}

/** How many rows of `table` match `where`. */
export async function countRows(table: string, where: string, ...binds: unknown[]) {
  return (
    (await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE ${where}`)
      .bind(...binds)
      .first<number>("n")) ?? 0
  );
}

/** The page's HTML with React's text separators removed and common entities decoded, for text assertions. */
export async function pageText(response: Response) {
  return (await response.text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'").replaceAll("&amp;", "&").replaceAll("&quot;", '"');
}

export function titleOf(html: string) {
  return html.match(/<title>([^<]*)<\/title>/)?.[1];
}

export function canonicalsOf(html: string) {
  return [...html.matchAll(/<link rel="canonical" href="([^"]+)"/g)].map((m) => m[1]!);
}

export function jsonLdBlocks(html: string): Record<string, unknown>[] {
  // Remix escapes <, > and & inside the block as \u003c etc., which JSON.parse reads back.
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
}

/**
 * The wait the sign-in page asks for after a refusal for too many attempts, in minutes ("a minute",
 * "N minutes", "an hour"), and the bounds it must lie in: the minutes left, rounded up, in the limit's
 * fixed window (the rate limits count in windows aligned to the clock) before and after the request.
 */
export function expectWaitWithinWindow(text: string, windowMs: number, requestedBetween: { before: number; after: number }) {
  const wait = /Please wait (a minute|(\d+) minutes|an hour), then try again/.exec(text);
  expect(wait, /Too many attempts[^<]*/.exec(text)?.[0] ?? "no rate-limit message on the page").not.toBeNull();
  const minutes = wait![1] === "a minute" ? 1 : wait![1] === "an hour" ? 60 : Number(wait![2]);
  const minutesLeft = (at: number) => Math.ceil((windowMs - (at % windowMs)) / 60_000);
  expect(minutes).toBeGreaterThanOrEqual(minutesLeft(requestedBetween.after));
  expect(minutes).toBeLessThanOrEqual(minutesLeft(requestedBetween.before));
  expect(text).not.toContain("a few minutes");
}
