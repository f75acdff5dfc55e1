/**
 * Renders the site's illustrations to responsive raster images at build time (never at request
 * time): every key of ILLUSTRATIONS at every width in IMAGE_WIDTHS, as AVIF, WebP and JPEG at
 * quality 85, into public/images/ (git-ignored; Vite copies it into the build).
 * Skips the work when the outputs already match the current artwork.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { IMAGE_ASPECT, IMAGE_FORMATS, IMAGE_QUALITY, IMAGE_WIDTHS, ILLUSTRATIONS, imageUrl } from "../app/content/images";
import type { ImageKey } from "../app/content/types";

const OUT_DIR = join(import.meta.dirname, "..", "public", "images");
const STAMP = join(OUT_DIR, ".stamp");
const { width: W, height: H } = IMAGE_ASPECT;

// A small deterministic random sequence, so every build draws the same picture.
function seeded(seed: string) {
  let state = createHash("sha256").update(seed).digest().readUInt32LE(0);
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function motifShapes(key: ImageKey): string {
  const { motif, accent } = ILLUSTRATIONS[key];
  const rand = seeded(key);
  const shapes: string[] = [];
  switch (motif) {
    case "rings":
      for (let i = 0; i < 7; i++)
        shapes.push(
          `<circle cx="${1250 + rand() * 300}" cy="${420 + rand() * 260}" r="${120 + i * 70}" fill="none" stroke="${i % 2 ? accent : "#8fe0dd"}" stroke-opacity="${0.75 - i * 0.08}" stroke-width="${10 - i}"/>`,
        );
      break;
    case "bars":
      for (let i = 0; i < 9; i++) {
        const h = 180 + rand() * 520;
        shapes.push(
          `<rect x="${980 + i * 95}" y="${900 - h}" width="62" height="${h}" rx="10" fill="${i % 3 === 2 ? accent : "#8fe0dd"}" fill-opacity="${0.55 + rand() * 0.4}"/>`,
        );
      }
      shapes.push(
        `<polyline points="${Array.from({ length: 9 }, (_, i) => `${1011 + i * 95},${620 - i * 45 - rand() * 60}`).join(" ")}" fill="none" stroke="#ffffff" stroke-width="8" stroke-linecap="round" stroke-linejoin="round"/>`,
      );
      break;
    case "grid":
      for (let r = 0; r < 6; r++)
        for (let c = 0; c < 8; c++)
          shapes.push(
            `<rect x="${1000 + c * 100}" y="${200 + r * 110}" width="78" height="78" rx="14" fill="${rand() > 0.78 ? accent : "#8fe0dd"}" fill-opacity="${0.2 + rand() * 0.7}"/>`,
          );
      break;
    case "waves":
      for (let i = 0; i < 6; i++) {
        const y = 380 + i * 85;
        shapes.push(
          `<path d="M900 ${y} C 1150 ${y - 160}, 1350 ${y + 160}, 1600 ${y} S 1900 ${y - 120}, 1920 ${y}" fill="none" stroke="${i % 2 ? accent : "#8fe0dd"}" stroke-opacity="${0.9 - i * 0.12}" stroke-width="${14 - i * 1.5}"/>`,
        );
      }
      break;
    case "nodes": {
      const points = Array.from({ length: 14 }, () => [1000 + rand() * 800, 180 + rand() * 720] as const);
      points.forEach(([x, y], i) => {
        const [nx, ny] = points[(i + 3) % points.length]!;
        shapes.push(`<line x1="${x}" y1="${y}" x2="${nx}" y2="${ny}" stroke="#8fe0dd" stroke-opacity="0.45" stroke-width="4"/>`);
      });
      points.forEach(([x, y], i) => shapes.push(`<circle cx="${x}" cy="${y}" r="${i % 4 === 0 ? 30 : 16}" fill="${i % 4 === 0 ? accent : "#ffffff"}"/>`));
      break;
    }
    case "skyline":
      for (let i = 0; i < 16; i++) {
        const h = 160 + rand() * 560;
        const w = 60 + rand() * 60;
        shapes.push(
          `<rect x="${820 + i * 70}" y="${960 - h}" width="${w}" height="${h}" fill="${i % 5 === 0 ? accent : "#8fe0dd"}" fill-opacity="${0.35 + rand() * 0.5}"/>`,
        );
      }
      shapes.push(`<circle cx="1650" cy="250" r="90" fill="${accent}" fill-opacity="0.9"/>`);
      break;
  }
  return shapes.join("");
}

function svgFor(key: ImageKey): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0f2942"/><stop offset="0.65" stop-color="#16385a"/><stop offset="1" stop-color="#1b4d63"/></linearGradient></defs>
  <rect width="${W}" height="${H}" fill="url(#bg)"/>
  <circle cx="240" cy="900" r="420" fill="#0b6e6d" fill-opacity="0.25"/>
  ${motifShapes(key)}
</svg>`;
}

async function main() {
  const keys = Object.keys(ILLUSTRATIONS) as ImageKey[];
  const generator = readFileSync(import.meta.filename, "utf8");
  const stamp = createHash("sha256").update(generator).update(JSON.stringify({ ILLUSTRATIONS, IMAGE_WIDTHS, IMAGE_QUALITY })).digest("hex");
  const complete = keys.every((key) => IMAGE_WIDTHS.every((w) => IMAGE_FORMATS.every((f) => existsSync(join(OUT_DIR, "..", imageUrl(key, w, f))))));
  if (complete && existsSync(STAMP) && readFileSync(STAMP, "utf8") === stamp) {
    console.log("Images are up to date.");
    return;
  }
  mkdirSync(OUT_DIR, { recursive: true });
  const started = Date.now();
  for (const key of keys) {
    const master = sharp(Buffer.from(svgFor(key)));
    await Promise.all(
      IMAGE_WIDTHS.map(async (width) => {
        const resized = master.clone().resize({ width });
        const out = (format: string) => join(OUT_DIR, "..", imageUrl(key, width, format as (typeof IMAGE_FORMATS)[number]));
        await Promise.all([
          resized.clone().avif({ quality: IMAGE_QUALITY, effort: 2 }).toFile(out("avif")),
          resized.clone().webp({ quality: IMAGE_QUALITY }).toFile(out("webp")),
          resized.clone().jpeg({ quality: IMAGE_QUALITY, mozjpeg: true }).toFile(out("jpg")),
        ]);
      }),
    );
  }
  writeFileSync(STAMP, stamp);
  console.log(`Rendered ${keys.length * IMAGE_WIDTHS.length * IMAGE_FORMATS.length} images in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

await main();
