import type { Db } from "~/db/client.server";
import { illustrationSource, isIllustrationKey, type ContentImageSource } from "./content-image";

// PLACEHOLDER (owner: i26-media) — resolves "media:<id>" images from media_assets (variants → URLs);
// today only build-time illustrations resolve, anything else falls back to the "strategy" illustration.
export async function resolveContentImage(_db: Db, image: string): Promise<ContentImageSource> {
  return illustrationSource(isIllustrationKey(image) ? image : "strategy");
}

/** Several at once (a list page), in one query; same order as `images`. */
export async function resolveContentImages(db: Db, images: string[]): Promise<ContentImageSource[]> {
  return Promise.all(images.map((image) => resolveContentImage(db, image)));
}
