/**
 * Lays out a resource document on A4 pages: every line of text, box and rule gets its final
 * position here, once. The PDF writer (pdf.ts) and the preview renderer (preview.ts) draw the same
 * pages from this, so the preview image is the real first page.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import * as fontkit from "fontkit";
import type { ChecklistItem, DocumentBlock, InlineText, PdfResourceSource } from "../../app/content/resources/types";

export const SITE = { name: "ClarityAI Coaching", url: "clarityai.com.au", disclaimer: "General information only, not financial advice." };

export const PAGE = { width: 595.28, height: 841.89, marginX: 56.7, top: 56.7, bottom: 74 } as const;
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.marginX;
const CONTENT_BOTTOM = PAGE.height - PAGE.bottom;

export const COLOURS = {
  navy: "#0f2942",
  teal: "#0b6e6d",
  tealLight: "#8fe0dd",
  amber: "#f5a524",
  ink: "#1c2430",
  muted: "#4a5565",
  line: "#c9d1db",
  mist: "#f4f7fa",
  white: "#ffffff",
} as const;

export type FontKey = "regular" | "semibold" | "bold";
const FONT_WEIGHTS: Record<FontKey, number> = { regular: 400, semibold: 600, bold: 700 };

const require = createRequire(import.meta.url);
/** Inter (SIL Open Font License), from @fontsource/inter: embedded in the PDFs and used to draw previews. */
export function fontPath(key: FontKey) {
  return require.resolve(`@fontsource/inter/files/inter-latin-${FONT_WEIGHTS[key]}-normal.woff`);
}

type Font = fontkit.Font;
const fonts = new Map<FontKey, Font>();
export function font(key: FontKey): Font {
  let loaded = fonts.get(key);
  if (!loaded) {
    loaded = fontkit.create(readFileSync(fontPath(key))) as Font;
    fonts.set(key, loaded);
  }
  return loaded;
}

export function textWidth(text: string, key: FontKey, size: number) {
  const f = font(key);
  for (const char of text) {
    if (!f.hasGlyphForCodePoint(char.codePointAt(0)!))
      throw new Error(`The font has no glyph for “${char}” (U+${char.codePointAt(0)!.toString(16)}) in: ${text}`);
  }
  return (f.layout(text).advanceWidth / f.unitsPerEm) * size;
}

export type TextOp = { kind: "text"; x: number; y: number; text: string; font: FontKey; size: number; colour: string };
export type RectOp = { kind: "rect"; x: number; y: number; w: number; h: number; fill?: string; stroke?: string; lineWidth?: number; radius?: number };
export type LineOp = { kind: "line"; x1: number; y1: number; x2: number; y2: number; colour: string; lineWidth: number };
export type Op = TextOp | RectOp | LineOp;

/** A node of the document's logical structure (PDF tags): a leaf holds what it draws. */
export type StructNode = { tag: string; ops?: Op[]; children?: StructNode[]; scope?: "Column" | "Row" };

export type LaidOutPage = { artifacts: Op[]; content: StructNode[] };

/** Tables up to this height (points) are never split across pages. */
const KEEP_TABLE_TOGETHER = 300;

type Style = { size: number; leading: number; colour: string; font: FontKey };
const STYLES = {
  body: { size: 10, leading: 14.5, colour: COLOURS.ink, font: "regular" },
  lead: { size: 11.5, leading: 16.5, colour: COLOURS.ink, font: "regular" },
  note: { size: 9.5, leading: 13.5, colour: COLOURS.muted, font: "regular" },
  hint: { size: 9, leading: 12.5, colour: COLOURS.muted, font: "regular" },
  h2: { size: 14, leading: 18, colour: COLOURS.navy, font: "bold" },
  h3: { size: 11, leading: 15, colour: COLOURS.teal, font: "semibold" },
  cell: { size: 8.5, leading: 11.5, colour: COLOURS.ink, font: "regular" },
  th: { size: 8, leading: 11, colour: COLOURS.navy, font: "semibold" },
} satisfies Record<string, Style>;

/** A word, whether it is bold, and whether it follows the previous word without a space ("**bold**."). */
type Word = { text: string; bold: boolean; glued: boolean };

/** Splits `**bold**` markup into words. */
function words(text: InlineText): Word[] {
  const out: Word[] = [];
  let spaceBefore = true;
  text.split("**").forEach((part, i) => {
    for (const token of part.split(/(\s+)/)) {
      if (!token) continue;
      if (/^\s+$/.test(token)) spaceBefore = true;
      else {
        out.push({ text: token, bold: i % 2 === 1, glued: !spaceBefore });
        spaceBefore = false;
      }
    }
  });
  return out;
}

type Line = { runs: { text: string; font: FontKey; x: number }[]; width: number };

function wrap(text: InlineText, style: Style, width: number): Line[] {
  const boldFont: FontKey = style.font === "regular" ? "semibold" : "bold";
  const space = textWidth(" ", style.font, style.size);
  const lines: Line[] = [];
  let line: Line = { runs: [], width: 0 };
  for (const word of words(text)) {
    const key = word.bold ? boldFont : style.font;
    const w = textWidth(word.text, key, style.size);
    const gap = word.glued ? 0 : space;
    if (line.runs.length && !word.glued && line.width + gap + w > width) {
      lines.push(line);
      line = { runs: [], width: 0 };
    }
    const x = line.runs.length ? line.width + gap : 0;
    const last = line.runs.at(-1);
    if (last && last.font === key) last.text += word.glued ? word.text : ` ${word.text}`;
    else line.runs.push({ text: word.text, font: key, x });
    line.width = x + w;
  }
  if (line.runs.length) lines.push(line);
  return lines;
}

function textOps(lines: Line[], style: Style, x: number, firstBaseline: number): Op[] {
  return lines.flatMap((line, i) =>
    line.runs.map((run) => ({
      kind: "text" as const,
      x: x + run.x,
      y: firstBaseline + i * style.leading,
      text: run.text,
      font: run.font,
      size: style.size,
      colour: style.colour,
    })),
  );
}

/** Height from the top of the first line box to the bottom of the last. */
const blockHeight = (lines: Line[], style: Style) => lines.length * style.leading;
/** Baseline of the first line, given the top of its line box. */
const baselineFrom = (top: number, style: Style) => top + style.leading * 0.5 + style.size * 0.36;

export function layoutDocument(doc: PdfResourceSource): LaidOutPage[] {
  const pages: LaidOutPage[] = [];
  let page: LaidOutPage = { artifacts: [], content: [] };
  let y = 0;

  function newPage() {
    page = { artifacts: [], content: [] };
    pages.push(page);
    if (pages.length === 1) {
      // Title band: the site's wordmark, the eyebrow and the title.
      const title = wrap(doc.title, { ...STYLES.h2, size: 24, leading: 29, colour: COLOURS.white }, CONTENT_WIDTH);
      const bandHeight = 102 + title.length * 29;
      page.artifacts.push({ kind: "rect", x: 0, y: 0, w: PAGE.width, h: bandHeight, fill: COLOURS.navy });
      page.artifacts.push({ kind: "rect", x: PAGE.marginX, y: 34, w: 10, h: 10, fill: COLOURS.amber, radius: 2 });
      page.artifacts.push({ kind: "text", x: PAGE.marginX + 16, y: 43, text: SITE.name, font: "bold", size: 10.5, colour: COLOURS.white });
      page.artifacts.push({
        kind: "text",
        x: PAGE.width - PAGE.marginX - textWidth(SITE.url, "regular", 9),
        y: 43,
        text: SITE.url,
        font: "regular",
        size: 9,
        colour: COLOURS.tealLight,
      });
      page.content.push({
        tag: "P",
        ops: [{ kind: "text", x: PAGE.marginX, y: 78, text: doc.eyebrow.toUpperCase(), font: "semibold", size: 8.5, colour: COLOURS.tealLight }],
      });
      page.content.push({ tag: "H1", ops: textOps(title, { ...STYLES.h2, size: 24, leading: 29, colour: COLOURS.white }, PAGE.marginX, 110) });
      y = bandHeight + 26;
    } else {
      page.artifacts.push({ kind: "text", x: PAGE.marginX, y: 36, text: `${SITE.name}  ·  ${doc.title}`, font: "regular", size: 8, colour: COLOURS.muted });
      page.artifacts.push({ kind: "line", x1: PAGE.marginX, y1: 44, x2: PAGE.width - PAGE.marginX, y2: 44, colour: COLOURS.line, lineWidth: 0.6 });
      y = PAGE.top + 8;
    }
  }

  /** Makes room for `height`, starting a new page if it doesn't fit. */
  function ensure(height: number) {
    if (y + height > CONTENT_BOTTOM) newPage();
  }

  function paragraph(text: InlineText, style: Style, x = PAGE.marginX, width = CONTENT_WIDTH, after = 8): StructNode {
    const lines = wrap(text, style, width);
    ensure(blockHeight(lines, style));
    const node = { tag: "P", ops: textOps(lines, style, x, baselineFrom(y, style)) };
    y += blockHeight(lines, style) + after;
    return node;
  }

  function checklistItem(item: ChecklistItem): StructNode {
    const { text, hint } = typeof item === "string" ? { text: item, hint: undefined } : item;
    const indent = 20;
    const lines = wrap(text, STYLES.body, CONTENT_WIDTH - indent);
    const hintLines = hint ? wrap(hint, STYLES.hint, CONTENT_WIDTH - indent) : [];
    const height = blockHeight(lines, STYLES.body) + (hint ? blockHeight(hintLines, STYLES.hint) + 2 : 0);
    ensure(height);
    const box: Op = { kind: "rect", x: PAGE.marginX + 1, y: y + 2.6, w: 10, h: 10, stroke: COLOURS.teal, lineWidth: 1, radius: 1.5 };
    const body: StructNode[] = [{ tag: "P", ops: textOps(lines, STYLES.body, PAGE.marginX + indent, baselineFrom(y, STYLES.body)) }];
    if (hint) {
      const top = y + blockHeight(lines, STYLES.body) + 2;
      body.push({ tag: "P", ops: textOps(hintLines, STYLES.hint, PAGE.marginX + indent, baselineFrom(top, STYLES.hint)) });
    }
    y += height + 6;
    // The tick box is the item's label; a screen reader announces the list item and its text.
    return {
      tag: "LI",
      children: [
        { tag: "Lbl", ops: [box] },
        { tag: "LBody", children: body },
      ],
    };
  }

  function listItem(text: InlineText, label: string): StructNode {
    const indent = 16;
    const lines = wrap(text, STYLES.body, CONTENT_WIDTH - indent);
    ensure(blockHeight(lines, STYLES.body));
    const baseline = baselineFrom(y, STYLES.body);
    const lbl: Op = { kind: "text", x: PAGE.marginX + 3, y: baseline, text: label, font: label === "•" ? "bold" : "semibold", size: 10, colour: COLOURS.teal };
    const node = {
      tag: "LI",
      children: [
        { tag: "Lbl", ops: [lbl] },
        { tag: "LBody", ops: textOps(lines, STYLES.body, PAGE.marginX + indent, baseline) },
      ],
    };
    y += blockHeight(lines, STYLES.body) + 4;
    return node;
  }

  function tableGeometry(block: Extract<DocumentBlock, { type: "table" }>) {
    const total = block.widths.reduce((a, b) => a + b, 0);
    const widths = block.widths.map((w) => (w / total) * CONTENT_WIDTH);
    const xs = widths.map((_, i) => PAGE.marginX + widths.slice(0, i).reduce((a, b) => a + b, 0));
    // Many narrow columns (a weekly scorecard) get less padding and smaller headings.
    const compact = block.columns.length > 8;
    const pad = compact ? 3 : 5;
    const th: Style = compact ? { ...STYLES.th, size: 7 } : STYLES.th;
    const rowMin = block.rowHeight ?? 22;
    const measure = (cells: string[], style: Style, minHeight: number) => {
      const wrapped = cells.map((cell, i) => wrap(cell, style, widths[i]! - 2 * pad));
      const height = Math.max(minHeight, ...wrapped.map((lines) => blockHeight(lines, style) + 2 * pad));
      return { wrapped, height };
    };
    const headHeight = block.headerless ? 0 : measure(block.columns, th, 20).height;
    const rowHeights = block.rows.map((row) => measure(row, STYLES.cell, rowMin).height);
    return { widths, xs, pad, th, rowMin, measure, headHeight, rowHeights, height: headHeight + rowHeights.reduce((a, b) => a + b, 0) };
  }

  /** Room the start of a block needs to stay on the same page as the heading or question before it. */
  function startHeight(block: DocumentBlock | undefined): number {
    switch (block?.type) {
      case "table": {
        const g = tableGeometry(block);
        return g.height <= KEEP_TABLE_TOGETHER ? g.height : g.headHeight + (g.rowHeights[0] ?? 0) + (g.rowHeights[1] ?? 0);
      }
      case "paragraph":
        return blockHeight(wrap(block.text, STYLES[block.style ?? "body"], CONTENT_WIDTH), STYLES[block.style ?? "body"]) + 8;
      case "checklist":
      case "list": {
        const first = block.items[0]!;
        return blockHeight(wrap(typeof first === "string" ? first : first.text, STYLES.body, CONTENT_WIDTH - 20), STYLES.body) + 6;
      }
      case "lines":
        return 22 * block.count + 12;
      case "heading":
        return 30;
      default:
        return 0;
    }
  }

  function table(block: Extract<DocumentBlock, { type: "table" }>) {
    const { widths, xs, pad, th, rowMin, measure, headHeight, rowHeights, height: total } = tableGeometry(block);
    const drawRow = (cells: string[], style: Style, minHeight: number, header: boolean): StructNode => {
      const { wrapped, height } = measure(cells, style, minHeight);
      const top = y;
      const cellsNodes: StructNode[] = wrapped.map((lines, i) => {
        const ops: Op[] = [
          { kind: "rect", x: xs[i]!, y: top, w: widths[i]!, h: height, stroke: COLOURS.line, lineWidth: 0.6, fill: header ? COLOURS.mist : undefined },
        ];
        ops.push(...textOps(lines, style, xs[i]! + pad, baselineFrom(top + pad, style)));
        return header ? { tag: "TH", scope: "Column", ops } : { tag: "TD", ops };
      });
      y += height;
      return { tag: "TR", children: cellsNodes };
    };
    let rows: StructNode[] = [];
    const startTable = () => {
      rows = [];
      if (!block.headerless) rows.push(drawRow(block.columns, th, 20, true));
    };
    // A short table stays in one piece; a long one starts with at least its first row.
    ensure(total <= KEEP_TABLE_TOGETHER ? total : headHeight + (rowHeights[0] ?? 0));
    startTable();
    block.rows.forEach((row, n) => {
      const height = rowHeights[n]!;
      if (y + height > CONTENT_BOTTOM) {
        // Continue on the next page as a new table with the header repeated.
        page.content.push({ tag: "Table", children: rows });
        newPage();
        startTable();
      }
      rows.push(drawRow(row, STYLES.cell, rowMin, false));
    });
    page.content.push({ tag: "Table", children: rows });
    y += 10;
  }

  newPage();
  const blocks = doc.blocks;
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i]!;
    switch (block.type) {
      case "heading": {
        const style = block.level === 2 ? STYLES.h2 : STYLES.h3;
        const before = block.level === 2 ? 14 : 6;
        const lines = wrap(block.text, style, CONTENT_WIDTH);
        // Keep a heading with the start of what follows it (and an introduction with what it introduces).
        const next = blocks[i + 1];
        const follow = startHeight(next) + (next?.type === "paragraph" ? startHeight(blocks[i + 2]) : 0);
        if (y + before + blockHeight(lines, style) + Math.min(follow, 360) > CONTENT_BOTTOM) newPage();
        else if (y > PAGE.top + 30) y += before;
        const ops = textOps(lines, style, PAGE.marginX, baselineFrom(y, style));
        if (block.level === 2) ops.unshift({ kind: "rect", x: PAGE.marginX - 12, y: y + 3, w: 3, h: blockHeight(lines, style) - 5, fill: COLOURS.amber });
        page.content.push({ tag: block.level === 2 ? "H2" : "H3", ops });
        y += blockHeight(lines, style) + (block.level === 2 ? 6 : 3);
        break;
      }
      case "paragraph": {
        // Keep a question with the lines for its answer.
        const next = blocks[i + 1];
        if (next?.type === "lines") ensure(wrap(block.text, STYLES[block.style ?? "body"], CONTENT_WIDTH).length * 14.5 + 22 * next.count + 8);
        page.content.push(paragraph(block.text, STYLES[block.style ?? "body"], PAGE.marginX, CONTENT_WIDTH, block.style === "lead" ? 10 : 8));
        break;
      }
      case "checklist":
      case "list": {
        let items: StructNode[] = [];
        block.items.forEach((item, n) => {
          const before = pages.length;
          const node = block.type === "checklist" ? checklistItem(item) : listItem(item as InlineText, block.ordered ? `${n + 1}.` : "•");
          if (pages.length !== before) {
            // The item moved to a new page: close the list on the previous one.
            if (items.length) pages[before - 1]!.content.push({ tag: "L", children: items });
            items = [];
          }
          items.push(node);
        });
        page.content.push({ tag: "L", children: items });
        y += 4;
        break;
      }
      case "table":
        table(block);
        break;
      case "lines": {
        for (let n = 0; n < block.count; n++) {
          ensure(24);
          y += 22;
          page.artifacts.push({ kind: "line", x1: PAGE.marginX, y1: y, x2: PAGE.width - PAGE.marginX, y2: y, colour: COLOURS.line, lineWidth: 0.6 });
        }
        y += 12;
        break;
      }
      case "rule":
        ensure(20);
        y += 6;
        page.artifacts.push({ kind: "line", x1: PAGE.marginX, y1: y, x2: PAGE.width - PAGE.marginX, y2: y, colour: COLOURS.line, lineWidth: 0.8 });
        y += 12;
        break;
      case "page-break":
        newPage();
        break;
    }
  }

  // Footer on every page, now that the page count is known.
  pages.forEach((p, n) => {
    const footerY = PAGE.height - 36;
    p.artifacts.push({
      kind: "line",
      x1: PAGE.marginX,
      y1: footerY - 14,
      x2: PAGE.width - PAGE.marginX,
      y2: footerY - 14,
      colour: COLOURS.line,
      lineWidth: 0.6,
    });
    p.artifacts.push({
      kind: "text",
      x: PAGE.marginX,
      y: footerY,
      text: `© ${SITE.name}  ·  ${SITE.url}  ·  ${SITE.disclaimer}`,
      font: "regular",
      size: 7.5,
      colour: COLOURS.muted,
    });
    const label = `Page ${n + 1} of ${pages.length}`;
    p.artifacts.push({
      kind: "text",
      x: PAGE.width - PAGE.marginX - textWidth(label, "regular", 7.5),
      y: footerY,
      text: label,
      font: "regular",
      size: 7.5,
      colour: COLOURS.muted,
    });
  });
  return pages;
}
