import { chooseDay } from "./booking-steps";
import type { Page } from "@playwright/test";
import { BUSINESS } from "../../app/content/business";
import { expect, expectNoSeriousA11yViolations, gotoHydrated, settled, test } from "./fixtures";

// The signed-in booking screens: a new coach sets their weekly hours and adds time off; a client
// pays for a session through the flow and the sandbox, gets the confirmation and finds the session,
// with its tax invoice, in the profile's Bookings tab; an admin filters the bookings and records a
// past call as completed.

const toasts = (page: Page) => page.getByRole("region", { name: "Notifications (F8)" }).getByRole("status");

test("a new coach sets up weekly hours with two blocks on Monday and adds time off, on their own clock", async ({ page, login }) => {
  await login({ firstName: "Riley", lastName: "Hughes", roles: ["coach"] });

  await gotoHydrated(page, "/coach");
  await expect(page.getByRole("heading", { name: "Today", exact: true })).toBeVisible();
  await page.getByRole("link", { name: "Set up your availability" }).click();
  await expect(page).toHaveURL(/\/coach\/availability$/);
  await expect(page.getByText("You haven't set your availability yet.")).toBeVisible();
  await expect(page.getByText("Clients can book up to 60 days ahead.")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel("Time zone").selectOption("Australia/Perth");
  await page.getByLabel("State or territory (for public holidays)").selectOption("WA");
  // Monday: 9 to 12, then a second block added from 1 to 5.
  await page.getByLabel("Monday until (block 1)").fill("12:00");
  await page.getByRole("button", { name: "Add hours on Monday" }).click();
  await expect(page.getByText("Not saved yet")).toBeVisible();
  await settled(page);
  await expect(page.getByLabel("Monday until (block 1)")).toHaveValue("12:00");
  await page.getByLabel("Monday from (block 2)").fill("13:00");
  await page.getByLabel("Monday until (block 2)").fill("17:00");
  // No Friday work.
  await page.getByRole("button", { name: "Remove Friday block 1" }).click();
  await expect(page.getByRole("group", { name: "Friday" })).toContainText("Unavailable");
  await settled(page);
  await page.getByLabel("Buffer between sessions (minutes)").fill("10");
  await page.getByRole("button", { name: "Save schedule" }).click();
  await expect(toasts(page)).toContainText("Schedule saved");
  await settled(page);

  await page.reload();
  await expect(page.getByText("You haven't set your availability yet.")).toHaveCount(0);
  await expect(page.getByLabel("Time zone")).toHaveValue("Australia/Perth");
  await expect(page.getByLabel("Monday from (block 1)")).toHaveValue("09:00");
  await expect(page.getByLabel("Monday until (block 1)")).toHaveValue("12:00");
  await expect(page.getByLabel("Monday from (block 2)")).toHaveValue("13:00");
  await expect(page.getByLabel("Monday until (block 2)")).toHaveValue("17:00");
  await expect(page.getByRole("group", { name: "Friday" })).toContainText("Unavailable");
  await expect(page.getByLabel("Buffer between sessions (minutes)")).toHaveValue("10");
  await expect(page.getByRole("heading", { name: "Upcoming public holidays" })).toBeVisible();

  // Time off, typed on the coach's Perth clock.
  await page.getByLabel("From", { exact: true }).fill("2027-02-01T09:00");
  await page.getByLabel("To", { exact: true }).fill("2027-02-05T17:00");
  await page.getByLabel("Note (optional, only you see it)").fill("Family holiday");
  await page.getByRole("button", { name: "Add time off" }).click();
  await expect(toasts(page)).toContainText("Time off added");
  const timeOff = page.getByRole("region", { name: "Time off" });
  await expect(timeOff.getByRole("listitem")).toContainText("Monday 1 February 2027, 9:00 am AWST to Friday 5 February 2027, 5:00 pm AWST — Family holiday");
  await expectNoSeriousA11yViolations(page);
});

test("a client pays for a session in the sandbox, gets the confirmation, and finds it with its tax invoice in the Bookings tab", async ({ page, login }) => {
  test.setTimeout(60_000);
  const client = await login({ firstName: "Isla", lastName: "Morgan" });

  // A time with Sophie Bennett (Hobart) a few days out, read from the booking pages' own links.
  await gotoHydrated(page, "/booking?type=session-60&coach=sophie-bennett&tz=Australia/Sydney");
  await chooseDay(page, 2);
  await page
    .getByRole("region", { name: /^Times on / })
    .getByRole("link")
    .last()
    .click();

  // The details, prefilled from the account, paid by card in the local payments sandbox.
  const form = page.locator("main form");
  await expect(form.getByLabel("Email")).toHaveValue(client.email);
  await form.getByLabel("Name").fill("Isla Morgan");
  await expect(form.getByRole("radio", { name: "Pay $150 incl. GST by card now" })).toBeChecked();
  await form.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page).toHaveURL(/\/payments-sandbox\/checkout\//);
  await page.getByRole("button", { name: "Pay A$150.00" }).click();

  // Back from paying: the confirmation, once the sandbox's payment events are in (it looks again by itself).
  await expect(page).toHaveURL(/\/booking-confirmation\?booking=[\w-]+&session_id=/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("is booked", { timeout: 15_000 });
  await expect(page.getByRole("region", { name: "Booking details" })).toContainText("Sophie Bennett");
  await expectNoSeriousA11yViolations(page);

  await gotoHydrated(page, "/profile?tab=bookings");
  await expect(page.getByRole("navigation", { name: "Profile sections" }).getByRole("link", { name: "Bookings" })).toHaveAttribute("aria-current", "page");
  const upcoming = page.getByRole("region", { name: "Upcoming bookings" });
  const invoiceLink = page.getByRole("link", { name: /^Tax invoice INV-\d{6}$/ });
  // The payment arrives with the sandbox's events; the tab shows it once they are in.
  await expect(async () => {
    await page.reload();
    await expect(upcoming.getByRole("listitem").filter({ hasText: "with Sophie Bennett" })).toContainText("Confirmed", { timeout: 1_000 });
    await expect(invoiceLink).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  const booking = upcoming.getByRole("listitem").filter({ hasText: "with Sophie Bennett" });
  await expect(booking).toContainText(/\w+day \d{1,2} \w+ \d{4}, \d{1,2}:\d{2} [ap]m AE[DS]T/);
  // Days ahead, the room isn't open yet: the tab links the meeting page and says when it opens.
  await expect(booking.getByRole("link", { name: /Meeting room/ })).toHaveAttribute("href", /^\/meeting\/[\w-]+$/);
  await expect(booking.getByText(/^The room opens at \d{1,2}:\d{2} [ap]m AE[DS]T on \w+day/)).toBeVisible();
  await expect(booking.getByRole("link", { name: /Reschedule/ })).toHaveAttribute("href", /^\/booking\/manage\//);
  await booking.getByText("Cancel this booking").click();
  await expect(booking.getByText(/free of charge until .*: your payment is refunded in full\./)).toBeVisible();
  await expect(page.getByRole("link", { name: /as PDF$/ }).first()).toHaveAttribute("href", /^\/profile\/payments\/[\w-]+\.pdf$/);
  await expectNoSeriousA11yViolations(page);

  await invoiceLink.click();
  await expect(page).toHaveURL(/\/profile\/payments\/[\w-]+$/);
  const invoice = page.getByRole("article", { name: "Tax invoice" });
  await expect(invoice.getByRole("heading", { level: 1, name: "Tax invoice" })).toBeVisible();
  await expect(invoice.getByText(`ABN ${BUSINESS.abn}`)).toBeVisible();
  await expect(invoice.getByRole("row", { name: /Total incl\. GST/ })).toContainText("A$150.00");
  await expect(invoice.getByRole("row", { name: /^GST/ })).toContainText("A$13.64");
  await expect(page.getByRole("link", { name: "Download PDF" })).toHaveAttribute("href", /\.pdf$/);
  await expectNoSeriousA11yViolations(page);
});

test("an admin filters the bookings by coach, status and dates, and marks a past call completed", async ({ adminPage }) => {
  const admin = await adminPage("/admin/bookings");
  await expect(admin.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Bookings" })).toHaveAttribute("aria-current", "page");
  await expectNoSeriousA11yViolations(admin);

  await admin.getByLabel("Coach").selectOption({ label: "Daniel O'Connor" });
  await admin.getByLabel("Status").selectOption("confirmed");
  await admin.getByLabel("Starting from").fill("2026-11-24");
  await admin.getByLabel("Starting up to").fill("2026-11-26");
  await admin.getByRole("button", { name: "Show bookings" }).click();
  await expect(admin).toHaveURL(/\/admin\/bookings\?coach=daniel-oconnor&status=confirmed&from=2026-11-24&to=2026-11-26$/);
  await expect(admin.getByText("Showing 1–1 of 1 matching")).toBeVisible();
  const table = admin.getByRole("table", { name: /Bookings matching the filters/ });
  await expect(table.getByRole("row", { name: /CA-DEMO01/ })).toContainText("Wednesday 25 November 2026, 10:00 am AEDT");

  await table.getByRole("link", { name: /Booking CA-DEMO01/ }).click();
  await expect(admin.getByRole("heading", { level: 2, name: "Booking CA-DEMO01" })).toBeVisible();
  await expectNoSeriousA11yViolations(admin);
  await admin.getByRole("button", { name: "Mark completed" }).click();
  await expect(toasts(admin)).toContainText("Marked as completed");
  await expect(admin.locator(".booking-status")).toHaveText("Completed");
  await expect(admin.locator(".audit-detail")).toContainText("Marked as completed by admin@clarityai.test");

  // It left the confirmed filter, and the audit log has it.
  await admin.getByRole("link", { name: "← Back to the bookings" }).click();
  await expect(admin).toHaveURL(/\/admin\/bookings(\?.*)?$/);
  await admin.goto("/admin/bookings?coach=daniel-oconnor&status=completed&from=2026-11-24&to=2026-11-26");
  await expect(admin.getByRole("row", { name: /CA-DEMO01/ })).toContainText("Completed");
  await admin.goto("/admin/audit?action=booking_outcome_set");
  await expect(admin.getByRole("row").filter({ hasText: "booking_outcome_set" }).first()).toContainText("admin@clarityai.test");
});

test("at 390 px an admin reviews a partial refund before making it, and the booking shows it partly refunded", async ({ page, login, adminPage }) => {
  test.setTimeout(90_000);
  await login({ firstName: "Noah", lastName: "Refund" });
  await gotoHydrated(page, "/booking?type=session-60&coach=sophie-bennett&tz=Australia/Sydney");
  await chooseDay(page, 3);
  await page
    .getByRole("region", { name: /^Times on / })
    .getByRole("link")
    .first()
    .click();
  const form = page.locator("main form");
  await form.getByLabel("Name").fill("Noah Refund");
  await form.getByRole("button", { name: "Continue to payment" }).click();
  await page.getByRole("button", { name: "Pay A$150.00" }).click();
  await expect(page).toHaveURL(/\/booking-confirmation\?booking=[\w-]+&session_id=/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("is booked", { timeout: 15_000 });
  const bookingId = new URL(page.url()).searchParams.get("booking");

  const admin = await adminPage(`/admin/bookings/${bookingId}`);
  await admin.setViewportSize({ width: 390, height: 844 });
  await admin.reload();
  const refund = admin.getByRole("form", { name: "Refund" });
  await expect(refund.getByLabel("Amount to refund (A$, incl. GST)")).toHaveValue("150.00");
  await refund.getByLabel("Amount to refund (A$, incl. GST)").fill("40");
  await refund.getByLabel("Reason (printed on the credit note)").fill("Late start");
  await refund.getByRole("button", { name: "Review the refund" }).click();

  // Nothing is refunded yet: the confirmation names the amount and what remains, and takes the focus.
  const confirmation = admin.getByRole("form", { name: "Confirm the refund of A$40.00" });
  await expect(confirmation.getByRole("heading", { name: "Confirm the refund of A$40.00" })).toBeFocused();
  await expect(confirmation).toContainText("A$110.00 will remain refundable.");
  await expect(admin.getByText("Partly refunded")).toHaveCount(0);
  const confirm = confirmation.getByRole("button", { name: "Refund A$40.00" });
  const box = await confirm.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousA11yViolations(admin);

  await confirm.click();
  await expect(toasts(admin)).toContainText("Refunded A$40.00");
  await expect(admin.getByText("Partly refunded")).toBeVisible();
  await expect(admin.locator(".audit-detail")).toContainText(/Refunded A\$40\.00 \(credit note CN-\d{6}\) by admin@clarityai\.test/);
  await expect(admin.getByRole("form", { name: "Refund" }).getByLabel("Amount to refund (A$, incl. GST)")).toHaveValue("110.00");
  await expectNoSeriousA11yViolations(admin);
});
