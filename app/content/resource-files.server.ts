import { inArray } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { mediaAssets } from "~/db/schema";
import { MEDIA_IMAGE_PREFIX } from "./content-image";
import { mediaOriginalUrl } from "./media";

// A resource's downloadable file (resources.file_path): a file built with the site ("/downloads/…",
// a static asset) or an uploaded one, "media:<media_assets.id>", served at /media/<id>/<name>.

export type ResourceFile = { href: string; bytes: number | null };

/** Each file path's address and, for an upload, its size; an upload that no longer exists maps to null. In one query. */
export async function resolveResourceFiles(db: Db, filePaths: string[]): Promise<Map<string, ResourceFile | null>> {
  const ids = [...new Set(filePaths.filter((path) => path.startsWith(MEDIA_IMAGE_PREFIX)).map((path) => path.slice(MEDIA_IMAGE_PREFIX.length)))].filter((id) =>
    /^[0-9a-f-]{36}$/.test(id),
  );
  const rows = ids.length
    ? await db
        .select({ id: mediaAssets.id, contentType: mediaAssets.contentType, originalName: mediaAssets.originalName, bytes: mediaAssets.bytes })
        .from(mediaAssets)
        .where(inArray(mediaAssets.id, ids))
    : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return new Map(
    filePaths.map((path): [string, ResourceFile | null] => {
      if (!path.startsWith(MEDIA_IMAGE_PREFIX)) return [path, { href: path, bytes: null }];
      const row = byId.get(path.slice(MEDIA_IMAGE_PREFIX.length));
      return [path, row ? { href: mediaOriginalUrl(row.id, row.contentType, row.originalName), bytes: row.bytes } : null];
    }),
  );
}
