import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, gotoHydrated, test } from "./fixtures";
import { giveAiSubscription } from "./factories";

// The admin overview end to end: a Pro subscriber asks for an expert; the admin opens the overview
// on a phone (390 px), sees the open escalation flagged, switches to the BAS quarter, downloads the
// figures as CSV, then on a desktop follows "Open escalations" to the list, opens the escalation and
// resolves it, and it leaves the open escalations the overview links to.

async function openEscalations(page: Page): Promise<number> {
  const card = page.locator(".overview-figure", { has: page.getByRole("link", { name: "Open escalations", exact: true }) });
  return Number((await card.locator(".overview-value").textContent())?.replace(/[^\d]/g, ""));
}

test("the admin reads the overview at 390 px, switches period, downloads the CSV and resolves an escalation from its link", async ({
  page,
  login,
  adminPage,
}) => {
  test.setTimeout(90_000);
  const client = await login({ firstName: "Olive", lastName: "Overview" });
  await giveAiSubscription(page, "pro");
  await gotoHydrated(page, "/profile?tab=ai-assistant");
  await page.getByPlaceholder("Ask me anything about your business...").fill("How do I lodge my first BAS as a new café owner?");
  await page.getByRole("button", { name: "Send", exact: true }).click();
  const askExpert = page.getByRole("button", { name: "Ask an expert" });
  await expect(askExpert).toBeEnabled({ timeout: 30_000 });
  await expect(page.getByRole("button", { name: "Stop" })).toHaveCount(0, { timeout: 30_000 });
  await askExpert.click();
  await expect(page.getByText("Expert Review Requested", { exact: true })).toBeVisible();

  // On a phone: the overview, grouped, with the escalation flagged, and no sideways scrolling.
  const admin = await adminPage("/admin");
  await admin.setViewportSize({ width: 390, height: 844 });
  await expect(admin.getByRole("heading", { name: "Overview", level: 2 })).toBeVisible();
  await expect(admin.getByRole("navigation", { name: "Period" }).getByRole("link", { name: "Month" })).toHaveAttribute("aria-current", "page");
  await expect(admin.getByText("This month", { exact: true })).toBeVisible();
  for (const group of ["Sales", "Coaching", "Operations"]) await expect(admin.getByRole("heading", { name: group, level: 3 })).toBeVisible();
  const escalationCard = admin.locator(".overview-figure", { has: admin.getByRole("link", { name: "Open escalations", exact: true }) });
  await expect(escalationCard.getByText("Needs attention")).toBeVisible();
  const before = await openEscalations(admin);
  expect(before).toBeGreaterThanOrEqual(1);
  expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousA11yViolations(admin);

  // The BAS quarter, then its figures as CSV.
  const periods = admin.getByRole("navigation", { name: "Period" });
  await periods.getByRole("link", { name: "Quarter (BAS)" }).click();
  await expect(admin).toHaveURL(/\/admin\?period=quarter$/);
  await expect(admin.getByText("This quarter", { exact: true })).toBeVisible();
  await expect(periods.getByRole("link", { name: "Quarter (BAS)" })).toHaveAttribute("aria-current", "page");
  await expect(admin.getByRole("link", { name: "Previous BAS quarter" })).toBeVisible();
  const [download] = await Promise.all([admin.waitForEvent("download"), admin.getByRole("link", { name: /Download CSV/ }).click()]);
  expect(download.suggestedFilename()).toMatch(/^overview-quarter-\d{4}-\d{2}-01\.csv$/);
  const csv = await readFile((await download.path())!, "utf8");
  expect(csv.split("\r\n")[0]).toContain("period,from,to,group,key,figure,unit,value,trend Q");
  // (Other journeys raise and resolve escalations at the same time: the count is whatever it is now.)
  expect(csv).toMatch(/,open_escalations,Open escalations,count,\d+,/);

  // On a desktop: the figure's link leads to the list; the escalation is resolved there.
  await admin.setViewportSize({ width: 1280, height: 900 });
  await periods.getByRole("link", { name: "Month" }).click();
  await expect(admin).toHaveURL(/\/admin\?period=month$/);
  await admin.getByRole("link", { name: "Open escalations", exact: true }).click();
  await expect(admin).toHaveURL(/\/admin\/escalations\?status=active$/);
  const row = admin.getByRole("row", { name: new RegExp(client.email.replace(/[.+]/g, "\\$&")) });
  await row.getByRole("link", { name: "Olive Overview" }).click();
  await expect(admin.getByRole("heading", { name: "Escalation from Olive Overview" })).toBeVisible();
  await admin.getByRole("button", { name: "Mark as resolved" }).click();
  await expect(admin.getByText("Escalation resolved")).toBeVisible();

  // It has left the overview's list of open escalations.
  await gotoHydrated(admin, "/admin");
  await admin.getByRole("link", { name: "Open escalations", exact: true }).click();
  await expect(admin).toHaveURL(/\/admin\/escalations\?status=active$/);
  await expect(admin.getByRole("row", { name: new RegExp(client.email.replace(/[.+]/g, "\\$&")) })).toHaveCount(0);
});
