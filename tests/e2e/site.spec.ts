import { expect, expectNoSeriousA11yViolations, gotoHydrated, test } from "./fixtures";

test("a visitor goes from home to all services to a service page through the menu", async ({ page }) => {
  await gotoHydrated(page, "/");
  const nav = page.getByRole("navigation", { name: "Main", exact: true });
  await nav.getByText("Services", { exact: true }).click();
  await nav.getByRole("link", { name: "All Services" }).click();
  await expect(page).toHaveURL("/services");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  await nav.getByText("Services", { exact: true }).click();
  await nav.getByRole("link", { name: "Digital Systems" }).click();
  await expect(page).toHaveURL("/services/digital-systems");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/digital/i);
});

test("the hero buttons lead to booking and to services", async ({ page }) => {
  await gotoHydrated(page, "/");
  const hero = page.locator(".hero");
  await expect(hero.getByRole("heading", { level: 1 })).toContainText("overwhelmed");

  await hero.getByRole("link", { name: "Book Free 20-min Call" }).click();
  await expect(page).toHaveURL(/\/booking\?type=discovery&coach=any/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Book your free 20-minute discovery call");

  await page.goBack();
  await hero.getByRole("link", { name: "See How We Help" }).click();
  await expect(page).toHaveURL("/services");
});

test("the recruitment banner links to the coach pages", async ({ page }) => {
  await page.goto("/");
  const banner = page.getByRole("region", { name: "Are you an experienced business coach?" });
  await expect(banner.getByRole("link", { name: "Become a Coach" })).toHaveAttribute("href", "/become-coach");
  await expect(banner.getByRole("link", { name: "Apply Now" })).toHaveAttribute("href", "/coach-registration");
});

test("the mobile menu opens, is keyboard friendly and navigates", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await gotoHydrated(page, "/");
  await expect(page.getByRole("navigation", { name: "Main", exact: true })).toBeHidden();
  await page.getByLabel("Menu").click();
  const mobileNav = page.getByRole("navigation", { name: "Main (mobile)" });
  await expect(mobileNav.getByRole("link", { name: "Contact" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(mobileNav.getByRole("link", { name: "Contact" })).toBeHidden();

  await page.getByLabel("Menu").click();
  await mobileNav.getByRole("link", { name: "About" }).click();
  await expect(page).toHaveURL("/about");
  await expect(mobileNav).toBeHidden();
});

test("the services menu works from the keyboard alone", async ({ page }) => {
  await gotoHydrated(page, "/");
  const nav = page.getByRole("navigation", { name: "Main", exact: true });
  await nav.getByText("Services", { exact: true }).focus();
  await page.keyboard.press("Enter");
  await expect(nav.getByRole("link", { name: "Strategic Planning" })).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(nav.getByRole("link", { name: "All Services" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(nav.getByRole("link", { name: "Strategic Planning" })).toBeHidden();
  await expect(nav.getByText("Services", { exact: true })).toBeFocused();
});

test("an unknown address shows the not-found page with status 404", async ({ page, expectFailedRequests }) => {
  expectFailedRequests({ method: "GET", url: /\/this-page-does-not-exist$/, status: 404 });
  const response = await page.goto("/this-page-does-not-exist");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("We couldn't find that page");
  await page.getByRole("main").getByRole("link", { name: "Our coaching services" }).click();
  await expect(page).toHaveURL("/services");
});

test("F8 moves focus to the notification region", async ({ page }) => {
  await gotoHydrated(page, "/");
  await page.keyboard.press("F8");
  await expect(page.getByRole("region", { name: "Notifications (F8)" })).toBeFocused();
});

for (const path of ["/", "/services", "/contact"]) {
  test(`${path} has no serious or critical accessibility violations`, async ({ page }) => {
    await gotoHydrated(page, path);
    // Bring every lazily rendered section into view so axe sees the whole page.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 600) {
        window.scrollTo(0, y);
        await new Promise((resolve) => requestAnimationFrame(resolve));
      }
    });
    await expectNoSeriousA11yViolations(page);
  });
}
