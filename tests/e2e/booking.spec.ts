import type { Page } from "@playwright/test";
import { chooseDay, timeLinks } from "./booking-steps";
import { DEMO_COACH, uniqueEmail } from "./factories";
import { expect, expectNoSeriousA11yViolations, gotoHydrated, test } from "./fixtures";

// The public booking journey: a discovery call booked in the visitor's own time zone with a chosen
// coach, the same without JavaScript, and the emailed manage link that moves and cancels it.

const DANIEL = "Daniel O'Connor";

/** The day links of the day step (not the paging links), and the time links of the chosen day. */

async function fillDetails(page: Page, name: string, email: string) {
  const form = page.locator("main form");
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Company").fill("Swan River Joinery");
  await form.getByLabel("Business type").selectOption("Trades and construction");
  await form.getByLabel("What would you like to talk about?").fill("Quoting and cash flow");
  return form;
}

/** With JavaScript: from the type step to the details of a time with Daniel on the `day`-th day offered. */
async function chooseDanielTime(page: Page, tz: string, day: number) {
  await gotoHydrated(page, `/booking?tz=${encodeURIComponent(tz)}`);
  await page.getByRole("link", { name: /^Choose .*discovery call$/i }).click();
  await page.getByRole("link", { name: "Choose a coach" }).click();
  await page.getByRole("link", { name: `Choose ${DANIEL}` }).click();
  await expect(page).toHaveURL(/coach=daniel-oconnor/);
  await chooseDay(page, day);
  const time = timeLinks(page).first();
  const label = (await time.textContent())!;
  await time.click();
  await expect(page.getByRole("heading", { name: "Your details" })).toBeVisible();
  return label;
}

test("a visitor in Perth books a discovery call with a Sydney coach and sees AWST and the coach's AEDT time; the coach sees it in AEDT", async ({
  page,
  login,
}) => {
  await gotoHydrated(page, "/booking?tz=Australia/Perth");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Book a free call or a coaching session");
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("link", { name: /^Choose .*discovery call$/i }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Book your free 20-minute discovery call");
  await page.getByRole("link", { name: "Choose a coach" }).click();
  await expect(page.getByRole("heading", { name: "Choose a coach" })).toBeVisible();
  await page.getByRole("link", { name: `Choose ${DANIEL}` }).click();

  // Days and times are links rendered in Perth time, the zone shown in the select.
  await expect(page.getByLabel("Show times in")).toHaveValue("Australia/Perth");
  await expectNoSeriousA11yViolations(page);
  await chooseDay(page, 1);
  const time = timeLinks(page).first();
  await expect(time).toContainText("AWST");
  const chosen = (await time.textContent())!;
  await time.click();

  const slot = page.getByRole("region", { name: "Your time" });
  await expect(slot).toContainText(chosen);
  await expect(slot).toContainText(new RegExp(`That's \\d{1,2}:\\d{2} [ap]m AEDT.* for ${DANIEL}`));
  await expectNoSeriousA11yViolations(page);

  const email = uniqueEmail("perth");
  // A name of this run's own, so the coach's list can't show an earlier run's call under it.
  const visitor = `Alex Perth ${email.split("@")[0]!.slice(-6)}`;
  const form = await fillDetails(page, visitor, email);
  await form.getByRole("button", { name: "Book my free call" }).click();

  // The address names the booking only: the page opens for this browser (and the owner), not for whoever has the link.
  await expect(page).toHaveURL(/\/booking-confirmation\?booking=[\w-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("is booked");
  const details = page.getByRole("region", { name: "Booking details" });
  await expect(details).toContainText(DANIEL);
  await expect(details.getByRole("definition").filter({ hasText: chosen })).toContainText("AWST");
  await expect(details).toContainText(/Coach's time\s*\w+day \d{1,2} \w+ \d{4}, \d{1,2}:\d{2} [ap]m AEDT/);
  await expect(page.getByRole("link", { name: "Download calendar file (.ics)" })).toHaveAttribute("href", /^\/booking\/[\w-]+\.ics\?token=/);
  await expect(page.getByRole("link", { name: /Google Calendar/ })).toHaveAttribute("href", /^https:\/\/calendar\.google\.com\//);
  await expect(page.getByRole("link", { name: /Outlook/ })).toHaveAttribute("href", /^https:\/\/outlook\.live\.com\//);
  await expect(page.getByRole("link", { name: "Reschedule or cancel" })).toHaveAttribute("href", /^\/booking\/manage\//);
  await expectNoSeriousA11yViolations(page);

  // Daniel, in Sydney, finds the call in his portal's sessions at the same instant on his own clock.
  const coachTime = (await details.locator('dt:text-is("Coach\'s time") + dd').textContent())!.trim();
  await login({ ...DEMO_COACH, firstName: "Daniel", lastName: "O'Connor" });
  await gotoHydrated(page, "/coach/sessions");
  await expect(page.getByRole("listitem").filter({ hasText: `with ${visitor}` })).toContainText(coachTime);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a discovery call can still be booked, step by step with links and a form post", async ({ page }) => {
    await page.goto("/booking");
    await page.getByRole("link", { name: /^Choose .*discovery call$/i }).click();
    // No script to read the browser's zone: Sydney time, and the page says so.
    await expect(page.getByText("Times are shown in Sydney (NSW)")).toBeVisible();
    await chooseDay(page, 0);
    const time = timeLinks(page).last();
    await expect(time).toContainText(/AE[DS]T/);
    await time.click();

    const form = await fillDetails(page, "Sam No-Script", uniqueEmail("noscript"));
    await form.getByRole("button", { name: "Book my free call" }).click();
    await expect(page).toHaveURL(/\/booking-confirmation\?booking=/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("is booked");
    await expect(page.getByRole("region", { name: "Booking details" })).toContainText(/AE[DS]T/);
  });
});

test("the manage link in the confirmation email moves the booking and then cancels it", async ({ page, outbox }) => {
  // Several days out, so moving and cancelling are still free.
  await chooseDanielTime(page, "Australia/Sydney", 3);
  const email = uniqueEmail("manage");
  const form = await fillDetails(page, "Jo Manage", email);
  await form.getByRole("button", { name: "Book my free call" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("is booked");

  const confirmation = await outbox(email, "Confirmed: your");
  const manageUrl = /https?:\/\/\S+\/booking\/manage\/\S+/.exec(confirmation.text_body)?.[0];
  expect(manageUrl, "the manage link in the email").toBeTruthy();
  await gotoHydrated(page, new URL(manageUrl!).pathname);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Manage your booking");
  await expect(page.getByText(/free of charge until 24 hours before the start/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("link", { name: "Reschedule" }).click();
  await chooseDay(page, 4);
  const newTime = timeLinks(page).first();
  const newLabel = (await newTime.textContent())!;
  await newTime.click();
  await expect(page.getByRole("heading", { name: "Move to this time?" })).toBeVisible();
  await page.getByRole("button", { name: "Move my booking" }).click();
  await expect(page.getByRole("region", { name: "Notifications (F8)" }).getByRole("status")).toContainText("Booking moved");
  await expect(page.getByRole("region", { name: "Booking details" })).toContainText(newLabel);

  // Cancelling asks first, saying what happens to the money (a free call: nothing to refund).
  await page.getByRole("link", { name: "Cancel booking…" }).click();
  const confirmHeading = page.getByRole("heading", { name: "Cancel this booking?" });
  await expect(confirmHeading).toBeFocused();
  await expect(page.getByText("This session is free, so there's nothing to refund.")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel("Reason (optional)").fill("A clash with a site visit");
  await page.getByRole("button", { name: "Yes, cancel this booking" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This booking is cancelled");
  await expect(page.getByRole("region", { name: "Booking details" })).toContainText("Cancelled");
});
