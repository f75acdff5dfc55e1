import { readFileSync } from "node:fs";
import { RESOURCES } from "../../app/content/resources";
import { expect, expectNoSeriousA11yViolations, gotoHydrated, test } from "./fixtures";

// How each kind of download starts: a PDF header, or a zip (an .xlsx workbook is a zip of XML parts).
const MAGIC_BYTES: Record<string, string> = { pdf: "%PDF-", xlsx: "PK\x03\x04\x14" };

test("the download dialog refuses bad input, then starts the download after a valid submission", async ({ page, expectFailedRequests }) => {
  await gotoHydrated(page, "/resources");
  const card = page.locator(".resource-card").first();
  const title = (await card.getByRole("heading", { level: 3 }).textContent())!;
  await card.getByRole("link", { name: /^Download/ }).click();

  const dialog = page.getByRole("dialog", { name: `Download: ${title}` });
  await expect(dialog).toBeVisible();
  const consent = dialog.getByLabel(/email me practical tips/);
  await expect(consent).not.toBeChecked();

  await dialog.getByRole("textbox", { name: "Email" }).fill("not-an-email");
  expectFailedRequests({ method: "POST", url: /\/resources\.data$/, status: 400 });
  await dialog.getByRole("button", { name: `Download ${title}` }).click();
  await expect(dialog.getByText("Please enter your name")).toBeVisible();
  await expect(dialog.getByText("Please enter a valid email address")).toBeVisible();

  await dialog.getByRole("textbox", { name: "Name" }).fill("Taylor Brown");
  await dialog.getByRole("textbox", { name: "Email" }).fill(`taylor.${Date.now()}@example.com.au`);
  await consent.check();
  const downloadPromise = page.waitForEvent("download");
  await dialog.getByRole("button", { name: `Download ${title}` }).click();
  const download = await downloadPromise;

  const extension = download.suggestedFilename().match(/\.(pdf|xlsx)$/)?.[1];
  expect(extension, download.suggestedFilename()).toBeDefined();
  const file = readFileSync(await download.path());
  expect(file.byteLength).toBeGreaterThan(10_000);
  expect(file.subarray(0, 5).toString("latin1")).toBe(MAGIC_BYTES[extension!]);
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("region", { name: "Notifications (F8)" }).getByRole("status")).toContainText("Your download has started");
});

test("the dialog closes with Escape and returns the page to normal", async ({ page }) => {
  await gotoHydrated(page, "/resources");
  await page
    .locator(".resource-card")
    .first()
    .getByRole("link", { name: /^Download/ })
    .click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();
});

test("a reader moves from the blog list to a post and to a related post", async ({ page }) => {
  await gotoHydrated(page, "/blog");
  const first = page.locator(".post-card h3 a").first();
  const title = (await first.textContent())!;
  await first.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.getByText(/\d+ min read/)).toBeVisible();
  const related = page.getByRole("region", { name: "Related articles" }).getByRole("link").first();
  const relatedTitle = (await related.textContent())!;
  await related.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(relatedTitle);
});

test("case studies narrow by industry and open a study with measurable results", async ({ page }) => {
  await gotoHydrated(page, "/case-studies");
  await page.getByRole("navigation", { name: "Case studies by industry" }).getByRole("link").first().click();
  await expect(page).toHaveURL(/\/case-studies\/[a-z-]+$/);
  await page.locator(".post-card h3 a").first().click();
  await expect(page.getByRole("heading", { name: "Results", exact: true })).toBeVisible();
  await expect(page.locator(".results-list li")).not.toHaveCount(0);
});

test("a blog post has no serious or critical accessibility violations", async ({ page }) => {
  await gotoHydrated(page, "/blog");
  await page.locator(".post-card h3 a").first().click();
  await expect(page.getByText(/\d+ min read/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

for (const [name, path] of [
  ["a location page", "/locations/melbourne-business-coaching"],
  ["a topic page", "/clarityai/cash-flow-management"],
  ["the resources page", "/resources"],
] as const) {
  test(`${name} has no serious or critical accessibility violations`, async ({ page }) => {
    await gotoHydrated(page, path);
    await expectNoSeriousA11yViolations(page);
  });
}

// What the platform sends each kind of download as.
const CONTENT_TYPES: Record<string, RegExp> = { pdf: /^application\/pdf$/, xlsx: /^application\/vnd\.openxmlformats-officedocument\.spreadsheetml\.sheet$/ };

test("every resource's file is served by the platform as an attachment with real content", async ({ request }) => {
  expect(RESOURCES.length).toBeGreaterThanOrEqual(4);
  for (const { file } of RESOURCES) {
    const response = await request.get(file);
    expect(response.status(), file).toBe(200);
    expect(response.headers()["content-disposition"], file).toBe("attachment");
    expect(response.headers()["content-type"], file).toMatch(CONTENT_TYPES[file.split(".").pop() ?? ""] ?? /^unknown file type$/);
    const body = await response.body();
    expect(body.byteLength, file).toBeGreaterThan(10_000);
    expect(body.subarray(0, 5).toString("latin1"), file).toBe(MAGIC_BYTES[file.split(".").pop() ?? ""]);
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, acceptDownloads: true });

  test("the download form appears in the page and hands over the file", async ({ page, expectFailedRequests }) => {
    // The browser turns the redirect to the file into a download, so that navigation gets no page.
    expectFailedRequests({ method: "GET", url: /\/downloads\/[a-z0-9-]+\.(pdf|xlsx)$/, status: 0 });
    await page.goto("/resources");
    await page
      .locator(".resource-card")
      .first()
      .getByRole("link", { name: /^Download/ })
      .click();
    const section = page.getByRole("region", { name: /^Download:/ });
    await section.getByRole("textbox", { name: "Name" }).fill("Sam Lee");
    await section.getByRole("textbox", { name: "Email" }).fill(`sam.${Date.now()}@example.com.au`);
    const downloadPromise = page.waitForEvent("download");
    await section.getByRole("button", { name: /^Download/ }).click();
    expect((await downloadPromise).suggestedFilename()).toMatch(/\.(pdf|xlsx)$/);
  });
});
