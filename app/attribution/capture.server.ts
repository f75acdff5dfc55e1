import { isbot } from "isbot";
import type { AppContext } from "~/context.server";
import { ATTRIBUTION_TTL_SECONDS, BATCH_ID_CHARS, LANDINGS_KEY_PREFIX, MAX_BATCH, type LandingBatches } from "./landings.server";
import { DIRECT, type AttributionRecord, type Touch } from "./types";

// First-party attribution (decision record 006): where a browser session came from, read in the
// Worker entry from the visitor's own request, before the edge cache (which renders and keys pages
// without the tracking parameters). A landing with campaign parameters, a click id or an outside
// referrer starts a session, and the visitor gets a session cookie naming the session and its last
// touch. Ordinary requests read only that cookie: no KV, no cost beyond a few string checks.
//
// KV (ATTRIBUTION), all with a 30-day expiry:
// - `landings:<batch id>`: the records of new sessions. Each isolate collects the sessions that start
//   within about a second (at most MAX_BATCH) and writes them with one put, in the background: one
//   write a second per isolate, not one per landing. A session id is its batch id (13 characters,
//   "xxxxxxxx-xxxx") followed by the rest of a fresh UUID, so it is still a UUID and names its batch.
// - `session:<id>`: a session's record once a later touch changed it (rare: new campaign parameters
//   in the same browser session). Read before the batch.

export const ATTRIBUTION_COOKIE = "__Host-attribution";
const SESSION_KEY_PREFIX = "session:";
/** KV refuses an expiry less than a minute away. */
const MIN_KV_EXPIRY_SECONDS = 60;

/** The query parameters that make a landing a touch (other tracking parameters only leave the cache key). */
export const CAMPAIGN_PARAMS = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content", "gclid", "fbclid"] as const;
type CampaignParam = (typeof CAMPAIGN_PARAMS)[number];
type CampaignValues = Partial<Record<CampaignParam, string>>;

/** What a touch says for a value it does not have (GA's convention). */
const NOT_SET = "(not set)";
const MAX_UTM_CHARS = 100;
const MAX_CLICK_ID_CHARS = 255;
const MAX_REFERRER_CHARS = 300;
const MAX_LANDING_PAGE_CHARS = 300;

/** Answered before the pages (workers/app.ts); never a page view. */
const API_PREFIXES = ["/auth/v1", "/rest/v1", "/functions/v1"];
/** Coming back from paying or signing in is not an arrival from somewhere. */
const IGNORED_REFERRER_HOSTS = new Set(["checkout.stripe.com", "billing.stripe.com", "accounts.google.com", "appleid.apple.com"]);
const SEARCH_ENGINE_HOST = /(^|\.)(google|bing|duckduckgo|yahoo|ecosia)\./;
const SOCIAL_HOST = /(^|\.)(facebook|instagram|linkedin|twitter|youtube|reddit)\.[a-z.]+$|^(t\.co|x\.com|lnkd\.in|youtu\.be)$|\.x\.com$/;
// C0 and C1 controls, zero-width and bidirectional formatting characters, and the byte-order mark.
const CONTROL_CHARACTERS = /[\p{Cc}\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/gu;
const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Source, medium and campaign of a visitor's last touch: what page views are counted under. */
export type Visit = { source: string; medium: string; campaign: string };

export type AttributionCookie = Visit & {
  sessionId: string;
  /** Short fingerprint of the last touch's parameters: a repeat landing is recognised without KV. */
  key: string;
  /** The last touch's time, whole seconds. */
  at: Date;
};

export type AttributionCapture = {
  /** The Set-Cookie header value for this visitor's answer, or null. */
  setCookie: string | null;
  /**
   * For a document navigation by a person (not a bot): the last touch after this request, or DIRECT
   * without one. Null for everything else (data requests, assets, HEAD, bots): no page view to count.
   */
  visit: Visit | null;
};

const NOTHING: AttributionCapture = { setCookie: null, visit: null };

/** This request's attribution, once captureAttribution has seen it (read back by getAttribution). */
// Keyed by the request's context, so it lives and dies with that one request: no request sees another's.
const capturedRecords = new WeakMap<AppContext, Promise<AttributionRecord>>();

/**
 * Reads where this visitor came from, before the edge cache. Writes KV in waitUntil only for a new
 * session or a new touch; the returned cookie goes on this visitor's answer after the cache. `url`
 * is the request's URL, when the caller has already parsed it.
 */
export function captureAttribution(request: Request, context: AppContext, url = new URL(request.url)): AttributionCapture {
  if (!isDocumentNavigation(request, url) || isBot(request)) return NOTHING;
  const cookie = readAttributionCookie(request);
  const params = campaignParams(url);
  // Only a new session takes its touch from a referrer alone: moving between pages of this site,
  // or coming back from a search, never changes a session's touch without campaign parameters.
  const referrer = params || !cookie ? externalReferrer(request, url, context.siteOrigin) : null;
  if (!params && (cookie || !referrer)) return { setCookie: null, visit: cookie ? visitOf(cookie) : { ...DIRECT } };

  const now = context.services.clock.now();
  const touch = touchFrom(params ?? {}, referrer, url, now);
  const key = touchKey(touch);
  if (cookie && cookie.key === key) return { setCookie: null, visit: visitOf(cookie) };

  const gpc = sendsGpc(request);
  const kv = context.cloudflare.env.ATTRIBUTION;
  let sessionId: string;
  if (cookie) {
    sessionId = cookie.sessionId;
    const record = addTouch(kv, context.isolate.landings, cookie, touch, gpc);
    context.cloudflare.ctx.waitUntil(record);
    capturedRecords.set(context, record);
  } else {
    const batch = context.isolate.landings.join(kv, now);
    sessionId = `${batch.id}${crypto.randomUUID().slice(BATCH_ID_CHARS)}`;
    const fresh: AttributionRecord = { v: 1, sessionId, first: touch, last: touch, touches: 1, gpc };
    batch.records.set(sessionId, fresh);
    if (batch.records.size >= MAX_BATCH) batch.writeNow();
    // Every landing's request waits for its batch's write, not only the one that opened it.
    context.cloudflare.ctx.waitUntil(batch.written);
    capturedRecords.set(context, Promise.resolve(fresh));
  }
  return { setCookie: serializeCookie({ sessionId, key, at: now, ...visitOf(touch) }), visit: visitOf(touch) };
}

/** The attribution cookie, when present and well-formed; anything else is treated as no cookie. */
export function readAttributionCookie(request: Request): AttributionCookie | null {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  const start = cookieValueStart(header);
  if (start < 0) return null;
  const end = header.indexOf(";", start);
  const parts = header
    .slice(start, end < 0 ? undefined : end)
    .trim()
    .split("|");
  if (parts.length !== 7 || parts[0] !== "1") return null;
  const [, sessionId, key, at, source, medium, campaign] = parts as [string, string, string, string, string, string, string];
  if (!SESSION_ID.test(sessionId) || !/^[0-9a-f]{8}$/.test(key) || !/^[0-9a-z]{1,9}$/.test(at)) return null;
  const decoded = [source, medium, campaign].map((part) => {
    try {
      return cleanText(decodeURIComponent(part), MAX_UTM_CHARS);
    } catch {
      return undefined;
    }
  });
  if (!decoded[0] || !decoded[1] || !decoded[2]) return null;
  return { sessionId, key, at: new Date(parseInt(at, 36) * 1000), source: decoded[0], medium: decoded[1], campaign: decoded[2] };
}

/**
 * This browser session's attribution: the KV record named by the cookie (or, while KV has nothing
 * yet, one built from the cookie's last touch); null for a direct visitor. `gpc` is true when the
 * record or this request says so.
 */
export async function getAttribution(context: AppContext, request: Request): Promise<AttributionRecord | null> {
  const captured = capturedRecords.get(context);
  if (captured) return withGpc(await captured, request);
  const cookie = readAttributionCookie(request);
  if (!cookie) return null;
  const stored = await readSessionRecord(context.cloudflare.env.ATTRIBUTION, context.isolate.landings, cookie.sessionId);
  let record: AttributionRecord;
  if (!stored) {
    const touch = touchFromCookie(cookie);
    record = { v: 1, sessionId: cookie.sessionId, first: touch, last: touch, touches: 1, gpc: false };
  } else if (!sameTouch(stored.last, cookie)) {
    // The cookie has a newer touch than KV shows yet (its write is still spreading, or was lost).
    record = { ...stored, last: touchFromCookie(cookie), touches: stored.touches + 1 };
  } else {
    record = stored;
  }
  return withGpc(record, request);
}

/** Global Privacy Control: nothing about this visitor goes to third parties. */
export function sendsGpc(request: Request): boolean {
  return request.headers.get("Sec-GPC")?.trim() === "1";
}

/** Crawlers, scripts and anything without a User-Agent: no attribution and no page view. */
export function isBot(request: Request): boolean {
  const userAgent = request.headers.get("User-Agent")?.trim();
  return !userAgent || isbot(userAgent);
}

/**
 * Removes session records (e.g. with an account); malformed ids are skipped. Each session's own
 * `session:` entry is deleted, and it is taken out of its `landings:` batch, which is rewritten with
 * its original expiry (or deleted when nothing is left). Two deletions rewriting the same batch at
 * once can put back a record the other removed; it still expires with its batch.
 */
export async function deleteAttributionSessions(context: Pick<AppContext, "cloudflare" | "isolate" | "services">, sessionIds: string[]): Promise<void> {
  const kv = context.cloudflare.env.ATTRIBUTION;
  const ids = [...new Set(sessionIds)].filter((id) => SESSION_ID.test(id));
  const nowSeconds = context.services.clock.now().getTime() / 1000;
  const byBatch = new Map<string, string[]>();
  for (const id of ids) {
    const batchId = id.slice(0, BATCH_ID_CHARS);
    byBatch.set(batchId, [...(byBatch.get(batchId) ?? []), id]);
    // Not yet written by this isolate: it never will be.
    context.isolate.landings.unwritten(batchId)?.records.delete(id);
  }
  await Promise.all([
    ...ids.map((id) => kv.delete(`${SESSION_KEY_PREFIX}${id}`)),
    ...[...byBatch].map(async ([batchId, batchIds]) => {
      const key = `${LANDINGS_KEY_PREFIX}${batchId}`;
      const { value, metadata } = await kv.getWithMetadata<Record<string, AttributionRecord>, { expiresAt?: number }>(key, "json");
      if (!value || typeof value !== "object" || !batchIds.some((id) => Object.hasOwn(value, id))) return;
      for (const id of batchIds) delete value[id];
      const expiresAt = metadata?.expiresAt;
      const remaining = Object.keys(value).length;
      // Nothing left, or the rest expires within the minute anyway (KV takes no nearer expiry).
      if (remaining === 0 || typeof expiresAt !== "number" || expiresAt - nowSeconds < MIN_KV_EXPIRY_SECONDS) await kv.delete(key);
      else await kv.put(key, JSON.stringify(value), { expiration: expiresAt, metadata: { expiresAt } });
    }),
  ]);
}

/**
 * A browser loading a page as a document: a GET of a path that could be a page (not an API, not a
 * single-fetch `.data` request, not a file), for a document (Sec-Fetch-Dest) or, from a client that
 * does not send Fetch Metadata, accepting HTML.
 */
export function isDocumentNavigation(request: Request, url: URL): boolean {
  if (request.method !== "GET") return false;
  const { pathname } = url;
  if (API_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`))) return false;
  if (/\.[a-z0-9]{1,10}$/i.test(pathname) || url.searchParams.has("_data")) return false;
  const destination = request.headers.get("Sec-Fetch-Dest");
  if (destination !== null) return destination === "document";
  return (request.headers.get("Accept") ?? "").includes("text/html");
}

// ---------------------------------------------------------------------------------------------------

function visitOf(touch: Visit): Visit {
  return { source: touch.source, medium: touch.medium, campaign: touch.campaign };
}

function withGpc(record: AttributionRecord, request: Request): AttributionRecord {
  return record.gpc || !sendsGpc(request) ? record : { ...record, gpc: true };
}

/** Trimmed, without control or formatting characters, at most `max` characters; undefined when empty. */
function cleanText(value: string | null, max: number): string | undefined {
  if (value === null) return undefined;
  const cleaned = value
    .replace(CONTROL_CHARACTERS, "")
    .trim()
    .slice(0, max)
    .replace(/[\ud800-\udbff]$/, "")
    .trim();
  return cleaned || undefined;
}

function campaignParams(url: URL): CampaignValues | null {
  if (!url.search) return null;
  let values: CampaignValues | null = null;
  for (const name of CAMPAIGN_PARAMS) {
    const isClickId = name === "gclid" || name === "fbclid";
    const cleaned = cleanText(url.searchParams.get(name), isClickId ? MAX_CLICK_ID_CHARS : MAX_UTM_CHARS);
    if (cleaned) (values ??= {})[name] = name === "utm_source" || name === "utm_medium" ? cleaned.toLowerCase() : cleaned;
  }
  return values;
}

type ExternalReferrer = { host: string; referrer: string };

/** The Referer when it is another site's web page (not this site, not a payment or sign-in provider). */
function externalReferrer(request: Request, url: URL, siteOrigin: string): ExternalReferrer | null {
  const header = request.headers.get("Referer");
  if (!header) return null;
  let referrer: URL;
  try {
    referrer = new URL(header);
  } catch {
    return null;
  }
  if (referrer.protocol !== "https:" && referrer.protocol !== "http:") return null;
  const host = withoutWww(referrer.hostname);
  if (!host || host === withoutWww(url.hostname) || host === withoutWww(new URL(siteOrigin).hostname)) return null;
  if (IGNORED_REFERRER_HOSTS.has(referrer.hostname.toLowerCase())) return null;
  return { host, referrer: `${referrer.origin}${referrer.pathname}`.slice(0, MAX_REFERRER_CHARS) };
}

function withoutWww(hostname: string): string {
  return hostname
    .toLowerCase()
    .replace(/\.$/, "")
    .replace(/^www\./, "");
}

function referrerMedium(host: string): string {
  if (SEARCH_ENGINE_HOST.test(host)) return "organic";
  if (SOCIAL_HOST.test(host)) return "social";
  return "referral";
}

/**
 * Source and medium: the utm values when either is given ("(not set)" for the other); else a Google
 * click id is google / cpc and a Meta click id facebook / social (Meta adds fbclid to every outbound
 * link, organic posts included; its paid campaigns carry utm values); else the referrer's host,
 * as organic (search engines), social (known networks) or referral; else "(not set)".
 */
function touchFrom(params: CampaignValues, referrer: ExternalReferrer | null, url: URL, now: Date): Touch {
  let source: string;
  let medium: string;
  if (params.utm_source || params.utm_medium) {
    source = params.utm_source ?? NOT_SET;
    medium = params.utm_medium ?? NOT_SET;
  } else if (params.gclid) {
    [source, medium] = ["google", "cpc"];
  } else if (params.fbclid) {
    [source, medium] = ["facebook", "social"];
  } else if (referrer) {
    [source, medium] = [referrer.host.slice(0, MAX_UTM_CHARS), referrerMedium(referrer.host)];
  } else {
    [source, medium] = [NOT_SET, NOT_SET];
  }
  const touch: Touch = {
    source,
    medium,
    campaign: params.utm_campaign ?? NOT_SET,
    landingPage: url.pathname.slice(0, MAX_LANDING_PAGE_CHARS),
    at: now.toISOString(),
  };
  if (params.utm_term) touch.term = params.utm_term;
  if (params.utm_content) touch.content = params.utm_content;
  if (params.gclid) touch.gclid = params.gclid;
  if (params.fbclid) touch.fbclid = params.fbclid;
  if (referrer) touch.referrer = referrer.referrer;
  return touch;
}

/** FNV-1a (32 bits) of what makes a touch a touch: same parameters, same key. */
function touchKey(touch: Touch): string {
  const text = [touch.source, touch.medium, touch.campaign, touch.term, touch.content, touch.gclid, touch.fbclid].map((part) => part ?? "").join("\u0000");
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, "0");
}

function serializeCookie(cookie: AttributionCookie): string {
  const value = ["1", cookie.sessionId, cookie.key, Math.floor(cookie.at.getTime() / 1000).toString(36), cookie.source, cookie.medium, cookie.campaign]
    .map((part, i) => (i < 4 ? part : encodeURIComponent(part)))
    .join("|");
  // A session cookie (no Max-Age or Expires): the session's record in KV outlives it by design.
  return `${ATTRIBUTION_COOKIE}=${value}; Path=/; Secure; HttpOnly; SameSite=Lax`;
}

/** Where the cookie's value starts in a Cookie header, or -1. */
function cookieValueStart(header: string): number {
  const name = `${ATTRIBUTION_COOKIE}=`;
  for (let at = header.indexOf(name); at >= 0; at = header.indexOf(name, at + 1)) {
    const before = header.slice(0, at).trimEnd();
    if (before === "" || before.endsWith(";")) return at + name.length;
  }
  return -1;
}

function touchFromCookie(cookie: AttributionCookie): Touch {
  return { ...visitOf(cookie), landingPage: NOT_SET, at: cookie.at.toISOString() };
}

function sameTouch(touch: Touch, cookie: AttributionCookie): boolean {
  return (
    touch.source === cookie.source &&
    touch.medium === cookie.medium &&
    touch.campaign === cookie.campaign &&
    Math.floor(Date.parse(touch.at) / 1000) === Math.floor(cookie.at.getTime() / 1000)
  );
}

/**
 * A session's stored record: this isolate's unwritten batch (a conversion right after landing), else
 * `session:<id>` (written by a later touch), else the session's `landings:` batch; null when none.
 */
export async function readSessionRecord(kv: KVNamespace, landings: LandingBatches, sessionId: string): Promise<AttributionRecord | null> {
  const batchId = sessionId.slice(0, BATCH_ID_CHARS);
  const buffered = landings.unwritten(batchId)?.records.get(sessionId);
  if (buffered) return buffered;
  try {
    // Both at once: most sessions have only their batch, so reading one after the other would wait twice.
    const [own, batch] = await Promise.all([
      kv.get<unknown>(`${SESSION_KEY_PREFIX}${sessionId}`, "json"),
      kv.get<unknown>(`${LANDINGS_KEY_PREFIX}${batchId}`, "json"),
    ]);
    if (own !== null) return validRecord(own, sessionId);
    return batch !== null && typeof batch === "object" && Object.hasOwn(batch, sessionId)
      ? validRecord((batch as Record<string, unknown>)[sessionId], sessionId)
      : null;
  } catch (error) {
    console.warn("attribution: could not read a session record", error instanceof Error ? error.name : "unknown error");
    return null;
  }
}

function validRecord(stored: unknown, sessionId: string): AttributionRecord | null {
  const record = stored as AttributionRecord | null;
  const valid =
    record !== null &&
    typeof record === "object" &&
    record.v === 1 &&
    record.sessionId === sessionId &&
    typeof record.first?.source === "string" &&
    typeof record.last?.source === "string" &&
    Number.isInteger(record.touches);
  return valid ? record : null;
}

/** A later touch's record, under `session:<id>`. */
async function storeRecord(kv: KVNamespace, landings: LandingBatches, record: AttributionRecord): Promise<void> {
  // A session still in this isolate's unwritten batch: this isolate reads the batch first.
  const unwritten = landings.unwritten(record.sessionId.slice(0, BATCH_ID_CHARS));
  if (unwritten?.records.has(record.sessionId)) unwritten.records.set(record.sessionId, record);
  try {
    await kv.put(`${SESSION_KEY_PREFIX}${record.sessionId}`, JSON.stringify(record), { expirationTtl: ATTRIBUTION_TTL_SECONDS });
  } catch (error) {
    console.warn("attribution: could not store a session record", error instanceof Error ? error.name : "unknown error");
  }
}

/** A later touch: the first stays, the last is replaced, the count goes up. */
async function addTouch(kv: KVNamespace, landings: LandingBatches, cookie: AttributionCookie, touch: Touch, gpc: boolean): Promise<AttributionRecord> {
  const stored = await readSessionRecord(kv, landings, cookie.sessionId);
  const record: AttributionRecord = stored
    ? { ...stored, last: touch, touches: stored.touches + 1, gpc: stored.gpc || gpc }
    : // The record expired or has not reached this location: the cookie still knows the last touch.
      { v: 1, sessionId: cookie.sessionId, first: touchFromCookie(cookie), last: touch, touches: 2, gpc };
  await storeRecord(kv, landings, record);
  return record;
}
