import { BUSINESS } from "../../app/content/business";
import { expect, expectNoSeriousA11yViolations, gotoHydrated, test } from "./fixtures";

// Subscribing to ClarityAI through the local payments sandbox (no Stripe key on the e2e server):
// the plans on /services/clarityai, checkout in a new tab, the success page, the profile's Billing
// tab, the GST tax invoice and cancelling at the end of the period.

test("a new client subscribes to Pro from the plans, pays in the sandbox, gets a tax invoice and cancels at period end", async ({
  page,
  login,
  browserLog,
}) => {
  test.setTimeout(60_000);
  await login({ firstName: "Isla" });
  await gotoHydrated(page, "/services/clarityai");
  const pro = page.getByRole("article", { name: "ClarityAI Pro" });
  await expect(pro.getByText("A$149 /month incl. GST")).toBeVisible();
  await expect(pro.getByText("Up to 5 expert escalations a month")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Checkout opens in a new tab (SPEC §4); the plans stay where they were.
  const [checkout] = await Promise.all([page.context().waitForEvent("page"), pro.getByRole("button", { name: "Subscribe to Pro" }).click()]);
  browserLog.watch(checkout);
  await checkout.waitForURL(/\/payments-sandbox\/checkout\//);
  await expect(page).toHaveURL(/\/services\/clarityai$/);
  await expect(checkout.getByText("Local payments sandbox", { exact: false }).first()).toBeVisible();
  await checkout.getByRole("button", { name: /^Pay A\$149\.00/ }).click();
  await checkout.waitForURL(/\/payment-success\?session_id=/);
  await expect(checkout.getByRole("main")).toContainText("ClarityAI Pro");
  await checkout.close();

  // The Billing tab: active, with the invoice the payment produced.
  await gotoHydrated(page, "/profile?tab=billing");
  await expect(page.getByRole("navigation", { name: "Profile sections" }).getByRole("link", { name: "Billing" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByText("Local payments sandbox.")).toBeVisible();
  await expect(page.getByText("ClarityAI Pro, billed monthly")).toBeVisible();
  await expect(page.locator(".billing-status")).toHaveText("Active");
  await expect(page.getByText(/^Renews on \d{1,2} \w+ \d{4}\.$/)).toBeVisible();
  const invoiceLink = page.getByRole("link", { name: /Tax invoice/ }).first();
  // The invoice arrives with the payment's events; the page shows it once they are in.
  await expect(async () => {
    await page.reload();
    await expect(invoiceLink).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expectNoSeriousA11yViolations(page);

  // The GST tax invoice.
  await invoiceLink.click();
  await expect(page).toHaveURL(/\/profile\/invoices\/[^/]+$/);
  const invoice = page.getByRole("article", { name: "Tax invoice" });
  await expect(invoice.getByRole("heading", { level: 1, name: "Tax invoice" })).toBeVisible();
  await expect(invoice.getByText(`ABN ${BUSINESS.abn}`)).toBeVisible();
  await expect(invoice.getByRole("row", { name: /Total incl\. GST/ })).toContainText("A$149.00");
  await expect(invoice.getByRole("row", { name: /GST included/ })).toContainText("A$13.55");
  await expect(page.getByRole("button", { name: /Print/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Cancel at the end of the period, after a confirmation step.
  await page.getByRole("link", { name: "Back to Billing" }).click();
  await page.getByText("Cancel at period end", { exact: true }).click();
  await page.getByRole("button", { name: "Yes, cancel at period end" }).click();
  await expect(page.locator(".billing-status")).toHaveText(/^Cancels on \d{1,2} \w+ \d{4}$/);
  await expect(page.getByRole("button", { name: "Resume subscription" })).toBeVisible();

  // Still subscribed until then: the plans show Pro as the current plan, ending on that date, and offer a switch to Lite.
  await gotoHydrated(page, "/services/clarityai");
  const current = page.getByRole("article", { name: "ClarityAI Pro" });
  await expect(current.getByText("Your current plan")).toBeVisible();
  await expect(current.getByText(/^Billed monthly · Ends on \d{1,2} \w+ \d{4}$/)).toBeVisible();
  await expect(page.getByRole("button", { name: /^Subscribe to/ })).toHaveCount(0);
  await expect(page.getByRole("article", { name: "ClarityAI Lite" }).getByRole("link", { name: "Switch to Lite" })).toBeVisible();
});

test("a Lite subscriber switches to Pro in the sandbox after a confirmation with the price, and the Billing tab shows Pro", async ({ page, login }) => {
  test.setTimeout(60_000);
  await login({ firstName: "Ruby" });
  // Subscribe to Lite without a new tab: the checkout's own page, then the sandbox's Pay.
  await gotoHydrated(page, "/profile?tab=billing");
  const lite = page.getByRole("article", { name: "ClarityAI Lite" });
  const [checkout] = await Promise.all([page.context().waitForEvent("page"), lite.getByRole("button", { name: "Subscribe to Lite" }).click()]);
  await checkout.waitForURL(/\/payments-sandbox\/checkout\//);
  await checkout.getByRole("button", { name: /^Pay A\$49\.00/ }).click();
  await checkout.waitForURL(/\/payment-success\?session_id=/);
  await checkout.close();

  // The plans now mark Lite as the current plan and offer Pro as a switch.
  await gotoHydrated(page, "/services/clarityai");
  await expect(page.getByRole("article", { name: "ClarityAI Lite" }).getByText("Your current plan")).toBeVisible();
  const pro = page.getByRole("article", { name: "ClarityAI Pro" });
  await expect(pro.getByText(/You pay only the difference for the rest of this billing period/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await pro.getByRole("link", { name: "Switch to Pro" }).click();

  // The confirmation: focus on its heading, both prices, and what the next bill gets.
  const heading = page.getByRole("heading", { level: 2, name: "Switch to ClarityAI Pro?" });
  await expect(heading).toBeFocused();
  const confirmation = page.locator("#plan-change");
  await expect(confirmation).toContainText("ClarityAI Lite, A$49.00 a month incl. GST");
  await expect(confirmation).toContainText("ClarityAI Pro, A$149.00 a month incl. GST");
  await expect(confirmation.getByText(/^A\$(99\.\d\d|100\.00) will be added to your next bill\./)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Confirm switch to Pro" }).click();

  // The Billing tab says Pro, and so do the cards.
  await expect(page.getByRole("region", { name: /Notifications/ })).toContainText("You're now on ClarityAI Pro");
  await expect(page.getByText("ClarityAI Pro, billed monthly")).toBeVisible();
  await expect(page.locator(".billing-status")).toHaveText("Active");
  await expect(page.getByRole("article", { name: "ClarityAI Pro" }).getByText("Your current plan")).toBeVisible();
  await expect(page.getByRole("article", { name: "ClarityAI Lite" }).getByRole("link", { name: "Switch to Lite" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test("a visitor who presses Subscribe is asked to sign in, and comes back to the plans", async ({ page }) => {
  await gotoHydrated(page, "/services/clarityai");
  await page.getByRole("article", { name: "ClarityAI Lite" }).getByRole("button", { name: "Subscribe to Lite" }).click();
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fservices%2Fclarityai%23plans$/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Subscribe still works: the checkout opens in the same tab, annual billing included", async ({ page, login }) => {
    await login({ firstName: "Jack" });
    await page.goto("/services/clarityai");
    const lite = page.getByRole("article", { name: "ClarityAI Lite" });
    await lite.getByRole("radio", { name: /^Annual, A\$490/ }).check();
    await lite.getByRole("button", { name: "Subscribe to Lite" }).click();
    await expect(page).toHaveURL(/\/payments-sandbox\/checkout\//);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("ClarityAI Lite");
    await expect(page.getByText(/A\$490\.00 per year/)).toBeVisible();
  });
});
