import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { expect, test } from "vitest";
import { Markdown } from "~/components/ai-coach/markdown";
import { replyDueBy, thankYouReply } from "~/sales-chat/reply-promise.server";
import { replyPromiseText } from "~/sales-chat/reply-promise";

// When the team replies to an enquiry: within one business day, Monday to Friday 9 am–5 pm Sydney
// time, NSW public holidays off (ENQUIRY_REPLY in app/content/business.ts).

const sydney = (local: string) => new Date(`${local}+11:00`); // AEDT, November to April

test("the promise in words comes from the configuration", () => {
  expect(replyPromiseText()).toBe("We reply within one business day (Monday to Friday, 9 am–5 pm Sydney time, except NSW public holidays).");
});

test.each([
  ["before opening on a weekday: by close of that day", "2026-11-30T08:15:00", "2026-11-30T17:00:00"],
  ["during the day: by close of the next business day", "2026-11-30T10:00:00", "2026-12-01T17:00:00"],
  ["Friday evening: by close on Monday", "2026-11-27T18:30:00", "2026-11-30T17:00:00"],
  ["Saturday: by close on Monday", "2026-11-28T11:00:00", "2026-11-30T17:00:00"],
  // Christmas Day (Friday), the Boxing Day holiday moved to Monday 28 December.
  ["Christmas Eve afternoon: past Christmas, the weekend and the Boxing Day holiday", "2026-12-24T15:00:00", "2026-12-29T17:00:00"],
])("%s", (_name, received, due) => {
  expect(replyDueBy(sydney(received)).toISOString()).toBe(sydney(due).toISOString());
});

test("in winter the deadline is on AEST", () => {
  expect(replyDueBy(new Date("2026-07-03T12:00:00+10:00")).toISOString()).toBe(new Date("2026-07-06T17:00:00+10:00").toISOString());
});

test("the thanks names the visitor, the address the reply goes to, the promise and the day and time it falls due", () => {
  const now = sydney("2026-11-27T18:30:00");
  const text = thankYouReply({ name: "Mia Cartwright", email: "mia@example.com.au", phone: "0412 345 678" }, now);
  expect(text).toMatch(/^Thanks, Mia! /);
  expect(text).toContain("We reply within one business day (Monday to Friday, 9 am–5 pm Sydney time, except NSW public holidays).");
  expect(text).toContain("You'll hear from us by email at mia@example.com.au or on 0412 345 678 by 5 pm AEDT on Monday 30 November.");
  expect(thankYouReply({ name: "Mia", email: "mia@example.com.au" }, sydney("2026-11-30T10:00:00"))).toContain(
    "by email at mia@example.com.au by 5 pm AEDT tomorrow, Tuesday 1 December.",
  );
});

test("what the visitor typed is shown as typed: a name or address never becomes a link or emphasis", () => {
  const text = thankYouReply({ name: "[win](https://evil.example) Smith", email: "mia_c_@example.com.au" }, sydney("2026-11-30T10:00:00"));
  const html = renderToStaticMarkup(createElement(Markdown, { text }));
  expect(html).not.toContain("evil.example/");
  expect(html).toContain("Thanks, [win](https://evil.example)!");
  expect(html).toContain("mia_c_@example.com.au");
  expect(html).not.toContain("<em>");
});
