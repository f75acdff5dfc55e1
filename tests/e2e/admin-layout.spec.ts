import { createAccount, DEMO_ADMIN } from "./factories";
import { expect, expectNoSeriousA11yViolations, gotoHydrated, test } from "./fixtures";

// The admin frame: the navigation's counts agree with the lists they lead to, a list (the coaches)
// is searched, sorted and paged with the keyboard alone, and on a 390 px phone the navigation is a
// menu that names the current section, with nothing scrolling sideways. Axe on a list at both widths.

test("an admin follows the navigation's counts and works a list by keyboard, on a desktop and on a phone", async ({ page, login }) => {
  test.setTimeout(60_000);
  // 26 coaches: one more than a page of the list.
  const tag = `layout${crypto.randomUUID().slice(0, 6)}`;
  const names = Array.from({ length: 26 }, (_, i) => `Kai${String(i + 1).padStart(2, "0")} ${tag}`);
  for (const name of names) {
    const [firstName, lastName] = name.split(" ");
    await createAccount(page.request, { firstName, lastName, roles: ["coach"] });
  }
  await login({ ...DEMO_ADMIN, firstName: "Priya", lastName: "Sharma" });

  // Desktop: the count beside Leads is the number of new leads the list shows.
  await page.setViewportSize({ width: 1280, height: 800 });
  await gotoHydrated(page, "/admin/leads?status=new");
  const nav = page.getByRole("navigation", { name: "Admin sections" });
  await expect(page.getByRole("button", { name: /Admin sections, now/ })).toBeHidden();
  const leadsLink = nav.getByRole("link", { name: /^Leads/ });
  await expect(leadsLink).toHaveAttribute("aria-current", "page");
  const summary = await page.locator(".data-table-summary").innerText();
  const total = Number(/of (\d+)/.exec(summary)?.[1] ?? 0);
  const leadsName = total > 0 ? new RegExp(`^Leads\\W*${total} new$`) : /^Leads$/;
  await expect(leadsLink).toHaveAccessibleName(leadsName);

  // The coaches list by keyboard: search, then sort by name the other way, then the next page.
  await nav.getByRole("link", { name: "Coaches", exact: true }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Coaches" })).toBeVisible();
  await page.getByLabel("Search by name or email").focus();
  await page.keyboard.type(tag);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}`));
  await expect(page.getByText("Showing 1–25 of 26 matching, sorted by Coach (ascending).")).toBeVisible();
  const table = page.getByRole("table", { name: "Coaches" });
  await expect(table.getByRole("rowheader").first()).toContainText(names[0]!);

  const sortByCoach = table.getByRole("link", { name: /^Coach\W+sorted ascending; sort descending$/ });
  await sortByCoach.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/sort=name&dir=desc/);
  await expect(table.getByRole("columnheader", { name: /Coach/ })).toHaveAttribute("aria-sort", "descending");
  await expect(table.getByRole("rowheader").first()).toContainText(names[25]!);
  // Sorting keeps the keyboard where it was.
  await expect(table.getByRole("link", { name: /^Coach\W+sorted descending; sort ascending$/ })).toBeFocused();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Next →" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText("Page 2 of 2")).toBeVisible();
  await expect(table.getByRole("rowheader")).toHaveCount(1);
  await expect(table.getByRole("rowheader")).toContainText(names[0]!);

  // A phone: the navigation is a menu naming the current section; it opens, shows the counts, and closes on the way to another section.
  await page.setViewportSize({ width: 390, height: 844 });
  const menu = page.getByRole("button", { name: /Admin sections, now: Coaches/ });
  await expect(menu).toBeVisible();
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(nav.getByRole("link", { name: "Coaches", exact: true })).toBeHidden();
  await menu.focus();
  await page.keyboard.press("Enter");
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  await expect(nav.getByRole("link", { name: /^Leads/ })).toHaveAccessibleName(leadsName);
  await expectNoSeriousA11yViolations(page);
  await nav.getByRole("link", { name: /^Expert escalations/ }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Expert escalations" })).toBeVisible();
  await expect(page.getByRole("button", { name: /Admin sections, now: Expert escalations/ })).toHaveAttribute("aria-expanded", "false");

  // The list is cards on a phone: nothing scrolls sideways.
  await gotoHydrated(page, `/admin/coaches?q=${tag}`);
  await expect(page.getByRole("table", { name: "Coaches" }).getByRole("rowheader").first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousA11yViolations(page);
});
