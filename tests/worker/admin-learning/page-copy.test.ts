import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { CONTENT_VERSION_KEY } from "~/edge-cache/edge-cache.server";
import { SERVICES } from "~/content/services";
import { LOCATIONS } from "~/content/locations";
import { createSignedInUser } from "../../factories/users";
import { countRows, fetchApp, jsonLdBlocks, pageText } from "../app";

// The service and location pages' copy in D1 (/admin/pages): the public page reads the published
// copy; a saved draft is a revision and an audit entry but stays off the page until it is published;
// publishing bumps the content version (the edge cache starts afresh); a revision can be restored;
// bad input is a 400 with nothing written; only admins get in.

const SERVICE = "operational-improvement";
const EDITOR = `/admin/pages/service/${SERVICE}`;
const KEY = `service:${SERVICE}`;

function copyForm(overrides: Record<string, string> = {}, faqs: [string, string][] = [["Is it new?", "Yes, it is new."]]) {
  const form = new URLSearchParams({
    intent: "save",
    headline: "A new headline for operations",
    lead: "A new lead.",
    introHeading: "A new intro heading",
    intro: "First paragraph.\n\nSecond paragraph.",
    ...overrides,
  });
  for (const [question, answer] of faqs) {
    form.append("faqQuestion", question);
    form.append("faqAnswer", answer);
  }
  return form;
}

async function publicPage(path: string) {
  const response = await fetchApp(path);
  expect(response.status).toBe(200);
  return pageText(response);
}

test("the seeded copy is the code's, so the public pages read as before", async () => {
  const service = await publicPage(`/services/${SERVICE}`);
  expect(service).toContain(SERVICES[SERVICE].headline);
  const location = await publicPage("/locations/perth-business-coaching");
  expect(location).toContain(LOCATIONS.perth.whyVirtual[0]);
  expect(await countRows("page_copy", "status = 'published'")).toBe(Object.keys(SERVICES).length + Object.keys(LOCATIONS).length);
});

test("a draft is saved with a revision and an audit entry, stays off the page until published, and publishing bumps the content version", async () => {
  const admin = await createSignedInUser({ roles: ["admin"] });
  const saved = await fetchApp(EDITOR, { form: copyForm(), cookie: admin.cookie });
  expect(saved.status).toBe(302);
  expect(saved.headers.get("Location")).toBe(EDITOR);
  expect(await countRows("content_revisions", "content_type = 'page_copy' AND content_id = ?", KEY)).toBe(1);
  expect(await countRows("audit_log", "action = 'page_copy_saved' AND actor_id = ? AND target_id = ?", admin.id, KEY)).toBe(1);
  expect(await countRows("page_copy", "key = ? AND status = 'draft'", KEY)).toBe(1);

  // Not public yet.
  expect(await publicPage(`/services/${SERVICE}`)).not.toContain("A new headline for operations");
  const editor = await pageText(await fetchApp(EDITOR, { cookie: admin.cookie }));
  expect(editor).toContain("Unpublished changes.");

  const versionBefore = await env.EDGE_CACHE.get(CONTENT_VERSION_KEY);
  const published = await fetchApp(EDITOR, { form: { intent: "publish" }, cookie: admin.cookie });
  expect(published.status).toBe(302);
  const versionAfter = await env.EDGE_CACHE.get(CONTENT_VERSION_KEY);
  expect(versionAfter).not.toBeNull();
  expect(versionAfter).not.toBe(versionBefore);
  expect(await countRows("audit_log", "action = 'page_copy_published' AND target_id = ?", KEY)).toBe(1);

  const page = await publicPage(`/services/${SERVICE}`);
  expect(page).toContain("A new headline for operations");
  expect(page).toContain("Second paragraph.");
  // The FAQ's structured data follows the published copy.
  const faq = jsonLdBlocks(page).find((block) => block["@type"] === "FAQPage") as { mainEntity: { name: string }[] } | undefined;
  expect(faq?.mainEntity.map((entry) => entry.name)).toEqual(["Is it new?"]);
  // The code's constants stay: the price sentence is still there.
  expect(page).toContain("How it works");

  // Publishing again with nothing new changes nothing and bumps nothing.
  await fetchApp(EDITOR, { form: { intent: "publish" }, cookie: admin.cookie });
  expect(await env.EDGE_CACHE.get(CONTENT_VERSION_KEY)).toBe(versionAfter);
  expect(await countRows("audit_log", "action = 'page_copy_published' AND target_id = ?", KEY)).toBe(1);

  // Restoring the first revision puts it back in the draft (a new revision), not on the page.
  await fetchApp(EDITOR, { form: copyForm({ headline: "A second headline" }), cookie: admin.cookie });
  const restored = await fetchApp(EDITOR, { form: { intent: "restore", revision: "1" }, cookie: admin.cookie });
  expect(restored.status).toBe(302);
  expect(await countRows("content_revisions", "content_type = 'page_copy' AND content_id = ?", KEY)).toBe(3);
  const draft = await env.DB.prepare("SELECT draft, status FROM page_copy WHERE key = ?").bind(KEY).first<{ draft: string; status: string }>();
  expect(JSON.parse(draft!.draft).headline).toBe("A new headline for operations");
  expect(draft!.status).toBe("published");
  expect(await countRows("audit_log", "action = 'page_copy_restored' AND target_id = ?", KEY)).toBe(1);
});

test("bad input is a 400 that says what to fix, keeps what was typed and writes nothing", async () => {
  const admin = await createSignedInUser({ roles: ["admin"] });
  const path = "/admin/pages/service/digital-systems";
  const before = await countRows("audit_log", "target_id = 'service:digital-systems'");
  const response = await fetchApp(path, {
    form: copyForm({ headline: " ", lead: "x".repeat(401) }, [["A question without an answer", ""]]),
    cookie: admin.cookie,
  });
  expect(response.status).toBe(400);
  const html = await pageText(response);
  expect(html).toContain("Enter the headline.");
  expect(html).toContain("The lead must be 400 characters or fewer.");
  expect(html).toContain("Question 1 needs both a question and an answer");
  expect(html).toContain("A question without an answer");
  expect(await countRows("content_revisions", "content_id = 'service:digital-systems'")).toBe(0);
  expect(await countRows("audit_log", "target_id = 'service:digital-systems'")).toBe(before);

  // An unknown page, kind or revision: not found, never a 500.
  expect((await fetchApp("/admin/pages/service/no-such-service", { cookie: admin.cookie })).status).toBe(404);
  expect((await fetchApp("/admin/pages/blog/strategic-planning", { cookie: admin.cookie })).status).toBe(404);
  expect((await fetchApp(path, { form: { intent: "restore", revision: "99" }, cookie: admin.cookie })).status).toBe(404);
  expect((await fetchApp(path, { form: { intent: "restore", revision: "two" }, cookie: admin.cookie })).status).toBe(400);
  expect((await fetchApp(path, { form: { intent: "nope" }, cookie: admin.cookie })).status).toBe(400);
});

test("a location page without a row, or with copy that can't be read, shows the code's copy", async () => {
  await env.DB.prepare("DELETE FROM page_copy WHERE key = 'location:hobart'").run();
  await env.DB.prepare("UPDATE page_copy SET fields = '{\"headline\":1}' WHERE key = 'location:darwin'").run();
  expect(await publicPage("/locations/hobart-business-coaching")).toContain(LOCATIONS.hobart.headline);
  expect(await publicPage("/locations/darwin-business-coaching")).toContain(LOCATIONS.darwin.headline);
});

test("a location's copy: its economy paragraph and why-virtual paragraphs publish to the page", async () => {
  const admin = await createSignedInUser({ roles: ["admin"] });
  const path = "/admin/pages/location/adelaide";
  const form = copyForm({ economy: "Adelaide's economy, rewritten.", intro: "Why virtual, rewritten." });
  form.delete("introHeading");
  expect((await fetchApp(path, { form, cookie: admin.cookie })).status).toBe(302);
  expect((await fetchApp(path, { form: { intent: "publish" }, cookie: admin.cookie })).status).toBe(302);
  const page = await publicPage("/locations/adelaide-business-coaching");
  expect(page).toContain("Adelaide's economy, rewritten.");
  expect(page).toContain("Why virtual, rewritten.");
});

test("only admins reach the editor or change the copy", async () => {
  const client = await createSignedInUser({ roles: ["client"] });
  const coach = await createSignedInUser({ roles: ["coach"] });
  for (const who of [client, coach]) {
    const response = await fetchApp(EDITOR, { form: copyForm({ headline: "Hijacked" }), cookie: who.cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect((await fetchApp("/admin/pages", { cookie: who.cookie })).headers.get("Location")).toBe("/");
  }
  const visitor = await fetchApp(EDITOR, { form: { intent: "publish" } });
  expect(visitor.status).toBe(302);
  expect(visitor.headers.get("Location")).toMatch(/^\/auth/);
  const row = await env.DB.prepare("SELECT draft FROM page_copy WHERE key = ?").bind(KEY).first<{ draft: string }>();
  expect(row!.draft).not.toContain("Hijacked");
});

test("the pages list searches, filters by kind and status, and pages", async () => {
  const admin = await createSignedInUser({ roles: ["admin"] });
  const list = await pageText(await fetchApp("/admin/pages?kind=location&q=Perth", { cookie: admin.cookie }));
  expect(list).toContain("Perth business coaching");
  expect(list).not.toContain("/admin/pages/service/");
  expect(list).not.toContain("/admin/pages/location/sydney");
  const services = await pageText(await fetchApp("/admin/pages?kind=service&sort=title&dir=desc", { cookie: admin.cookie }));
  expect(services.indexOf("/admin/pages/service/strategic-planning")).toBeLessThan(services.indexOf("/admin/pages/service/digital-systems"));
  // A bad filter or page is ignored, never a 500.
  expect((await fetchApp("/admin/pages?kind=%27%20OR%201%3D1&page=-4", { cookie: admin.cookie })).status).toBe(200);
});
