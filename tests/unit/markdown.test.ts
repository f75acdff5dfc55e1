import { expect, test } from "vitest";
import { readingMinutes, renderMarkdown, slugify } from "~/content/markdown.server";

test("raw HTML in content is shown as text, never rendered", () => {
  const { html } = renderMarkdown('Hello <script>alert("x")</script> and <img src=x onerror=alert(1)>');
  expect(html).not.toContain("<script>");
  expect(html).not.toContain("<img");
  expect(html).toContain("&lt;script&gt;");
});

test("links with unsafe schemes are not turned into links", () => {
  const { html } = renderMarkdown("[click](javascript:alert(1)) and [ok](/booking)");
  expect(html).not.toContain('href="javascript:');
  expect(html).toContain('<a href="/booking">ok</a>');
});

test("headings get unique anchors and are listed; a stray h1 becomes an h2", () => {
  const { html, headings } = renderMarkdown("# Top\n\n## Cash flow & BAS\n\ntext\n\n### Step 1\n\n## Cash flow & BAS");
  expect(html).toContain('<h2 id="top">Top</h2>');
  expect(html).toContain('<h2 id="cash-flow-and-bas">');
  expect(html).toContain('<h2 id="cash-flow-and-bas-2">');
  expect(headings).toEqual([
    { id: "top", text: "Top", level: 2 },
    { id: "cash-flow-and-bas", text: "Cash flow & BAS", level: 2 },
    { id: "step-1", text: "Step 1", level: 3 },
    { id: "cash-flow-and-bas-2", text: "Cash flow & BAS", level: 2 },
  ]);
});

test("slugs are lower-case, hyphenated and accent-free", () => {
  expect(slugify("  Café Pricing: 2026 Edition! ")).toBe("cafe-pricing-2026-edition");
});

test("reading time is words at 230 a minute, at least one minute", () => {
  expect(readingMinutes("word ".repeat(10))).toBe(1);
  expect(readingMinutes("word ".repeat(1150))).toBe(5);
});
