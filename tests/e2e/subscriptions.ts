import type { Page } from "@playwright/test";
import { expect, gotoHydrated } from "./fixtures";

// ClarityAI access for the journeys. subscribeInSandbox pays the way a customer does, through the
// plans page and the local payments sandbox; giveAiSubscription, for journeys that are not about
// paying, takes the same server path without the pages: it asks /billing/checkout for a Checkout
// Session, pays it in the sandbox and opens the success URL, which syncs the subscription.
// billing.spec.ts checks each step of the checkout itself.

export async function giveAiSubscription(page: Page, tier: "lite" | "pro") {
  const checkout = await page.request.post("/billing/checkout", { form: { tier, interval: "month" }, headers: { Accept: "application/json" } });
  expect(checkout.status()).toBe(200);
  const { url } = (await checkout.json()) as { url: string };
  const paid = await page.request.post(url, { form: { intent: "pay" }, maxRedirects: 0 });
  expect(paid.status()).toBeGreaterThanOrEqual(300);
  const success = paid.headers()["location"] ?? "";
  expect(success).toMatch(/\/payment-success\?session_id=/);
  expect((await page.request.get(success)).status()).toBe(200);
}

/** The signed-in user subscribes monthly from /services/clarityai: checkout opens in a new tab, is paid in the sandbox and lands on the success page. */
export async function subscribeInSandbox(page: Page, watch: (tab: Page) => void, tier: "lite" | "pro") {
  const name = tier === "lite" ? "Lite" : "Pro";
  await gotoHydrated(page, "/services/clarityai");
  const plan = page.getByRole("article", { name: `ClarityAI ${name}` });
  const [checkout] = await Promise.all([page.context().waitForEvent("page"), plan.getByRole("button", { name: `Subscribe to ${name}` }).click()]);
  watch(checkout);
  await checkout.waitForURL(/\/payments-sandbox\/checkout\//);
  await checkout.getByRole("button", { name: /^Pay A\$/ }).click();
  await checkout.waitForURL(/\/payment-success\?session_id=/);
  await expect(checkout.getByRole("main")).toContainText(`ClarityAI ${name}`);
  await checkout.close();
}
