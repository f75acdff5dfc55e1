import type { Browser, Page } from "@playwright/test";
import { generateTotp, timeStep } from "../../app/auth/totp";
import { expect, expectNoSeriousA11yViolations, gotoHydrated, test } from "./fixtures";

// The account journeys of the profile and admin area: turning on two-step verification and signing
// in with a code from the authenticator app, and an admin granting the coach role. Each journey uses
// fresh accounts (the demo admin only reads the outbox and grants a role, and is never signed out),
// so parallel journeys never disturb each other.

const DEMO_ADMIN = { email: "admin@clarityai.test", password: "Demo-Coaching-2026!" };
const PASSWORD = "Southern-Cross-2026!";

function uniqueEmail(name: string) {
  return `${name}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com.au`;
}

const accountNav = (page: Page) => page.getByRole("navigation", { name: "Account" });

async function signIn(page: Page, email: string, password: string) {
  const form = page.locator("main form").first();
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Sign in" }).click();
}

/** A signed-in demo admin in a browser context of its own, starting at `path`. */
async function adminPage(browser: Browser, path: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await gotoHydrated(page, `/auth?redirectTo=${encodeURIComponent(path)}`);
  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  return { page, close: () => context.close() };
}

/**
 * The confirmation code, read the way an admin reads it when no email provider is configured:
 * on /admin/outbox, opening the email.
 */
async function confirmationCode(admin: Page, email: string) {
  await admin.goto("/admin/outbox");
  const row = admin.getByRole("row").filter({ hasText: email });
  await row.getByRole("link", { name: "Confirm your ClarityAI Coaching account" }).click();
  await expect(admin.getByRole("heading", { level: 2, name: "Confirm your ClarityAI Coaching account" })).toBeVisible();
  await expect(admin.locator(".email-meta")).toContainText(email);
  const text = (await admin.getByLabel("Email text").textContent()) ?? "";
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  expect(code, "a 6-digit code in the email").toBeTruthy();
  return code!;
}

/** Signs up through /auth and confirms with the emailed code; ends signed in on /profile. */
async function signUp(page: Page, admin: Page, firstName: string, email: string) {
  await gotoHydrated(page, "/auth");
  await page.getByRole("link", { name: "Create an account" }).click();
  const form = page.locator("main form");
  await form.getByLabel("First name").fill(firstName);
  await form.getByLabel("Last name").fill("Tester");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill(PASSWORD);
  await form.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Confirm your email" })).toBeVisible();
  const code = await confirmationCode(admin, email);
  await page.getByLabel("6-digit code from the email").fill(code);
  await page.getByRole("button", { name: "Confirm and sign in" }).click();
  await expect(page).toHaveURL(/\/profile$/);
}

test("turn on two-step verification on the profile, then sign in with the authenticator code", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("mfa");
  const admin = await adminPage(browser, "/admin/outbox");
  try {
    await signUp(page, admin.page, "Mia", email);
  } finally {
    await admin.close();
  }

  for (const tab of ["details", "privacy", "ai-assistant"]) {
    await gotoHydrated(page, `/profile?tab=${tab}`);
    await expectNoSeriousA11yViolations(page);
  }
  await gotoHydrated(page, "/profile?tab=security");
  const tabs = page.getByRole("navigation", { name: "Profile sections" });
  await expect(tabs.getByRole("link", { name: "Security" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByText("This device", { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("button", { name: "Set up an authenticator app" }).click();
  const qr = page.getByRole("img", { name: /QR code that adds ClarityAI Coaching to your authenticator app/ });
  await expect(qr).toBeVisible();
  await expect(qr).toHaveAttribute("src", /^data:image\/svg\+xml/);
  // The image really decodes (a broken data URI would have no natural size).
  expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const secret = (await page.locator(".mfa-secret").textContent())?.trim() ?? "";
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await expectNoSeriousA11yViolations(page);

  // A wrong code keeps the set-up open with the message from the auth service.
  await page.getByLabel("6-digit code").fill("000000");
  await page.getByRole("button", { name: "Verify and turn on" }).click();
  await expect(page.getByText("Invalid TOTP code entered")).toBeVisible();
  await expect(qr).toBeVisible();

  const enrolledAt = Date.now();
  await page.getByLabel("6-digit code").fill(await generateTotp(secret, enrolledAt));
  await page.getByRole("button", { name: "Verify and turn on" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Two-step verification is on" })).toBeVisible();
  await expect(page.getByRole("button", { name: /Remove Authenticator app/ })).toBeVisible();

  await accountNav(page).getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/auth$/);

  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/auth\?step=mfa/);
  await expect(page.getByText("Your account is protected with an authenticator app")).toBeVisible();
  // A code is accepted once: wait for the app's next code, as a person would.
  while (timeStep(Date.now()) <= timeStep(enrolledAt)) await page.waitForTimeout(500);
  await page.getByLabel("Enter the 6-digit code from your authenticator app").fill(await generateTotp(secret));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(accountNav(page).getByText("Hi, Mia")).toBeVisible();
  await page.goto("/profile?tab=security");
  await expect(page.getByText("Verified with a code")).toBeVisible();
});

test("the demo admin grants the coach role on /admin, and the Coach Portal link appears for that user", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail("newcoach");
  const admin = await adminPage(browser, "/admin/outbox");
  try {
    await signUp(page, admin.page, "Noah", email);
    await expect(accountNav(page).getByRole("link", { name: "Profile" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Coach Portal" })).toHaveCount(0);

    await admin.page.goto("/admin/users");
    const adminNav = admin.page.getByRole("navigation", { name: "Admin sections" });
    await expect(adminNav.getByRole("link", { name: "Users" })).toHaveAttribute("aria-current", "page");
    await admin.page.getByLabel("Search by email or name").fill(email);
    await admin.page.getByRole("button", { name: "Search" }).click();
    await expect(admin.page.getByText("1 user matching")).toBeVisible();
    await expectNoSeriousA11yViolations(admin.page);
    await admin.page.getByLabel(`Role to grant to ${email}`).selectOption("coach");
    await admin.page.getByRole("button", { name: `Grant the chosen role to ${email}` }).click();
    await expect(admin.page.getByRole("status").filter({ hasText: "Coach role granted" })).toBeVisible();
    await expect(admin.page.getByRole("button", { name: `Remove the coach role from ${email}` })).toBeVisible();

    // The change is in the audit log, with who did it.
    await admin.page.goto("/admin/audit?action=role_granted");
    const row = admin.page.getByRole("row").filter({ hasText: "role_granted" }).filter({ hasText: email }).first();
    await expect(row).toContainText(DEMO_ADMIN.email);
  } finally {
    await admin.close();
  }

  // On the user's next page load the role is read afresh: the Coach Portal link is there.
  await page.reload();
  const coachLink = accountNav(page).getByRole("link", { name: "Coach Portal" });
  await expect(coachLink).toBeVisible();
  await coachLink.click();
  await expect(page).toHaveURL(/\/coach$/);
  await expect(page.getByRole("heading", { level: 1, name: "Welcome, Noah" })).toBeVisible();
});
