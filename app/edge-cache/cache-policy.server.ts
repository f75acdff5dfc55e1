import type { ServerBuild } from "@remix-run/cloudflare";
import { matchRoutes } from "@remix-run/react";
import { ATTRIBUTION_COOKIE } from "~/attribution/capture.server";
import { ROUTE_ACCESS } from "~/auth/route-access";
import { SESSION_COOKIE } from "~/auth/web-sessions.server";

// Which answers no cache may keep. Every route that needs a signed-in user (app/auth/route-access.ts)
// shows personal data, or a redirect that depends on who asked; the sign-in and sign-out pages carry
// one-time state. Their pages and their data requests (/profile.data?…) are marked
// `private, no-store` in the Worker entry, as is any answer to a request carrying the session cookie.

export const PRIVATE_NO_STORE = "private, no-store";

/** Public by access, but still not for any cache: the sign-in flow and signing out. */
const ALSO_PRIVATE = ["routes/auth", "routes/sign-out"];

type ManifestRoutes = ServerBuild["routes"];

/**
 * Each private route's full path as segments (params as ":name"), from the server build's route
 * manifest. An optional segment ends the pattern: everything below the part before it is private.
 */
export function personalPathPatterns(routes: ManifestRoutes): string[][] {
  const ids = [
    ...Object.entries(ROUTE_ACCESS)
      .filter(([, access]) => access !== "public")
      .map(([id]) => id),
    ...ALSO_PRIVATE,
  ];
  const patterns: string[][] = [];
  for (const id of ids) {
    const segments: string[] = [];
    for (let route = routes[id]; route; route = route.parentId ? routes[route.parentId] : undefined) {
      if (route.path) segments.unshift(...route.path.split("/").filter(Boolean));
    }
    if (!routes[id]) continue;
    const optional = segments.findIndex((segment) => segment.endsWith("?"));
    const pattern = (optional >= 0 ? segments.slice(0, optional) : segments).map((segment) => segment.toLowerCase());
    // A private route at "/" would make every page private: only ever by mistake.
    if (pattern.length) patterns.push(pattern);
  }
  return patterns;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return segment.toLowerCase();
  }
}

/**
 * True when the path (a page, or its single-fetch ".data" request) is at or below a private route.
 * Matching is as loose as Remix's own (any case, percent-encoding, repeated or trailing slashes), and
 * looser: a path below a private route is private even when no route serves it.
 */
export function isPersonalPath(pathname: string, patterns: readonly string[][]): boolean {
  const path = pathname.replace(/\.data$/, "");
  const segments = path.split("/").filter(Boolean).map(decodeSegment);
  return patterns.some(
    (pattern) =>
      pattern.length <= segments.length && pattern.every((part, i) => part === "*" || (part.startsWith(":") ? segments[i] !== "" : part === segments[i])),
  );
}

export function hasSessionCookie(request: Request): boolean {
  const cookie = request.headers.get("Cookie");
  return cookie !== null && cookie.split(";").some((pair) => pair.trim().startsWith(`${SESSION_COOKIE}=`));
}

// ---------------------------------------------------------------------------------------------------
// The edge cache (edge-cache.server.ts, decision record 005): which requests it may answer.
// ---------------------------------------------------------------------------------------------------

/**
 * The pages the edge cache may keep: each is the same for every visitor who is not signed in, and
 * takes nothing personal from the request. An allow-list: a new route is rendered for every request
 * until it is added here, and only routes classified "public" in app/auth/route-access.ts count.
 * Not here on purpose: the 404 page (routes/$), booking and contact (their forms echo what a visitor
 * typed), the payment pages, and sign-in/sign-out. The booking page's slot view is cached on the
 * terms of CALENDAR_ROUTES instead.
 */
export const CACHEABLE_ROUTES: readonly string[] = [
  "routes/_index",
  "routes/about",
  "routes/become-coach",
  "routes/blog._index",
  "routes/blog.$slug",
  "routes/blog.rss[.]xml",
  "routes/case-studies._index",
  "routes/case-studies.$industry._index",
  "routes/case-studies.$industry.$slug",
  "routes/clarityai.$slug",
  "routes/locations._index",
  "routes/locations.$slug",
  "routes/privacy",
  "routes/resources",
  "routes/services._index",
  "routes/services.$slug",
  "routes/services.clarityai",
  "routes/sitemap[.]xml",
  "routes/terms",
];

/**
 * Pages shown from the coaches' calendars, and which of their URLs the edge cache may answer: the
 * booking page's slot view (a type and a coach chosen; not a chosen time, whose details form is
 * rendered for each visitor, nor a package, whose view is recorded). Their key also names the calendar
 * version (app/platform/calendar-version.server.ts), so a booking, a hold or a schedule change is
 * shown at once; they are fresh for EDGE_FRESH_SECONDS and never served stale, since a hold lapsing or
 * the minimum notice passing changes them without any write. The route's loader still decides: only
 * an answer it lets shared caches keep is stored (the slot view of a visitor who is not signed in).
 */
export const CALENDAR_ROUTES: Readonly<Record<string, (url: URL) => boolean>> = {
  "routes/booking": (url) => {
    const query = url.searchParams;
    return query.has("type") && query.has("coach") && !query.has("time") && !query.has("package");
  },
};

/**
 * Cookies no page renders from: Cloudflare's own (bot management, challenge clearance, load
 * balancing), and the attribution cookie, which only the Worker entry and conversion recording read
 * (decision record 006). Any other cookie (the session, the flash-message cookie, anything added
 * later) means the answer may be personal, so the request skips the edge cache.
 */
export const COOKIES_IGNORED_BY_EDGE_CACHE: readonly string[] = ["__cf_bm", "cf_clearance", "_cfuvid", "__cfruid", "__cflb", ATTRIBUTION_COOKIE];

type RouteTree = Parameters<typeof matchRoutes>[0];

/** How the edge cache may keep a page: `calendar` for the pages of CALENDAR_ROUTES. */
export type EdgeCachePolicy = { calendar: boolean };

/** What the Worker entry computes once from the server build: the route tree and which leaves are cacheable. */
export type CacheablePages = {
  tree: RouteTree;
  routeIds: ReadonlySet<string>;
  /** The routes of CALENDAR_ROUTES this build has (public ones only). */
  calendarRouteIds: ReadonlySet<string>;
  /** The client build's version: cached HTML names hashed asset files, so a new build starts a new cache. */
  buildVersion: string;
  /** edgeCachePolicy for these pages: null when the edge cache must step aside. */
  policy: (request: Request, url: URL) => EdgeCachePolicy | null;
};

export function cacheablePages(build: Pick<ServerBuild, "routes" | "assets">): CacheablePages {
  const tree = (parentId: string | undefined): RouteTree =>
    Object.values(build.routes)
      .filter((route) => route.parentId === parentId)
      .map((route) => {
        const children = tree(route.id);
        return {
          id: route.id,
          path: route.path,
          index: route.index,
          caseSensitive: route.caseSensitive,
          ...(children.length ? { children } : {}),
        } as RouteTree[number];
      });
  const isPublic = (id: string) => ROUTE_ACCESS[id] === "public" && Boolean(build.routes[id]);
  const pages: CacheablePages = {
    tree: tree(undefined),
    routeIds: new Set(CACHEABLE_ROUTES.filter(isPublic)),
    calendarRouteIds: new Set(Object.keys(CALENDAR_ROUTES).filter(isPublic)),
    buildVersion: build.assets.version,
    policy: (request, url) => edgeCachePolicy(request, url, pages),
  };
  return pages;
}

/** True when the request carries a cookie the app may read (see COOKIES_IGNORED_BY_EDGE_CACHE). */
export function hasAppCookie(request: Request): boolean {
  const cookie = request.headers.get("Cookie");
  if (!cookie) return false;
  return cookie
    .split(";")
    .map((pair) => pair.split("=", 1)[0]!.trim())
    .some((name) => name !== "" && !COOKIES_IGNORED_BY_EDGE_CACHE.includes(name));
}

/**
 * How the edge cache may answer this request, or null when it may not: a GET or HEAD of a page in
 * CACHEABLE_ROUTES, or of a qualifying URL of CALENDAR_ROUTES (as Remix itself would match it), from
 * a visitor with no app cookie and no Authorization header. Single-fetch data requests (".data") are
 * never cached.
 */
export function edgeCachePolicy(request: Request, url: URL, pages: Pick<CacheablePages, "tree" | "routeIds" | "calendarRouteIds">): EdgeCachePolicy | null {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  if (request.headers.has("Authorization") || hasAppCookie(request)) return null;
  if (url.pathname.endsWith(".data") || url.searchParams.has("_data")) return null;
  const leaf = leafRouteId(pages.tree, url.pathname) ?? "";
  if (pages.routeIds.has(leaf)) return { calendar: false };
  if (pages.calendarRouteIds.has(leaf) && CALENDAR_ROUTES[leaf]!(url)) return { calendar: true };
  return null;
}

// matchRoutes ranks every route on each call; which route a path reaches never changes within a
// build, so the answers for recent paths are kept (bounded, oldest dropped first).
const leafRoutes = new WeakMap<RouteTree, Map<string, string | undefined>>();
const LEAF_ROUTES_KEPT = 1000;

function leafRouteId(tree: RouteTree, pathname: string): string | undefined {
  let known = leafRoutes.get(tree);
  if (!known) leafRoutes.set(tree, (known = new Map()));
  if (known.has(pathname)) return known.get(pathname);
  const leaf = matchRoutes(tree, pathname)?.at(-1)?.route.id;
  if (known.size >= LEAF_ROUTES_KEPT) known.delete(known.keys().next().value!);
  known.set(pathname, leaf);
  return leaf;
}
