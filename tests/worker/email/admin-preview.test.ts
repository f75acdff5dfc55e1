import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { composeEmail } from "~/email/compose.server";
import { insertOutboxEmail } from "~/email/outbox.server";
import { leadNoticeEmail } from "~/email/templates/lead-notice";
import { SANDBOXED_DOCUMENT_CSP } from "~/platform/security-headers.server";
import { appEnv, testDb } from "./helpers";
import { createSignedInUser, createUser, uniqueEmail, webSession } from "../../factories/users";
import { fetchApp } from "../app";

async function leadEmailWithMarkup() {
  const hostile = "<script>parent.document.title='owned'</script>";
  const email = await composeEmail(
    appEnv(),
    leadNoticeEmail,
    { source: "contact", name: hostile, email: "x@example.com.au", company: null, phone: null, businessType: null, message: hostile, receivedAt: "2026-11-20" },
    { to: "team@clarityai.com.au", dedupeKey: `preview:${crypto.randomUUID()}` },
  );
  return { id: (await insertOutboxEmail(testDb(), appEnv(), email))!, email, hostile };
}

test("the outbox shows both parts; the HTML part is framed in a sandbox from an admin-only preview with its own strict policy", async () => {
  const cookie = (await createSignedInUser({ email: uniqueEmail("preview-admin"), roles: ["admin"] })).cookie;
  const { id, hostile } = await leadEmailWithMarkup();

  const detail = await fetchApp(`/admin/outbox/${id}`, { cookie });
  expect(detail.status).toBe(200);
  const page = await detail.text();
  // sandbox="" — no allow-scripts, no allow-same-origin.
  expect(page).toMatch(new RegExp(`<iframe class="email-preview" sandbox="" src="/admin/outbox/${id}/preview" title="[^"]+"></iframe>`));
  expect(page).toMatch(/<pre[^>]*aria-label="Email text"[^>]*>Name: &lt;script&gt;/);
  expect(page).not.toContain(hostile);
  // The site's own policy may frame this origin, and only this origin may frame the site's pages.
  expect(detail.headers.get("Content-Security-Policy")).toMatch(/frame-src https:\/\/challenges\.cloudflare\.com 'self'/);
  expect(detail.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");

  const listing = await (await fetchApp("/admin/outbox", { cookie })).text();
  expect(listing).toContain(`href="/admin/outbox/${id}"`);
  expect(listing).toMatch(/<td[^>]*>HTML and text<\/td>/);

  const preview = await fetchApp(`/admin/outbox/${id}/preview`, { cookie });
  expect(preview.status).toBe(200);
  expect(preview.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
  expect(preview.headers.get("Content-Security-Policy")).toBe(SANDBOXED_DOCUMENT_CSP);
  expect(SANDBOXED_DOCUMENT_CSP).toBe(
    "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; form-action 'none'; base-uri 'none'; frame-ancestors 'self'; sandbox",
  );
  expect(preview.headers.get("X-Frame-Options")).toBe("SAMEORIGIN");
  expect(preview.headers.get("Cache-Control")).toBe("private, no-store");
  const html = await preview.text();
  expect(html).toMatch(/^<!DOCTYPE html>/);
  expect(html).not.toMatch(/<script/i);
  expect(html).toContain("&lt;script&gt;parent.document.title=");
});

test("even an HTML part holding a script is served where it cannot run: no script source, an opaque sandbox", async () => {
  const cookie = (await createSignedInUser({ email: uniqueEmail("preview-admin"), roles: ["admin"] })).cookie;
  const id = crypto.randomUUID();
  await env.DB.prepare(
    "INSERT INTO email_outbox (id, dedupe_key, to_address, subject, text_body, html_body, status, provider) VALUES (?, ?, 'a@example.com.au', 'Raw', 'Raw', ?, 'stored', 'outbox')",
  )
    .bind(id, `raw:${id}`, "<p>Hi</p><script>alert(1)</script>")
    .run();
  const preview = await fetchApp(`/admin/outbox/${id}/preview`, { cookie });
  expect(preview.status).toBe(200);
  const csp = preview.headers.get("Content-Security-Policy")!;
  const directives = csp.split("; ");
  expect(directives).toContain("default-src 'none'");
  expect(directives).toContain("sandbox");
  expect(csp).not.toMatch(/script-src|allow-scripts|allow-same-origin|unsafe-eval/);
});

test("the preview is for admins only, and answers 404 for an email without an HTML part", async () => {
  const { id } = await leadEmailWithMarkup();
  const visitor = await fetchApp(`/admin/outbox/${id}/preview`);
  expect(visitor.status).toBe(302);
  expect(visitor.headers.get("Location")).toBe(`/auth?redirectTo=${encodeURIComponent(`/admin/outbox/${id}/preview`)}`);
  const client = await fetchApp(`/admin/outbox/${id}/preview`, {
    cookie: await webSession(await createUser({ email: uniqueEmail("preview-client"), roles: ["client"] })),
  });
  expect(client.status).toBe(302);
  expect(client.headers.get("Location")).toBe("/");

  const cookie = (await createSignedInUser({ email: uniqueEmail("preview-admin"), roles: ["admin"] })).cookie;
  const textOnly = crypto.randomUUID();
  await env.DB.prepare(
    "INSERT INTO email_outbox (id, dedupe_key, to_address, subject, text_body, status, provider) VALUES (?, ?, 'sms:+61400000000', 'Code', 'Code 1', 'stored', 'outbox')",
  )
    .bind(textOnly, `sms:${textOnly}`)
    .run();
  expect((await fetchApp(`/admin/outbox/${textOnly}/preview`, { cookie })).status).toBe(404);
  expect((await fetchApp(`/admin/outbox/${crypto.randomUUID()}/preview`, { cookie })).status).toBe(404);
  const detail = await (await fetchApp(`/admin/outbox/${textOnly}`, { cookie })).text();
  expect(detail).not.toContain("<iframe");
});
