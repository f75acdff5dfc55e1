import { createElement, Fragment, type ReactNode } from "react";

// The coach's replies are Markdown written by a model, so they are untrusted. They are turned into
// React elements here, never into an HTML string: text is always text (React escapes it), raw HTML
// such as <script> or <img onerror> shows as the characters typed, and only http(s) and site-relative
// links become links. The subset is what chat replies use: paragraphs, line breaks, headings (shown
// as bold lines, so a reply never reshapes the page's outline), lists, quotes, code, rules, tables,
// bold, italics, strikethrough, inline code and links. A finished reply's unmatched syntax shows as
// typed; while a reply is still streaming, its unfinished link, emphasis or code at the end is held
// back until it is complete (settledMarkdown), so "[free 20-minute" never flashes up raw.

type Inline =
  | { type: "text"; text: string }
  | { type: "break" }
  | { type: "code"; text: string }
  | { type: "strong" | "em" | "del"; children: Inline[] }
  | { type: "link"; href: string; children: Inline[] };

type Block =
  | { type: "paragraph"; text: string }
  | { type: "heading"; text: string }
  | { type: "code"; text: string }
  | { type: "rule" }
  | { type: "quote"; blocks: Block[] }
  | { type: "list"; ordered: boolean; start: number; tight: boolean; items: Block[][] }
  | { type: "table"; head: string[]; rows: string[][] };

/** Nesting deeper than this (quotes in quotes in lists…) is shown as plain text. */
const MAX_DEPTH = 6;
const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([\w+#.-]*)\s*$/;
const HEADING = /^ {0,3}(#{1,6})\s+(.*?)(?:\s+#+)?\s*$/;
const RULE = /^ {0,3}([-*_])(?:\s*\1){2,}\s*$/;
const QUOTE = /^ {0,3}>\s?/;
const LIST_ITEM = /^( *)([-*+]|\d{1,9}[.)])(?:\s+(.*))?$/;
const TABLE_DIVIDER = /^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/;

/** A link target that may become a link: absolute http(s), or a path on this site. Anything else is null. */
export function safeHref(raw: string): string | null {
  const url = raw.trim();
  // Control characters, spaces and backslashes have no place in a link here ("/\evil.example" is read as "//evil.example").
  // eslint-disable-next-line no-control-regex
  if (url === "" || /[\u0000-\u0020\u007f\\]/.test(url)) return null;
  if (url.startsWith("/")) return url.startsWith("//") ? null : url;
  if (!/^https?:\/\//i.test(url)) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.href : null;
  } catch {
    return null;
  }
}

const leadingSpaces = (line: string) => line.length - line.trimStart().length;
const isBlank = (line: string) => line.trim() === "";

function startsBlock(line: string, next: string | undefined): boolean {
  return FENCE.test(line) || HEADING.test(line) || RULE.test(line) || QUOTE.test(line) || LIST_ITEM.test(line) || isTableStart(line, next);
}

function isTableStart(line: string, next: string | undefined): boolean {
  return line.includes("|") && next !== undefined && next.includes("-") && TABLE_DIVIDER.test(next);
}

function tableCells(line: string): string[] {
  let row = line.trim();
  if (row.startsWith("|")) row = row.slice(1);
  if (row.endsWith("|") && !row.endsWith("\\|")) row = row.slice(0, -1);
  return row.split(/(?<!\\)\|/).map((cell) => cell.trim().replace(/\\\|/g, "|"));
}

function parseBlocks(lines: string[], depth: number): Block[] {
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (isBlank(line)) {
      i++;
      continue;
    }
    if (depth >= MAX_DEPTH) {
      blocks.push({ type: "paragraph", text: lines.slice(i).join("\n") });
      break;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const marker = fence[1]!;
      const body: string[] = [];
      i++;
      // An unclosed fence (a reply still streaming) runs to the end.
      while (i < lines.length && !new RegExp(`^ {0,3}${marker[0] === "`" ? "`" : "~"}{${marker.length},}\\s*$`).test(lines[i]!)) body.push(lines[i++]!);
      i++;
      blocks.push({ type: "code", text: body.join("\n") });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      blocks.push({ type: "heading", text: heading[2]! });
      i++;
      continue;
    }
    if (RULE.test(line)) {
      blocks.push({ type: "rule" });
      i++;
      continue;
    }
    if (QUOTE.test(line)) {
      const body: string[] = [];
      while (i < lines.length && QUOTE.test(lines[i]!)) body.push(lines[i++]!.replace(QUOTE, ""));
      blocks.push({ type: "quote", blocks: parseBlocks(body, depth + 1) });
      continue;
    }
    if (LIST_ITEM.test(line)) {
      const [list, next] = parseList(lines, i, depth);
      blocks.push(list);
      i = next;
      continue;
    }
    if (isTableStart(line, lines[i + 1])) {
      const head = tableCells(line);
      const rows: string[][] = [];
      i += 2;
      while (i < lines.length && lines[i]!.includes("|") && !isBlank(lines[i]!)) rows.push(tableCells(lines[i++]!));
      blocks.push({ type: "table", head, rows });
      continue;
    }
    const body = [line];
    i++;
    while (i < lines.length && !isBlank(lines[i]!) && !startsBlock(lines[i]!, lines[i + 1])) body.push(lines[i++]!);
    blocks.push({ type: "paragraph", text: body.map((l) => l.trim()).join("\n") });
  }
  return blocks;
}

function parseList(lines: string[], from: number, depth: number): [Block, number] {
  const first = LIST_ITEM.exec(lines[from]!)!;
  const indent = first[1]!.length;
  const ordered = /\d/.test(first[2]!);
  const items: string[][] = [];
  let contentIndent = 0;
  let tight = true;
  let i = from;
  while (i < lines.length) {
    const line = lines[i]!;
    const item = LIST_ITEM.exec(line);
    if (item && item[1]!.length <= indent + 1) {
      if (/\d/.test(item[2]!) !== ordered) break;
      items.push([item[3] ?? ""]);
      contentIndent = item[1]!.length + item[2]!.length + 1;
      i++;
      continue;
    }
    const current = items[items.length - 1]!;
    if (isBlank(line)) {
      let j = i + 1;
      while (j < lines.length && isBlank(lines[j]!)) j++;
      const next = lines[j];
      const sibling = next !== undefined && LIST_ITEM.exec(next);
      if (next !== undefined && (leadingSpaces(next) > indent + 1 || (sibling && sibling[1]!.length <= indent + 1 && /\d/.test(sibling[2]!) === ordered))) {
        tight = false;
        current.push("");
        i++;
        continue;
      }
      break;
    }
    const lead = leadingSpaces(line);
    if (lead > indent) {
      current.push(line.slice(Math.min(lead, contentIndent)));
      i++;
      continue;
    }
    // A lazy continuation of the item's text.
    if (!isBlank(lines[i - 1]!) && !startsBlock(line, lines[i + 1])) {
      current.push(line);
      i++;
      continue;
    }
    break;
  }
  const start = ordered ? Math.min(Number.parseInt(first[2]!, 10), 1_000_000) : 1;
  return [{ type: "list", ordered, start, tight, items: items.map((item) => parseBlocks(item, depth + 1)) }, i];
}

const PUNCTUATION = /[!-/:-@[-`{-~]/;

/** Where the closing delimiter of an emphasis span opened at `from` is, or -1. */
function closingDelimiter(text: string, from: number, delimiter: string): number {
  let at = text.indexOf(delimiter, from);
  while (at !== -1) {
    const before = text[at - 1]!;
    const after = text[at + delimiter.length];
    // A closer follows text (not a space) and, for "_", ends a word.
    const intraword = delimiter[0] === "_" && after !== undefined && /\w/.test(after);
    if (at > from && !/\s/.test(before) && !intraword && text[at + delimiter.length] !== delimiter[0]) return at;
    at = text.indexOf(delimiter, at + 1);
  }
  return -1;
}

function parseInline(text: string, depth = 0, inLink = false): Inline[] {
  const out: Inline[] = [];
  let plain = "";
  const flush = () => {
    if (plain) out.push({ type: "text", text: plain });
    plain = "";
  };
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    const rest = text.slice(i);
    if (char === "\\" && i + 1 < text.length && PUNCTUATION.test(text[i + 1]!)) {
      plain += text[i + 1];
      i += 2;
      continue;
    }
    if (char === "\n") {
      flush();
      out.push({ type: "break" });
      i++;
      continue;
    }
    if (char === "`") {
      const run = /^`+/.exec(rest)![0];
      const end = text.indexOf(run, i + run.length);
      if (end !== -1) {
        flush();
        out.push({
          type: "code",
          text:
            text
              .slice(i + run.length, end)
              .replace(/\n/g, " ")
              .trim() || " ",
        });
        i = end + run.length;
        continue;
      }
      plain += run;
      i += run.length;
      continue;
    }
    if (depth < MAX_DEPTH && !inLink && char === "[") {
      const link = linkAt(text, i);
      if (link) {
        flush();
        const label = parseInline(link.label, depth + 1, true);
        if (link.href) out.push({ type: "link", href: link.href, children: label });
        else out.push(...label);
        i = link.end;
        continue;
      }
    }
    if (!inLink && char === "<") {
      const auto = /^<(https?:\/\/[^\s<>]+)>/i.exec(rest);
      const href = auto && safeHref(auto[1]!);
      if (auto && href) {
        flush();
        out.push({ type: "link", href, children: [{ type: "text", text: auto[1]! }] });
        i += auto[0].length;
        continue;
      }
    }
    if (!inLink && (char === "h" || char === "H") && !/\w/.test(text[i - 1] ?? "")) {
      const bare = /^https?:\/\/[^\s<>]+/i.exec(rest);
      if (bare) {
        let url = bare[0].replace(/[.,;:!?'"*_~]+$/, "");
        // A closing bracket belongs to the URL only when the URL opened one.
        while (url.endsWith(")") && (url.match(/\(/g)?.length ?? 0) < (url.match(/\)/g)?.length ?? 0)) url = url.slice(0, -1);
        const href = safeHref(url);
        if (href) {
          flush();
          out.push({ type: "link", href, children: [{ type: "text", text: url }] });
          i += url.length;
          continue;
        }
      }
    }
    if (depth < MAX_DEPTH && (char === "*" || char === "_" || char === "~")) {
      const double = text[i + 1] === char;
      const delimiter = char === "~" ? (double ? "~~" : "") : double ? char + char : char;
      const opensWord = char !== "_" || !/\w/.test(text[i - 1] ?? "");
      const next = text[i + delimiter.length];
      if (delimiter && opensWord && next !== undefined && !/\s/.test(next)) {
        const end = closingDelimiter(text, i + delimiter.length, delimiter);
        if (end !== -1) {
          flush();
          const type = char === "~" ? "del" : double ? "strong" : "em";
          out.push({ type, children: parseInline(text.slice(i + delimiter.length, end), depth + 1, inLink) });
          i = end + delimiter.length;
          continue;
        }
      }
      const run = /^([*_~])\1*/.exec(rest)![0];
      plain += run;
      i += run.length;
      continue;
    }
    plain += char;
    i++;
  }
  flush();
  return out;
}

/** `[label](target)` at `from`: its label, its safe href (null when the target is not allowed) and where it ends. */
function linkAt(text: string, from: number): { label: string; href: string | null; end: number } | null {
  let level = 0;
  let close = -1;
  for (let j = from; j < text.length; j++) {
    if (text[j] === "\\") j++;
    else if (text[j] === "[") level++;
    else if (text[j] === "]" && --level === 0) {
      close = j;
      break;
    }
  }
  if (close === -1 || text[close + 1] !== "(") return null;
  const target = /^\(\s*<?([^\s()<>]*(?:\([^\s()<>]*\)[^\s()<>]*)*)>?(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/.exec(text.slice(close + 1));
  if (!target) return null;
  return { label: text.slice(from + 1, close), href: safeHref(target[1]!), end: close + 1 + target[0].length };
}

/** Parses Markdown into blocks (exported for tests and for callers that render their own way). */
export function parseMarkdown(markdown: string): Block[] {
  const lines = markdown.replace(/\r\n?/g, "\n").replace(/\t/g, "    ").split("\n");
  return parseBlocks(lines, 0);
}

function renderInline(nodes: Inline[]): ReactNode[] {
  return nodes.map((node, key) => {
    switch (node.type) {
      case "text":
        return node.text;
      case "break":
        return createElement("br", { key });
      case "code":
        return createElement("code", { key }, node.text);
      case "link": {
        const external = !node.href.startsWith("/");
        return external
          ? createElement(
              "a",
              { key, href: node.href, target: "_blank", rel: "noopener noreferrer nofollow" },
              ...renderInline(node.children),
              createElement("span", { className: "visually-hidden", key: "new-tab" }, " (opens in a new tab)"),
            )
          : createElement("a", { key, href: node.href, "data-internal": "" }, ...renderInline(node.children));
      }
      default:
        return createElement(node.type, { key }, ...renderInline(node.children));
    }
  });
}

function renderBlocks(blocks: Block[], tightItem = false): ReactNode[] {
  return blocks.map((block, key) => {
    switch (block.type) {
      case "paragraph":
        // A tight list item's text sits in the item itself, without a paragraph's spacing.
        return tightItem
          ? createElement(Fragment, { key }, ...renderInline(parseInline(block.text)))
          : createElement("p", { key }, ...renderInline(parseInline(block.text)));
      case "heading":
        return createElement("p", { key, className: "md-heading" }, createElement("strong", null, ...renderInline(parseInline(block.text))));
      case "code":
        return createElement("pre", { key, tabIndex: 0 }, createElement("code", null, block.text));
      case "rule":
        return createElement("hr", { key });
      case "quote":
        return createElement("blockquote", { key }, ...renderBlocks(block.blocks));
      case "list":
        return createElement(
          block.ordered ? "ol" : "ul",
          { key, start: block.ordered && block.start !== 1 ? block.start : undefined },
          ...block.items.map((item, index) => createElement("li", { key: index }, ...renderBlocks(item, block.tight))),
        );
      case "table":
        return createElement(
          "div",
          { key, className: "md-table", tabIndex: 0, role: "region", "aria-label": "Table" },
          createElement(
            "table",
            null,
            createElement(
              "thead",
              null,
              createElement(
                "tr",
                null,
                ...block.head.map((cell, index) => createElement("th", { key: index, scope: "col" }, ...renderInline(parseInline(cell)))),
              ),
            ),
            createElement(
              "tbody",
              null,
              ...block.rows.map((row, index) =>
                createElement(
                  "tr",
                  { key: index },
                  ...block.head.map((_, column) => createElement("td", { key: column }, ...renderInline(parseInline(row[column] ?? "")))),
                ),
              ),
            ),
          ),
        );
    }
  });
}

/** Characters of a streaming reply held back at most: an opener never closed by then was meant as typed. */
export const HOLD_BACK_LIMIT = 300;

/** Where an unfinished link, emphasis or code span starts in the last paragraph of a streaming reply, or -1. */
function unfinishedFrom(text: string): number {
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    if (char === "\\") {
      i += 2;
      continue;
    }
    if (char === "`") {
      const run = /^`+/.exec(text.slice(i))![0];
      const end = text.indexOf(run, i + run.length);
      if (end === -1) return i;
      i = end + run.length;
      continue;
    }
    if (char === "[") {
      const link = linkAt(text, i);
      if (link) {
        i = link.end;
        continue;
      }
      // Not a link yet, but it may become one: no "]" yet, or "](" still waiting for its ")".
      const close = closingBracket(text, i);
      if (close === -1 || close === text.length - 1 || text[close + 1] === "(") return i;
      i++;
      continue;
    }
    if (char === "<" && /^<h(t(t(ps?)?)?)?$|^<https?:\/\/[^\s<>]*$/i.test(text.slice(i))) return i;
    if (char === "*" || char === "_" || char === "~") {
      const run = /^([*_~])\1*/.exec(text.slice(i))![0];
      const next = text[i + run.length];
      // A mark at the very end may open emphasis once the next character arrives.
      if (next === undefined) return char === "_" && /\w/.test(text[i - 1] ?? "") ? -1 : i;
      const delimiter = char === "~" ? (run.length >= 2 ? "~~" : "") : run.length >= 2 ? char + char : char;
      const opens = delimiter !== "" && !/\s/.test(next) && (char !== "_" || !/\w/.test(text[i - 1] ?? ""));
      if (opens) {
        const end = closingDelimiter(text, i + delimiter.length, delimiter);
        if (end === -1) return i;
        i = end + delimiter.length;
        continue;
      }
      i += run.length;
      continue;
    }
    i++;
  }
  return -1;
}

/** The "]" matching the "[" at `from`, or -1. */
function closingBracket(text: string, from: number): number {
  let level = 0;
  for (let j = from; j < text.length; j++) {
    if (text[j] === "\\") j++;
    else if (text[j] === "[") level++;
    else if (text[j] === "]" && --level === 0) return j;
  }
  return -1;
}

/**
 * A streaming reply as far as it can be shown: an unfinished link, emphasis or code span in its last
 * paragraph (where the words are still arriving) is held back until it is complete, up to
 * HOLD_BACK_LIMIT characters. Earlier paragraphs and an open code block show as they are.
 */
export function settledMarkdown(text: string): string {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  let inFence = false;
  let paragraphStart = 0;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    if (FENCE.test(line)) inFence = !inFence;
    if (inFence || FENCE.test(line) || isBlank(line)) paragraphStart = index + 1;
  }
  if (inFence) return text;
  const before = lines.slice(0, paragraphStart).join("\n");
  const paragraph = lines.slice(paragraphStart).join("\n");
  const cut = unfinishedFrom(paragraph);
  if (cut === -1 || paragraph.length - cut > HOLD_BACK_LIMIT) return text;
  return `${before}${paragraphStart > 0 ? "\n" : ""}${paragraph.slice(0, cut)}`.trimEnd();
}

/**
 * A model's Markdown as React elements, safely (see the top of this file). `streaming`: the reply is
 * still arriving, so its unfinished syntax at the end waits until it is complete.
 */
export function Markdown({ text, streaming = false }: { text: string; streaming?: boolean }) {
  return createElement(Fragment, null, ...renderBlocks(parseMarkdown(streaming ? settledMarkdown(text) : text)));
}
