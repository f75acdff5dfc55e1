import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { CLARITYAI_CITY_SLUGS, CLARITYAI_TOPIC_SLUGS, clarityAiPath } from "~/content/clarityai-pages";
import { LOCATION_SLUGS, locationPath } from "~/content/locations";
import { allPublishedPosts, listPublishedCaseStudies, listPublishedResources } from "~/content/queries.server";
import { escapeXml } from "~/utils/xml";

// When the copy of the static pages last changed; bump it with a content change to those pages.
const STATIC_CONTENT_UPDATED = "2026-11-21";

// Every public, indexable page. Private areas (/admin, /coach, /profile, /learning, /meeting),
// sign-in and the payment outcome pages are deliberately absent.
const STATIC_PAGES = [
  "/",
  "/services",
  "/services/clarityai",
  "/services/strategic-planning",
  "/services/operational-improvement",
  "/services/digital-systems",
  "/services/software-solutions",
  "/about",
  "/contact",
  "/booking",
  "/become-coach",
  "/locations",
  "/terms",
  "/privacy",
];

type Entry = { path: string; lastmod: string };

export async function loader({ context }: LoaderFunctionArgs) {
  const db = context.db;
  const [posts, studies, resources] = await Promise.all([allPublishedPosts(db), listPublishedCaseStudies(db), listPublishedResources(db)]);
  const newest = (dates: string[]) => dates.reduce((a, b) => (a > b ? a : b), STATIC_CONTENT_UPDATED);

  const industries = [...new Set(studies.map((s) => s.industry))];
  const entries: Entry[] = [
    ...STATIC_PAGES.map((path) => ({ path, lastmod: STATIC_CONTENT_UPDATED })),
    ...LOCATION_SLUGS.map((city) => ({ path: locationPath(city), lastmod: STATIC_CONTENT_UPDATED })),
    ...[...CLARITYAI_TOPIC_SLUGS, ...CLARITYAI_CITY_SLUGS].map((slug) => ({ path: clarityAiPath(slug), lastmod: STATIC_CONTENT_UPDATED })),
    { path: "/blog", lastmod: newest(posts.map((p) => p.updatedAt)) },
    ...posts.map((post) => ({ path: `/blog/${post.slug}`, lastmod: post.updatedAt })),
    { path: "/case-studies", lastmod: newest(studies.map((s) => s.updatedAt)) },
    ...industries.map((industry) => ({
      path: `/case-studies/${industry}`,
      lastmod: newest(studies.filter((s) => s.industry === industry).map((s) => s.updatedAt)),
    })),
    ...studies.map((study) => ({ path: `/case-studies/${study.industry}/${study.slug}`, lastmod: study.updatedAt })),
    { path: "/resources", lastmod: newest(resources.map((r) => r.updatedAt)) },
  ];

  const body = entries
    .map((entry) => `  <url>\n    <loc>${escapeXml(context.siteOrigin + entry.path)}</loc>\n    <lastmod>${entry.lastmod.slice(0, 10)}</lastmod>\n  </url>`)
    .join("\n");
  return new Response(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
