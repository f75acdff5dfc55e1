import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import type { ServerBuild } from "@remix-run/cloudflare";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
// @ts-ignore -- the server build exists only after `npm run build`.
import * as serverBuild from "../../build/server/index.js";
import { ROUTE_ACCESS } from "~/auth/route-access";
import { createAppContext } from "~/create-context.server";
import { CACHEABLE_ROUTES, cacheablePages } from "~/edge-cache/cache-policy.server";
import {
  bumpContentVersion,
  canonicalPageUrl,
  EDGE_CACHE_HEADER,
  EDGE_FRESH_SECONDS,
  EDGE_STALE_SECONDS,
  readContentVersion,
  serveWithEdgeCache,
} from "~/edge-cache/edge-cache.server";
import { BASELINE_HEADERS, createNonce } from "~/platform/security-headers.server";
import { createUser, uniqueEmail, webSession } from "../factories/users";
import { fetchApp } from "./app";

// Worker tests share storage within a file, the edge cache included: every test starts a new content
// version (so nothing cached by another test is found) and uses its own query string where it can.
beforeEach(async () => {
  await bumpContentVersion(env);
});

afterEach(() => {
  vi.useRealTimers();
});

const unique = () => crypto.randomUUID().slice(0, 8);
const edgeStatus = (response: Response) => response.headers.get(EDGE_CACHE_HEADER);
const headerNonce = (response: Response) => response.headers.get("Content-Security-Policy")?.match(/'nonce-([^']+)'/)?.[1];
const htmlNonces = (html: string) => [...html.matchAll(/ nonce="([^"]*)"/g)].map((match) => match[1]);
/** The page with its nonces blanked, to compare two answers of one page. */
const withoutNonces = (html: string) => html.replace(/ nonce="[^"]*"/g, ' nonce=""');

async function createPost(title: string) {
  const slug = `edge-cache-${unique()}`;
  await env.DB.prepare(
    "INSERT INTO blog_posts (id, slug, title, description, category, author_name, author_role, body, image, status, published_at) VALUES (?, ?, ?, 'A post for the edge cache tests.', 'Strategy', 'A. Writer', 'Coach', 'Body text.', 'strategy', 'published', '2020-01-01T00:00:00.000Z')",
  )
    .bind(slug, slug, title)
    .run();
  return slug;
}

async function retitlePost(slug: string, title: string) {
  await env.DB.prepare("UPDATE blog_posts SET title = ? WHERE slug = ?").bind(title, slug).run();
}

async function deletePost(slug: string) {
  await env.DB.prepare("DELETE FROM blog_posts WHERE slug = ?").bind(slug).run();
}

test("an anonymous visitor's second request for a public page is answered from the edge cache", async () => {
  const path = `/about?visit=${unique()}`;
  const miss = await fetchApp(path);
  expect(miss.status).toBe(200);
  expect(edgeStatus(miss)).toBe("MISS");
  const missHtml = await miss.text();

  const hit = await fetchApp(path);
  expect(hit.status).toBe(200);
  expect(edgeStatus(hit)).toBe("HIT");
  expect(hit.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
  expect(withoutNonces(await hit.text())).toBe(withoutNonces(missHtml));
});

test("a hit is served without rendering: a changed post shows only after the content version is bumped", async () => {
  const slug = await createPost("The first title");
  try {
    const miss = await fetchApp(`/blog/${slug}`);
    expect(edgeStatus(miss)).toBe("MISS");
    expect(await miss.text()).toContain("The first title");

    await retitlePost(slug, "The second title");
    const hit = await fetchApp(`/blog/${slug}`);
    expect(edgeStatus(hit)).toBe("HIT");
    const hitHtml = await hit.text();
    expect(hitHtml).toContain("The first title");
    expect(hitHtml).not.toContain("The second title");

    const before = await readContentVersion(env);
    const bumped = await bumpContentVersion(env);
    expect(bumped).not.toBe(before);
    expect(await readContentVersion(env)).toBe(bumped);
    const afterBump = await fetchApp(`/blog/${slug}`);
    expect(edgeStatus(afterBump)).toBe("MISS");
    expect(await afterBump.text()).toContain("The second title");
    expect(edgeStatus(await fetchApp(`/blog/${slug}`))).toBe("HIT");
  } finally {
    await deletePost(slug);
  }
});

test("every answer carries a fresh nonce: the HTML's nonces match the header's, and no two answers share one", async () => {
  const path = `/?visit=${unique()}`;
  const answers = [await fetchApp(path), await fetchApp(path), await fetchApp(path)];
  expect(answers.map(edgeStatus)).toEqual(["MISS", "HIT", "HIT"]);
  const nonces: string[] = [];
  for (const answer of answers) {
    const nonce = headerNonce(answer);
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    const html = await answer.text();
    const inPage = htmlNonces(html);
    expect(inPage.length).toBeGreaterThan(0);
    expect(new Set(inPage)).toEqual(new Set([nonce]));
    // Nobody else's nonce (and not the stored placeholder) anywhere in the bytes.
    for (const other of nonces) expect(html).not.toContain(other);
    expect(html).not.toContain("edge-cache-nonce");
    nonces.push(nonce!);
  }
  expect(new Set(nonces).size).toBe(3);
});

test("a hit gets the same security headers as a miss", async () => {
  const path = `/services?visit=${unique()}`;
  const miss = await fetchApp(path);
  const hit = await fetchApp(path);
  expect([edgeStatus(miss), edgeStatus(hit)]).toEqual(["MISS", "HIT"]);
  for (const answer of [miss, hit]) {
    for (const [name, value] of Object.entries(BASELINE_HEADERS)) expect(answer.headers.get(name), name).toBe(value);
    expect(answer.headers.get("Content-Security-Policy")).toContain("'strict-dynamic'");
    // Browsers keep HTML as before: the edge's own lifetime never reaches them.
    expect(answer.headers.get("Cache-Control")).toBeNull();
    expect(answer.headers.get("X-Edge-Stored-At")).toBeNull();
  }
  const headerNames = (response: Response) => [...response.headers.keys()].filter((name) => name !== "x-edge-cache" && name !== "content-length").sort();
  expect(headerNames(hit)).toEqual(headerNames(miss));
});

test("the sitemap and the feed are cached and keep the Cache-Control they give browsers", async () => {
  for (const path of ["/sitemap.xml", "/blog/rss.xml"]) {
    const miss = await fetchApp(path);
    const missBody = await miss.text();
    const hit = await fetchApp(path);
    expect([edgeStatus(miss), edgeStatus(hit)], path).toEqual(["MISS", "HIT"]);
    expect(hit.headers.get("Cache-Control"), path).toBe(miss.headers.get("Cache-Control"));
    expect(hit.headers.get("Cache-Control"), path).toMatch(/^public, max-age=\d+$/);
    expect(hit.headers.get("Content-Type"), path).toBe(miss.headers.get("Content-Type"));
    expect(await hit.text(), path).toBe(missBody);
  }
});

test("a signed-in visitor is never served from the edge cache, and their pages are never stored", async () => {
  const email = uniqueEmail("edge");
  const user = await createUser({ email });
  await env.DB.prepare("UPDATE profiles SET first_name = 'Edgecachetester' WHERE user_id = ?").bind(user.id).run();
  const cookie = await webSession(user);
  const path = `/?visit=${unique()}`;

  const signedIn = await fetchApp(path, { cookie });
  expect(edgeStatus(signedIn)).toBe("BYPASS");
  expect(signedIn.headers.get("Cache-Control")).toBe("private, no-store");
  expect(await signedIn.text()).toContain("Edgecachetester");

  // Not stored: the first anonymous request renders the anonymous page.
  const anonymous = await fetchApp(path);
  expect(edgeStatus(anonymous)).toBe("MISS");
  expect(await anonymous.text()).not.toContain("Edgecachetester");

  // And a cached page is never served to them.
  const again = await fetchApp(path, { cookie });
  expect(edgeStatus(again)).toBe("BYPASS");
  expect(await again.text()).toContain("Edgecachetester");
});

test("any cookie the app may read skips the edge cache; Cloudflare's own cookies do not", async () => {
  const path = `/terms?visit=${unique()}`;
  for (const cookie of ["__Host-toast=abc", "__Host-session=abc", "something-new=1", "__cf_bm=x; __Host-toast=abc"]) {
    const response = await fetchApp(path, { cookie });
    expect(edgeStatus(response), cookie).toBe("BYPASS");
    await response.arrayBuffer();
  }
  expect(edgeStatus(await fetchApp(path))).toBe("MISS");
  const withCloudflareCookie = await fetchApp(path, { cookie: "__cf_bm=x; cf_clearance=y" });
  expect(edgeStatus(withCloudflareCookie)).toBe("HIT");
  const withAuthorization = await fetchApp(path, { headers: { Authorization: "Bearer x" } });
  expect(edgeStatus(withAuthorization)).toBe("BYPASS");
});

test("personal, form and payment pages, data requests, APIs and unknown pages are never cached", async () => {
  const paths = [
    "/profile",
    "/admin",
    "/admin/users",
    "/coach",
    "/learning",
    "/meeting/abc",
    "/auth",
    "/sign-out",
    "/booking",
    "/contact",
    "/payment-success",
    "/payment-canceled",
    "/no-such-page",
    "/about.data",
    "/blog/some-post.data",
    "/_root.data",
  ];
  for (const path of paths) {
    for (let i = 0; i < 2; i++) {
      const response = await fetchApp(path);
      expect(edgeStatus(response), path).toBe("BYPASS");
      await response.arrayBuffer();
    }
  }
  // The APIs are answered before the pages and never reach the cache.
  const api = await fetchApp("/auth/v1/settings");
  expect(edgeStatus(api)).toBeNull();
});

test("a POST to a cacheable page is never cached nor answered from the cache", async () => {
  const path = `/resources?visit=${unique()}`;
  expect(edgeStatus(await fetchApp(path))).toBe("MISS");
  const post = await fetchApp(path, { form: { resource: "nope" } });
  expect(edgeStatus(post)).toBe("BYPASS");
  await post.arrayBuffer();
  expect(edgeStatus(await fetchApp(path))).toBe("HIT");
});

test("tracking parameters share the page's entry; other parameters, such as the blog's page, do not", async () => {
  const visit = unique();
  expect(edgeStatus(await fetchApp(`/blog?visit=${visit}`))).toBe("MISS");
  const tracked = await fetchApp(`/blog?utm_source=news&visit=${visit}&gclid=abc&fbclid=def&utm_campaign=spring`);
  expect(edgeStatus(tracked)).toBe("HIT");
  expect(await tracked.text()).not.toMatch(/utm_|gclid|fbclid/);

  const secondPage = await fetchApp(`/blog?page=2&visit=${visit}`);
  expect(edgeStatus(secondPage)).toBe("MISS");
  const secondHtml = await secondPage.text();
  // Parameter order does not matter.
  const reordered = await fetchApp(`/blog?visit=${visit}&page=2`);
  expect(edgeStatus(reordered)).toBe("HIT");
  expect(withoutNonces(await reordered.text())).toBe(withoutNonces(secondHtml));

  expect(canonicalPageUrl(new URL("https://x.test/blog?utm_medium=a&page=2&UTM_Source=b&category=cash-flow&msclkid=1")).href).toBe(
    "https://x.test/blog?category=cash-flow&page=2",
  );
});

test("a miss renders the page without its tracking parameters, so the stored copy never carries them", async () => {
  const response = await fetchApp(`/blog?utm_content=${unique()}-marker`);
  expect(edgeStatus(response)).toBe("MISS");
  expect(await response.text()).not.toContain("-marker");
});

test("HEAD is answered from the GET entry, and a HEAD miss stores the page for GET", async () => {
  const path = `/locations?visit=${unique()}`;
  const get = await fetchApp(path);
  await get.arrayBuffer();
  const head = await fetchApp(path, { method: "HEAD" });
  expect(edgeStatus(head)).toBe("HIT");
  expect(head.status).toBe(200);
  expect(head.headers.get("Content-Type")).toBe(get.headers.get("Content-Type"));
  expect(headerNonce(head)).toMatch(/\S/);
  expect(await head.text()).toBe("");

  const other = `/locations?visit=${unique()}`;
  const headMiss = await fetchApp(other, { method: "HEAD" });
  expect(edgeStatus(headMiss)).toBe("MISS");
  expect(await headMiss.text()).toBe("");
  const getHit = await fetchApp(other);
  expect(edgeStatus(getHit)).toBe("HIT");
  expect(await getHit.text()).toContain("</html>");
});

test("a stale page is served once while a fresh copy is rendered in the background; a page too old is rendered again", async () => {
  const slug = await createPost("Before the refresh");
  try {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    expect(edgeStatus(await fetchApp(`/blog/${slug}`))).toBe("MISS");
    await retitlePost(slug, "After the refresh");

    vi.setSystemTime(Date.now() + (EDGE_FRESH_SECONDS + 1) * 1000);
    const stale = await fetchApp(`/blog/${slug}`);
    expect(edgeStatus(stale)).toBe("STALE");
    expect(await stale.text()).toContain("Before the refresh");

    // fetchApp waited for the background work: the refreshed copy is fresh.
    const refreshed = await fetchApp(`/blog/${slug}`);
    expect(edgeStatus(refreshed)).toBe("HIT");
    const refreshedHtml = await refreshed.text();
    expect(refreshedHtml).toContain("After the refresh");
    expect(new Set(htmlNonces(refreshedHtml))).toEqual(new Set([headerNonce(refreshed)]));

    await retitlePost(slug, "Long after");
    vi.setSystemTime(Date.now() + (EDGE_FRESH_SECONDS + EDGE_STALE_SECONDS + 1) * 1000);
    const expired = await fetchApp(`/blog/${slug}`);
    expect(edgeStatus(expired)).toBe("MISS");
    expect(await expired.text()).toContain("Long after");
  } finally {
    await deletePost(slug);
  }
});

test("a stale page whose refresh no longer renders is dropped", async () => {
  const slug = await createPost("Soon unpublished");
  try {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    expect(edgeStatus(await fetchApp(`/blog/${slug}`))).toBe("MISS");
    await env.DB.prepare("UPDATE blog_posts SET status = 'draft' WHERE slug = ?").bind(slug).run();
    vi.setSystemTime(Date.now() + (EDGE_FRESH_SECONDS + 1) * 1000);
    expect(edgeStatus(await fetchApp(`/blog/${slug}`))).toBe("STALE");
    const gone = await fetchApp(`/blog/${slug}`);
    expect(gone.status).toBe(404);
    expect(edgeStatus(gone)).toBe("MISS");
  } finally {
    await deletePost(slug);
  }
});

// The storage rules, with a stand-in renderer that counts its calls.
const PAGES = cacheablePages(serverBuild as unknown as ServerBuild);

async function serveWith(path: string, rendered: () => Response, init: RequestInit = {}) {
  const request = new Request(`http://localhost${path}`, init);
  const ctx = createExecutionContext();
  const context = createAppContext(env, { request, executionContext: ctx, cspNonce: createNonce() });
  let renders = 0;
  const response = await serveWithEdgeCache(request, context, PAGES, async () => (renders++, rendered()));
  const body = await response.text();
  await waitOnExecutionContext(ctx);
  return { status: edgeStatus(response), renders, body };
}

const html = (headers: Record<string, string> = {}, status = 200) =>
  new Response('<!DOCTYPE html><html><body><script nonce="x">1</script></body></html>', {
    status,
    headers: { "Content-Type": "text/html; charset=utf-8", ...headers },
  });

test("an answer that sets a cookie, is not a 200 or is marked private is never stored", async () => {
  const cases: [string, () => Response][] = [
    ["sets a cookie", () => html({ "Set-Cookie": "__Host-toast=; Max-Age=0; Path=/; Secure" })],
    ["404", () => html({}, 404)],
    ["500", () => html({}, 500)],
    ["redirect", () => new Response(null, { status: 302, headers: { Location: "/" } })],
    ["private", () => html({ "Cache-Control": "private, max-age=60" })],
    ["no-store", () => html({ "Cache-Control": "no-store" })],
    ["varies by cookie", () => html({ Vary: "Cookie" })],
  ];
  for (const [name, rendered] of cases) {
    const path = `/privacy?case=${unique()}`;
    const first = await serveWith(path, rendered);
    const second = await serveWith(path, rendered);
    expect([first.status, second.status], name).toEqual(["MISS", "MISS"]);
    expect(second.renders, name).toBe(1);
  }
  // The same stand-in as a plain 200 is stored, and the second answer does not render.
  const path = `/privacy?case=${unique()}`;
  expect((await serveWith(path, () => html())).status).toBe("MISS");
  const hit = await serveWith(path, () => html());
  expect([hit.status, hit.renders]).toEqual(["HIT", 0]);
});

test("POST, PUT and DELETE are rendered every time", async () => {
  const path = `/privacy?case=${unique()}`;
  for (const method of ["POST", "PUT", "DELETE", "POST"]) {
    const answer = await serveWith(path, () => html(), { method, body: method === "DELETE" ? undefined : "a=1" });
    expect([answer.status, answer.renders], method).toEqual(["BYPASS", 1]);
  }
  expect((await serveWith(path, () => html())).status).toBe("MISS");
});

test("only public routes are cacheable, and each listed route exists", async () => {
  for (const id of CACHEABLE_ROUTES) {
    expect(ROUTE_ACCESS[id], id).toBe("public");
    expect((serverBuild as unknown as ServerBuild).routes[id], id).toBeDefined();
    expect(PAGES.routeIds.has(id), id).toBe(true);
  }
  for (const [id, access] of Object.entries(ROUTE_ACCESS)) {
    if (access !== "public") expect(PAGES.routeIds.has(id), id).toBe(false);
  }
});
