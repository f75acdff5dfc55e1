import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { uploadMedia } from "~/content/media.server";
import { resolveContentImages } from "~/content/content-image.server";
import { createDb } from "~/db/client.server";
import { bumpContentVersion } from "~/edge-cache/edge-cache.server";
import { SANDBOXED_DOCUMENT_CSP } from "~/platform/security-headers.server";
import { PDF, pngOf } from "../../factories/media";
import { createSignedInUser, createUser } from "../../factories/users";
import { contextFor, fetchApp, pageText } from "../app";
import { auditAbout } from "../booking-portals/helpers";

// The media library's pages (upload, alt text, delete), the public addresses uploads are served at,
// and an upload as a content image or a resource's file.

type Variant = { width: number; format: string; key: string };

async function signedInAdmin() {
  return createSignedInUser({ roles: ["admin"] });
}

function uploadForm(bytes: Uint8Array, name: string, type: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.set("file", new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return form;
}

async function uploaded(bytes: Uint8Array, name: string, type: string, alt = "") {
  const result = await uploadMedia(contextFor(), {
    file: new File([bytes as Uint8Array<ArrayBuffer>], name, { type }),
    alt,
    actorId: (await createUser({ roles: ["admin"] })).id,
  });
  if (!result.ok) throw new Error(result.error);
  return result.asset;
}

test("an admin uploads an image without JavaScript: a plain multipart post, then the asset's page", async () => {
  const admin = await signedInAdmin();
  const response = await fetchApp("/admin/media?index", {
    cookie: admin.cookie,
    body: uploadForm(await pngOf(400, 200), "hero.png", "image/png", { alt: "Team at work" }),
  });
  expect(response.status, await response.clone().text()).toBe(302);
  const id = /^\/admin\/media\/([0-9a-f-]{36})$/.exec(response.headers.get("Location") ?? "")?.[1];
  expect(id).toBeDefined();
  const row = await env.DB.prepare("SELECT kind, alt, uploaded_by FROM media_assets WHERE id = ?").bind(id).first();
  expect(row).toEqual({ kind: "image", alt: "Team at work", uploaded_by: admin.id });
  expect((await auditAbout(id!)).map((entry) => [entry.action, entry.actorId])).toEqual([["media_uploaded", admin.id]]);

  const page = await pageText(await fetchApp(`/admin/media/${id}`, { cookie: admin.cookie }));
  expect(page).toContain(`media:${id}`);
  expect(page).toContain("380 px WEBP");
  const list = await fetchApp("/admin/media?q=hero", { cookie: admin.cookie });
  expect(list.status).toBe(200);
  expect(await pageText(list)).toContain("hero.png");
  expect(await pageText(await fetchApp("/admin/media?q=nothing-like-it", { cookie: admin.cookie }))).toContain("No uploads match");
});

test("a refused upload answers 415 or 413 on the page with the reason; a body declared too big is refused before it is read", async () => {
  const admin = await signedInAdmin();
  const lying = await fetchApp("/admin/media?index", { cookie: admin.cookie, body: uploadForm(PDF, "photo.jpg", "image/jpeg") });
  expect(lying.status).toBe(415);
  expect(await lying.text()).toContain("its contents are a PDF");
  const none = await fetchApp("/admin/media?index", { cookie: admin.cookie, body: new FormData() });
  expect(none.status).toBe(400);
  const big = await fetchApp("/admin/media?index", {
    cookie: admin.cookie,
    body: "x",
    contentType: "multipart/form-data; boundary=x",
    headers: { "Content-Length": String(30 * 1024 * 1024) },
  });
  expect(big.status).toBe(413);
  expect(await big.text()).toMatch(/too large/);
  // The picker's upload (a fetcher: the page's data request, with the upload limit) gets the new asset back as data.
  const picker = await fetchApp("/admin/media.data?index", {
    cookie: admin.cookie,
    body: uploadForm(await pngOf(1200, 900), "thumb.png", "image/png", { from: "picker" }),
  });
  expect(picker.status).toBe(200);
  const text = await picker.text();
  expect(text).toContain("thumb.png");
  expect(text).toMatch(/media:[0-9a-f-]{36}/);
});

test("a client or coach can't upload, list or pick", async () => {
  for (const roles of [["client"], ["coach"]] as const) {
    const user = await createSignedInUser({ roles: [...roles] });
    const post = await fetchApp("/admin/media?index", { cookie: user.cookie, body: uploadForm(await pngOf(10, 10), "x.png", "image/png") });
    expect(post.status, roles[0]).toBeGreaterThanOrEqual(300);
    expect(post.status).toBeLessThan(500);
    expect(post.headers.get("Location")).toBe("/");
    expect((await fetchApp("/admin/media/picker", { cookie: user.cookie })).headers.get("Location")).toBe("/");
  }
  expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM media_assets WHERE original_name = 'x.png'").first("n")).toBe(0);
});

test("uploads are served at stable addresses with their sniffed type, nosniff and a year's immutable caching; files download", async () => {
  const image = await uploaded(await pngOf(800, 400), "Our Team (2026).png", "image/png");
  const variants = JSON.parse(image.variants) as Variant[];
  const webp = await fetchApp(`/media/${image.id}/380.webp`);
  expect(webp.status).toBe(200);
  expect(webp.headers.get("Content-Type")).toBe("image/webp");
  expect(webp.headers.get("X-Content-Type-Options")).toBe("nosniff");
  expect(webp.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
  expect(webp.headers.get("Content-Disposition")).toBeNull();
  expect(Number(webp.headers.get("Content-Length"))).toBe((await webp.arrayBuffer()).byteLength);
  expect((await fetchApp(`/media/${image.id}/768.png`)).headers.get("Content-Type")).toBe("image/png");
  expect(variants).toHaveLength(4);
  const original = await fetchApp(`/media/${image.id}/Our-Team-2026.png`);
  expect(original.status).toBe(200);
  expect(original.headers.get("Content-Type")).toBe("image/png");
  // A browser's revalidation gets 304.
  const etag = original.headers.get("ETag")!;
  expect((await fetchApp(`/media/${image.id}/Our-Team-2026.png`, { headers: { "If-None-Match": etag } })).status).toBe(304);

  const file = await uploaded(PDF, "EOFY checklist.pdf", "application/pdf");
  const download = await fetchApp(`/media/${file.id}/EOFY-checklist.pdf`);
  expect(download.status).toBe(200);
  expect(download.headers.get("Content-Type")).toBe("application/pdf");
  expect(download.headers.get("Content-Disposition")).toBe('attachment; filename="EOFY-checklist.pdf"');
  expect(download.headers.get("Content-Security-Policy")).toBe(SANDBOXED_DOCUMENT_CSP);

  for (const path of [
    `/media/${image.id}/1920.webp`, // wider than the original: never made
    `/media/${image.id}/380.avif`,
    `/media/${image.id}/other-name.png`,
    `/media/${crypto.randomUUID()}/380.webp`,
    "/media/not-an-id/380.webp",
    `/media/${file.id}/EOFY-checklist.exe`,
  ]) {
    const missing = await fetchApp(path);
    expect(missing.status, path).toBe(404);
    expect(missing.headers.get("Cache-Control"), path).toBe("no-store");
  }
});

test("alt text is saved and audited with its diff; delete is refused while a post uses the image, then removes every object", async () => {
  const admin = await signedInAdmin();
  const image = await uploaded(await pngOf(400, 200), "office.png", "image/png", "Old words");
  const saved = await fetchApp(`/admin/media/${image.id}`, { cookie: admin.cookie, form: { intent: "alt", alt: "Two owners reviewing a cash-flow forecast" } });
  expect(saved.status).toBe(302);
  expect(await env.DB.prepare("SELECT alt FROM media_assets WHERE id = ?").bind(image.id).first("alt")).toBe("Two owners reviewing a cash-flow forecast");
  const audit = await auditAbout(image.id);
  expect(audit.at(-1)).toMatchObject({
    action: "media_updated",
    actorId: admin.id,
    detail: { targetType: "media_asset", changes: { alt: { from: "Old words", to: "Two owners reviewing a cash-flow forecast" } } },
  });
  expect((await fetchApp(`/admin/media/${image.id}`, { cookie: admin.cookie, form: { intent: "alt", alt: "x".repeat(300) } })).status).toBe(400);

  // In use as a blog post's image: refused, nothing removed.
  const postId = crypto.randomUUID();
  await env.DB.prepare(
    "INSERT INTO blog_posts (id, slug, title, description, category, author_name, author_role, body, image, status) VALUES (?, ?, 'Cash in winter', 'd', 'cash-flow', 'A', 'B', 'Body', ?, 'draft')",
  )
    .bind(postId, `cash-${postId.slice(0, 8)}`, `media:${image.id}`)
    .run();
  const page = await pageText(await fetchApp(`/admin/media/${image.id}`, { cookie: admin.cookie }));
  expect(page).toContain("Cash in winter");
  expect(page).toContain("can't be deleted while it is used");
  const refused = await fetchApp(`/admin/media/${image.id}`, { cookie: admin.cookie, form: { intent: "delete" } });
  expect(refused.status).toBe(409);
  expect(await refused.text()).toContain("Cash in winter");
  expect(await env.UPLOADS.head(image.key)).not.toBeNull();

  await env.DB.prepare("UPDATE blog_posts SET image = 'cash-flow' WHERE id = ?").bind(postId).run();
  const deleted = await fetchApp(`/admin/media/${image.id}`, { cookie: admin.cookie, form: { intent: "delete" } });
  expect(deleted.status).toBe(302);
  expect(deleted.headers.get("Location")).toBe("/admin/media");
  expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM media_assets WHERE id = ?").bind(image.id).first("n")).toBe(0);
  expect((await env.UPLOADS.list({ prefix: `media/${image.id}/` })).objects).toEqual([]);
  expect((await auditAbout(image.id)).at(-1)).toMatchObject({
    action: "media_deleted",
    actorId: admin.id,
    detail: { changes: { kind: { from: "image", to: null } } },
  });
  expect((await fetchApp(`/media/${image.id}/380.webp`)).status).toBe(404);
  expect((await fetchApp(`/admin/media/${image.id}`, { cookie: admin.cookie })).status).toBe(404);
});

test("content images resolve in one query: illustrations as they are, uploads with their sizes, anything else the fallback", async () => {
  const image = await uploaded(await pngOf(1100, 550), "hero.png", "image/png", "A harbour at dawn");
  const file = await uploaded(PDF, "guide.pdf", "application/pdf");
  const [upload, illustration, missing, notImage, unknown] = await resolveContentImages(createDb(env.DB), [
    `media:${image.id}`,
    "cash-flow",
    `media:${crypto.randomUUID()}`,
    `media:${file.id}`,
    "no-such-illustration",
  ]);
  expect(upload).toMatchObject({
    kind: "media",
    id: image.id,
    width: 1100,
    height: 550,
    alt: "A harbour at dawn",
    src: `/media/${image.id}/1024.png`,
    ogUrl: `/media/${image.id}/1024.png`,
  });
  if (upload?.kind !== "media") throw new Error("an upload");
  expect(upload.variants.map((v) => `${v.width}.${v.format}`)).toEqual(["380.webp", "380.png", "768.webp", "768.png", "1024.webp", "1024.png"]);
  expect(illustration).toMatchObject({ kind: "illustration", key: "cash-flow" });
  expect(missing).toMatchObject({ kind: "illustration", key: "strategy" });
  expect(notImage).toMatchObject({ kind: "illustration", key: "strategy" });
  expect(unknown).toMatchObject({ kind: "illustration", key: "strategy" });
});

test("a resource's file may be an upload: the resources page shows its size and the download leads to it", async () => {
  const file = await uploaded(PDF, "Pricing workbook.pdf", "application/pdf");
  const slug = `pricing-${file.id.slice(0, 8)}`;
  await env.DB.prepare(
    "INSERT INTO resources (id, slug, title, description, file_path, format, status, published_at) VALUES (?, ?, 'Pricing workbook', 'd', ?, 'PDF', 'published', ?)",
  )
    .bind(crypto.randomUUID(), slug, `media:${file.id}`, new Date().toISOString())
    .run();
  const page = await pageText(await fetchApp("/resources"));
  expect(page).toContain("Pricing workbook");
  expect(page).toContain(`PDF, ${PDF.byteLength} bytes`);
  const bot = await fetchApp("/resources", { form: { resource: slug, name: "Sam", email: "sam@example.com", website: "filled" } });
  expect(bot.headers.get("Location")).toBe(`/media/${file.id}/Pricing-workbook.pdf`);

  // An upload that no longer exists: the resource isn't offered.
  await env.DB.prepare("UPDATE resources SET file_path = ? WHERE slug = ?").bind(`media:${crypto.randomUUID()}`, slug).run();
  await bumpContentVersion(env);
  expect(await pageText(await fetchApp("/resources"))).not.toContain("Pricing workbook");
});
