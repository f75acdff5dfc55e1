import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, gotoHydrated, settled, test } from "./fixtures";
import { startSession } from "./factories";

// The lesson player in a real browser: the lesson list landmark, the N/P shortcuts (not while
// typing), Mark complete, the knowledge check, and the reading position saved as the learner reads
// and restored after a reload and on another device; accessible, on a 390 px phone and on a desktop.

const FIRST = "/learning/lesson/cash-flow-profit-is-not-cash";
const SECOND = "/learning/lesson/cash-flow-get-paid-faster";
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** How far through the lesson's text the page is scrolled (0–1), as the page measures it. */
function readingPosition(page: Page) {
  return page.evaluate(() => {
    const article = document.getElementById("lesson-content")!;
    const top = article.getBoundingClientRect().top + window.scrollY;
    return (window.scrollY - top) / Math.max(1, article.offsetHeight - window.innerHeight);
  });
}

for (const viewport of [PHONE, DESKTOP]) {
  test(`a lesson at ${viewport.width} px: the lesson list, N and P for next and previous, accessible and no wider than the screen`, async ({ page, login }) => {
    await page.setViewportSize(viewport);
    await login();
    await gotoHydrated(page, FIRST);
    await expect(page.getByRole("heading", { level: 1, name: "Profit is not cash" })).toBeVisible();
    const outline = page.getByRole("navigation", { name: "Lessons in this module" });
    await expect(outline.getByRole("link", { name: /Profit is not cash/ })).toHaveAttribute("aria-current", "page");
    await expect(page.getByText("Keyboard shortcuts: press N for the next lesson")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await expectNoSeriousA11yViolations(page);

    await page.keyboard.press("n");
    await expect(page).toHaveURL(SECOND);
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Profit is not cash");
    await expect(outline.locator('a[aria-current="page"]')).toHaveAttribute("href", SECOND);
    await page.keyboard.press("p");
    await expect(page).toHaveURL(FIRST);
    await expect(page.getByRole("heading", { level: 1, name: "Profit is not cash" })).toBeVisible();

    // Typing an N into a field is typing, not a shortcut.
    const field = page.locator("#worksheet").getByRole("textbox").first();
    await field.fill("");
    await field.press("n");
    await expect(field).toHaveValue("n");
    await expect(page).toHaveURL(FIRST);
  });
}

test("Mark complete and the knowledge check, checked on the server, with the lesson list's mark", async ({ page, login }) => {
  await login();
  await gotoHydrated(page, FIRST);
  const check = page.getByRole("region", { name: "Check your understanding" });
  await check.getByRole("button", { name: "Check my answers" }).click();
  // The browser asks for each answer itself; nothing is sent until every question has one.
  await expect(check.getByText(/You got \d+ of \d+ right/)).toHaveCount(0);
  for (const group of await check.getByRole("group").all()) await group.getByRole("radio").first().check();
  await check.getByRole("button", { name: "Check my answers" }).click();
  await expect(check.getByText(/You got \d+ of \d+ right/)).toBeVisible();
  await settled(page);

  const complete = page.getByRole("region", { name: "Finished this lesson?" });
  await complete.getByRole("button", { name: "Mark complete" }).click();
  await expect(page.getByRole("heading", { name: "You've completed this lesson" })).toBeVisible();
  await expect(page.getByText("Marked complete.")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Lessons in this module" }).getByRole("link", { name: /Profit is not cash.*\(completed\)/ })).toBeVisible();
  await settled(page);
  await page.reload();
  await expect(page.getByRole("heading", { name: "You've completed this lesson" })).toBeVisible();
  await expect(page.getByText(/Your last result: \d+ of \d+\./)).toBeVisible();
});

test("the reading position is saved as the learner reads and restored after a reload and on another device", async ({
  page,
  login,
  browser,
  baseURL,
  extraHTTPHeaders,
}) => {
  await page.setViewportSize(PHONE);
  const account = await login();
  await gotoHydrated(page, FIRST);
  const saved = page.waitForResponse((response) => response.url().endsWith(`${FIRST}/position`) && response.request().method() === "POST");
  await page.evaluate(() => {
    const article = document.getElementById("lesson-content")!;
    const top = article.getBoundingClientRect().top + window.scrollY;
    window.scrollTo({ top: top + 0.5 * (article.offsetHeight - window.innerHeight), behavior: "instant" });
  });
  expect((await saved).status()).toBe(204);
  const before = await readingPosition(page);
  expect(before).toBeGreaterThan(0.4);

  await page.reload();
  await page.waitForFunction(() => (window as { __remixRouter?: { state: { initialized: boolean } } }).__remixRouter?.state.initialized === true);
  await expect.poll(() => readingPosition(page)).toBeGreaterThan(before - 0.05);
  expect(await readingPosition(page)).toBeLessThan(before + 0.05);

  // Another device: a browser of its own, signed in as the same learner, opens the lesson where they left it.
  const other = await browser.newContext({ baseURL, extraHTTPHeaders, viewport: { width: 1280, height: 800 } });
  try {
    await startSession(other.request, account);
    const desktop = await other.newPage();
    await desktop.goto(FIRST);
    await expect(desktop.getByRole("status").filter({ hasText: "We've taken you back to where you were reading." })).toBeVisible();
    const restored = await readingPosition(desktop);
    expect(restored).toBeGreaterThan(before - 0.05);
    expect(restored).toBeLessThan(before + 0.05);
    await desktop.getByRole("button", { name: "Start from the top" }).click();
    await expect.poll(() => desktop.evaluate(() => window.scrollY)).toBe(0);
  } finally {
    await other.close();
  }
});
