/**
 * Builds the downloadable resources at build time (never at request time): each source in
 * app/content/resources/ becomes the file named by its RESOURCES entry in public/downloads/ (a
 * tagged A4 PDF or an Excel workbook), plus a WebP preview of its first page or sheet in
 * public/images/resources/. Both folders are git-ignored; Vite copies public/ into the build.
 * A manifest of file sizes and preview sizes (app/content/resources/built/manifest.json, also
 * git-ignored) is read by the resources page. Output is deterministic: the resource's updatedAt
 * stands in for every timestamp, so the same source gives the same bytes.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { RESOURCES } from "../app/content/resources";
import { RESOURCE_SOURCES } from "../app/content/resources/sources";
import type { ResourceSeed } from "../app/content/types";
import { layoutDocument, PAGE, type Op, type StructNode } from "./resources/layout";
import { renderPdf } from "./resources/pdf";
import { opsToSvg, PREVIEW, svgToWebp } from "./resources/preview";
import { renderXlsx, workbookPreviewOps } from "./resources/xlsx";

const ROOT = join(import.meta.dirname, "..");

export type BuiltResource = { slug: string; file: string; bytes: number; preview: { src: string; width: number; height: number } };

export function previewUrl(slug: string) {
  return `/images/resources/${slug}.webp`;
}

/** The file and preview of one resource, as bytes. */
export async function buildResource(resource: ResourceSeed): Promise<{ file: Uint8Array; preview: Buffer }> {
  const source = RESOURCE_SOURCES[resource.slug];
  if (!source) throw new Error(`No source in app/content/resources/ for the resource “${resource.slug}”.`);
  const date = new Date(resource.updatedAt);
  const extension = resource.file.split(".").pop();
  if (source.kind === "pdf") {
    if (extension !== "pdf" || resource.format !== "PDF") throw new Error(`${resource.slug}: a PDF source needs a .pdf file and the format "PDF".`);
    const [first] = layoutDocument(source);
    const height = (PAGE.width * PREVIEW.height) / PREVIEW.width;
    const preview = await svgToWebp(opsToSvg([...first!.artifacts, ...flatten(first!.content)], { x: 0, y: 0, width: PAGE.width, height }));
    return { file: await renderPdf(source, date), preview };
  }
  if (extension !== "xlsx" || resource.format !== "Excel spreadsheet (.xlsx)")
    throw new Error(`${resource.slug}: a workbook source needs a .xlsx file and the Excel format.`);
  const { ops, view } = workbookPreviewOps(source);
  return { file: renderXlsx(source, date), preview: await svgToWebp(opsToSvg(ops, view)) };
}

function flatten(nodes: StructNode[]): Op[] {
  return nodes.flatMap((node) => [...(node.ops ?? []), ...flatten(node.children ?? [])]);
}

/** Builds every resource into `root`'s public/ folder and writes the manifest. */
export async function buildResources(root = ROOT): Promise<BuiltResource[]> {
  const downloads = join(root, "public", "downloads");
  const previews = join(root, "public", "images", "resources");
  // Start clean so a renamed or removed resource leaves no stale file behind.
  rmSync(downloads, { recursive: true, force: true });
  rmSync(previews, { recursive: true, force: true });
  mkdirSync(downloads, { recursive: true });
  mkdirSync(previews, { recursive: true });
  const built: BuiltResource[] = [];
  for (const resource of RESOURCES) {
    if (!resource.file.startsWith("/downloads/")) throw new Error(`${resource.slug}: files are served from /downloads/.`);
    const { file, preview } = await buildResource(resource);
    writeFileSync(join(root, "public", resource.file), file);
    writeFileSync(join(root, "public", previewUrl(resource.slug)), preview);
    built.push({
      slug: resource.slug,
      file: resource.file,
      bytes: file.byteLength,
      preview: { src: previewUrl(resource.slug), width: PREVIEW.width, height: PREVIEW.height },
    });
  }
  const manifest = join(root, "app", "content", "resources", "built", "manifest.json");
  mkdirSync(dirname(manifest), { recursive: true });
  writeFileSync(manifest, `${JSON.stringify(built, null, 2)}\n`);
  return built;
}

if (process.argv[1] === import.meta.filename) {
  const started = Date.now();
  const built = await buildResources();
  for (const { file, bytes } of built) console.log(`  ${file}  ${(bytes / 1000).toFixed(1)} kB`);
  console.log(
    `Built ${built.length} resources in ${((Date.now() - started) / 1000).toFixed(1)} s (${readdirSync(join(ROOT, "public", "downloads")).length} files).`,
  );
}
