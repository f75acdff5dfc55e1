import { chooseDay, timeLinks } from "./booking-steps";
import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, gotoHydrated, test } from "./fixtures";
import { tap } from "./tap-target";

// The phone journey, as a person in Perth on a 390 × 844 phone: book a free discovery call,
// subscribe to ClarityAI in the payments sandbox, ask the coach a question, then cancel the call.
// Every tap goes through tap(): the element at the tap point must be the control meant (nothing
// floating over it). Every time shown names its zone, and the visitor's own times are in AWST.

test.use({ viewport: { width: 390, height: 844 }, timezoneId: "Australia/Perth" });

const TIME = /\b\d{1,2}:\d{2}\s?[ap]m\b(?:\s+([A-Z]{3,5}))?/g;
const ZONES = new Set(["AWST", "AWDT", "ACST", "ACDT", "AEST", "AEDT"]);

/** Minutes after midnight of a "7:30 am AWST" style label. */
function minutesOf(label: string) {
  const [, h, m, half] = label.match(/(\d{1,2}):(\d{2})\s?(am|pm)/)!;
  return ((Number(h) % 12) + (half === "pm" ? 12 : 0)) * 60 + Number(m);
}

/**
 * No time without its zone, and every time in the visitor's own zone (AWST) unless the page says it
 * is the coach's ("… for Daniel O'Connor", "… for your coach", "… their time").
 */
async function expectPerthTimes(page: Page, where: string) {
  const text = await page.locator("main").innerText();
  const times = [...text.matchAll(TIME)].map((match) => {
    const end = match.index! + match[0].length;
    const around = text.slice(Math.max(0, match.index! - 40), end + 40);
    // "That's 10:00 am AEDT for Daniel O'Connor.", "… their time", "… for your coach": the coach's clock.
    const coachs = /^\s+for [A-Z]/.test(text.slice(end, end + 40)) || /coach|their time/i.test(around);
    return { time: match[0], zone: match[1] && ZONES.has(match[1]) ? match[1] : null, around, coachs };
  });
  expect(
    times.filter((t) => !t.zone).map((t) => t.around),
    `times on ${where} that name no zone`,
  ).toEqual([]);
  expect(
    times.filter((t) => t.zone !== "AWST" && !t.coachs).map((t) => t.around),
    `times on ${where} in a zone other than the visitor's`,
  ).toEqual([]);
  return times;
}

test("a Perth visitor on a phone books a discovery call, subscribes, chats with the coach and cancels the call", async ({ page, login }) => {
  test.setTimeout(120_000);
  const user = await login({ firstName: "Mia", lastName: "Perth" });

  // Book: from the Perth page's button straight to the discovery call's times, none before 7 am AWST.
  await gotoHydrated(page, "/locations/perth-business-coaching");
  await tap(page.getByRole("main").getByRole("link", { name: "Book Free 20-min Call" }).first());
  await expect(page).toHaveURL(/\/booking\?type=discovery&coach=any&tz=Australia%2FPerth$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Book your free 20-minute discovery call");
  await expectNoSeriousA11yViolations(page);
  await chooseDay(page, 1, (day) => tap(day));
  const times = timeLinks(page);
  await expect(times.first()).toBeInViewport();
  for (const label of await times.allTextContents()) {
    expect(label).toContain("AWST");
    expect(minutesOf(label), label).toBeGreaterThanOrEqual(7 * 60);
  }
  await expectPerthTimes(page, "the times step");
  await tap(times.first());
  await expect(page.getByRole("heading", { name: "Your details" })).toBeVisible();
  const slot = page.getByRole("region", { name: "Your time" });
  await expect(slot).toContainText("AWST");
  await expectPerthTimes(page, "the details step");
  await expectNoSeriousA11yViolations(page);
  const form = page.locator("main form");
  await form.getByLabel("Name").fill(`${user.firstName} ${user.lastName}`);
  await form.getByLabel("Email").fill(user.email);
  await form.getByLabel("Company").fill("Swan River Joinery");
  await form.getByLabel("Business type").selectOption("Trades and construction");
  await form.getByLabel("What would you like to talk about?").fill("Quoting and cash flow");
  await tap(form.getByRole("button", { name: "Book my free call" }));
  await expect(page.getByRole("heading", { level: 1 })).toContainText("is booked");
  const details = page.getByRole("region", { name: "Booking details" });
  await expect(details).toContainText("AWST");
  await expectPerthTimes(page, "the confirmation");
  await expectNoSeriousA11yViolations(page);
  const manage = (await page.getByRole("link", { name: "Reschedule or cancel" }).getAttribute("href"))!;

  // Subscribe to ClarityAI Lite: checkout opens in a new tab and is paid in the sandbox.
  await gotoHydrated(page, "/services/clarityai");
  const plan = page.getByRole("article", { name: "ClarityAI Lite" });
  const checkoutOpens = page.context().waitForEvent("page");
  await tap(plan.getByRole("button", { name: "Subscribe to Lite" }));
  const checkout = await checkoutOpens;
  await checkout.waitForURL(/\/payments-sandbox\/checkout\//);
  await tap(checkout.getByRole("button", { name: /^Pay A\$/ }));
  await checkout.waitForURL(/\/payment-success\?session_id=/);
  await expect(checkout.getByRole("main")).toContainText("ClarityAI Lite");
  await checkout.close();

  // Chat: the one chat button, "Ask ClarityAI", a question, a reply, on a window filling the screen.
  await gotoHydrated(page, "/about");
  await tap(page.getByRole("button", { name: "Chat", exact: true }));
  await tap(page.getByRole("menuitem", { name: "Ask ClarityAI" }));
  const window = page.getByRole("dialog", { name: /ClarityAI/ });
  await window.getByPlaceholder("Ask me anything about your business...").fill("How do I price a new joinery service?");
  await tap(window.getByRole("button", { name: "Send", exact: true }));
  const reply = window.locator(".coach-message-assistant").last();
  await expect(reply).toHaveAttribute("data-status", "complete", { timeout: 30_000 });
  await expectNoSeriousA11yViolations(page);
  await tap(window.getByRole("button", { name: "Close the chat window" }));

  // The profile's Bookings tab lists the call in Perth time.
  await gotoHydrated(page, "/profile?tab=bookings");
  await expectPerthTimes(page, "the profile's bookings");
  await expectNoSeriousA11yViolations(page);

  // Cancel from the manage page.
  await gotoHydrated(page, manage);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Manage your booking");
  await expectPerthTimes(page, "the manage page");
  await tap(page.getByRole("link", { name: "Cancel booking…" }));
  await expect(page.getByRole("heading", { name: "Cancel this booking?" })).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel("Reason (optional)").fill("Plans changed");
  await tap(page.getByRole("button", { name: "Yes, cancel this booking" }));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This booking is cancelled");
  await expectNoSeriousA11yViolations(page);
});
