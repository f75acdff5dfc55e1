import { readCalendarVersion } from "~/platform/calendar-version.server";
import type { AppContext } from "~/context.server";
import type { CacheablePages, EdgeCachePolicy } from "./cache-policy.server";

// The edge cache for anonymous visitors (decision record 005). Public pages are kept in the Workers
// Cache API (caches.default, one per Cloudflare location) and served from it until they go stale;
// the key names the client build, the settings a page is rendered with and the content version, so a
// new build or a content change starts afresh everywhere at once; pages shown from the coaches'
// calendars (the booking page's slot view) also name the calendar version, read from D1 on every
// request, so a booking or a schedule change is shown at once. Cached HTML holds a placeholder where
// each CSP nonce was, and every answer gets the nonce of its own request.

/** Diagnostic answer header: HIT, STALE (served, refresh running), MISS (rendered) or BYPASS (not cacheable). */
export const EDGE_CACHE_HEADER = "X-Edge-Cache";
export type EdgeCacheStatus = "HIT" | "STALE" | "MISS" | "BYPASS";

/** A stored page is served as it is for this long… */
export const EDGE_FRESH_SECONDS = 60;
/** …then, for this much longer, served once more while a fresh copy is rendered in the background. */
export const EDGE_STALE_SECONDS = 600;
/**
 * Calendar pages are never served stale: without any write (so under the same calendar version) a
 * lapsed hold frees its time and the minimum notice moves on, so after their fresh period they are
 * rendered again.
 */
const CALENDAR_STALE_SECONDS = 0;
/** One background refresh per page and location at a time; a failed one is retried after this. */
const REFRESH_LOCK_SECONDS = 30;
/** How long a Cloudflare location may keep the content version it read from KV. KV's minimum. */
const VERSION_READ_CACHE_SECONDS = 30;

export const CONTENT_VERSION_KEY = "content-version";
/** Content before its first bump. */
const INITIAL_CONTENT_VERSION = "0";

/** Query parameters that only say where a visitor came from: they never change a page. */
export const TRACKING_PARAMS = /^(utm_[a-z0-9_]+|gclid|gbraid|wbraid|dclid|fbclid|msclkid|ttclid|twclid|li_fat_id|mc_cid|mc_eid|_ga|_gl)$/i;

const STORED_AT_HEADER = "X-Edge-Stored-At";
const BROWSER_CACHE_CONTROL_HEADER = "X-Edge-Browser-Cache-Control";
/** Stands in for the nonce in stored HTML; never a valid nonce, so a slip would fail closed. */
const NONCE_PLACEHOLDER = "edge-cache-nonce";

type Render = (request: Request) => Promise<Response>;
type VersionStore = Pick<Env, "EDGE_CACHE">;

/** A new content version: unique, so two bumps at once never settle on one value. */
export function newContentVersion(): string {
  return `${Date.now().toString(36)}-${crypto.randomUUID().slice(0, 8)}`;
}

/** Starts a new content version: every cached page is rendered afresh on its next request (KV spreads it in ≤ ~60 s). */
export async function bumpContentVersion(env: VersionStore): Promise<string> {
  const version = newContentVersion();
  await env.EDGE_CACHE.put(CONTENT_VERSION_KEY, version);
  versionMemo.set(env.EDGE_CACHE, { version, until: Date.now() + VERSION_MEMO_MS });
  return version;
}

/**
 * The version this isolate read last, per KV namespace, for VERSION_MEMO_MS: a cache of a shared
 * value (no request's data), so a hit costs no KV call. A bump in this isolate replaces it at once;
 * other isolates see it within the memo's life plus KV's own read cache.
 */
// One memo per isolate, held on globalThis: the Worker entry (which serves through the cache) and the
// Remix server build (whose admin actions bump the version) each bundle their own copy of this module,
// and a module-level memo would leave the entry serving the old version after a bump in the same isolate.
const VERSION_MEMO_SLOT = Symbol.for("clarityai.edge-cache.version-memo");
const versionMemo: WeakMap<KVNamespace, { version: string; until: number }> = ((globalThis as Record<symbol, unknown>)[VERSION_MEMO_SLOT] ??=
  new WeakMap()) as WeakMap<KVNamespace, { version: string; until: number }>;
const VERSION_MEMO_MS = 5_000;

export async function readContentVersion(env: VersionStore): Promise<string> {
  const memo = versionMemo.get(env.EDGE_CACHE);
  if (memo && memo.until > Date.now()) return memo.version;
  const version = (await env.EDGE_CACHE.get(CONTENT_VERSION_KEY, { cacheTtl: VERSION_READ_CACHE_SECONDS })) ?? INITIAL_CONTENT_VERSION;
  versionMemo.set(env.EDGE_CACHE, { version, until: Date.now() + VERSION_MEMO_MS });
  return version;
}

/** The URL a page is rendered and keyed from: tracking parameters dropped, the rest sorted by name. */
export function canonicalPageUrl(url: URL): URL {
  const page = new URL(url.pathname, url.origin);
  const params = [...url.searchParams].filter(([name]) => !TRACKING_PARAMS.test(name));
  params.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [name, value] of params) page.searchParams.append(name, value);
  return page;
}

function cacheKey(page: URL, context: AppContext, pages: CacheablePages, versions: string[]): Request {
  // Everything a public page is rendered from besides its URL and the content (and, for a calendar
  // page, the calendars): the client build, the environment and the canonical origin (both settings
  // of the deployment).
  const scope = [pages.buildVersion, context.env.APP_ENV, context.siteOrigin, versions.join("~")].map(encodeURIComponent).join("/");
  return new Request(`${page.origin}/__edge-cache/${scope}${page.pathname}${page.search}`);
}

/** The versions a page's key names: the content's, and the calendars' for a calendar page. */
async function versionsFor(context: AppContext, policy: EdgeCachePolicy): Promise<string[]> {
  const [content, calendar] = await Promise.all([readContentVersion(context.cloudflare.env), policy.calendar ? readCalendarVersion(context.db) : undefined]);
  return calendar === undefined ? [content] : [content, `calendar-${calendar}`];
}

/**
 * Answers a page request through the edge cache, or with `render` when it may not be cached. The
 * answer carries X-Edge-Cache; security headers are the caller's to add, the same for every answer.
 */
export async function serveWithEdgeCache(request: Request, context: AppContext, pages: CacheablePages, render: Render): Promise<Response> {
  const url = new URL(request.url);
  const policy = pages.policy(request, url);
  if (!policy) return withStatus(await render(request), "BYPASS");

  let versions: string[];
  try {
    versions = await versionsFor(context, policy);
  } catch (error) {
    // Without the version nothing cached can be trusted to be current: render, as without a cache.
    console.warn("edge cache: content or calendar version unavailable", error instanceof Error ? error.message : String(error));
    return withStatus(await render(request), "BYPASS");
  }
  const staleSeconds = policy.calendar ? CALENDAR_STALE_SECONDS : EDGE_STALE_SECONDS;
  const page = canonicalPageUrl(url);
  const key = cacheKey(page, context, pages, versions);
  const cache = edgeCache();
  const head = request.method === "HEAD";
  const background = (work: Promise<void>) => context.cloudflare.ctx.waitUntil(work.catch(logStoreFailure));

  const remembered = recallPage(key.url);
  if (remembered) return answerFromCache(remembered, context.cspNonce, "HIT", head);
  const cached = await cache.match(key).catch(() => undefined);
  if (cached) {
    const storedAt = Number(cached.headers.get(STORED_AT_HEADER) ?? Number.NaN);
    const age = Date.now() - storedAt;
    if (age < EDGE_FRESH_SECONDS * 1000) {
      const stored = await readStoredPage(cached);
      rememberPage(key.url, stored, storedAt);
      return answerFromCache(stored, context.cspNonce, "HIT", head);
    }
    if (age < (EDGE_FRESH_SECONDS + staleSeconds) * 1000) {
      background(refresh(cache, key, page, request.headers, render, staleSeconds));
      return answerFromCache(await readStoredPage(cached), context.cspNonce, "STALE", head);
    }
    await cached.body?.cancel();
  }

  // A miss: render the page as keyed (a HEAD is rendered as the GET it stands for), answer at once,
  // and store a copy in the background.
  const renderRequest = head || page.href !== url.href ? new Request(page, { method: "GET", headers: request.headers, signal: request.signal }) : request;
  const response = await render(renderRequest);
  if (!isStorable(response) || !response.body) {
    if (!head) return withStatus(response, "MISS");
    // Read to the end, not cancelled: a cancelled render counts as a failed one.
    background(drain(response));
    return withStatus(new Response(null, response), "MISS");
  }
  if (head) {
    background(store(cache, key, response, response.body, staleSeconds));
    return withStatus(new Response(null, response), "MISS");
  }
  const [forVisitor, forCache] = response.body.tee();
  background(store(cache, key, response, forCache, staleSeconds));
  return withStatus(new Response(forVisitor, response), "MISS");
}

// The hottest pages also stay in this isolate's memory, as read from the Cache API, for a few
// seconds within their fresh period: a hit then costs no Cache API call. It holds only what the
// Cache API holds (public pages, nonce placeholders), under the same key (so a new content version
// misses at once), bounded in count and size.
const MEMORY_MS = 5_000;
const MEMORY_PAGES = 32;
const MEMORY_PAGE_CHARS = 256 * 1024;
const memory = new Map<string, { page: StoredPage; until: number }>();

function recallPage(key: string): StoredPage | undefined {
  const entry = memory.get(key);
  if (!entry) return undefined;
  memory.delete(key);
  if (entry.until <= Date.now()) return undefined;
  memory.set(key, entry); // most recently used last
  return entry.page;
}

function rememberPage(key: string, page: StoredPage, storedAt: number): void {
  if (page.html.reduce((chars, part) => chars + part.length, 0) > MEMORY_PAGE_CHARS) return;
  memory.delete(key);
  memory.set(key, { page, until: Math.min(Date.now() + MEMORY_MS, storedAt + EDGE_FRESH_SECONDS * 1000) });
  for (const oldest of memory.keys()) {
    if (memory.size <= MEMORY_PAGES) break;
    memory.delete(oldest);
  }
}

/** The location's default cache (the DOM typings of `caches`, also in scope here, lack Cloudflare's `default`). */
function edgeCache(): Cache {
  return (caches as unknown as { default: Cache }).default;
}

/** Only a plain 200 that sets no cookie and that its route lets shared caches keep. */
function isStorable(response: Response): boolean {
  if (response.status !== 200 || response.headers.has("Set-Cookie")) return false;
  const cacheControl = response.headers.get("Cache-Control") ?? "";
  if (/\b(private|no-store|no-cache)\b/i.test(cacheControl)) return false;
  const vary = response.headers.get("Vary");
  return !vary || vary.split(",").every((name) => name.trim().toLowerCase() === "accept-encoding");
}

const isHtml = (response: Response) => (response.headers.get("Content-Type") ?? "").startsWith("text/html");

async function store(cache: Cache, key: Request, rendered: Response, body: ReadableStream, staleSeconds: number): Promise<void> {
  const headers = new Headers(rendered.headers);
  // The edge keeps the page longer than a browser may (browsers keep what the route says, as before).
  const browserCacheControl = headers.get("Cache-Control");
  if (browserCacheControl) headers.set(BROWSER_CACHE_CONTROL_HEADER, browserCacheControl);
  headers.set("Cache-Control", `public, max-age=${EDGE_FRESH_SECONDS + staleSeconds}`);
  headers.set(STORED_AT_HEADER, String(Date.now()));
  const stored = new Response(body, { status: 200, headers });
  await cache.put(key, isHtml(stored) ? withNonce(stored, NONCE_PLACEHOLDER) : stored);
}

/** Renders the page again in the background and stores it; a page that no longer renders is dropped. */
async function refresh(cache: Cache, key: Request, page: URL, headers: Headers, render: Render, staleSeconds: number): Promise<void> {
  const lock = new Request(key.url.replace("/__edge-cache/", "/__edge-cache-refresh/"));
  if (await cache.match(lock)) return;
  await cache.put(lock, new Response("", { headers: { "Cache-Control": `public, max-age=${REFRESH_LOCK_SECONDS}` } }));
  // Not tied to the visitor's request: it goes on after they have their answer.
  const response = await render(new Request(page, { method: "GET", headers }));
  if (isStorable(response) && response.body) {
    await store(cache, key, response, response.body, staleSeconds);
  } else {
    await drain(response);
    await cache.delete(key);
  }
  await cache.delete(lock);
}

/** A page read back from the cache: its visitor-facing headers, and its text cut at each nonce placeholder. */
type StoredPage = { status: number; headers: Headers; html: string[] };

const NONCE_ATTRIBUTE = (nonce: string) => `nonce="${nonce}"`;

async function readStoredPage(cached: Response): Promise<StoredPage> {
  const headers = new Headers(cached.headers);
  const browserCacheControl = headers.get(BROWSER_CACHE_CONTROL_HEADER);
  if (browserCacheControl) headers.set("Cache-Control", browserCacheControl);
  else headers.delete("Cache-Control");
  for (const name of [BROWSER_CACHE_CONTROL_HEADER, STORED_AT_HEADER, "Age", "CF-Cache-Status", "Content-Length", "Date", "ETag", "Expires", "Last-Modified"]) {
    headers.delete(name);
  }
  // Pages and feeds are text. HTML was stored with the placeholder in every nonce attribute (written
  // by HTMLRewriter, which quotes attributes with "), and escaped text can never hold `nonce="…"`.
  const text = await cached.text();
  return { status: cached.status, headers, html: isHtml(cached) ? text.split(NONCE_ATTRIBUTE(NONCE_PLACEHOLDER)) : [text] };
}

/** The stored page for this visitor: every nonce attribute set to this request's nonce. */
function answerFromCache(page: StoredPage, nonce: string, status: EdgeCacheStatus, head: boolean): Response {
  const headers = new Headers(page.headers);
  headers.set(EDGE_CACHE_HEADER, status);
  return new Response(head ? null : page.html.join(NONCE_ATTRIBUTE(nonce)), { status: page.status, headers });
}

/** Sets every nonce attribute in the HTML to `nonce` as it streams. */
function withNonce(response: Response, nonce: string): Response {
  return new HTMLRewriter()
    .on("[nonce]", {
      element(element) {
        element.setAttribute("nonce", nonce);
      },
    })
    .transform(response);
}

async function drain(response: Response): Promise<void> {
  await response.arrayBuffer();
}

function withStatus(response: Response, status: EdgeCacheStatus): Response {
  const marked = new Response(response.body, response);
  marked.headers.set(EDGE_CACHE_HEADER, status);
  return marked;
}

function logStoreFailure(error: unknown): void {
  console.warn("edge cache: could not store a page", error instanceof Error ? error.message : String(error));
}
