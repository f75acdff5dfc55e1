import { readFileSync } from "node:fs";
import type { APIRequestContext } from "@playwright/test";
import { strFromU8, unzipSync } from "fflate";
import { runSql } from "./factories";
import { expect, expectNoSeriousA11yViolations, gotoHydrated, test } from "./fixtures";

// The cash-flow worksheet on a lesson page, on a phone: the owner types their figures into the
// 13-week grid (which scrolls inside its own box, never the page), sees the totals and the
// lowest-balance week as they type, saves, finds the answers again after a reload, and downloads the
// forecast as an Excel workbook with their figures and live formulas. Axe-clean.

const PHONE = { width: 390, height: 844 };

/** A published free module of this test's own with one lesson whose worksheet is the forecast. */
async function seedLesson(request: APIRequestContext): Promise<string> {
  const id = `e2e-worksheet-${crypto.randomUUID().slice(0, 8)}`;
  const worksheet = JSON.stringify({ kind: "cash-flow-forecast", title: "Your 13-week cash-flow forecast" }).replaceAll("'", "''");
  const statements = [
    `INSERT INTO learning_modules (id, title, summary, overview_md, outcomes, topic, level, estimated_minutes, access, position, status, published_at)
     VALUES ('${id}', 'Cash flow for the journey', 'A module of the worksheet journey.', 'Overview.', '[]', 'cash-flow', 'beginner', 20, 'free', 9000, 'published', '2026-11-01T00:00:00.000Z');`,
    `INSERT INTO learning_lessons (id, module_id, position, title, summary, body_md, estimated_minutes, worksheet, status)
     VALUES ('${id}-lesson', '${id}', 1, 'Build a 13-week forecast', 'Forecast the next quarter.', 'Money in, money out, week by week.', 20, '${worksheet}', 'published');`,
  ];
  await runSql(request, statements);
  return `${id}-lesson`;
}

test("an owner fills the cash-flow worksheet on a phone, sees the totals and the lowest week, and downloads the XLSX", async ({ page, login }) => {
  await page.setViewportSize(PHONE);
  await login({ firstName: "Sam", lastName: "Owner" });
  const lessonId = await seedLesson(page.request);
  await gotoHydrated(page, `/learning/lesson/${lessonId}`);

  const worksheet = page.locator("#worksheet");
  await expect(worksheet.getByRole("heading", { name: "Your 13-week cash-flow forecast" })).toBeVisible();
  // The editor's code has arrived once its buttons that need it are there.
  await expect(worksheet.getByRole("button", { name: "Add a receipt line" })).toBeVisible();

  await worksheet.getByLabel("Opening bank balance").fill("12,000");
  const sales = "Sales paid on the day (cash, card)";
  for (let week = 1; week <= 6; week++) {
    await worksheet.getByLabel(`${sales}, Week ${week}`, { exact: true }).fill("5000");
    await worksheet.getByLabel(`Wages and super, Week ${week}`, { exact: true }).fill("3000");
  }
  await worksheet.getByLabel("BAS (GST and PAYG withholding), Week 5", { exact: true }).fill("14000");

  // Live totals: 12,000 + 4 × 2,000 = 20,000 after week 4; week 5 pays the BAS: 8,000, the lowest.
  const summary = worksheet.getByTestId("forecast-summary");
  await expect(summary.getByText("$30,000.00")).toBeVisible();
  await expect(summary.getByText("$32,000.00")).toBeVisible();
  await expect(worksheet.getByTestId("forecast-lowest")).toHaveText("$8,000.00 in Week 5");

  // The page never scrolls sideways; the grid scrolls inside its own box.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  const grid = worksheet.getByRole("region", { name: "Your 13-week forecast (scrolls sideways)" });
  expect(await grid.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);

  await worksheet.getByRole("button", { name: "Save worksheet" }).click();
  await expect(worksheet.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Saved: the figures come back on reload.
  await gotoHydrated(page, `/learning/lesson/${lessonId}`);
  await expect(worksheet.getByLabel(`${sales}, Week 6`, { exact: true })).toHaveValue("5000");
  await expect(worksheet.getByTestId("forecast-lowest")).toHaveText("$8,000.00 in Week 5");

  const [download] = await Promise.all([page.waitForEvent("download"), worksheet.getByRole("link", { name: "Download Excel (.xlsx)" }).click()]);
  expect(download.suggestedFilename()).toBe("your-13-week-cash-flow-forecast.xlsx");
  const files = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
  expect(strFromU8(files["xl/workbook.xml"]!)).toContain('<sheet name="Forecast"');
  const sheet = strFromU8(files["xl/worksheets/sheet1.xml"]!);
  expect(sheet).toContain(`>${sales}<`);
  expect(sheet).toMatch(/<f>MIN\(B\d+:N\d+\)<\/f><v>8000<\/v>/);
  expect(sheet).toMatch(/<f>MATCH\(MIN\(B\d+:N\d+\),B\d+:N\d+,0\)<\/f><v>5<\/v>/);
});

test("a typing slip is shown beside its cell and in a summary that takes focus; nothing is saved", async ({ page, login, expectFailedRequests }) => {
  expectFailedRequests({ url: /\/worksheet$/, status: 400, method: "POST" });
  await login();
  const lessonId = await seedLesson(page.request);
  await gotoHydrated(page, `/learning/lesson/${lessonId}`);
  const worksheet = page.locator("#worksheet");
  await expect(worksheet.getByRole("button", { name: "Add a receipt line" })).toBeVisible();
  await worksheet.getByLabel("Rent, Week 2", { exact: true }).fill("twelve hundred");
  await worksheet.getByRole("button", { name: "Save worksheet" }).click();
  const summary = worksheet.getByRole("alert");
  await expect(summary).toBeFocused();
  await expect(summary.getByRole("link", { name: "Enter an amount in dollars (0 or more), like 1250 or 1250.50" })).toBeVisible();
  await expect(worksheet.getByLabel("Rent, Week 2", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expectNoSeriousA11yViolations(page);
});
