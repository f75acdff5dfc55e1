// A small PDF writer for text documents (tax invoices, credit notes): one A4 page of text in the
// standard Helvetica fonts, with rules. Standard fonts need no embedding, so the file is a few
// kilobytes and is written with plain string building — no file system, no canvas — which runs
// in a Worker. Text is WinAnsi-encoded; a character outside it prints as "?".

export const A4 = { width: 595.28, height: 841.89 } as const;

export type PdfFont = "regular" | "bold";

export type PdfText = { x: number; y: number; text: string; size: number; font?: PdfFont; align?: "left" | "right" };
export type PdfRule = { x1: number; y1: number; x2: number; y2: number; width?: number };
export type PdfPage = { texts: PdfText[]; rules: PdfRule[] };

// Advance widths (1/1000 em) of the WinAnsi characters 32–126, from Adobe's Helvetica metrics.
const REGULAR_WIDTHS = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584,
  556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278,
  469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260,
  334, 584,
];
const BOLD_WIDTHS = [
  278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584,
  611, 975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333,
  584, 556, 333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280,
  389, 584,
];

/** Characters outside Latin-1 that WinAnsi has, with their codes and widths (regular, bold). */
const WIN_ANSI_EXTRA: Record<string, [number, number, number]> = {
  "–": [0x96, 556, 556],
  "—": [0x97, 1000, 1000],
  "‘": [0x91, 222, 278],
  "’": [0x92, 222, 278],
  "“": [0x93, 333, 500],
  "”": [0x94, 333, 500],
  "•": [0x95, 350, 350],
  "…": [0x85, 1000, 1000],
  "€": [0x80, 556, 556],
};

/** Spaces that fonts and Intl produce (no-break, narrow no-break, thin) print as a plain space. */
const SPACES = /[\u00a0\u2007\u2009\u202f]/g;

/** One character's WinAnsi code and width, or "?" for anything else. */
function glyph(char: string, font: PdfFont): { code: number; width: number } {
  const code = char.codePointAt(0) ?? 63;
  if (code >= 32 && code <= 126) return { code, width: (font === "bold" ? BOLD_WIDTHS : REGULAR_WIDTHS)[code - 32]! };
  const extra = WIN_ANSI_EXTRA[char];
  if (extra) return { code: extra[0], width: font === "bold" ? extra[2] : extra[1] };
  // Latin-1 letters (é, ü, ×, °): WinAnsi has them at the same codes; their widths are close to a digit's.
  if (code >= 0xa1 && code <= 0xff) return { code, width: code === 0xd7 ? 584 : 556 };
  return { code: 63, width: 556 };
}

function normalise(text: string): string {
  return text.replace(SPACES, " ").replace(/[\r\n\t]+/g, " ");
}

/** The width of a line of text, in points. */
export function textWidth(text: string, size: number, font: PdfFont = "regular"): number {
  let units = 0;
  for (const char of normalise(text)) units += glyph(char, font).width;
  return (units * size) / 1000;
}

/** Breaks text into lines no wider than maxWidth (a word longer than the line is cut). */
export function wrapText(text: string, size: number, maxWidth: number, font: PdfFont = "regular"): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of normalise(text).split(" ").filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (textWidth(candidate, size, font) <= maxWidth) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    let rest = word;
    while (textWidth(rest, size, font) > maxWidth) {
      let cut = rest.length - 1;
      while (cut > 1 && textWidth(rest.slice(0, cut), size, font) > maxWidth) cut -= 1;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line) lines.push(line);
  return lines.length ? lines : [""];
}

/** A PDF string literal: ASCII as is, ( ) \ escaped, other WinAnsi bytes as octal escapes. */
function pdfString(text: string, font: PdfFont = "regular"): string {
  let out = "(";
  for (const char of normalise(text)) {
    const { code } = glyph(char, font);
    if (char === "(" || char === ")" || char === "\\") out += `\\${char}`;
    else if (code >= 32 && code <= 126) out += String.fromCharCode(code);
    else out += `\\${code.toString(8).padStart(3, "0")}`;
  }
  return `${out})`;
}

const num = (value: number) => (Math.round(value * 100) / 100).toString();

function contentStream(page: PdfPage): string {
  const ops: string[] = [];
  for (const rule of page.rules) {
    ops.push(`${num(rule.width ?? 0.75)} w ${num(rule.x1)} ${num(rule.y1)} m ${num(rule.x2)} ${num(rule.y2)} l S`);
  }
  for (const text of page.texts) {
    const font = text.font ?? "regular";
    const x = text.align === "right" ? text.x - textWidth(text.text, text.size, font) : text.x;
    ops.push(`BT /${font === "bold" ? "F2" : "F1"} ${num(text.size)} Tf ${num(x)} ${num(text.y)} Td ${pdfString(text.text, font)} Tj ET`);
  }
  return ops.join("\n");
}

/** The PDF file: one page per PdfPage, with a title and author in its document information. */
export function renderPdf(pages: PdfPage[], info: { title: string; author: string }): Uint8Array<ArrayBuffer> {
  const objects: string[] = [];
  const pageCount = Math.max(pages.length, 1);
  const fontRegular = 3;
  const fontBold = 4;
  const infoObject = 5;
  const firstPage = 6;
  const kids = Array.from({ length: pageCount }, (_, i) => `${firstPage + i * 2} 0 R`).join(" ");
  objects[1] = "<< /Type /Catalog /Pages 2 0 R >>";
  objects[2] = `<< /Type /Pages /Kids [${kids}] /Count ${pageCount} >>`;
  objects[fontRegular] = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>";
  objects[fontBold] = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>";
  objects[infoObject] = `<< /Title ${pdfString(info.title)} /Author ${pdfString(info.author)} /Producer (ClarityAI Coaching) >>`;
  (pages.length ? pages : [{ texts: [], rules: [] }]).forEach((page, i) => {
    const pageObject = firstPage + i * 2;
    const stream = contentStream(page);
    objects[pageObject] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${A4.width} ${A4.height}] ` +
      `/Resources << /Font << /F1 ${fontRegular} 0 R /F2 ${fontBold} 0 R >> >> /Contents ${pageObject + 1} 0 R >>`;
    // Every byte of the stream is ASCII (see pdfString), so its length in characters is its length in bytes.
    objects[pageObject + 1] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
  });
  let body = "%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n";
  const offsets: number[] = [];
  for (let i = 1; i < objects.length; i += 1) {
    offsets[i] = body.length;
    body += `${i} 0 obj\n${objects[i]}\nendobj\n`;
  }
  const xref = body.length;
  body += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let i = 1; i < objects.length; i += 1) body += `${String(offsets[i]).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info ${infoObject} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return latin1Bytes(body);
}

// The file is built as a string of byte values 0–255 (the binary comment line is the only non-ASCII
// part), so offsets are string positions and each character is one byte.
function latin1Bytes(text: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i) & 0xff;
  return bytes;
}
