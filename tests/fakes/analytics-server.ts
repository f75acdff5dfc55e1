import type { IncomingMessage, ServerResponse } from "node:http";
import type { TestProject } from "vitest/node";
import { startLoopbackServer } from "./loopback-server";

// The outside services conversions are forwarded to, on loopback, for the workerd tests (a vitest
// globalSetup: its URL is provided as "fakeAnalyticsUrl"; point GA4_API_URL, GOOGLE_ADS_API_URL,
// META_GRAPH_API_URL at it and GOOGLE_OAUTH_TOKEN_URL at <url>/token). One server answers:
//   POST /mp/collect?measurement_id&api_secret                     GA4 Measurement Protocol (204)
//   POST /token  (form: grant_type=refresh_token, client_id, …)      Google OAuth: an access token
//   POST /v<n>/customers/<id>:uploadClickConversions                 Google Ads (bearer token it issued
//                                                                    and a developer-token required)
//   POST /v<n>.0/<pixel id>/events?access_token                      Meta Conversions API
// Each is stricter than the real service about the shape it is sent (a 400 naming the problem),
// so a malformed request fails a test instead of vanishing. Every request is recorded with its API,
// its key (measurement id, customer id, OAuth client id or pixel id), path, query, the headers that
// matter and the raw body. Test controls:
//   GET    /__requests?key=<part>   recorded requests whose key contains <part>, oldest first
//   DELETE /__requests              forget them
//   POST   /__fail                  {api, key, status, times?, body?}: the next `times` (1) requests
//                                   of that API whose key contains `key` get that answer instead;
//                                   status 200 with api "google_ads" and no body answers a partial failure

export type FakeApi = "ga4" | "oauth" | "google_ads" | "meta";
export type RecordedRequest = {
  api: FakeApi;
  key: string;
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: string;
  status: number;
};
type Script = { api: FakeApi; key: string; status: number; times: number; body?: unknown };

const KEPT_HEADERS = ["authorization", "content-type", "developer-token", "login-customer-id", "user-agent", "x-forwarded-for"];

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (body += chunk));
    request.on("end", () => resolve(body));
    request.on("error", reject);
  });
}

function send(response: ServerResponse, status: number, body?: unknown) {
  if (body === undefined) {
    response.writeHead(status);
    response.end();
    return;
  }
  response.writeHead(status, { "Content-Type": "application/json" });
  response.end(JSON.stringify(body));
}

function parseJson(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === "object" && !Array.isArray(value);
const SHA256 = /^[0-9a-f]{64}$/;

/** What is wrong with a GA4 Measurement Protocol body, or null. */
function ga4Problem(body: Record<string, unknown> | null): string | null {
  if (!body) return "body is not a JSON object";
  if (typeof body.client_id !== "string" || !body.client_id) return "client_id is required";
  if (!Array.isArray(body.events) || body.events.length === 0 || body.events.length > 25) return "events: 1 to 25 required";
  for (const event of body.events) {
    if (!isObject(event) || typeof event.name !== "string" || !/^[a-zA-Z][a-zA-Z0-9_]{0,39}$/.test(event.name)) return "event name is invalid";
    if (event.params !== undefined && !isObject(event.params)) return "event params must be an object";
  }
  return null;
}

function conversionProblem(conversion: unknown, customerId: string): string | null {
  if (!isObject(conversion)) return " is not an object";
  if (typeof conversion.conversionAction !== "string" || !new RegExp(`^customers/${customerId}/conversionActions/\\d+$`).test(conversion.conversionAction))
    return ".conversionAction is invalid";
  if (typeof conversion.conversionDateTime !== "string" || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/.test(conversion.conversionDateTime))
    return ".conversionDateTime is invalid";
  if (typeof conversion.currencyCode !== "string" || !/^[A-Z]{3}$/.test(conversion.currencyCode)) return ".currencyCode is invalid";
  const identifiers = conversion.userIdentifiers;
  if (identifiers !== undefined) {
    if (!Array.isArray(identifiers) || identifiers.length === 0) return ".userIdentifiers is invalid";
    for (const identifier of identifiers) {
      const values = isObject(identifier) ? Object.entries(identifier) : [];
      const [name, value] = values[0] ?? [];
      if (values.length !== 1 || (name !== "hashedEmail" && name !== "hashedPhoneNumber") || !SHA256.test(String(value)))
        return ".userIdentifiers: one hashed value each";
    }
  }
  if (!conversion.gclid && identifiers === undefined) return ": a click id or user identifiers are required";
  return null;
}

/** What is wrong with an uploadClickConversions body, or null; per conversion: the partial failure. */
function googleAdsProblem(body: Record<string, unknown> | null, customerId: string): { request?: string; conversions?: string[] } {
  if (!body || !Array.isArray(body.conversions) || body.conversions.length === 0) return { request: "conversions are required" };
  if (body.partialFailure !== true) return { request: "partialFailure must be true" };
  const failures: string[] = [];
  body.conversions.forEach((conversion: unknown, index) => {
    const problem = conversionProblem(conversion, customerId);
    if (problem) failures.push(`conversions[${index}]${problem}`);
  });
  return { conversions: failures };
}

/** What is wrong with a Conversions API body, or null. */
function metaProblem(body: Record<string, unknown> | null): string | null {
  if (!body || !Array.isArray(body.data) || body.data.length === 0) return "data is required";
  for (const event of body.data) {
    if (!isObject(event)) return "an event is not an object";
    if (typeof event.event_name !== "string" || !event.event_name) return "event_name is required";
    if (!Number.isInteger(event.event_time)) return "event_time must be a unix time in seconds";
    if (typeof event.action_source !== "string") return "action_source is required";
    if (!isObject(event.user_data) || Object.keys(event.user_data).length === 0) return "user_data needs at least one customer information parameter";
    for (const field of ["em", "ph"]) {
      const values = event.user_data[field];
      if (values !== undefined && (!Array.isArray(values) || !values.every((value) => SHA256.test(String(value)))))
        return `user_data.${field} must be SHA-256 hashes`;
    }
  }
  return null;
}

export async function startFakeAnalytics() {
  const requests: RecordedRequest[] = [];
  const scripts: Script[] = [];
  const issuedTokens = new Set<string>();

  function scripted(api: FakeApi, key: string): Script | undefined {
    const script = scripts.find((s) => s.api === api && key.includes(s.key) && s.times > 0);
    if (script) script.times -= 1;
    return script;
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const text = await readBody(request);

    if (url.pathname === "/__requests") {
      if (request.method === "DELETE") requests.length = 0;
      const part = url.searchParams.get("key") ?? "";
      return send(
        response,
        200,
        requests.filter((r) => r.key.includes(part)),
      );
    }
    if (url.pathname === "/__fail" && request.method === "POST") {
      const script = parseJson(text) as Script | null;
      if (!script?.api || !script.key || !script.status) return send(response, 400, { error: "api, key and status are required" });
      scripts.push({ ...script, times: script.times ?? 1 });
      return send(response, 204);
    }

    const query = Object.fromEntries(url.searchParams);
    const headers = Object.fromEntries(KEPT_HEADERS.flatMap((name) => (request.headers[name] ? [[name, String(request.headers[name])]] : [])));
    const record = (api: FakeApi, key: string, status: number) =>
      requests.push({ api, key, method: request.method ?? "", path: url.pathname, query, headers, body: text, status });
    const answer = (api: FakeApi, key: string, status: number, body?: unknown) => {
      const script = scripted(api, key);
      if (script) {
        record(api, key, script.status);
        if (api === "google_ads" && script.status === 200 && script.body === undefined)
          return send(response, 200, {
            partialFailureError: { code: 3, message: "The click is too old for this conversion to be imported., at conversions[0].gclid", details: [] },
            results: [{}],
          });
        return send(response, script.status, script.body ?? { error: { code: script.status, message: "Failed on purpose" } });
      }
      record(api, key, status);
      return send(response, status, body);
    };

    if (request.method !== "POST") return send(response, 405, { error: "POST only" });

    if (url.pathname === "/mp/collect") {
      const key = query.measurement_id ?? "";
      if (!key || !query.api_secret) return answer("ga4", key, 400, { error: "measurement_id and api_secret are required" });
      const problem = ga4Problem(parseJson(text));
      return problem ? answer("ga4", key, 400, { validationMessages: [{ description: problem }] }) : answer("ga4", key, 204);
    }

    if (url.pathname === "/token") {
      const form = new URLSearchParams(text);
      const key = form.get("client_id") ?? "";
      if (!request.headers["content-type"]?.startsWith("application/x-www-form-urlencoded")) return answer("oauth", key, 400, { error: "invalid_request" });
      if (form.get("grant_type") !== "refresh_token" || !key || !form.get("client_secret") || !form.get("refresh_token"))
        return answer("oauth", key, 400, { error: "invalid_grant" });
      const token = `ya29.fake-${crypto.randomUUID()}`;
      issuedTokens.add(token);
      return answer("oauth", key, 200, { access_token: token, expires_in: 3599, token_type: "Bearer", scope: "https://www.googleapis.com/auth/adwords" });
    }

    const ads = url.pathname.match(/^\/v\d+\/customers\/(\d+):uploadClickConversions$/);
    if (ads) {
      const key = ads[1]!;
      const token = (request.headers.authorization ?? "").replace(/^Bearer /, "");
      if (!issuedTokens.has(token)) return answer("google_ads", key, 401, { error: { code: 401, status: "UNAUTHENTICATED" } });
      if (!request.headers["developer-token"]) return answer("google_ads", key, 401, { error: { code: 401, status: "UNAUTHENTICATED" } });
      const problem = googleAdsProblem(parseJson(text), key);
      if (problem.request) return answer("google_ads", key, 400, { error: { code: 400, status: "INVALID_ARGUMENT", message: problem.request } });
      const conversions = (parseJson(text)!.conversions as Record<string, unknown>[]).map((c) => ({
        conversionAction: c.conversionAction,
        conversionDateTime: c.conversionDateTime,
        ...(c.gclid ? { gclid: c.gclid } : {}),
      }));
      return answer("google_ads", key, 200, {
        ...(problem.conversions?.length ? { partialFailureError: { code: 3, message: problem.conversions.join("; "), details: [] } } : {}),
        results: conversions,
      });
    }

    const meta = url.pathname.match(/^\/v\d+\.\d+\/([^/]+)\/events$/);
    if (meta) {
      const key = decodeURIComponent(meta[1]!);
      if (!query.access_token) return answer("meta", key, 400, { error: { message: "An access token is required", type: "OAuthException", code: 104 } });
      const body = parseJson(text);
      const problem = metaProblem(body);
      if (problem) return answer("meta", key, 400, { error: { message: problem, type: "OAuthException", code: 100, is_transient: false } });
      return answer("meta", key, 200, { events_received: (body!.data as unknown[]).length, messages: [], fbtrace_id: "fake-trace" });
    }

    return send(response, 404, { error: "Not found" });
  }

  const server = await startLoopbackServer(handle);
  return { url: server.origin, requests, close: server.close };
}

declare module "vitest" {
  export interface ProvidedContext {
    fakeAnalyticsUrl: string;
  }
}

/** vitest globalSetup: one fake for the whole run. */
export default async function setup(project: TestProject) {
  const fake = await startFakeAnalytics();
  project.provide("fakeAnalyticsUrl", fake.url);
  return () => fake.close();
}
