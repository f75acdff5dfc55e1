import type { MetaDescriptor } from "@remix-run/cloudflare";

export const SITE_NAME = "ClarityAI Coaching";
// Canonical URLs name the production site, whichever host served the page.
export const SITE_ORIGIN = "https://clarityai.com.au";

/** Title, description, one canonical link and the Open Graph and Twitter tags for a page. */
export function pageMeta({ title, description, path }: { title: string; description: string; path: string }): MetaDescriptor[] {
  const fullTitle = title.includes(SITE_NAME) ? title : `${title} | ${SITE_NAME}`;
  const url = `${SITE_ORIGIN}${path === "/" ? "/" : path.replace(/\/+$/, "")}`;
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
