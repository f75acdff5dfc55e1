import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { CLARITYAI_CITY_SLUGS, CLARITYAI_TOPIC_SLUGS } from "~/content/clarityai-pages";
import { LOCATION_SLUGS } from "~/content/locations";
import { canonicalsOf, fetchApp, jsonLdBlocks, pageText, titleOf } from "./app";

// Canonical links, JSON-LD, the sitemap and the feed name the site of PUBLIC_SITE_URL.
const SITE_ORIGIN = new URL(env.PUBLIC_SITE_URL).origin;

async function sitemapPaths() {
  const response = await fetchApp("/sitemap.xml");
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toContain("application/xml");
  const xml = await response.text();
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
  const lastmods = [...xml.matchAll(/<lastmod>([^<]+)<\/lastmod>/g)].map((m) => m[1]!);
  expect(lastmods).toHaveLength(locs.length);
  for (const lastmod of lastmods) expect(lastmod).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  return locs.map((loc) => {
    expect(loc.startsWith(SITE_ORIGIN)).toBe(true);
    return loc.slice(SITE_ORIGIN.length);
  });
}

/** Every URL a JSON-LD block names on this site, wherever it appears in the block. */
function siteUrlsIn(value: unknown): string[] {
  return typeof value === "string"
    ? [value].filter((text) => text.startsWith(SITE_ORIGIN))
    : Array.isArray(value)
      ? value.flatMap(siteUrlsIn)
      : value !== null && typeof value === "object"
        ? Object.values(value).flatMap(siteUrlsIn)
        : [];
}

test("the sitemap lists every public page, each answering 200 with a unique title, one canonical and valid JSON-LD", async () => {
  const paths = await sitemapPaths();
  expect(new Set(paths).size).toBe(paths.length);
  const titles = new Map<string, string>();
  const namedUrls = new Set<string>();
  for (const path of paths) {
    const response = await fetchApp(path);
    expect(response.status, path).toBe(200);
    const html = await response.text();
    const title = titleOf(html);
    expect(title, path).toMatch(/\S/);
    expect(titles.get(title!), `${path} repeats the title of ${titles.get(title!)}`).toBeUndefined();
    titles.set(title!, path);
    expect(canonicalsOf(html), path).toEqual([`${SITE_ORIGIN}${path}`]);
    const types = jsonLdBlocks(html).map((block) => {
      expect(block["@context"], path).toBe("https://schema.org");
      siteUrlsIn(block).forEach((url) => namedUrls.add(url));
      return block["@type"];
    });
    expect(new Set(types).size, `${path} repeats a JSON-LD type: ${types.join(", ")}`).toBe(types.length);
  }
  // Every site URL named in structured data is a real page (the sitemap's answered 200 above) or a
  // file in public/ (served by the platform, not the Worker); any other is fetched and must be a page.
  for (const url of namedUrls) {
    const path = url.slice(SITE_ORIGIN.length) || "/";
    const status = paths.includes(path) || env.TEST_PUBLIC_FILES.includes(path) ? 200 : (await fetchApp(path)).status;
    expect(status, `JSON-LD names ${url}`).toBe(200);
  }
});

test("the sitemap covers every dynamic page and no private one", async () => {
  const paths = await sitemapPaths();
  const { results: posts } = await env.DB.prepare("SELECT slug FROM blog_posts WHERE status = 'published'").all<{ slug: string }>();
  const { results: studies } = await env.DB.prepare("SELECT slug, industry FROM case_studies WHERE status = 'published'").all<{
    slug: string;
    industry: string;
  }>();
  const expected = [
    ...posts.map((p) => `/blog/${p.slug}`),
    ...studies.map((s) => `/case-studies/${s.industry}/${s.slug}`),
    ...studies.map((s) => `/case-studies/${s.industry}`),
    ...LOCATION_SLUGS.map((c) => `/locations/${c}-business-coaching`),
    ...CLARITYAI_TOPIC_SLUGS.map((t) => `/clarityai/${t}`),
    ...CLARITYAI_CITY_SLUGS.map((c) => `/clarityai/${c}`),
    "/blog",
    "/case-studies",
    "/resources",
    "/locations",
  ];
  expect(posts.length).toBeGreaterThanOrEqual(6);
  expect(studies.length).toBeGreaterThanOrEqual(6);
  expect(new Set(studies.map((s) => s.industry)).size).toBeGreaterThanOrEqual(3);
  for (const path of expected) expect(paths, path).toContain(path);
  for (const path of paths) expect(path).not.toMatch(/^\/(admin|coach(\/|$)|profile|learning|meeting|auth|payment-)/);
});

test("every location, topic and city page answers with and without a trailing slash, with one canonical URL", async () => {
  const paths = [
    ...LOCATION_SLUGS.map((c) => `/locations/${c}-business-coaching`),
    ...CLARITYAI_TOPIC_SLUGS.map((t) => `/clarityai/${t}`),
    ...CLARITYAI_CITY_SLUGS.map((c) => `/clarityai/${c}`),
  ];
  expect(LOCATION_SLUGS).toHaveLength(15);
  expect(CLARITYAI_TOPIC_SLUGS).toHaveLength(11);
  expect(CLARITYAI_CITY_SLUGS).toHaveLength(12);
  for (const path of paths) {
    const plain = await fetchApp(path);
    const slashed = await fetchApp(`${path}/`);
    expect(plain.status, path).toBe(200);
    expect(slashed.status, `${path}/`).toBe(200);
    const [plainHtml, slashedHtml] = [await plain.text(), await slashed.text()];
    expect(canonicalsOf(plainHtml), path).toEqual([`${SITE_ORIGIN}${path}`]);
    expect(canonicalsOf(slashedHtml), `${path}/`).toEqual([`${SITE_ORIGIN}${path}`]);
    expect(titleOf(slashedHtml)).toBe(titleOf(plainHtml));
  }
});

test("location pages are genuinely local: time zones differ where they should", async () => {
  const text = async (city: string) => pageText(await fetchApp(`/locations/${city}-business-coaching`));
  expect(await text("perth")).toContain("AWST");
  expect(await text("darwin")).toContain("ACST");
  expect(await text("adelaide")).toMatch(/ACDT/);
  const brisbane = await text("brisbane");
  expect(brisbane).toContain("AEST");
  expect(brisbane).not.toContain("AEDT");
  expect(await text("sydney")).toContain("AEDT");
});

test("unknown slugs answer 404 with the not-found page", async () => {
  for (const path of [
    "/blog/no-such-post",
    "/blog?category=astrology",
    "/blog?page=99",
    "/blog?page=zero",
    "/case-studies/astronauts",
    "/case-studies/trades/no-such-study",
    "/locations/atlantis-business-coaching",
    "/locations/sydney",
    "/clarityai/townsville",
    "/clarityai/atlantis",
    "/clarityai/sydney/extra",
  ]) {
    const response = await fetchApp(path);
    expect(response.status, path).toBe(404);
    expect(await pageText(response), path).toContain("We couldn't find that page");
  }
});

test("the blog lists newest first, paginates and filters by category", async () => {
  const { results } = await env.DB.prepare("SELECT slug, title, category FROM blog_posts WHERE status = 'published' ORDER BY published_at DESC").all<{
    slug: string;
    title: string;
    category: string;
  }>();
  const first = await pageText(await fetchApp("/blog"));
  const positions = results.slice(0, 6).map((post) => first.indexOf(`href="/blog/${post.slug}"`));
  expect(positions.every((p) => p > 0)).toBe(true);
  expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  // The demo content has more than one page of posts.
  expect(results.length).toBeGreaterThan(6);
  const second = await pageText(await fetchApp("/blog?page=2"));
  expect(second).toContain(`href="/blog/${results[6]!.slug}"`);
  expect(second).toContain("Page 2 of");
  const category = results[0]!.category;
  const slug = category.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  const filtered = await pageText(await fetchApp(`/blog?category=${slug}`));
  // Exactly the posts of that category are listed (and the demo content has posts in others).
  expect(results.some((post) => post.category !== category)).toBe(true);
  expect(results.map((post) => [post.slug, filtered.includes(`href="/blog/${post.slug}"`)])).toEqual(
    results.map((post) => [post.slug, post.category === category]),
  );
});

test("a blog post shows its reading time, author, anchored headings and related posts, without raw HTML", async () => {
  const post = await env.DB.prepare("SELECT slug, title, author_name FROM blog_posts WHERE status = 'published' LIMIT 1").first<{
    slug: string;
    title: string;
    author_name: string;
  }>();
  const html = await pageText(await fetchApp(`/blog/${post!.slug}`));
  expect(html).toContain(post!.author_name);
  expect(html).toMatch(/\d+ min read/);
  expect(html).toMatch(/<h2 id="[a-z0-9-]+">/);
  expect(html).toContain("Related articles");
  expect(
    jsonLdBlocks(html)
      .map((b) => b["@type"])
      .sort(),
  ).toEqual(["BlogPosting", "BreadcrumbList"]);
});

test("a draft post is not shown, listed or in the feed", async () => {
  const slug = `draft-${crypto.randomUUID().slice(0, 8)}`;
  await env.DB.prepare(
    "INSERT INTO blog_posts (id, slug, title, description, category, author_name, author_role, body, image, status) VALUES (?, ?, 'Secret draft', 'd', 'Strategy', 'A', 'B', 'body', 'strategy', 'draft')",
  )
    .bind(slug, slug)
    .run();
  expect((await fetchApp(`/blog/${slug}`)).status).toBe(404);
  expect(await (await fetchApp("/blog")).text()).not.toContain(slug);
  expect(await (await fetchApp("/blog/rss.xml")).text()).not.toContain(slug);
  expect(await (await fetchApp("/sitemap.xml")).text()).not.toContain(slug);
});

test("the RSS feed lists every published post with absolute links", async () => {
  const response = await fetchApp("/blog/rss.xml");
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toContain("application/rss+xml");
  const xml = await response.text();
  const { results } = await env.DB.prepare("SELECT slug FROM blog_posts WHERE status = 'published'").all<{ slug: string }>();
  expect(xml.match(/<item>/g)).toHaveLength(results.length);
  for (const { slug } of results) expect(xml).toContain(`<link>${SITE_ORIGIN}/blog/${slug}</link>`);
  expect(xml).toContain("<language>en-AU</language>");
});

test("canonical links, structured data, the sitemap and the feed follow PUBLIC_SITE_URL", async () => {
  // wrangler types the variable as its local value; a deployment sets its own.
  const production = { ...env, PUBLIC_SITE_URL: "https://clarityai.com.au" } as unknown as Env;
  const fetchAs = (path: string) => fetchApp(path, { bindings: production });
  const html = await (await fetchAs("/contact")).text();
  expect(canonicalsOf(html)).toEqual(["https://clarityai.com.au/contact"]);
  expect(jsonLdBlocks(html)[0]).toMatchObject({ itemListElement: [{ item: "https://clarityai.com.au/" }, { item: "https://clarityai.com.au/contact" }] });
  expect(await (await fetchAs("/sitemap.xml")).text()).toContain("<loc>https://clarityai.com.au/about</loc>");
  expect(await (await fetchAs("/blog/rss.xml")).text()).toContain("<link>https://clarityai.com.au/blog</link>");
});
