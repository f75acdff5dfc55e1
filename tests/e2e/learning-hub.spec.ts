import { expect, expectNoSeriousA11yViolations, gotoHydrated, test } from "./fixtures";

// The learning hub on a phone (390 px) and on a desktop: the modules with their level, time and
// progress, a locked module's way to unlock it, the filters (a plain GET form), no sideways
// scrolling, and no serious accessibility violations (axe).

const VIEWPORTS = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 900 },
];

for (const viewport of VIEWPORTS) {
  test(`the learning hub on a ${viewport.name} (${viewport.width} px): modules, lock state, filters; axe-clean`, async ({ page, login }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await login({ firstName: "Robin", lastName: "Nguyen", roles: ["client"] });

    await gotoHydrated(page, "/learning");
    await expect(page.getByRole("heading", { level: 1, name: "Your learning hub, Robin" })).toBeVisible();
    const modules = page.getByRole("region", { name: "Modules" });
    await expect(modules.getByRole("link", { name: "Cash flow and a 13-week forecast" })).toBeVisible();
    const cashFlow = modules.getByRole("listitem").filter({ has: page.getByRole("link", { name: "Cash flow and a 13-week forecast" }) });
    await expect(cashFlow.getByText("Not started")).toBeVisible();
    await expect(cashFlow.getByRole("progressbar", { name: "Progress in Cash flow and a 13-week forecast" })).toBeVisible();
    // systems-sops is for clients with a coaching package: locked, with the way to unlock it.
    await expect(modules.getByRole("link", { name: "See the coaching packages" }).first()).toHaveAttribute("href", "/booking");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel("Status").selectOption("done");
    await page.getByRole("button", { name: "Show modules" }).click();
    await expect(page).toHaveURL(/\/learning\?topic=&status=done$/);
    await expect(page.getByText("No modules match these filters.")).toBeVisible();
    await expect(modules.getByRole("status")).toContainText("Showing 0 of");
    await page.getByRole("link", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(/\/learning$/);
    await expect(modules.getByRole("link", { name: "Cash flow and a 13-week forecast" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
}
