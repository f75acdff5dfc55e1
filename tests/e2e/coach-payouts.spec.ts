import { expect, expectNoSeriousA11yViolations, gotoHydrated, settled, test } from "./fixtures";

// A coach sets up payouts on a phone: the payouts page explains where they stand and why payouts
// wait for a confirmed ABN, the local payments sandbox stands in for Stripe's onboarding form, and
// coming back from it shows the account active.

const PHONE = { width: 390, height: 844 };

test("at 390 px a coach sets up payouts through the sandbox's onboarding form and sees their account active", async ({ page, login, expectFailedRequests }) => {
  await page.setViewportSize(PHONE);
  await login({ firstName: "Harper", lastName: "Payne", roles: ["coach"] });

  await gotoHydrated(page, "/coach/payouts");
  await expect(page.getByRole("heading", { level: 1, name: "Payouts" })).toBeVisible();
  await expect(page.getByTestId("payout-state")).toHaveText("Not started");
  await expect(page.getByText("Payouts are held until your ABN is confirmed, so we never have to withhold 47%")).toBeVisible();
  await expect(page.getByText("No payouts yet.")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("button", { name: "Set up payouts with Stripe" }).click();
  await expect(page).toHaveURL(/\/payments-sandbox\/connect\/acctlink_\w+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Set up your payout account" })).toBeVisible();
  await expect(page.getByText("Local payments sandbox — no real money moves.")).toBeVisible();
  await expect(page.getByLabel(/Legal or business name/)).toHaveValue("Harper Payne");
  await settled(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectNoSeriousA11yViolations(page);

  // A mistyped BSB is refused with the reason beside the field.
  expectFailedRequests({ url: /\/payments-sandbox\/connect\/acctlink_/, status: 400, method: "POST" });
  await page.getByLabel(/^BSB/).fill("12-34");
  await page.getByRole("button", { name: "Submit details" }).click();
  await expect(page.getByText("Enter a BSB of 6 digits, such as 000-000.")).toBeVisible();
  await expect(page.getByLabel(/^BSB/)).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel(/^BSB/).fill("000-000");
  await page.getByRole("button", { name: "Submit details" }).click();

  // Back on the site: the account is read from Stripe (here, the sandbox) on the way in.
  await expect(page).toHaveURL(/\/coach\/payouts$/);
  await expect(page.getByTestId("payout-state")).toHaveText("Active");
  await expect(page.getByRole("region", { name: "Notifications (F8)" }).getByRole("status")).toContainText("Payout account: Active");
  await expect(page.getByRole("paragraph").filter({ hasText: "Your payout account is active." })).toBeVisible();
  await expect(page.getByRole("button", { name: /Set up payouts|Continue setting up/ })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectNoSeriousA11yViolations(page);
});
