import { expect, expectNoSeriousA11yViolations, gotoHydrated, test } from "./fixtures";

// The coach portal's dashboard on a phone (390 px) and on a desktop: the portal's navigation, the
// session about to start with its Join button, the new booking, this month's earnings, no sideways
// scrolling, and no serious accessibility violations (axe). Then the Sessions and Clients pages.

const VIEWPORTS = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 900 },
];

for (const viewport of VIEWPORTS) {
  test(`the coach's dashboard on a ${viewport.name} (${viewport.width} px): today's session with Join, new bookings, earnings; axe-clean`, async ({
    page,
    login,
    createUser,
    request,
  }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const coach = await login({ firstName: "Jordan", lastName: "Ellis", roles: ["coach"] });
    const client = await createUser({ firstName: "Test", lastName: "Client", roles: ["client"] });
    const booked = await request.post("/__test/bookings", { data: { coachEmail: coach.email, clientEmail: client.email, startsInMinutes: 5 } });
    expect(booked.status(), await booked.text()).toBe(201);

    await gotoHydrated(page, "/coach");
    await expect(page.getByRole("heading", { level: 1, name: "Welcome, Jordan" })).toBeVisible();
    const nav = page.getByRole("navigation", { name: "Coach portal" });
    await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("heading", { name: "Today", exact: true })).toBeVisible();
    const join = page.getByRole("link", { name: "Join the video call with Test Client" });
    await expect(join).toBeVisible();
    await expect(join).toHaveAttribute("href", /^\/meeting\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { name: "New bookings" })).toBeVisible();
    await expect(page.getByRole("heading", { name: /^Earnings in / })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await expectNoSeriousA11yViolations(page);

    await nav.getByRole("link", { name: "Sessions" }).click();
    await expect(page).toHaveURL(/\/coach\/sessions$/);
    await expect(page.getByRole("heading", { level: 1, name: "Your sessions" })).toBeVisible();
    await expect(page.getByText("Test Client").first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await nav.getByRole("link", { name: "Clients" }).click();
    await expect(page).toHaveURL(/\/coach\/clients$/);
    // The address changes before the new page is drawn, and the Sessions page links the client too.
    await expect(page.getByRole("heading", { level: 1, name: "Your clients" })).toBeVisible();
    await page.getByRole("link", { name: "Test Client" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Test Client" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Sessions with you" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await expectNoSeriousA11yViolations(page);
  });
}
