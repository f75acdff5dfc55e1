import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, gotoHydrated, test } from "./fixtures";

// Attribution end to end: a visitor arrives from a Google ad, sends the contact form, and the admin's
// marketing report shows that inquiry under google / cpc. The seeded demo data has no google / cpc
// row without a campaign, so the row this journey adds is its own; the count before is read first
// all the same, as a reused server may hold an earlier run's conversion.

const REPORT = "/admin/marketing?all=1";

/** The sources table's inquiries for google / cpc without a campaign (0 when the row is absent). */
async function googleCpcInquiries(admin: Page): Promise<number> {
  const table = admin.getByRole("table", { name: /by last touch source, medium and campaign/ });
  await expect(table).toBeVisible();
  const row = table
    .getByRole("row")
    .filter({ has: admin.getByRole("rowheader", { name: "google / cpc", exact: true }) })
    .filter({ has: admin.getByRole("cell", { name: "(not set)", exact: true }) });
  if ((await row.count()) === 0) return 0;
  // Cells after the row header: campaign, page views, inquiries, checkouts, payments, revenue.
  return Number((await row.getByRole("cell").nth(2).textContent())!.replaceAll(",", ""));
}

test("a visitor from a Google ad sends the contact form and the admin sees the inquiry under google / cpc", async ({ page, adminPage }) => {
  const admin = await adminPage(REPORT);
  const before = await googleCpcInquiries(admin);

  // A fresh browser, not signed in, lands from the ad and then writes in.
  await gotoHydrated(page, "/?utm_source=google&utm_medium=cpc&gclid=TeSt123");
  await gotoHydrated(page, "/contact");
  const form = page.locator("main form");
  await form.getByLabel("Name").fill("Casey Morgan");
  await form.getByLabel("Email").fill(`casey.${Date.now()}@example.com.au`);
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByRole("region", { name: "Notifications (F8)" }).getByRole("status")).toContainText("Thanks — your message is with us");

  // The report counts it once the conversion is stored.
  await expect(async () => {
    await gotoHydrated(admin, REPORT);
    expect(await googleCpcInquiries(admin)).toBe(before + 1);
  }).toPass({ timeout: 15_000 });
});

test("the marketing report is reached from the admin navigation, is accessible, and explains a bad range", async ({ adminPage, expectFailedRequests }) => {
  const admin = await adminPage("/admin/marketing");
  await expect(admin.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Marketing" })).toHaveAttribute("aria-current", "page");
  await expect(admin.getByRole("heading", { level: 2, name: "Marketing" })).toBeVisible();
  await expect(admin.getByRole("link", { name: "Last 30 days" })).toHaveAttribute("aria-current", "true");
  await expect(admin.getByRole("img", { name: /Conversions and revenue per day/ })).toBeVisible();
  await expectNoSeriousA11yViolations(admin);

  // The figures behind the chart, as a table.
  await admin.getByText("Show the figures as a table").click();
  await expect(admin.getByRole("table", { name: "Page views, conversions and revenue per day" })).toBeVisible();

  // First touch, from the form.
  await admin.getByLabel("Attribution").selectOption("first");
  await admin.getByRole("button", { name: "Show report" }).click();
  await expect(admin).toHaveURL(/model=first/);
  await expect(admin.getByRole("table", { name: /by first touch source/ })).toBeVisible();

  // A start after the end: a clear message, no report.
  expectFailedRequests({ method: "GET", url: /\/admin\/marketing\.data\?/, status: 400 });
  await admin.getByLabel("From", { exact: true }).fill("2026-03-31");
  await admin.getByLabel("To", { exact: true }).fill("2026-03-01");
  await admin.getByRole("button", { name: "Show report" }).click();
  await expect(admin.getByRole("alert").filter({ hasText: "The report can't be shown for that range." })).toBeVisible();
  await expect(admin.getByText("The start date must be on or before the end date.")).toBeVisible();
  await expect(admin.getByRole("table", { name: /source, medium and campaign/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(admin);
});
