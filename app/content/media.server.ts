import { and, asc, count, desc, eq, like, or, sql, type SQL } from "drizzle-orm";
import type { AppContext } from "~/context.server";
import { adminAuditStatement } from "~/admin/audit.server";
import type { Db } from "~/db/client.server";
import { SANDBOXED_DOCUMENT_CSP } from "~/platform/security-headers.server";
import { blogPosts, caseStudies, learningLessons, mediaAssets, resources, type MediaVariant } from "~/db/schema";
import { photoDimensions, stripPhotoMetadata } from "~/coach-network/photo-metadata";
import { sniffPhotoType } from "~/coach-network/profile";
import { MEDIA_IMAGE_PREFIX } from "./content-image";
import { IMAGE_QUALITY } from "./images";
import {
  isImageType,
  MEDIA_ALT_MAX,
  MEDIA_FILE_MAX_BYTES,
  MEDIA_IMAGE_MAX_BYTES,
  MEDIA_MAX_PIXELS,
  mediaExtension,
  mediaOriginalUrl,
  mediaTypeLabel,
  misleadingClaim,
  safeFileName,
  sniffMediaType,
  VARIANT_EXT,
  variantFormats,
  variantWidths,
  type MediaImageType,
} from "./media";

// Uploaded images and files (media_assets, the UPLOADS bucket). An upload is checked from its bytes
// (type, size, a readable image), its metadata removed (an image is public), and an image resized on
// the server into the widths of SPEC §9 as WebP plus a JPEG (or PNG) fallback through the Images
// binding (docs/decisions/018-uploaded-images-resized-by-the-images-binding.md). Every object is put
// in R2 before the row that names it is written; if anything fails, what was put is deleted, so
// nothing is ever half there.

export type MediaRow = typeof mediaAssets.$inferSelect;
type Ctx = Pick<AppContext, "db" | "services">;

export type UploadRefusal = { ok: false; status: 400 | 413 | 415; error: string };
export type UploadResult = { ok: true; asset: MediaRow } | UploadRefusal;

const refuse = (status: UploadRefusal["status"], error: string): UploadRefusal => ({ ok: false, status, error });

export function parseVariants(text: string): MediaVariant[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as MediaVariant[]) : [];
  } catch {
    return [];
  }
}

/** Whether a file field holds a chosen file (a form posted with none sends an empty, unnamed one). */
export function isChosenFile(value: FormDataEntryValue | null): value is File {
  return value !== null && typeof value !== "string" && (value.size > 0 || value.name !== "");
}

export async function uploadMedia(context: Ctx, input: { file: File; alt: string; actorId: string; ipHash?: string | null }): Promise<UploadResult> {
  const { file } = input;
  if (file.size === 0) return refuse(400, "That file is empty. Choose the image or document again.");
  if (file.size > MEDIA_FILE_MAX_BYTES) return refuse(413, `That file is larger than ${MEDIA_FILE_MAX_BYTES / 1024 / 1024} MB. Choose a smaller one.`);
  const alt = input.alt.trim().slice(0, MEDIA_ALT_MAX);
  const uploaded = new Uint8Array(await file.arrayBuffer());
  const type = sniffMediaType(uploaded, file.name);
  if (!type) return refuse(415, "That file isn't one we accept. Upload a JPEG, PNG or WebP image, or a PDF, Word, Excel, PowerPoint, CSV or text file.");
  const misleading = misleadingClaim(type, file.name, file.type);
  if (misleading) return refuse(415, `${misleading} Save it with the right name and type, then upload it again.`);

  const id = crypto.randomUUID();
  const put: string[] = [];
  const storage = context.services.storage;
  const cleanUp = async () => {
    await Promise.allSettled(put.map((key) => storage.delete(key)));
  };

  let bytes: Uint8Array = uploaded;
  let width: number | null = null;
  let height: number | null = null;
  const variants: MediaVariant[] = [];
  if (isImageType(type)) {
    if (uploaded.byteLength > MEDIA_IMAGE_MAX_BYTES)
      return refuse(413, `That image is larger than ${MEDIA_IMAGE_MAX_BYTES / 1024 / 1024} MB. Export a smaller JPEG, PNG or WebP and try again.`);
    const stripped = stripPhotoMetadata(uploaded, type);
    const size = stripped ? photoDimensions(stripped, type) : null;
    if (!stripped || !size || size.width < 1 || size.height < 1)
      return refuse(415, "That image couldn't be read: the file looks damaged or incomplete. Save it again and upload it once more.");
    if (size.width * size.height > MEDIA_MAX_PIXELS)
      return refuse(413, `That image is ${size.width} × ${size.height} pixels, more than we can resize. Export it at most 8,000 pixels wide and try again.`);
    bytes = stripped;
    ({ width, height } = size);
  }

  const key = `media/${id}/original.${mediaExtension(type)}`;
  try {
    await storage.put(key, bytes, { httpMetadata: { contentType: type } });
    put.push(key);
    if (isImageType(type) && width && height) {
      for (const variantWidth of variantWidths(width)) {
        const made = await Promise.all(
          variantFormats(type).map((format) => makeVariant(context, bytes, { id, width: variantWidth, height, originalWidth: width!, format })),
        );
        for (const variant of made) {
          if (!variant) {
            await cleanUp();
            return refuse(415, "That image couldn't be resized: the file looks damaged or incomplete. Save it again and upload it once more.");
          }
          put.push(variant.key);
          variants.push(variant);
        }
      }
    }
  } catch (error) {
    await cleanUp();
    console.error("media: upload could not be stored", { id, error: error instanceof Error ? error.message : String(error) });
    throw error;
  }

  const row: MediaRow = {
    id,
    kind: isImageType(type) ? "image" : "file",
    key,
    contentType: type,
    bytes: bytes.byteLength,
    width,
    height,
    variants: JSON.stringify(variants),
    originalName: file.name.replace(/[\\/]/g, "_").slice(-200) || `upload.${mediaExtension(type)}`,
    alt,
    uploadedBy: input.actorId,
    createdAt: context.services.clock.now().toISOString(),
  };
  try {
    await context.db.batch([
      context.db.insert(mediaAssets).values(row),
      adminAuditStatement(context.db, {
        action: "media_uploaded",
        actorId: input.actorId,
        targetType: "media_asset",
        targetId: id,
        after: { kind: row.kind, contentType: type, bytes: row.bytes, width, height, variants: variants.length, alt },
        ipHash: input.ipHash,
      }),
    ]);
  } catch (error) {
    await cleanUp();
    throw error;
  }
  return { ok: true, asset: row };
}

/** One resized copy, checked before it is kept: the type and width asked for, the original's proportions. Null when the image can't be resized. */
async function makeVariant(
  context: Ctx,
  bytes: Uint8Array,
  target: { id: string; width: number; height: number; originalWidth: number; format: "webp" | "jpeg" | "png" },
): Promise<MediaVariant | null> {
  const contentType = `image/${target.format}` as MediaImageType;
  let output: Uint8Array;
  try {
    const source = new Response(bytes as Uint8Array<ArrayBuffer>).body!;
    const result = await context.services.images
      .input(source)
      .transform({ width: target.width, fit: "scale-down" })
      .output({ format: contentType, quality: IMAGE_QUALITY });
    output = new Uint8Array(await result.response().arrayBuffer());
  } catch (error) {
    console.warn("media: an image could not be resized", { id: target.id, width: target.width, error: error instanceof Error ? error.message : String(error) });
    return null;
  }
  if (sniffPhotoType(output) !== contentType) return null;
  const size = photoDimensions(output, contentType);
  const expectedHeight = Math.round((target.height * target.width) / target.originalWidth);
  if (!size || size.width !== target.width || Math.abs(size.height - expectedHeight) > 1) return null;
  const key = `media/${target.id}/${target.width}.${VARIANT_EXT[target.format]}`;
  await context.services.storage.put(key, output, { httpMetadata: { contentType } });
  return { width: target.width, format: target.format, key, bytes: output.byteLength };
}

export const MEDIA_SORTS = ["created", "name", "bytes"] as const;
export const MEDIA_KIND_FILTER = ["image", "file"] as const;

export async function listMedia(
  db: Db,
  query: { q: string; sort: (typeof MEDIA_SORTS)[number]; direction: "asc" | "desc"; filters: { kind?: string }; pageSize: number; offset: number },
): Promise<{ rows: MediaRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (query.q) {
    const pattern = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(sql`${mediaAssets.originalName} LIKE ${pattern} ESCAPE '\\'`, sql`${mediaAssets.alt} LIKE ${pattern} ESCAPE '\\'`)!);
  }
  if (query.filters.kind === "image" || query.filters.kind === "file") conditions.push(eq(mediaAssets.kind, query.filters.kind));
  const where = conditions.length ? and(...conditions) : undefined;
  const column = { created: mediaAssets.createdAt, name: mediaAssets.originalName, bytes: mediaAssets.bytes }[query.sort];
  const order = query.direction === "asc" ? asc(column) : desc(column);
  const [rows, total] = await Promise.all([
    db.select().from(mediaAssets).where(where).orderBy(order, desc(mediaAssets.id)).limit(query.pageSize).offset(query.offset),
    db.select({ n: count() }).from(mediaAssets).where(where).get(),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function getMedia(db: Db, id: string): Promise<MediaRow | null> {
  if (!/^[0-9a-f-]{36}$/.test(id)) return null;
  return (await db.select().from(mediaAssets).where(eq(mediaAssets.id, id)).get()) ?? null;
}

export type MediaUse = { type: string; title: string; href: string };

/** Where an asset is used: as a post's or case study's image, a resource's file, or linked from a post's or lesson's text. */
export async function mediaUsage(db: Db, id: string): Promise<MediaUse[]> {
  const ref = `${MEDIA_IMAGE_PREFIX}${id}`;
  const linked = `%/media/${id}/%`;
  const [posts, studies, files, lessons] = await Promise.all([
    db
      .select({ id: blogPosts.id, title: blogPosts.title })
      .from(blogPosts)
      .where(or(eq(blogPosts.image, ref), like(blogPosts.body, linked))),
    db
      .select({ id: caseStudies.id, title: caseStudies.title })
      .from(caseStudies)
      .where(or(eq(caseStudies.image, ref), like(caseStudies.approach, linked), like(caseStudies.challenge, linked))),
    db.select({ id: resources.id, title: resources.title }).from(resources).where(eq(resources.filePath, ref)),
    db.select({ id: learningLessons.id, title: learningLessons.title }).from(learningLessons).where(like(learningLessons.bodyMd, linked)),
  ]);
  return [
    ...posts.map((row) => ({ type: "Blog post", title: row.title, href: `/admin/content/blog_post/${row.id}` })),
    ...studies.map((row) => ({ type: "Case study", title: row.title, href: `/admin/content/case_study/${row.id}` })),
    ...files.map((row) => ({ type: "Resource", title: row.title, href: `/admin/content/resource/${row.id}` })),
    ...lessons.map((row) => ({ type: "Lesson", title: row.title, href: `/admin/learning` })),
  ];
}

export type MediaChange = "saved" | "not-found";

export async function updateMediaAlt(db: Db, input: { id: string; alt: string; actorId: string; ipHash?: string | null }): Promise<MediaChange> {
  const before = await getMedia(db, input.id);
  if (!before) return "not-found";
  const alt = input.alt.trim().slice(0, MEDIA_ALT_MAX);
  await db.batch([
    db.update(mediaAssets).set({ alt }).where(eq(mediaAssets.id, input.id)),
    adminAuditStatement(db, {
      action: "media_updated",
      actorId: input.actorId,
      targetType: "media_asset",
      targetId: input.id,
      before: { alt: before.alt },
      after: { alt },
      ipHash: input.ipHash,
    }),
  ]);
  return "saved";
}

export type DeleteOutcome = { outcome: "deleted" } | { outcome: "not-found" } | { outcome: "in-use"; uses: MediaUse[] };

/** Deletes an asset that nothing uses (an image still shown on a page would break it): the row with its audit entry, then its objects. */
export async function deleteMedia(context: Ctx, input: { id: string; actorId: string; ipHash?: string | null }): Promise<DeleteOutcome> {
  const { db } = context;
  const asset = await getMedia(db, input.id);
  if (!asset) return { outcome: "not-found" };
  const uses = await mediaUsage(db, input.id);
  if (uses.length) return { outcome: "in-use", uses };
  await db.batch([
    db.delete(mediaAssets).where(eq(mediaAssets.id, input.id)),
    adminAuditStatement(db, {
      action: "media_deleted",
      actorId: input.actorId,
      targetType: "media_asset",
      targetId: input.id,
      before: { kind: asset.kind, contentType: asset.contentType, bytes: asset.bytes, alt: asset.alt },
      after: null,
      ipHash: input.ipHash,
    }),
  ]);
  await context.services.storage.delete([asset.key, ...parseVariants(asset.variants).map((variant) => variant.key)]);
  return { outcome: "deleted" };
}

const IMMUTABLE = "public, max-age=31536000, immutable";

function notFound(): Response {
  return new Response("Not found.", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" },
  });
}

/**
 * GET /media/<id>/<file>: "<width>.<webp|jpg|png>" is one of an image's sizes; the original's safe name
 * (mediaOriginalUrl) is the original. An asset's bytes never change under its id, so every answer may
 * be kept for a year. The type is the one sniffed at upload; nosniff stops a browser guessing another;
 * a file downloads as an attachment rather than opening in the site's origin.
 */
export async function serveMedia(context: Ctx, request: Request, id: string, file: string): Promise<Response> {
  const asset = await getMedia(context.db, id);
  if (!asset) return notFound();
  let key: string | null = null;
  let contentType = asset.contentType;
  const variantMatch = /^(\d{2,5})\.(webp|jpg|png)$/.exec(file);
  if (variantMatch) {
    const format = variantMatch[2] === "jpg" ? "jpeg" : variantMatch[2]!;
    const variant = parseVariants(asset.variants).find((v) => v.width === Number(variantMatch[1]) && v.format === format);
    if (variant) {
      key = variant.key;
      contentType = `image/${format}`;
    }
  }
  if (!key && `/media/${id}/${file}` === mediaOriginalUrl(asset.id, asset.contentType, asset.originalName)) key = asset.key;
  if (!key) return notFound();
  const object = await context.services.storage.get(key, { onlyIf: request.headers });
  if (!object) return notFound();
  const headers = new Headers({
    "Content-Type": contentType.startsWith("text/") ? `${contentType}; charset=utf-8` : contentType,
    "Cache-Control": IMMUTABLE,
    "X-Content-Type-Options": "nosniff",
    // The site's sandboxed-document policy (kept by the security headers): nothing in a file can run.
    "Content-Security-Policy": SANDBOXED_DOCUMENT_CSP,
    ETag: object.httpEtag,
  });
  if (asset.kind === "file")
    headers.set("Content-Disposition", `attachment; filename="${safeFileName(asset.originalName, mediaExtension(asset.contentType as never))}"`);
  if (!("body" in object)) return new Response(null, { status: 304, headers });
  headers.set("Content-Length", String(object.size));
  return new Response(request.method === "HEAD" ? null : object.body, { headers });
}

export { mediaTypeLabel };
