import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { expect, test } from "vitest";
import { HOLD_BACK_LIMIT, Markdown, settledMarkdown } from "~/components/ai-coach/markdown";

// While a reply streams (the Service Assistant's and the AI coach's, one renderer), half-written
// Markdown at its end is held back until it is complete, never shown as raw brackets and stars.

const streamingHtml = (text: string) => renderToStaticMarkup(createElement(Markdown, { text, streaming: true }));
const finishedHtml = (text: string) => renderToStaticMarkup(createElement(Markdown, { text }));

const REPLY = "Thanks for asking. The best next step is a [free 20-minute discovery call](/booking) with **one of our coaches**, at no cost.";

test("every prefix of a streaming reply renders without a raw bracket, star or half a link target", () => {
  for (let end = 1; end <= REPLY.length; end++) {
    const html = streamingHtml(REPLY.slice(0, end));
    expect(html, REPLY.slice(0, end)).not.toMatch(/[[\]*]|\]\(|\(\/boo/);
  }
  expect(streamingHtml(REPLY)).toBe(finishedHtml(REPLY));
});

test("an unfinished link is held back until its target is complete, then shown as a link", () => {
  expect(streamingHtml("Book a [free 20-minute")).toBe("<p>Book a</p>");
  expect(streamingHtml("Book a [free 20-minute discovery call]")).toBe("<p>Book a</p>");
  expect(streamingHtml("Book a [free 20-minute discovery call](/book")).toBe("<p>Book a</p>");
  expect(streamingHtml("Book a [free 20-minute discovery call](/booking)")).toBe(
    '<p>Book a <a href="/booking" data-internal="">free 20-minute discovery call</a></p>',
  );
  // Brackets that cannot become a link are text as soon as that is clear.
  expect(streamingHtml("Prices [incl. GST] are shown")).toBe("<p>Prices [incl. GST] are shown</p>");
});

test("unfinished bold, italics, strikethrough and inline code wait; a trailing mark waits for the next character", () => {
  expect(streamingHtml("This is **impor")).toBe("<p>This is</p>");
  expect(streamingHtml("This is *rea")).toBe("<p>This is</p>");
  expect(streamingHtml("This is ~~old")).toBe("<p>This is</p>");
  expect(streamingHtml("Run `npm")).toBe("<p>Run</p>");
  expect(streamingHtml("This is *")).toBe("<p>This is</p>");
  expect(streamingHtml("This is **important** and")).toBe("<p>This is <strong>important</strong> and</p>");
});

test("plain uses of the marks are shown as typed while streaming, as they are once finished", () => {
  for (const text of ["snake_case_name and 2 * 3 * 4", "- one\n- two", "A$150 + GST ~ roughly"]) {
    expect(settledMarkdown(text), text).toBe(text);
  }
});

test("only the last paragraph is held back; earlier ones and an open code block are shown as they are", () => {
  expect(settledMarkdown("First *paragraph\n\nSecond [lin")).toBe("First *paragraph\n\nSecond");
  expect(settledMarkdown("Code:\n\n```\nconst [a")).toBe("Code:\n\n```\nconst [a");
  expect(settledMarkdown("- one\n- two with [a lin")).toBe("- one\n- two with");
});

test("a mark never closed is shown as typed once more than the hold-back limit has arrived after it", () => {
  const long = `Note *${"word ".repeat(HOLD_BACK_LIMIT / 5 + 1)}`;
  expect(settledMarkdown("Note *w")).toBe("Note");
  expect(settledMarkdown(long)).toBe(long);
});

test("a finished reply still shows unmatched syntax as typed", () => {
  expect(finishedHtml("This is **impor")).toBe("<p>This is **impor</p>");
  expect(finishedHtml("Book a [free 20-minute")).toBe("<p>Book a [free 20-minute</p>");
});
