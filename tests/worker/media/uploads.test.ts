import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { photoDimensions } from "~/coach-network/photo-metadata";
import { MEDIA_FILE_MAX_BYTES, MEDIA_IMAGE_MAX_BYTES } from "~/content/media";
import { uploadMedia } from "~/content/media.server";
import { containsAscii, jpegWithMetadata } from "../../factories/photos";
import { PDF, pngOf } from "../../factories/media";
import { createUser } from "../../factories/users";
import { contextFor } from "../app";
import { auditAbout } from "../booking-portals/helpers";

// Uploads to the media library, checked from their bytes: the type (a lying name or browser type is
// refused), the size, a readable image; an image's responsive sizes (SPEC §9) made by the Images
// binding and checked; nothing left half-written when something fails.

type Variant = { width: number; format: string; key: string; bytes: number };

async function admin() {
  return (await createUser({ roles: ["admin"] })).id;
}

async function upload(bytes: Uint8Array, name: string, type: string, alt = "") {
  return uploadMedia(contextFor(), { file: new File([bytes as Uint8Array<ArrayBuffer>], name, { type }), alt, actorId: await admin() });
}

/** The objects under media/ and the rows: what an upload left behind. */
async function stored() {
  const listed = await env.UPLOADS.list({ prefix: "media/" });
  const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM media_assets").first<{ n: number }>();
  return { objects: listed.objects.length, rows: rows!.n };
}

async function jpegOf(width: number, height: number) {
  const result = await env.IMAGES.input(new Response(await pngOf(width, height)).body!).output({ format: "image/jpeg" });
  return new Uint8Array(await result.response().arrayBuffer());
}

test("an image upload gets its SPEC §9 sizes as WebP and a fallback, none wider than the original, each checked", async () => {
  const result = await upload(await pngOf(800, 450), "chart.png", "image/png", "A chart");
  expect(result.ok, JSON.stringify(result)).toBe(true);
  if (!result.ok) return;
  expect(result.asset).toMatchObject({ kind: "image", contentType: "image/png", width: 800, height: 450, alt: "A chart" });
  const variants = JSON.parse(result.asset.variants) as Variant[];
  // A PNG keeps a PNG fallback (transparency); 1024 and wider are larger than the original.
  expect(variants.map((v) => `${v.width}.${v.format}`).sort()).toEqual(["380.png", "380.webp", "768.png", "768.webp"]);
  for (const variant of variants) {
    const object = await env.UPLOADS.get(variant.key);
    const bytes = new Uint8Array(await object!.arrayBuffer());
    expect(bytes.byteLength).toBe(variant.bytes);
    expect(object!.httpMetadata?.contentType).toBe(`image/${variant.format}`);
    expect(photoDimensions(bytes, `image/${variant.format}` as "image/webp")).toEqual({
      width: variant.width,
      height: Math.round((450 * variant.width) / 800),
    });
  }
  const audit = await auditAbout(result.asset.id);
  expect(audit).toEqual([
    expect.objectContaining({
      action: "media_uploaded",
      detail: expect.objectContaining({
        targetType: "media_asset",
        changes: expect.objectContaining({ contentType: { from: null, to: "image/png" }, variants: { from: null, to: 4 } }),
      }),
    }),
  ]);
});

test("a wide JPEG gets all six widths with a JPEG fallback; a narrow one gets its own width only", async () => {
  const wide = await upload(await jpegOf(2000, 1000), "team.jpg", "image/jpeg");
  expect(wide.ok).toBe(true);
  if (!wide.ok) return;
  const widths = (JSON.parse(wide.asset.variants) as Variant[]).filter((v) => v.format === "jpeg").map((v) => v.width);
  expect(widths).toEqual([380, 768, 1024, 1280, 1600, 1920]);

  const narrow = await upload(await pngOf(300, 200), "icon.png", "");
  expect(narrow.ok).toBe(true);
  if (!narrow.ok) return;
  expect((JSON.parse(narrow.asset.variants) as Variant[]).map((v) => `${v.width}.${v.format}`)).toEqual(["300.webp", "300.png"]);
});

test("a phone photo's location and camera are removed before it is stored", async () => {
  const photo = jpegWithMetadata();
  expect(containsAscii(photo, "PhoneCo")).toBe(true);
  const result = await upload(photo, "IMG_0001.JPG", "image/jpeg");
  expect(result.ok, JSON.stringify(result)).toBe(true);
  if (!result.ok) return;
  const original = new Uint8Array(await (await env.UPLOADS.get(result.asset.key))!.arrayBuffer());
  expect(containsAscii(original, "PhoneCo")).toBe(false);
  expect(result.asset.bytes).toBe(original.byteLength);
});

test("a lying name or browser type is refused, whatever the bytes are, and nothing is stored", async () => {
  const before = await stored();
  const png = await pngOf(40, 20);
  const cases: [Uint8Array, string, string, RegExp][] = [
    [PDF, "photo.jpg", "image/jpeg", /named “\.jpg” but its contents are a PDF/],
    [png, "report.pdf", "application/pdf", /named “\.pdf” but its contents are a PNG image/],
    [png, "chart.png", "text/html", /sent the file as “text\/html” but its contents are a PNG image/],
    [new TextEncoder().encode("<script>alert(1)</script>"), "page.html", "text/html", /named “\.html”/],
    [new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>"), "logo.svg", "image/svg+xml", /named “\.svg”/],
  ];
  for (const [bytes, name, type, message] of cases) {
    const result = await upload(bytes, name, type);
    expect(result, name).toMatchObject({ ok: false, status: 415 });
    if (!result.ok) expect(result.error).toMatch(message);
  }
  // Bytes of no accepted type at all, whatever they are called.
  const binary = Uint8Array.of(0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00);
  expect(await upload(binary, "setup.png", "image/png")).toMatchObject({ ok: false, status: 415, error: expect.stringMatching(/isn't one we accept/) });
  expect(await stored()).toEqual(before);
});

test("an empty file is a 400 and too large a 413: 20 MB for a file, 10 MB for an image", async () => {
  expect(await upload(new Uint8Array(), "empty.pdf", "application/pdf")).toMatchObject({ ok: false, status: 400 });
  const hugeFile = new Uint8Array(MEDIA_FILE_MAX_BYTES + 1);
  hugeFile.set(PDF);
  expect(await upload(hugeFile, "big.pdf", "application/pdf")).toMatchObject({ ok: false, status: 413, error: expect.stringMatching(/larger than 20 MB/) });
  const hugeImage = new Uint8Array(MEDIA_IMAGE_MAX_BYTES + 1);
  hugeImage.set(await pngOf(10, 10));
  expect(await upload(hugeImage, "big.png", "image/png")).toMatchObject({ ok: false, status: 413, error: expect.stringMatching(/larger than 10 MB/) });
});

test("a damaged image is refused with nothing left behind: a cut-off header, pixels that don't decode, a size too big to resize", async () => {
  const before = await stored();
  const png = await pngOf(400, 300);
  // The signature and the start of the header only.
  expect(await upload(png.subarray(0, 20), "cut.png", "image/png")).toMatchObject({ ok: false, status: 415, error: expect.stringMatching(/couldn't be read/) });
  // A well-formed header and chunks whose compressed pixels are garbage: found out when resizing,
  // after the original was put in R2 — which is then deleted.
  const garbled = png.slice();
  const idat = garbled.findIndex((_, i) => String.fromCharCode(...garbled.subarray(i, i + 4)) === "IDAT");
  garbled.fill(0x55, idat + 6, idat + 200);
  expect(await upload(garbled, "garbled.png", "image/png")).toMatchObject({ ok: false, status: 415, error: expect.stringMatching(/couldn't be resized/) });
  // A header that claims 20,000 × 20,000 pixels (a "decompression bomb").
  const bomb = png.slice();
  new DataView(bomb.buffer).setUint32(16, 20_000);
  new DataView(bomb.buffer).setUint32(20, 20_000);
  expect(await upload(bomb, "bomb.png", "image/png")).toMatchObject({ ok: false, status: 413 });
  expect(await stored()).toEqual(before);
});

test("files are recognised from their bytes: a PDF, a Word document, a CSV; no sizes are made for them", async () => {
  const pdf = await upload(PDF, "Checklist 2026.pdf", "application/pdf");
  expect(pdf).toMatchObject({ ok: true, asset: { kind: "file", contentType: "application/pdf", variants: "[]", width: null } });
  const zip = (part: string) => {
    const name = new TextEncoder().encode(part);
    const out = new Uint8Array(30 + name.length + 16);
    out.set([0x50, 0x4b, 0x03, 0x04]);
    out.set(name, 30);
    return out;
  };
  expect(await upload(zip("word/document.xml"), "plan.docx", "")).toMatchObject({
    ok: true,
    asset: { contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document" },
  });
  expect(await upload(zip("xl/workbook.xml"), "forecast.xlsx", "application/octet-stream")).toMatchObject({
    ok: true,
    asset: { contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" },
  });
  // Windows browsers send a CSV as an Excel type: the bytes are text, the name says CSV.
  expect(await upload(new TextEncoder().encode("week,cash\n1,1000\n"), "cash.csv", "application/vnd.ms-excel")).toMatchObject({
    ok: true,
    asset: { contentType: "text/csv" },
  });
  // A ZIP that is none of those is refused.
  expect(await upload(zip("content.txt"), "archive.docx", "")).toMatchObject({ ok: false, status: 415 });
});
