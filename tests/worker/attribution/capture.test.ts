import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach, expect, test } from "vitest";
import {
  ATTRIBUTION_COOKIE,
  captureAttribution,
  deleteAttributionSessions,
  getAttribution,
  readAttributionCookie,
  readSessionRecord,
} from "~/attribution/capture.server";
import { ATTRIBUTION_TTL_SECONDS, createLandingBatches } from "~/attribution/landings.server";
import { createPageViewCounter } from "~/attribution/page-views.server";
import type { AttributionRecord } from "~/attribution/types";
import { createAppContext } from "~/create-context.server";
import { fixedClock } from "~/platform/clock";
import { createIsolateState, type IsolateState } from "~/isolate.server";
import { bumpContentVersion, EDGE_CACHE_HEADER } from "~/edge-cache/edge-cache.server";
import { sydneyDay } from "~/utils/sydney-time";
import { createWorker } from "../../../workers/app";
import { unique } from "./helpers";
import { fetchApp } from "../app";

const BROWSER = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";

// This file's isolate: counters and new sessions are written as soon as the request's background
// work runs, which fetchApp waits for.
const isolate = createIsolateState({ flushDelayMs: 0 });
const app = createWorker({ isolate });

/** A context as the Worker builds one for `request`, in this file's isolate. */
function contextOf(request: Request, state: IsolateState = isolate) {
  return createAppContext(env, { request, executionContext: createExecutionContext(), isolate: state });
}

beforeEach(async () => {
  await bumpContentVersion(env);
});

type Visit = { cookie?: string; referrer?: string; headers?: Record<string, string>; method?: string; host?: string; worker?: typeof app };

/** A browser loading `path` as a page, as Safari sends it. */
function navigate(path: string, { cookie, referrer, headers, method, host, worker }: Visit = {}) {
  return fetchApp(host ? `http://${host}${path}` : path, {
    method,
    cookie,
    app: worker ?? app,
    headers: {
      "User-Agent": BROWSER,
      Accept: "text/html,application/xhtml+xml",
      "Sec-Fetch-Dest": "document",
      "Sec-Fetch-Mode": "navigate",
      ...(referrer ? { Referer: referrer } : {}),
      ...headers,
    },
  });
}

/** The cookie a browser would send back, from an answer's Set-Cookie. */
function cookieFrom(response: Response): string {
  const setCookie = response.headers.get("Set-Cookie");
  expect(setCookie, "Set-Cookie").toMatch(new RegExp(`^${ATTRIBUTION_COOKIE}=`));
  return setCookie!.split(";")[0]!;
}

function sessionIdOf(cookie: string): string {
  const parsed = readAttributionCookie(new Request("http://localhost/", { headers: { Cookie: cookie } }));
  expect(parsed).not.toBeNull();
  return parsed!.sessionId;
}

async function storedRecord(cookie: string): Promise<AttributionRecord | null> {
  return readSessionRecord(env.ATTRIBUTION, isolate.landings, sessionIdOf(cookie));
}

async function keysWithPrefix(prefix: string): Promise<KVNamespaceListKey<unknown>[]> {
  const keys: KVNamespaceListKey<unknown>[] = [];
  let cursor: string | undefined;
  do {
    const page = await env.ATTRIBUTION.list({ prefix, cursor });
    keys.push(...page.keys);
    cursor = page.list_complete ? undefined : page.cursor;
  } while (cursor);
  return keys;
}

/** Sessions stored in KV: their own `session:` entries and those in `landings:` batches. */
async function sessionCount(): Promise<number> {
  let count = (await keysWithPrefix("session:")).length;
  for (const { name } of await keysWithPrefix("landings:")) {
    count += Object.keys((await env.ATTRIBUTION.get<Record<string, AttributionRecord>>(name, "json")) ?? {}).length;
  }
  return count;
}

/** Lands with the given query (or referrer) and returns the stored record's first touch. */
async function landingTouch(query: string, referrer?: string) {
  const response = await navigate(`/about?${query}`, { referrer });
  expect(response.status).toBe(200);
  const record = await storedRecord(cookieFrom(response));
  expect(record?.touches).toBe(1);
  expect(record?.last).toEqual(record?.first);
  return record!.first;
}

test("each campaign parameter starts a session with its source, medium and campaign", async () => {
  expect(await landingTouch("utm_source=%20Newsletter%20&utm_medium=EMAIL&utm_campaign=Spring%20Offer")).toMatchObject({
    source: "newsletter",
    medium: "email",
    campaign: "Spring Offer",
    landingPage: "/about",
  });
  expect(await landingTouch("utm_source=LinkedIn")).toMatchObject({ source: "linkedin", medium: "(not set)", campaign: "(not set)" });
  expect(await landingTouch("utm_medium=Print")).toMatchObject({ source: "(not set)", medium: "print", campaign: "(not set)" });
  expect(await landingTouch("utm_campaign=winter-2026")).toMatchObject({ source: "(not set)", medium: "(not set)", campaign: "winter-2026" });
  expect(await landingTouch("utm_term=business%20coach")).toMatchObject({ source: "(not set)", term: "business coach", campaign: "(not set)" });
  expect(await landingTouch("utm_content=hero-button")).toMatchObject({ content: "hero-button", campaign: "(not set)" });
  expect(await landingTouch("gclid=Cj0KCQ-test_1")).toMatchObject({ source: "google", medium: "cpc", gclid: "Cj0KCQ-test_1", campaign: "(not set)" });
  expect(await landingTouch("fbclid=IwAR-test")).toMatchObject({ source: "facebook", medium: "social", fbclid: "IwAR-test" });
  // utm values win over a click id, and the click id is still kept.
  expect(await landingTouch("gclid=abc&utm_source=partner&utm_medium=referral")).toMatchObject({ source: "partner", medium: "referral", gclid: "abc" });
});

test("values are cleaned: control characters removed, trimmed, at most 100 characters", async () => {
  const long = "A".repeat(150);
  const touch = await landingTouch(`utm_source=%01Ne%0Aws%7F%20&utm_campaign=${long}`);
  expect(touch.source).toBe("news");
  expect(touch.campaign).toBe("A".repeat(100));
  // A parameter that is empty once cleaned counts as absent.
  const before = await sessionCount();
  const response = await navigate("/about?utm_source=%20%01%20");
  expect(response.headers.get("Set-Cookie")).toBeNull();
  expect(await sessionCount()).toBe(before);
});

test("an external referrer starts a session: search engines are organic, known networks social, others referral", async () => {
  const search = await landingTouch("", "https://www.google.com.au/search?q=business+coaching+sydney");
  expect(search).toMatchObject({
    source: "google.com.au",
    medium: "organic",
    campaign: "(not set)",
    referrer: "https://www.google.com.au/search",
    landingPage: "/about",
  });
  expect(JSON.stringify(search)).not.toContain("business+coaching");
  expect(await landingTouch("", "https://duckduckgo.com/")).toMatchObject({ source: "duckduckgo.com", medium: "organic" });
  expect(await landingTouch("", "https://l.facebook.com/l.php?u=x")).toMatchObject({
    source: "l.facebook.com",
    medium: "social",
    referrer: "https://l.facebook.com/l.php",
  });
  expect(await landingTouch("", "https://t.co/abc")).toMatchObject({ source: "t.co", medium: "social" });
  expect(await landingTouch("", "https://www.linkedin.com/feed/")).toMatchObject({ source: "linkedin.com", medium: "social" });
  expect(await landingTouch("", "https://blog.example.org/posts/coaching?ref=1")).toMatchObject({
    source: "blog.example.org",
    medium: "referral",
    referrer: "https://blog.example.org/posts/coaching",
  });
  // With campaign parameters the referrer is kept on the touch, and the utm values name it.
  expect(await landingTouch("utm_source=mail", "https://mail.example.net/inbox")).toMatchObject({
    source: "mail",
    medium: "(not set)",
    referrer: "https://mail.example.net/inbox",
  });
});

test("a direct visit, this site as referrer, and a return from Stripe start no session", async () => {
  const before = await sessionCount();
  const cases: [string, Visit][] = [
    ["direct", {}],
    ["same host", { referrer: "http://localhost/services" }],
    ["same host with www", { host: "clarity.test", referrer: "https://www.clarity.test/blog" }],
    ["the site's public URL", { host: "clarity.test", referrer: `${env.PUBLIC_SITE_URL}/about` }],
    ["Stripe checkout", { referrer: "https://checkout.stripe.com/c/pay/cs_test_123" }],
    ["Stripe billing portal", { referrer: "https://billing.stripe.com/p/session/abc" }],
    ["not a web page", { referrer: "android-app://com.google.android.gm/" }],
    ["unreadable", { referrer: "::not a url::" }],
    ["other tracking parameters only", {}],
  ];
  for (const [name, visit] of cases) {
    const path = name === "other tracking parameters only" ? "/about?msclkid=1&_ga=2&visit=x" : "/about";
    const response = await navigate(path, visit);
    expect(response.status, name).toBe(200);
    expect(response.headers.get("Set-Cookie"), name).toBeNull();
    await response.arrayBuffer();
  }
  expect(await sessionCount()).toBe(before);
});

test("only page loads are captured: not HEAD, data requests, APIs, files, or other fetches", async () => {
  const before = await sessionCount();
  const query = "utm_source=skipped&utm_medium=test";
  const cases: [string, Promise<Response>][] = [
    ["HEAD", navigate(`/about?${query}`, { method: "HEAD" })],
    ["single-fetch data", navigate(`/about.data?${query}`, { headers: { "Sec-Fetch-Dest": "empty", Accept: "*/*" } })],
    ["data without Fetch Metadata", navigate(`/about.data?${query}`, { headers: { "Sec-Fetch-Dest": "" } })],
    ["an image", navigate(`/favicon.ico?${query}`, { headers: { "Sec-Fetch-Dest": "image" } })],
    ["a fetch", navigate(`/about?${query}`, { headers: { "Sec-Fetch-Dest": "empty" } })],
    ["auth API", navigate(`/auth/v1/settings?${query}`)],
    ["data API", navigate(`/rest/v1/nothing?${query}`)],
  ];
  for (const [name, pending] of cases) {
    const response = await pending;
    expect(response.headers.get("Set-Cookie"), name).toBeNull();
    await response.arrayBuffer();
  }
  expect(await sessionCount()).toBe(before);
  // A client without Fetch Metadata that asks for HTML is a page load.
  const noMetadata = await fetchApp("/about?utm_source=plain", { headers: { "User-Agent": BROWSER, Accept: "text/html" }, app });
  expect(noMetadata.headers.get("Set-Cookie")).toMatch(/^__Host-attribution=/);
});

test("the session cookie is first-party, HttpOnly, Secure, Lax and ends with the browser session; its answer is private", async () => {
  const response = await navigate("/services?utm_source=cookie-test");
  const setCookie = response.headers.get("Set-Cookie")!;
  expect(setCookie).toMatch(/^__Host-attribution=[^;\s]+; /);
  const attributes = setCookie
    .split(";")
    .slice(1)
    .map((part) => part.trim().toLowerCase());
  expect(attributes).toEqual(expect.arrayContaining(["path=/", "secure", "httponly", "samesite=lax"]));
  expect(attributes.some((attribute) => attribute.startsWith("max-age") || attribute.startsWith("expires") || attribute.startsWith("domain"))).toBe(false);
  expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  expect(readAttributionCookie(new Request("http://localhost/", { headers: { Cookie: cookieFrom(response) } }))).toMatchObject({
    source: "cookie-test",
    medium: "(not set)",
    campaign: "(not set)",
  });
  // The KV record lives 30 days (the cookie itself only for the browser session), in its batch.
  const listed = await env.ATTRIBUTION.list({ prefix: `landings:${sessionIdOf(cookieFrom(response)).slice(0, 13)}` });
  expect(listed.keys).toHaveLength(1);
  const expiration = listed.keys[0]?.expiration ?? 0;
  expect(expiration * 1000 - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);
  expect(expiration * 1000 - Date.now()).toBeLessThanOrEqual(30 * 24 * 3600 * 1000 + 60_000);
});

test("a later landing with new parameters adds a touch: the first stays, the last changes", async () => {
  const first = await navigate("/about?utm_source=google&utm_medium=cpc&utm_campaign=brand");
  const firstCookie = cookieFrom(first);
  const sessionId = sessionIdOf(firstCookie);

  const second = await navigate("/services?utm_source=newsletter&utm_medium=email&utm_campaign=november", { cookie: firstCookie });
  const secondCookie = cookieFrom(second);
  expect(sessionIdOf(secondCookie)).toBe(sessionId);
  let record = await storedRecord(secondCookie);
  expect(record).toMatchObject({
    v: 1,
    sessionId,
    touches: 2,
    gpc: false,
    first: { source: "google", medium: "cpc", campaign: "brand", landingPage: "/about" },
    last: { source: "newsletter", medium: "email", campaign: "november", landingPage: "/services" },
  });

  // The same parameters again change nothing and write nothing: with the record removed, it stays removed.
  const repeat = await navigate("/blog?utm_campaign=november&utm_medium=email&utm_source=newsletter", { cookie: secondCookie });
  expect(repeat.headers.get("Set-Cookie")).toBeNull();
  expect((await storedRecord(secondCookie))?.touches).toBe(2);
  await deleteAttributionSessions(contextOf(new Request("http://localhost/")), [sessionId]);
  const again = await navigate("/about?utm_source=newsletter&utm_medium=email&utm_campaign=november", { cookie: secondCookie });
  expect(again.headers.get("Set-Cookie")).toBeNull();
  expect(await storedRecord(secondCookie)).toBeNull();

  // A referrer without campaign parameters is no new touch.
  const fromSearch = await navigate("/about", { cookie: secondCookie, referrer: "https://www.bing.com/search?q=x" });
  expect(fromSearch.headers.get("Set-Cookie")).toBeNull();
  expect(await storedRecord(secondCookie)).toBeNull();

  // A third touch while KV has lost the record: rebuilt from what the cookie knows.
  const third = await navigate("/about?gclid=third-click", { cookie: secondCookie });
  record = await storedRecord(cookieFrom(third));
  expect(record).toMatchObject({
    touches: 2,
    first: { source: "newsletter", medium: "email", campaign: "november" },
    last: { source: "google", medium: "cpc", gclid: "third-click" },
  });
});

test("new sessions within one window are written together as one batch, and one can be deleted from it", async () => {
  // An isolate of its own that waits half a second before writing, as a busy one would gather landings.
  const batching = createIsolateState({ flushDelayMs: 500 });
  const worker = createWorker({ isolate: batching });
  const responses = await Promise.all(["a", "b", "c"].map((name) => navigate(`/about?utm_source=batch-${name}&utm_campaign=batch-test`, { worker })));
  const ids = responses.map((response) => sessionIdOf(cookieFrom(response)));
  expect(new Set(ids).size).toBe(3);
  const batchId = ids[0]!.slice(0, 13);
  expect(ids.every((id) => id.startsWith(batchId))).toBe(true);
  for (const id of ids) expect(await env.ATTRIBUTION.get(`session:${id}`)).toBeNull();
  const batch = await env.ATTRIBUTION.get<Record<string, AttributionRecord>>(`landings:${batchId}`, "json");
  expect(Object.keys(batch ?? {}).sort()).toEqual([...ids].sort());
  expect(batch?.[ids[1]!]).toMatchObject({ sessionId: ids[1], touches: 1, first: { source: "batch-b", campaign: "batch-test" } });

  // Deleting one session rewrites the batch without it, with the same expiry; the others stay.
  const [before] = (await env.ATTRIBUTION.list({ prefix: `landings:${batchId}` })).keys;
  const batchingContext = contextOf(new Request("http://localhost/"), batching);
  await deleteAttributionSessions(batchingContext, [ids[1]!]);
  expect(await readSessionRecord(env.ATTRIBUTION, batching.landings, ids[1]!)).toBeNull();
  expect(await readSessionRecord(env.ATTRIBUTION, batching.landings, ids[0]!)).toMatchObject({ first: { source: "batch-a" } });
  expect(await readSessionRecord(env.ATTRIBUTION, batching.landings, ids[2]!)).toMatchObject({ first: { source: "batch-c" } });
  const [after] = (await env.ATTRIBUTION.list({ prefix: `landings:${batchId}` })).keys;
  expect(after?.expiration).toBe(before?.expiration);

  // The last ones gone, the batch is gone.
  await deleteAttributionSessions(batchingContext, [ids[0]!, ids[2]!]);
  expect(await env.ATTRIBUTION.get(`landings:${batchId}`)).toBeNull();
});

test("getAttribution reads the session by its cookie, falls back to the cookie's touch, and is null when direct", async () => {
  const landing = await navigate("/about?utm_source=partner&utm_medium=referral&utm_campaign=q4");
  const cookie = cookieFrom(landing);
  const request = new Request("http://localhost/contact", { headers: { Cookie: `_ga=1; ${cookie}` } });
  const context = contextOf(request);
  const record = await getAttribution(context, request);
  expect(record).toMatchObject({ sessionId: sessionIdOf(cookie), touches: 1, first: { source: "partner", landingPage: "/about" }, gpc: false });

  await deleteAttributionSessions(context, [sessionIdOf(cookie)]);
  expect(await readSessionRecord(env.ATTRIBUTION, isolate.landings, sessionIdOf(cookie))).toBeNull();
  expect(await getAttribution(context, request)).toMatchObject({ first: { source: "partner", medium: "referral", campaign: "q4" }, touches: 1 });

  const direct = new Request("http://localhost/contact");
  expect(await getAttribution(contextOf(direct), direct)).toBeNull();
  const forged = new Request("http://localhost/contact", { headers: { Cookie: `${ATTRIBUTION_COOKIE}=1|../../x|zzzz|0|a|b|c` } });
  expect(await getAttribution(contextOf(forged), forged)).toBeNull();
});

test("Global Privacy Control is recorded on the session, and a later request sending it counts too", async () => {
  const withGpc = await navigate("/about?utm_source=gpc-test", { headers: { "Sec-GPC": "1" } });
  expect((await storedRecord(cookieFrom(withGpc)))?.gpc).toBe(true);

  const without = await navigate("/about?utm_source=no-gpc-test");
  const cookie = cookieFrom(without);
  expect((await storedRecord(cookie))?.gpc).toBe(false);
  const request = new Request("http://localhost/contact", { headers: { Cookie: cookie, "Sec-GPC": "1" } });
  const record = await getAttribution(contextOf(request), request);
  expect(record?.gpc).toBe(true);
  expect(record?.first.source).toBe("no-gpc-test");
});

test("bots and requests without a User-Agent are ignored", async () => {
  const before = await sessionCount();
  for (const userAgent of ["Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "curl/8.5.0", "python-requests/2.32", ""]) {
    const response = await navigate("/about?utm_source=bot-test&gclid=x", { headers: { "User-Agent": userAgent } });
    expect(response.status, userAgent).toBe(200);
    expect(response.headers.get("Set-Cookie"), userAgent).toBeNull();
    await response.arrayBuffer();
  }
  expect(await sessionCount()).toBe(before);
});

test("the attribution cookie does not keep a visitor from the edge cache, and no stored page carries it", async () => {
  const path = `/about?visit=${unique()}`;
  const landing = await navigate(`${path}&utm_source=edge-test&utm_campaign=cache`);
  expect(landing.headers.get(EDGE_CACHE_HEADER)).toBe("MISS");
  const cookie = cookieFrom(landing);
  expect(landing.headers.get("Cache-Control")).toBe("private, no-store");
  await landing.arrayBuffer();

  const returning = await navigate(path, { cookie });
  expect(returning.headers.get(EDGE_CACHE_HEADER)).toBe("HIT");
  expect(returning.headers.get("Set-Cookie")).toBeNull();
  expect(returning.headers.get("Cache-Control")).toBeNull();

  // The page stored by the landing is served to someone else without anybody's cookie.
  const stranger = await fetchApp(path, { app });
  expect(stranger.headers.get(EDGE_CACHE_HEADER)).toBe("HIT");
  expect(stranger.headers.get("Set-Cookie")).toBeNull();

  // Another visitor landing from a campaign is served the cached page, with only their own cookie.
  const other = await navigate(`${path}&utm_source=edge-test-2`);
  expect(other.headers.get(EDGE_CACHE_HEADER)).toBe("HIT");
  expect(other.headers.get("Set-Cookie")).not.toBe(landing.headers.get("Set-Cookie"));
  expect(sessionIdOf(cookieFrom(other))).not.toBe(sessionIdOf(cookie));

  // Another cookie still makes the request skip the cache.
  const withToast = await navigate(path, { cookie: `${cookie}; __Host-toast=x` });
  expect(withToast.headers.get(EDGE_CACHE_HEADER)).toBe("BYPASS");
});

// Page views -----------------------------------------------------------------------------------------

async function views(path: string, touch: { source: string; medium: string; campaign: string }): Promise<number> {
  const row = await env.DB.prepare("SELECT views FROM page_view_counts WHERE day = ? AND path = ? AND source = ? AND medium = ? AND campaign = ?")
    .bind(sydneyDay(new Date()), path, touch.source, touch.medium, touch.campaign)
    .first<{ views: number }>();
  return row?.views ?? 0;
}

test("page views are counted per day, path and last-touch source, and a later touch counts under the new source", async () => {
  const campaign = `pv-${unique()}`;
  const first = { source: "pv-news", medium: "email", campaign };
  const landing = await navigate(`/about?utm_source=pv-news&utm_medium=email&utm_campaign=${campaign}`);
  await landing.arrayBuffer();
  const cookie = cookieFrom(landing);
  expect(await views("/about", first)).toBe(1);

  for (const path of ["/services", "/services", "/services/", "/about"]) await (await navigate(path, { cookie })).arrayBuffer();
  expect(await views("/services", first)).toBe(3);
  expect(await views("/about", first)).toBe(2);

  const later = await navigate(`/about?utm_source=pv-ads&utm_medium=cpc&utm_campaign=${campaign}`, { cookie });
  await later.arrayBuffer();
  expect(await views("/about", { source: "pv-ads", medium: "cpc", campaign })).toBe(1);
  expect(await views("/about", first)).toBe(2);
});

test("a visitor without the cookie counts as direct", async () => {
  const before = await views("/terms", { source: "(direct)", medium: "(none)", campaign: "(not set)" });
  await (await navigate("/terms")).arrayBuffer();
  await (await navigate("/terms", { referrer: "http://localhost/about" })).arrayBuffer();
  expect(await views("/terms", { source: "(direct)", medium: "(none)", campaign: "(not set)" })).toBe(before + 2);
});

test("prefetches, data requests, HEAD, bots, errors and private areas are not page views", async () => {
  const campaign = `pv-${unique()}`;
  const touch = { source: "pv-skip", medium: "email", campaign };
  const landing = await navigate(`/about?utm_source=pv-skip&utm_medium=email&utm_campaign=${campaign}`);
  await landing.arrayBuffer();
  const cookie = cookieFrom(landing);
  expect(await views("/about", touch)).toBe(1);

  const skipped: [string, string, Visit][] = [
    ["Chromium prefetch", "/services", { cookie, headers: { "Sec-Purpose": "prefetch" } }],
    ["prerender", "/services", { cookie, headers: { "Sec-Purpose": "prefetch;prerender" } }],
    ["older prefetch header", "/services", { cookie, headers: { Purpose: "prefetch" } }],
    ["Firefox prefetch", "/services", { cookie, headers: { "X-Moz": "prefetch" } }],
    ["single-fetch navigation", "/services.data", { cookie, headers: { "Sec-Fetch-Dest": "empty", Accept: "*/*" } }],
    ["single-fetch prefetch", "/services.data", { cookie, headers: { "Sec-Fetch-Dest": "empty", Accept: "*/*", "Sec-Purpose": "prefetch" } }],
    ["HEAD", "/services", { cookie, method: "HEAD" }],
    ["bot", "/services", { cookie, headers: { "User-Agent": "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)" } }],
    ["not found", "/no-such-page", { cookie }],
    ["private area", "/profile", { cookie }],
    ["admin", "/admin", { cookie }],
  ];
  for (const [name, path, visit] of skipped) {
    const response = await navigate(path, visit);
    await response.arrayBuffer();
    expect(await views(path.replace(/\.data$/, ""), touch), name).toBe(0);
  }
  expect(await views("/about", touch)).toBe(1);
});

test("a form sent right after landing, before the landing's batch is written, carries the whole landing: the pages read the isolate's unwritten batch", async () => {
  // An isolate that has not written its batch yet (as a busy one, within its second): the landing's
  // request is answered, and its background write is still waiting. Page views are written at once.
  const unwritten: IsolateState = { pageViews: createPageViewCounter({ flushDelayMs: 0 }), landings: createLandingBatches({ flushDelayMs: 60_000 }) };
  const worker = createWorker({ isolate: unwritten });
  const campaign = `right-away-${unique()}`;
  const landingWork = createExecutionContext();
  const landing = await worker.fetch(
    new Request(`http://localhost/about?utm_source=partner&utm_medium=referral&utm_campaign=${campaign}&gclid=click-${campaign}`, {
      headers: { "User-Agent": BROWSER, Accept: "text/html", "Sec-Fetch-Dest": "document", "Sec-Fetch-Mode": "navigate" },
      redirect: "manual",
    }) as Request<unknown, IncomingRequestCfProperties>,
    env,
    landingWork,
  );
  const cookie = cookieFrom(landing);
  await landing.arrayBuffer();
  expect(await env.ATTRIBUTION.get(`landings:${sessionIdOf(cookie).slice(0, 13)}`)).toBeNull();

  const fields = { name: `Right Away ${unique()}`, email: `right-away-${unique()}@example.com.au`, company: "Harbour Plumbing Pty Ltd", phone: "0412 345 678" };
  const sent = await fetchApp("/contact", {
    form: { ...fields, businessType: "Trades and construction", message: "We would like to grow." },
    cookie,
    app: worker,
  });
  expect(sent.status).toBe(302);
  const row = await env.DB.prepare("SELECT attribution FROM conversions WHERE attribution_session = ? AND type = 'CONTACT_FORM'")
    .bind(sessionIdOf(cookie))
    .first<{ attribution: string }>();
  // The landing page and the click id are only in the session's record (the cookie has neither).
  expect(JSON.parse(row!.attribution)).toMatchObject({ first: { source: "partner", landingPage: "/about", gclid: `click-${campaign}` } });
  // Written now rather than in a minute, so the landing's background work ends with the test.
  unwritten.landings.unwritten(sessionIdOf(cookie).slice(0, 13))?.writeNow();
  await waitOnExecutionContext(landingWork);
  expect(await env.ATTRIBUTION.get(`landings:${sessionIdOf(cookie).slice(0, 13)}`)).not.toBeNull();
});

test("a new session's batch expires 30 days after the context's clock, which a test fixes without setters", async () => {
  // Ten days ahead of the machine's time: the expiry must come from the clock, not from the system time.
  const at = new Date(Math.ceil(Date.now() / 1000) * 1000 + 10 * 86_400_000);
  const state = createIsolateState({ flushDelayMs: 0 });
  const executionContext = createExecutionContext();
  const request = new Request(`http://localhost/about?utm_source=clock-${unique()}&utm_campaign=expiry`, {
    headers: { "User-Agent": BROWSER, Accept: "text/html", "Sec-Fetch-Dest": "document" },
  });
  const context = createAppContext(env, { request, executionContext, isolate: state, clock: fixedClock(at) });
  const capture = captureAttribution(request, context);
  await waitOnExecutionContext(executionContext);

  const sessionId = sessionIdOf(capture.setCookie!.split(";")[0]!);
  const { metadata } = await env.ATTRIBUTION.getWithMetadata<{ expiresAt: number }>(`landings:${sessionId.slice(0, 13)}`);
  expect(metadata?.expiresAt).toBe(at.getTime() / 1000 + ATTRIBUTION_TTL_SECONDS);
});
