// What scripts/build-resources.ts built for each resource: the file's size and its preview image.
// The manifest is generated at build time (git-ignored); before the first build the page simply
// shows no sizes or previews.
export type BuiltResource = { slug: string; file: string; bytes: number; preview: { src: string; width: number; height: number } };

const manifests = import.meta.glob<BuiltResource[]>("./built/manifest.json", { eager: true, import: "default" });
const BUILT = new Map((Object.values(manifests)[0] ?? []).map((entry) => [entry.slug, entry]));

/** The built file and preview of a resource, when they match its current file path. */
export function builtResource(slug: string, filePath: string): BuiltResource | undefined {
  const entry = BUILT.get(slug);
  return entry?.file === filePath ? entry : undefined;
}

/** "84 kB", "1.2 MB": sizes as people read them (decimal units). */
export function formatFileSize(bytes: number) {
  if (bytes < 1000) return `${bytes} bytes`;
  if (bytes < 1_000_000) return `${Math.round(bytes / 1000)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}
