import type { Page } from "@playwright/test";
import { codeForStepAfter, codeIn, DEMO_CLIENT, DEMO_COACH, enrolAuthenticatorApp, uniqueEmail } from "./factories";
import { expect, expectNoSeriousA11yViolations, gotoHydrated, test } from "./fixtures";

// Accounts in the browser: sign-up with the emailed code, onboarding email, sign-out and sign-in;
// the guards sending visitors to /auth and back; and the navigation by role. The demo client is
// shared by parallel journeys, so only fresh accounts are ever signed out here (sign-out is global).

const accountNav = (page: Page) => page.getByRole("navigation", { name: "Account", exact: true });
const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main", exact: true });

async function signIn(page: Page, email: string, password: string) {
  const form = page.locator("main form").first();
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Sign in" }).click();
}

test("sign up, confirm with the emailed code, get the onboarding email, sign out and sign in again", async ({ page, outbox, expectFailedRequests }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail("journey");
  const password = "Harbour-Bridge-2026!";

  await gotoHydrated(page, "/auth");
  await expect(page.getByRole("heading", { level: 1, name: "Sign in to ClarityAI Coaching" })).toBeVisible();
  await page.getByRole("link", { name: "Create an account" }).click();
  await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();

  const form = page.locator("main form");
  // Server-side validation first: the SPEC §5 message and the field errors, answered with 400.
  expectFailedRequests({ method: "POST", url: /\/auth\.data\?step=sign-up$/, status: 400 });
  await form.getByRole("button", { name: "Create account" }).click();
  await expect(form.getByText("You must provide either an email or phone number and a password")).toBeVisible();
  await expect(form.getByLabel("First name")).toHaveAttribute("aria-invalid", "true");

  await form.getByLabel("First name").fill("Olivia");
  await form.getByLabel("Last name").fill("Chen");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Create account" }).click();

  await expect(page.getByRole("heading", { name: "Confirm your email" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: `We've emailed a 6-digit code to ${email}` })).toBeVisible();
  const code = codeIn(await outbox(email, "Confirm your ClarityAI Coaching account"));
  await page.getByLabel("6-digit code from the email").fill(code);
  await page.getByRole("button", { name: "Confirm and sign in" }).click();

  await expect(page).toHaveURL(/\/profile$/);
  await expect(accountNav(page).getByText("Hi, Olivia")).toBeVisible();
  await expect(accountNav(page).getByRole("button", { name: "Sign Out" })).toBeVisible();

  // SPEC §7: signing in within 5 minutes of creating the account sends the onboarding email.
  const welcome = await outbox(email, "Welcome to ClarityAI Coaching");
  expect(welcome.text_body).toContain("Hi Olivia,");

  await accountNav(page).getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(mainNav(page).getByRole("link", { name: "Sign In" })).toBeVisible();
  await expect(accountNav(page)).toHaveCount(0);

  expectFailedRequests({ method: "POST", url: /\/auth\.data$/, status: 400 });
  await signIn(page, email, "Wrong-Password-99");
  await expect(page.getByRole("alert")).toContainText("Invalid login credentials");
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(accountNav(page).getByRole("button", { name: "Sign Out" })).toBeVisible();
});

test("a guarded page sends a visitor to /auth and back to it after sign-in", async ({ page }) => {
  await page.goto("/learning/module/bas-gst-payg");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Flearning%2Fmodule%2Fbas-gst-payg$/);
  await signIn(page, DEMO_CLIENT.email, DEMO_CLIENT.password);
  await expect(page).toHaveURL(/\/learning\/module\/bas-gst-payg$/);
  await expect(page.getByRole("heading", { level: 1, name: "BAS, GST and PAYG basics" })).toBeVisible();
});

test("the demo client sees Learning, Profile and Sign Out, but neither Admin nor Coach Portal", async ({ page }) => {
  await gotoHydrated(page, "/auth?redirectTo=%2Flearning");
  await signIn(page, DEMO_CLIENT.email, DEMO_CLIENT.password);
  await expect(page).toHaveURL(/\/learning$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your learning hub, Sam" })).toBeVisible();

  const nav = accountNav(page);
  await expect(nav.getByRole("link", { name: "Learning" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Profile" })).toBeVisible();
  await expect(nav.getByRole("button", { name: "Sign Out" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Admin" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Coach Portal" })).toHaveCount(0);
  await expect(mainNav(page).getByRole("link", { name: "Sign In" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // A signed-in user who opens /auth goes on to the profile.
  await page.goto("/auth");
  await expect(page).toHaveURL(/\/profile$/);

  // SPEC §6: a missing admin role goes to the home page.
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/$/);
});

test("a user with an authenticator app signs in with its code, and the profile shows how they signed in", async ({ page, createUser, request }) => {
  const user = await createUser({ firstName: "Mia" });
  // Turned on beforehand through the auth API; the profile's set-up screens have a journey of their own.
  const { secret, spentStep } = await enrolAuthenticatorApp(request, user);

  await gotoHydrated(page, "/auth");
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/auth\?step=mfa/);
  await expect(page.getByText("Your account is protected with an authenticator app")).toBeVisible();
  // A code is accepted once: the app's next code, which the one step of clock skew allows right now.
  await page.getByLabel("Enter the 6-digit code from your authenticator app").fill(await codeForStepAfter(secret, spentStep));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(accountNav(page).getByText("Hi, Mia")).toBeVisible();
  await page.goto("/profile?tab=security");
  await expect(page.getByText("Verified with a code")).toBeVisible();
});

test("a visitor opening the coach portal goes to /auth", async ({ page }) => {
  await page.goto("/coach");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fcoach$/);
  await expect(page.getByRole("heading", { level: 1, name: "Sign in to ClarityAI Coaching" })).toBeVisible();
});

test("the sign-in steps work from the keyboard and have no serious accessibility violations", async ({ page }) => {
  await gotoHydrated(page, "/auth");
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
  await page.getByLabel("Email").fill("nobody-here@example.com.au");
  await page.getByLabel("Email").press("Enter");
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeFocused();
  await expect(page.getByRole("status").filter({ hasText: "If there's an account for nobody-here@example.com.au" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the demo coach signs in, keeps the email after a mistake, and reaches the Coach Portal", async ({ page, expectFailedRequests }) => {
    await page.goto("/coach");
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fcoach$/);
    // The missing password is answered with 400 and the page again.
    expectFailedRequests({ method: "POST", url: /\/auth\?redirectTo=%2Fcoach$/, status: 400 });
    await signIn(page, DEMO_COACH.email, "");
    await expect(page.getByRole("alert")).toContainText("You must provide either an email or phone number and a password");
    await expect(page.locator("main form").first().getByLabel("Email")).toHaveValue(DEMO_COACH.email);

    await signIn(page, DEMO_COACH.email, DEMO_COACH.password);
    await expect(page).toHaveURL(/\/coach$/);
    await expect(page.getByRole("heading", { level: 1, name: "Welcome, Daniel" })).toBeVisible();
    await expect(accountNav(page).getByRole("link", { name: "Coach Portal" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Admin" })).toHaveCount(0);
  });
});
