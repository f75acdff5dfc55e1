import { inArray } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { mediaAssets } from "~/db/schema";
import { illustrationSource, isIllustrationKey, MEDIA_IMAGE_PREFIX, type ContentImageSource } from "./content-image";
import { mediaOriginalUrl, mediaVariantUrl } from "./media";
import { parseVariants, type MediaRow } from "./media.server";

// A content item's image column, resolved on the server: an illustration key as it is, "media:<id>"
// from media_assets (its responsive sizes as URLs). An unknown key, a missing upload or a file that
// isn't an image falls back to the "strategy" illustration, so a page never shows a broken image.

const FALLBACK = "strategy";
/** The fallback <img src>: a size that looks right on most screens before srcset is read. */
const SRC_WIDTH = 1024;
/** Open Graph and structured data: the size closest to what social previews ask for. */
const OG_WIDTH = 1280;

function closest<T extends { width: number }>(list: T[], width: number): T | undefined {
  return [...list].sort((a, b) => Math.abs(a.width - width) - Math.abs(b.width - width) || b.width - a.width)[0];
}

export function mediaImageSource(
  row: Pick<MediaRow, "id" | "kind" | "contentType" | "originalName" | "width" | "height" | "variants" | "alt">,
): ContentImageSource | null {
  if (row.kind !== "image" || !row.width || !row.height) return null;
  const variants = parseVariants(row.variants)
    .map((variant) => ({ format: variant.format, width: variant.width, url: mediaVariantUrl(row.id, variant.width, variant.format) }))
    .sort((a, b) => a.width - b.width);
  const fallbacks = variants.filter((variant) => variant.format !== "webp");
  const original = mediaOriginalUrl(row.id, row.contentType, row.originalName);
  return {
    kind: "media",
    id: row.id,
    width: row.width,
    height: row.height,
    variants,
    src: closest(fallbacks, SRC_WIDTH)?.url ?? original,
    ogUrl: closest(fallbacks, OG_WIDTH)?.url ?? original,
    alt: row.alt,
  };
}

function mediaIdOf(image: string): string | null {
  return image.startsWith(MEDIA_IMAGE_PREFIX) ? image.slice(MEDIA_IMAGE_PREFIX.length) : null;
}

export async function resolveContentImage(db: Db, image: string): Promise<ContentImageSource> {
  return (await resolveContentImages(db, [image]))[0]!;
}

/** Several at once (a list page), in one query; same order as `images`. */
export async function resolveContentImages(db: Db, images: string[]): Promise<ContentImageSource[]> {
  const ids = [...new Set(images.map(mediaIdOf).filter((id): id is string => id !== null && /^[0-9a-f-]{36}$/.test(id)))];
  const rows = ids.length ? await db.select().from(mediaAssets).where(inArray(mediaAssets.id, ids)) : [];
  const byId = new Map(rows.map((row) => [row.id, mediaImageSource(row)]));
  return images.map((image) => {
    const id = mediaIdOf(image);
    if (id) return byId.get(id) ?? illustrationSource(FALLBACK);
    return illustrationSource(isIllustrationKey(image) ? image : FALLBACK);
  });
}
