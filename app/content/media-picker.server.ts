import type { MediaRow } from "./media.server";
import { parseVariants } from "./media.server";
import { formatBytes, mediaOriginalUrl, mediaTypeLabel, mediaVariantUrl } from "./media";
import type { MediaPickerItem } from "./media";

/** An asset as the picker and the library show it: its reference, a small preview and a description. */
export function pickerItem(row: MediaRow): MediaPickerItem {
  const variants = parseVariants(row.variants);
  const thumb = variants.find((v) => v.format === "webp") ?? variants[0];
  return {
    id: row.id,
    ref: `media:${row.id}`,
    kind: row.kind,
    name: row.originalName,
    alt: row.alt,
    thumbnail:
      row.kind === "image" ? (thumb ? mediaVariantUrl(row.id, thumb.width, thumb.format) : mediaOriginalUrl(row.id, row.contentType, row.originalName)) : null,
    url: mediaOriginalUrl(row.id, row.contentType, row.originalName),
    width: row.width,
    height: row.height,
    description: `${mediaTypeLabel(row.contentType)}, ${row.width && row.height ? `${row.width} × ${row.height}, ` : ""}${formatBytes(row.bytes)}`,
  };
}
