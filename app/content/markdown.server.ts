import MarkdownIt from "markdown-it";

// Content markdown is rendered on the server only. Raw HTML in content is never passed through
// (`html: false` shows it as text), and links with unsafe schemes (javascript:, data:) are dropped
// by markdown-it's link validation.
const md = new MarkdownIt({ html: false, linkify: false, typographer: true });

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

export type Heading = { id: string; text: string; level: 2 | 3 };

/** Renders markdown to HTML with an anchor id on each h2/h3, and returns the headings for a contents list. */
export function renderMarkdown(source: string): { html: string; headings: Heading[] } {
  const tokens = md.parse(source, {});
  const headings: Heading[] = [];
  const used = new Map<string, number>();
  tokens.forEach((token, index) => {
    if (token.type !== "heading_open") return;
    // A single h1 per page belongs to the page title; content headings start at h2.
    if (token.tag === "h1") token.tag = "h2";
    const closing = tokens.find((t, i) => i > index && t.type === "heading_close");
    if (closing && closing.tag === "h1") closing.tag = "h2";
    const text = tokens[index + 1]?.content ?? "";
    const base = slugify(text) || "section";
    const count = used.get(base) ?? 0;
    used.set(base, count + 1);
    const id = count === 0 ? base : `${base}-${count + 1}`;
    token.attrSet("id", id);
    if (token.tag === "h2" || token.tag === "h3") headings.push({ id, text, level: token.tag === "h2" ? 2 : 3 });
  });
  return { html: md.renderer.render(tokens, md.options, {}), headings };
}

/** Minutes to read at 230 words a minute, at least 1. */
export function readingMinutes(source: string): number {
  const words = source.split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.round(words / 230));
}
