import type { MetaDescriptor } from "@remix-run/cloudflare";
import { isRouteErrorResponse } from "@remix-run/react";

export const SITE_NAME = "ClarityAI Coaching";

/** Remix's meta `matches`, as far as finding the root loader's data goes. */
type Matches = readonly { id: string; data: unknown }[];

/**
 * The site's origin (from PUBLIC_SITE_URL), which the root loader hands to every page: canonical
 * links and JSON-LD name it, whichever host served the page.
 */
export function siteOriginOf(matches: Matches): string {
  const root = matches.find((match) => match.id === "root")?.data as { siteOrigin?: string } | undefined;
  // Without root data (an error page) links stay relative rather than naming a wrong host.
  return root?.siteOrigin ?? "";
}

/** The origin and a path as one absolute URL, without a trailing slash except for the home page. */
export function absoluteUrl(origin: string, path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  return `${origin}${path === "/" ? "/" : path.replace(/\/+$/, "")}`;
}

/** Keeps a page out of search results: private pages, error pages and steps of a flow. */
export const NOINDEX: MetaDescriptor = { name: "robots", content: "noindex" };

/** The meta of a page whose loader found nothing to show. */
export const NOT_FOUND_META: MetaDescriptor[] = [{ title: `Page not found | ${SITE_NAME}` }, NOINDEX];

/** The meta of an error page: the root's, and a section's whose layout has meta of its own. */
export function errorPageMeta(error: unknown): MetaDescriptor[] {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return notFound ? NOT_FOUND_META : [{ title: `Something went wrong | ${SITE_NAME}` }, NOINDEX];
}

/** Title, description, one canonical link and the Open Graph and Twitter tags for a page. */
export function pageMeta(matches: Matches, { title, description, path }: { title: string; description: string; path: string }): MetaDescriptor[] {
  const fullTitle = title.includes(SITE_NAME) ? title : `${title} | ${SITE_NAME}`;
  const url = absoluteUrl(siteOriginOf(matches), path);
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:locale", content: "en_AU" },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { name: "twitter:card", content: "summary" },
    { name: "twitter:title", content: fullTitle },
    { name: "twitter:description", content: description },
  ];
}
