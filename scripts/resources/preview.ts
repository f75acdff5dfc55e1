/**
 * Draws laid-out operations as SVG, with text turned into glyph outlines from the same Inter files
 * the PDF embeds (so the picture doesn't depend on the fonts installed on the build machine), and
 * converts it to a WebP preview with sharp.
 */
import sharp from "sharp";
import { COLOURS, font, type Op } from "./layout";

/** Preview size in CSS pixels (the image is twice that, for sharp screens). */
export const PREVIEW = { width: 320, height: 200 } as const;
const SCALE = 2;

const round = (n: number) => Math.round(n * 100) / 100;

function textPath(op: Extract<Op, { kind: "text" }>) {
  const f = font(op.font);
  const run = f.layout(op.text);
  const scale = op.size / f.unitsPerEm;
  let x = op.x;
  const parts: string[] = [];
  run.glyphs.forEach((glyph, i) => {
    const position = run.positions[i]!;
    const d = glyph.path.toSVG();
    if (d) {
      const gx = round(x + position.xOffset * scale);
      const gy = round(op.y - position.yOffset * scale);
      // Glyph outlines are y-up in font units.
      parts.push(`<path transform="translate(${gx} ${gy}) scale(${round(scale * 1000) / 1000} ${-round(scale * 1000) / 1000})" d="${d}"/>`);
    }
    x += position.xAdvance * scale;
  });
  return `<g fill="${op.colour}">${parts.join("")}</g>`;
}

export function opsToSvg(ops: Op[], view: { x: number; y: number; width: number; height: number }, background: string = COLOURS.white) {
  const body = ops
    .map((op) => {
      switch (op.kind) {
        case "text":
          return textPath(op);
        case "rect":
          return `<rect x="${round(op.x)}" y="${round(op.y)}" width="${round(op.w)}" height="${round(op.h)}"${op.radius ? ` rx="${op.radius}"` : ""} fill="${op.fill ?? "none"}"${
            op.stroke ? ` stroke="${op.stroke}" stroke-width="${op.lineWidth ?? 1}"` : ""
          }/>`;
        case "line":
          return `<line x1="${round(op.x1)}" y1="${round(op.y1)}" x2="${round(op.x2)}" y2="${round(op.y2)}" stroke="${op.colour}" stroke-width="${op.lineWidth}"/>`;
      }
    })
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PREVIEW.width * SCALE}" height="${PREVIEW.height * SCALE}" viewBox="${view.x} ${view.y} ${view.width} ${view.height}"><rect x="${view.x}" y="${view.y}" width="${view.width}" height="${view.height}" fill="${background}"/>${body}</svg>`;
}

export async function svgToWebp(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).webp({ quality: 82, effort: 6 }).toBuffer();
}
