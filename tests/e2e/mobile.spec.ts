import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, gotoHydrated, test } from "./fixtures";

// Phones: no page is wider than the screen, the "Book Free 20-min Call" bar, admin tables that scroll
// inside their own box; and the home hero's picture of ClarityAI on wide screens.

const PHONE = { width: 390, height: 844 };
const SMALL_PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

const PUBLIC_PAGES = [
  "/",
  "/services",
  "/services/clarityai",
  "/services/strategic-planning",
  "/about",
  "/blog",
  "/blog/13-week-cash-flow-forecast",
  "/resources",
  "/locations",
  "/locations/sydney-business-coaching",
  "/case-studies",
  "/case-studies/trades",
  "/case-studies/trades/plumbing-business-same-day-quotes",
  "/clarityai/sydney",
  "/booking",
  "/contact",
  "/become-coach",
  "/auth",
  "/terms",
  "/privacy",
];

/**
 * What sticks out past the right edge of the screen. The page's scroll width alone misses content that
 * a below-the-fold section clips (content-visibility paints nothing outside its box), so every element
 * is measured. Content inside a box that scrolls sideways on its own, and the contents of a closed
 * <details>, do not count.
 */
async function widerThanScreen(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const scrollsOnItsOwn = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (/auto|scroll/.test(getComputedStyle(parent).overflowX)) return true;
      }
      return false;
    };
    const offenders: string[] = [];
    if (document.documentElement.scrollWidth > width) offenders.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} px > ${width} px`);
    for (const element of Array.from(document.body.querySelectorAll("*"))) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.right <= width + 1) continue;
      if (element.closest("details:not([open]) > :not(summary)") || scrollsOnItsOwn(element)) continue;
      // Report the outermost element only: its children stick out with it.
      if (element.parentElement && element.parentElement.getBoundingClientRect().right > width + 1) continue;
      offenders.push(`<${element.tagName.toLowerCase()} class="${element.getAttribute("class") ?? ""}"> ends at ${Math.round(box.right)} px`);
    }
    return offenders;
  });
}

// Layout only: measured as the server renders it, without waiting for each page to hydrate.
test.describe("page widths", () => {
  test.use({ javaScriptEnabled: false });
  for (const viewport of [PHONE, SMALL_PHONE]) {
    test(`no public page is wider than a ${viewport.width} px screen`, async ({ page }) => {
      await page.setViewportSize(viewport);
      for (const path of PUBLIC_PAGES) {
        await page.goto(path);
        expect(await widerThanScreen(page), path).toEqual([]);
      }
    });
  }
});

test("the home page at 390 px: full-page screenshot, readable price comparison, accessible", async ({ page }, testInfo) => {
  await page.setViewportSize(PHONE);
  await gotoHydrated(page, "/");
  await testInfo.attach("home-390.png", { body: await page.screenshot({ fullPage: true }), contentType: "image/png" });
  expect(await widerThanScreen(page)).toEqual([]);

  // The comparison table becomes one card per row, each value labelled with its column.
  const table = page.getByRole("table", { name: "Virtual coaching compared with traditional coaching" });
  await table.scrollIntoViewIfNeeded();
  const firstCell = table.getByRole("cell").first();
  const label = await firstCell.evaluate((cell) => getComputedStyle(cell, "::before").content);
  expect(label).toContain("ClarityAI Coaching");
  const tableBox = (await table.boundingBox())!;
  expect(tableBox.x + tableBox.width).toBeLessThanOrEqual(PHONE.width);
  await expect(table.getByRole("rowheader", { name: "Guarantee" })).toBeVisible();
  await expect(table.getByRole("cell", { name: "Money back after the first consultation" })).toBeVisible();

  // Both price figures stay whole (no "$200–" on one line and "$500/hr" on the next).
  for (const figure of await page.locator(".price-compare strong").all()) {
    const box = (await figure.boundingBox())!;
    expect(box.height, await figure.innerText()).toBeLessThan(45);
  }
  await expectNoSeriousA11yViolations(page);
});

test("the booking bar is on phones only, links to the free call and sits above the footer at the end", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await gotoHydrated(page, "/");
  const bar = page.getByRole("complementary", { name: "Free discovery call" });
  const link = bar.getByRole("link", { name: "Book Free 20-min Call" });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute("href", "/booking?type=discovery&coach=any");
  // Stuck to the bottom of the screen while the page is read.
  const box = (await bar.boundingBox())!;
  expect(Math.abs(box.y + box.height - PHONE.height)).toBeLessThanOrEqual(1);

  // Notifications (bottom right) make room for it.
  const notifications = (await page.getByRole("region", { name: "Notifications (F8)" }).boundingBox())!;
  expect(notifications.y + notifications.height).toBeLessThanOrEqual(box.y);

  // Reached from the keyboard: the next stop after the page's content.
  await page.locator("main a").last().focus();
  await page.keyboard.press("Tab");
  await expect(link).toBeFocused();

  // At the very end it rests above the footer and covers none of it.
  // Sections below the fold take their real height as they come into view, so scroll until the end stays put.
  await expect
    .poll(() =>
      page.evaluate(() => {
        window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" });
        return Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight;
      }),
    )
    .toBe(true);
  const lastFooterLink = page.locator("footer a").last();
  await expect(lastFooterLink).toBeInViewport();
  const covered = await lastFooterLink.evaluate((anchor) => {
    const { left, top, width, height } = anchor.getBoundingClientRect();
    const hit = document.elementFromPoint(left + width / 2, top + height / 2);
    return !(hit && (hit === anchor || anchor.contains(hit)));
  });
  expect(covered).toBe(false);
  const barBox = (await bar.boundingBox())!;
  const footerBox = (await page.locator("footer").boundingBox())!;
  expect(barBox.y + barBox.height).toBeLessThanOrEqual(footerBox.y + 1);

  await page.setViewportSize(DESKTOP);
  await expect(bar).toBeHidden();
});

test("following the booking bar to /booking takes the bar away", async ({ page }) => {
  await page.setViewportSize(PHONE);
  const bar = page.getByRole("complementary", { name: "Free discovery call" });
  await gotoHydrated(page, "/about");
  await bar.getByRole("link", { name: "Book Free 20-min Call" }).click();
  await expect(page).toHaveURL(/\/booking\?type=discovery&coach=any/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Book your free 20-minute discovery call");
  await expect(bar).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the booking bar and the hero's ClarityAI window are in the server-rendered page", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/");
    await expect(page.getByRole("complementary", { name: "Free discovery call" }).getByRole("link", { name: "Book Free 20-min Call" })).toBeVisible();
    await expect(page.getByRole("figure", { name: "Example ClarityAI conversation" })).toBeVisible();
  });

  test("the booking bar is left off the booking flow and sign-in, and kept on other public pages", async ({ page }) => {
    await page.setViewportSize(PHONE);
    const bar = page.getByRole("complementary", { name: "Free discovery call" });
    for (const path of ["/booking", "/auth"]) {
      await page.goto(path);
      await expect(page.locator("main h1")).toBeVisible();
      await expect(bar, path).toHaveCount(0);
    }
    for (const path of ["/become-coach", "/blog", "/locations/sydney-business-coaching", "/case-studies"]) {
      await page.goto(path);
      await expect(bar.getByRole("link", { name: "Book Free 20-min Call" }), path).toBeVisible();
    }
  });
});

test("the home hero shows ClarityAI in its right half on wide screens, without moving the page", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  // Record layout shifts from the very start of the page's life.
  await page.addInitScript(() => {
    const win = window as unknown as { __layoutShift: number };
    win.__layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) win.__layoutShift += entry.value;
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  await gotoHydrated(page, "/");
  const hero = page.getByRole("region", { name: /Feeling overwhelmed/ });
  const figure = hero.getByRole("figure", { name: "Example ClarityAI conversation" });
  await expect(figure).toBeVisible();
  await expect(figure.getByRole("list", { name: "Sample conversation with ClarityAI" })).toBeVisible();
  // The window's title and input box are decoration, not controls.
  await expect(figure.getByRole("textbox")).toHaveCount(0);
  expect(await figure.locator("button, input, textarea, a").count()).toBe(0);

  const box = (await figure.boundingBox())!;
  const heading = (await hero.getByRole("heading", { level: 1 }).boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(DESKTOP.width / 2 - 40);
  expect(box.x + box.width).toBeLessThanOrEqual(DESKTOP.width);
  expect(box.width).toBeGreaterThan(300);
  expect(heading.x + heading.width).toBeLessThanOrEqual(box.x);
  // Side by side with the copy: the window starts above the bottom of the hero's text.
  expect(box.y).toBeLessThan(heading.y + heading.height + 200);

  await page.waitForLoadState("load");
  expect(await page.evaluate(() => (window as unknown as { __layoutShift: number }).__layoutShift)).toBe(0);

  // On a phone it comes after the hero's copy and buttons.
  await page.setViewportSize(PHONE);
  const stacked = (await figure.boundingBox())!;
  const buttons = (await hero.getByRole("link", { name: "See How We Help" }).boundingBox())!;
  expect(stacked.y).toBeGreaterThan(buttons.y + buttons.height);
  expect(stacked.x + stacked.width).toBeLessThanOrEqual(PHONE.width);
});

test("admin tables at 390 px scroll inside a labelled, focusable region and the page never scrolls sideways", async ({ adminPage }) => {
  for (const path of ["/admin/users", "/admin/audit", "/admin/jobs?status=all", "/admin/outbox"]) {
    const admin = await adminPage(path);
    await admin.setViewportSize(PHONE);
    expect(await widerThanScreen(admin), path).toEqual([]);
    await expect(admin.getByRole("complementary", { name: "Free discovery call" })).toHaveCount(0);
    // The innermost region holding the table: its scroll region, whatever the list names it (the shared list names it after the list).
    const region = admin
      .getByRole("region")
      .filter({ has: admin.getByRole("table") })
      .last();
    if (path !== "/admin/users" && path !== "/admin/audit" && (await region.count()) === 0) continue; // nothing listed yet
    await expect(region, path).toHaveAttribute("tabindex", "0");
    await expect(region, path).toHaveAttribute("aria-label", /\S/);
    const regionBox = (await region.boundingBox())!;
    expect(regionBox.x + regionBox.width, path).toBeLessThanOrEqual(PHONE.width);
    await expect(region.getByRole("table")).toBeVisible();
    if (path === "/admin/users") {
      // On a phone the shared list shows each row as a card: nothing in the region is wider than the screen.
      expect(await region.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true);
      await expectNoSeriousA11yViolations(admin);
    }
  }
});
