import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { expect, test } from "vitest";
import { Markdown, safeHref } from "~/components/ai-coach/markdown";

const html = (text: string) => renderToStaticMarkup(createElement(Markdown, { text }));

test("a script tag in a reply is shown as text, never as an element", () => {
  const out = html('Try this: <script>alert("x")</script>');
  expect(out).not.toContain("<script");
  expect(out).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
});

test("raw HTML of any kind is shown as the characters typed", () => {
  const out = html('<img src=x onerror="alert(1)"> <iframe src="https://evil.example"></iframe>\n\n<b>bold?</b> <a href="javascript:alert(1)">x</a>');
  expect(out).not.toMatch(/<(img|iframe|b)\b/);
  // The only element made is a link for the bare https:// address, which is text.
  expect(out.match(/<a\b[^>]*>/g)).toEqual(['<a href="https://evil.example/" target="_blank" rel="noopener noreferrer nofollow">']);
  expect(out).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
  expect(out).toContain("&lt;b&gt;bold?&lt;/b&gt;");
});

test("javascript:, data: and other unsafe link targets do not become links; their label stays as text", () => {
  for (const target of [
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    "data:text/html,<script>x</script>",
    "vbscript:x",
    "//evil.example/x",
    "/\\evil.example",
    "mailto:a@b.c",
  ]) {
    const out = html(`[click me](${target})`);
    expect(out, target).not.toContain("<a");
    expect(out, target).toContain("click me");
  }
  expect(html("<javascript:alert(1)>")).not.toContain("<a");
});

test("http(s) links open in a new tab without the opener; site links stay on the site", () => {
  expect(html("See [the guide](https://example.com/guide).")).toContain(
    '<a href="https://example.com/guide" target="_blank" rel="noopener noreferrer nofollow">the guide<span class="visually-hidden"> (opens in a new tab)</span></a>',
  );
  expect(html("[Book a call](/booking)")).toBe('<p><a href="/booking" data-internal="">Book a call</a></p>');
  expect(html("Read https://example.com/a_b_(c). Then stop")).toContain('<a href="https://example.com/a_b_(c)"');
});

test("an attribute cannot be smuggled through a link target", () => {
  const out = html('[x](https://example.com/"onmouseover="alert(1))');
  expect(out).not.toContain('" onmouseover');
  expect(out).not.toMatch(/\sonmouseover=/);
  expect(out).toContain('href="https://example.com/%22onmouseover=%22alert(1)"');
});

test("the Markdown that replies use renders as elements", () => {
  expect(html("**Offline coach:** here is *what* our guides say ~~today~~ and `code`")).toBe(
    "<p><strong>Offline coach:</strong> here is <em>what</em> our guides say <del>today</del> and <code>code</code></p>",
  );
  expect(html("- one\n- **two**\n\n1. first\n2. second")).toBe("<ul><li>one</li><li><strong>two</strong></li></ul><ol><li>first</li><li>second</li></ol>");
  expect(html("3. third\n4. fourth")).toBe('<ol start="3"><li>third</li><li>fourth</li></ol>');
  expect(html("## Cash flow\nline one\nline two")).toBe('<p class="md-heading"><strong>Cash flow</strong></p><p>line one<br/>line two</p>');
  expect(html("```ts\nconst a = '<b>';\n```")).toBe('<pre tabindex="0"><code>const a = &#x27;&lt;b&gt;&#x27;;</code></pre>');
  expect(html("> quoted\n\n---")).toBe("<blockquote><p>quoted</p></blockquote><hr/>");
  expect(html("| Tier | Price |\n| --- | --- |\n| Lite | A$49 |")).toContain('<th scope="col">Tier</th>');
  expect(html("- a\n  - nested\n- b")).toBe("<ul><li>a<ul><li>nested</li></ul></li><li>b</li></ul>");
});

test("unfinished syntax in a reply still streaming shows as typed", () => {
  expect(html("This is **impor")).toBe("<p>This is **impor</p>");
  expect(html("[half a link](https://exa")).toMatch(/^<p>\[half a link\]\(/);
  expect(html("```\nconst x = 1")).toBe('<pre tabindex="0"><code>const x = 1</code></pre>');
  expect(html("snake_case_name and 2 * 3 * 4")).toBe("<p>snake_case_name and 2 * 3 * 4</p>");
});

test("deep nesting is bounded", () => {
  const out = html(">".repeat(5000) + " x");
  expect(out).toContain("x");
  expect(html("[".repeat(3000) + "x")).toContain("x");
});

test("safeHref allows http(s) and site-relative paths only", () => {
  expect(safeHref("https://example.com")).toBe("https://example.com/");
  expect(safeHref("/services#clarityai")).toBe("/services#clarityai");
  expect(safeHref(" javascript:alert(1)")).toBeNull();
  expect(safeHref("java\nscript:alert(1)")).toBeNull();
  expect(safeHref("https://exa mple.com")).toBeNull();
  expect(safeHref("ftp://example.com")).toBeNull();
});
