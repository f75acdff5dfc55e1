import type { AuthContext } from "./context.server";
import { allowedRedirect } from "./flow-state.server";

/**
 * Where a link may send the browser: our own site (PUBLIC_SITE_URL's origin, or the origin this
 * request reached), given absolute or relative to the site. Anything else falls back to the site
 * URL, so a crafted link cannot hand a fresh session to another origin.
 */
export function redirectTarget(ctx: Pick<AuthContext, "config" | "request">, raw: string | null | undefined, fallback = ctx.config.siteUrl): string {
  if (!raw) return fallback;
  let target: URL;
  try {
    target = new URL(raw, `${ctx.config.siteUrl}/`);
  } catch {
    return fallback;
  }
  if (target.protocol !== "https:" && target.protocol !== "http:") return fallback;
  target.hash = "";
  const sameOrigin = target.origin === new URL(ctx.request.url).origin;
  return sameOrigin || allowedRedirect(ctx, target.toString()) ? target.toString() : fallback;
}

/** Where an email's link leads when the client names nothing: the sign-in page. */
export function defaultLinkRedirect(ctx: Pick<AuthContext, "config">): string {
  return `${ctx.config.siteUrl}/auth`;
}

/** The redirect_to a client asked for (auth-js sends it as a query parameter), for email links. */
export function linkRedirect(ctx: Pick<AuthContext, "config" | "request">): string {
  return redirectTarget(ctx, new URL(ctx.request.url).searchParams.get("redirect_to"), defaultLinkRedirect(ctx));
}
