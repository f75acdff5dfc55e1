import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { createSignedInUser } from "../../factories/users";
import { fetchApp } from "../app";

// The content admin's pages through the Worker: an admin creates, edits, schedules and publishes a
// post with form posts; bad input is a 4xx with a message and changes nothing; others are refused.

test("an admin writes a draft, saves a change, is refused a bad schedule, and publishes it; the list and the preview work", async () => {
  const admin = await createSignedInUser({ roles: ["admin"] });
  const tag = crypto.randomUUID().slice(0, 8);
  const form = {
    title: `Pricing for profit ${tag}`,
    slug: "",
    description: "Why your prices are probably too low.",
    category: "Strategy",
    authorName: "Sam Coach",
    authorRole: "Business coach",
    image: "strategy",
    body: "## Know your costs\n\n<script>alert(1)</script>",
  };
  const created = await fetchApp("/admin/content/new?type=post", { form, cookie: admin.cookie });
  expect(created.status).toBe(302);
  const editor = created.headers.get("Location")!;
  expect(editor).toMatch(/^\/admin\/content\/post\/[0-9a-f-]{36}$/);

  const page = await fetchApp(editor, { cookie: admin.cookie });
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('id="know-your-costs"');
  expect(html).toContain("&lt;script&gt;");
  expect(html).toContain("Revision 1");

  const bad = await fetchApp(editor, { form: { intent: "save", ...form, title: "", slug: "Not A Slug" }, cookie: admin.cookie });
  expect(bad.status).toBe(400);
  const badSchedule = await fetchApp(editor, { form: { intent: "schedule", scheduledAt: "2026-10-04T02:30" }, cookie: admin.cookie });
  expect(badSchedule.status).toBe(400);
  const past = await fetchApp(editor, { form: { intent: "schedule", scheduledAt: "2020-01-01T09:00" }, cookie: admin.cookie });
  expect(past.status).toBe(400);

  expect((await fetchApp(editor, { form: { intent: "save", ...form, title: `${form.title}!` }, cookie: admin.cookie })).status).toBe(302);
  expect((await fetchApp(editor, { form: { intent: "publish" }, cookie: admin.cookie })).status).toBe(302);
  const slug = `pricing-for-profit-${tag}`;
  expect((await fetchApp(`/blog/${slug}`)).status).toBe(200);

  const list = await (await fetchApp(`/admin/content?q=${tag}&status=published`, { cookie: admin.cookie })).text();
  expect(list).toContain(`${form.title}!`);
  const compare = await (await fetchApp(`${editor}?from=1&to=2`, { cookie: admin.cookie })).text();
  expect(compare).toContain("Revision 1 → revision 2");

  const preview = await fetchApp("/admin/content/preview", { form: { markdown: "# Hi\n\n[x](javascript:alert(1))" }, cookie: admin.cookie });
  expect(preview.status).toBe(200);
  const body = (await preview.json()) as { html: string };
  expect(body.html).toContain('<h2 id="hi">Hi</h2>');
  expect(body.html).not.toContain('href="javascript:');

  const audit = await env.DB.prepare("SELECT action FROM audit_log WHERE actor_id = ? AND action LIKE 'content_%' ORDER BY created_at, rowid")
    .bind(admin.id)
    .all<{ action: string }>();
  expect(audit.results.map((r) => r.action)).toEqual(["content_created", "content_updated", "content_published"]);
});

test("a client can't reach the editor, its actions or the preview", async () => {
  const client = await createSignedInUser();
  for (const [path, init] of [
    ["/admin/content", {}],
    ["/admin/content/new?type=post", { form: { title: "x" } }],
    ["/admin/content/preview", { form: { markdown: "x" } }],
  ] as const) {
    const response = await fetchApp(path, { ...init, cookie: client.cookie });
    expect([302, 303, 403, 404], path).toContain(response.status);
    expect(response.headers.get("Location") ?? "/", path).not.toContain("/admin");
  }
});
