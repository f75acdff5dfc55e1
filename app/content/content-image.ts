import { IMAGE_ASPECT, IMAGE_WIDTHS, ILLUSTRATIONS } from "./images";
import type { ImageKey } from "./types";

// A content item's image, as stored in its `image` column: either a build-time illustration's key
// ("cash-flow") or an uploaded image, "media:<media_assets.id>". Pages resolve it on the server
// (resolveContentImage in content-image.server.ts) and render it with <ContentImage>.

export const MEDIA_IMAGE_PREFIX = "media:";

export type ContentImageSource =
  | { kind: "illustration"; key: ImageKey; width: number; height: number; ogUrl: string }
  | {
      kind: "media";
      id: string;
      width: number;
      height: number;
      /** srcset entries per format, widest last: { format: "webp", width: 768, url }. */
      variants: { format: string; width: number; url: string }[];
      /** The fallback <img src> and the Open Graph / structured-data image URL (path only). */
      src: string;
      ogUrl: string;
      alt: string;
    };

export function isIllustrationKey(value: string): value is ImageKey {
  return Object.hasOwn(ILLUSTRATIONS, value);
}

export function illustrationSource(key: ImageKey): ContentImageSource {
  return { kind: "illustration", key, width: IMAGE_ASPECT.width, height: IMAGE_ASPECT.height, ogUrl: `/images/${key}-1280.jpg` };
}

export { IMAGE_WIDTHS };
