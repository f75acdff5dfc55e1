import type { ServerBuild } from "@remix-run/cloudflare";
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
