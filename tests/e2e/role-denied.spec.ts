import { DEMO_COACH } from "./factories";
import { expect, expectNoSeriousA11yViolations, gotoHydrated, test } from "./fixtures";

// A signed-in user on a page their roles don't open (SPEC §6) is told why and what they can do,
// and the create-account view of /auth says what it is. Only fresh accounts are signed out here.

test("a client opening the Coach Portal is told why, and can sign in as a coach instead", async ({ page, login }) => {
  const client = await login({ firstName: "Ruby" });

  await gotoHydrated(page, "/coach");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fcoach&denied=coach$/);
  await expect(page.getByRole("heading", { level: 1, name: "The Coach Portal is for coaches" })).toBeVisible();
  await expect(page).toHaveTitle("The Coach Portal is for coaches | ClarityAI Coaching");
  await expect(page.getByText(`You're signed in as ${client.email}, which isn't a coach account.`)).toBeVisible();
  const main = page.locator("main");
  await expect(main.getByRole("link", { name: "Apply to become a coach" })).toHaveAttribute("href", "/become-coach");
  await expect(main.getByRole("link", { name: "Go to your profile" })).toHaveAttribute("href", "/profile");
  await expectNoSeriousA11yViolations(page);

  await main.getByRole("button", { name: "Sign in with another account" }).click();
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fcoach$/);
  await expect(page.getByRole("heading", { level: 1, name: "Sign in to ClarityAI Coaching" })).toBeVisible();

  const form = page.locator("main form").first();
  await form.getByLabel("Email").fill(DEMO_COACH.email);
  await form.getByLabel("Password").fill(DEMO_COACH.password);
  await form.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/coach$/);
  await expect(page.getByRole("heading", { level: 1, name: /^Welcome/ })).toBeVisible();
});

test("a client opening the admin area goes home and is told it is for administrators", async ({ page, login }) => {
  await login({ firstName: "Ivy" });
  await gotoHydrated(page, "/admin");
  await expect(page).toHaveURL(/\/$/);
  const region = page.getByRole("region", { name: "Notifications (F8)" });
  const toast = region.getByRole("status");
  await expect(toast).toHaveText(/The admin area is for administrators/);

  // From the keyboard: F8, Tab to the toast's close button (which pauses it), Escape dismisses it.
  // The toast is hidden at once, and focus stays in the region rather than being lost.
  await page.keyboard.press("F8");
  await page.keyboard.press("Tab");
  await expect(region.getByRole("button", { name: "Dismiss notification" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(toast).toHaveCount(0);
  await expect(region).toBeFocused();
  await expect(page.locator(".toast-item")).toBeHidden();
});

test("the create-account view says so in its heading and the tab title", async ({ page }) => {
  await gotoHydrated(page, "/auth");
  await page.getByRole("link", { name: "Create an account" }).click();
  await expect(page).toHaveURL(/\/auth\?step=sign-up$/);
  await expect(page.getByRole("heading", { level: 1, name: "Create your account" })).toBeVisible();
  await expect(page).toHaveTitle("Create your account | ClarityAI Coaching");
  await page.getByRole("link", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sign in to ClarityAI Coaching" })).toBeVisible();
  await expect(page).toHaveTitle("Sign In | ClarityAI Coaching");
});
