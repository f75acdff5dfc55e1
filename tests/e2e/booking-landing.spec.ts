import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, gotoHydrated, test } from "./fixtures";

// Arriving from a "Book Free 20-min Call" button on a phone and on a desktop: the discovery call's
// next days and times at once, a chosen day's times in view with their heading focused, times in an
// even grid, and a paid session named with its length and price on every step.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

const daysRegion = (page: Page) => page.getByRole("region", { name: "Choose a day" });
const dayLinks = (page: Page) => daysRegion(page).getByRole("listitem").getByRole("link");
const timesRegion = (page: Page) => page.getByRole("region", { name: /^Times on / });
const timesHeading = (page: Page) => timesRegion(page).getByRole("heading", { level: 2 });

/** The boxes of the first few time links: an even grid has equal widths and more than one a row. */
async function gridOf(page: Page, count = 4) {
  const links = timesRegion(page).getByRole("link");
  await expect(links.first()).toBeVisible();
  const boxes = [];
  for (let i = 0; i < Math.min(count, await links.count()); i++) boxes.push((await links.nth(i).boundingBox())!);
  return boxes;
}

/** The times sit in an even grid: equal widths, and at least two side by side on the first row (polled while a new day's times settle). */
async function expectEvenGrid(page: Page) {
  await expect
    .poll(async () => {
      const boxes = await gridOf(page);
      if (boxes.length < 2) return "fewer than two times";
      const widest = Math.max(...boxes.map((box) => box.width));
      const narrowest = Math.min(...boxes.map((box) => box.width));
      const sideBySide = Math.abs(boxes[1]!.y - boxes[0]!.y) <= 1 && boxes[1]!.x > boxes[0]!.x;
      return widest - narrowest <= 1 && sideBySide
        ? "even"
        : `uneven: ${boxes.map((box) => `${Math.round(box.x)},${Math.round(box.y)} ${Math.round(box.width)}`).join("; ")}`;
    })
    .toBe("even");
}

/** Minutes after midnight of "7:30 am AWST" style labels. */
function minutesOf(label: string) {
  const [, h, m, half] = label.match(/(\d{1,2}):(\d{2}) (am|pm)/)!;
  return ((Number(h) % 12) + (half === "pm" ? 12 : 0)) * 60 + Number(m);
}

test.describe("on a phone", () => {
  test.use({ viewport: PHONE });

  test("the Perth page's button shows the discovery call's times at once, none before 7 am AWST, and a chosen day's times take the focus in view", async ({
    page,
  }) => {
    await gotoHydrated(page, "/locations/perth-business-coaching");
    await page.locator(".page-hero, .hero, main").getByRole("link", { name: "Book Free 20-min Call" }).first().click();
    await expect(page).toHaveURL(/\/booking\?type=discovery&coach=any&tz=Australia%2FPerth$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Book your free 20-minute discovery call");

    // The first day with free times is chosen and its times are shown, in AWST, none before 7 am.
    await expect(dayLinks(page).first()).toHaveAttribute("aria-current", "date");
    await expect(timesHeading(page)).toBeVisible();
    const labels = await timesRegion(page).getByRole("link").allTextContents();
    expect(labels.length).toBeGreaterThan(0);
    for (const label of labels) {
      expect(label).toContain("AWST");
      expect(minutesOf(label), label).toBeGreaterThanOrEqual(7 * 60);
    }
    await expectEvenGrid(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectNoSeriousA11yViolations(page);

    // Choosing another day: its times are in view and their heading has the focus (announced).
    const second = dayLinks(page).nth(1);
    const dayLabel = (await second.textContent())!.split(",")[0]!.trim();
    await second.click();
    await expect(page).toHaveURL(/#booking-times$/);
    await expect(timesHeading(page)).toHaveText(`Times on ${dayLabel}`);
    await expect(timesHeading(page)).toBeFocused();
    await expect(timesHeading(page)).toBeInViewport();
    await expect(timesRegion(page).getByRole("link").first()).toBeInViewport();
    await expect(dayLinks(page).nth(1)).toHaveAttribute("aria-current", "date");
    await expectEvenGrid(page);
    await expectNoSeriousA11yViolations(page);
  });

  test("a paid session is named with its length and price in the heading, the side panel and the details step", async ({ page }) => {
    await gotoHydrated(page, "/booking?type=discovery&coach=any&tz=Australia%2FSydney");
    await page
      .getByRole("navigation", { name: "Session type" })
      .getByRole("link", { name: /60-minute virtual session/ })
      .click();
    await expect(page).toHaveURL(/type=session-60&coach=any/);
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toHaveText("Book your 60-minute virtual session");
    await expect(
      page
        .locator(".page-hero, header, main")
        .getByText(/60 minutes by video .*\$150 incl\. GST/)
        .first(),
    ).toBeVisible();
    const aside = page.getByRole("complementary", { name: /What to expect/ });
    await expect(aside.getByRole("heading")).toHaveText("What to expect: 60-minute virtual session");
    await expect(aside).toContainText("$150 incl. GST");
    await expect(aside).not.toContainText("20 minutes");
    await expectNoSeriousA11yViolations(page);

    await timesRegion(page).getByRole("link").first().click();
    await expect(page.getByRole("heading", { name: "Your details" })).toBeVisible();
    await expect(heading).toHaveText("Book your 60-minute virtual session");
    await expect(aside.getByRole("heading")).toHaveText("What to expect: 60-minute virtual session");
    await expect(page.getByText("Pay $150 incl. GST by card now")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});

test("on a desktop the days sit beside the times, and a chosen day's heading takes the focus", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await gotoHydrated(page, "/booking?type=discovery&coach=any&tz=Australia%2FSydney");
  const days = (await daysRegion(page).boundingBox())!;
  const times = (await timesRegion(page).boundingBox())!;
  expect(times.x).toBeGreaterThanOrEqual(days.x + days.width);
  expect(Math.abs(times.y - days.y)).toBeLessThanOrEqual(2);
  await expectEvenGrid(page);

  await dayLinks(page).nth(2).click();
  await expect(page).toHaveURL(/#booking-times$/);
  await expect(timesHeading(page)).toBeFocused();
  await expect(timesHeading(page)).toBeInViewport();
  await expectNoSeriousA11yViolations(page);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: PHONE });

  test("a chosen day's link lands on its times", async ({ page }) => {
    await page.goto("/booking?type=discovery&coach=any");
    await expect(timesHeading(page)).toBeVisible();
    await dayLinks(page).nth(1).click();
    await expect(page).toHaveURL(/#booking-times$/);
    await expect(timesHeading(page)).toBeInViewport();
    await expect(timesRegion(page).getByRole("link").first()).toBeInViewport();
  });
});
