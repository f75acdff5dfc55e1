import type { Page } from "@playwright/test";
import { generateTotp } from "../../app/auth/totp";
import { DEMO_ADMIN } from "./factories";
import { expect, expectNoSeriousA11yViolations, gotoHydrated, test } from "./fixtures";

// The account journeys of the profile and admin area: turning on two-step verification, and an
// admin granting the coach role. Each journey signs a fresh account in with the login fixture (the
// sign-in pages have journeys of their own in auth.spec.ts), so parallel journeys never disturb
// each other; the demo admin only grants a role and reads the audit log, in a browser context of
// its own, and is never signed out.

const accountNav = (page: Page) => page.getByRole("navigation", { name: "Account" });

test("turn on two-step verification on the profile with the authenticator app's code", async ({ page, login, expectFailedRequests }) => {
  await login({ firstName: "Mia" });

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

  // A wrong code keeps the set-up open with the message from the auth service (answered with 400).
  expectFailedRequests({ method: "POST", url: /\/profile(\.data)?\?(.+&)?tab=security/, status: 400 });
  await page.getByLabel("6-digit code").fill("000000");
  await page.getByRole("button", { name: "Verify and turn on" }).click();
  await expect(page.getByText("Invalid TOTP code entered")).toBeVisible();
  await expect(qr).toBeVisible();

  await page.getByLabel("6-digit code").fill(await generateTotp(secret, Date.now()));
  await page.getByRole("button", { name: "Verify and turn on" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Two-step verification is on" })).toBeVisible();
  await expect(page.getByRole("button", { name: /Remove Authenticator app/ })).toBeVisible();

  // Signing in with the code is a journey of auth.spec.ts; this one ends by signing out.
  await accountNav(page).getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/auth$/);
});

test("the demo admin grants the coach role on /admin, and the Coach Portal link appears for that user", async ({ page, login, adminPage }) => {
  const { email } = await login({ firstName: "Noah" });
  await gotoHydrated(page, "/profile");
  await expect(accountNav(page).getByRole("link", { name: "Profile" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Coach Portal" })).toHaveCount(0);

  const admin = await adminPage("/admin/users");
  const adminNav = admin.getByRole("navigation", { name: "Admin sections" });
  await expect(adminNav.getByRole("link", { name: "Users" })).toHaveAttribute("aria-current", "page");
  await admin.getByLabel("Search by email or name").fill(email);
  await admin.getByRole("button", { name: "Show" }).click();
  await expect(admin.getByText(/^Showing 1–1 of 1/)).toBeVisible();
  await expectNoSeriousA11yViolations(admin);
  await admin.getByRole("link", { name: `Manage ${email}` }).click();
  await expect(admin.getByRole("heading", { level: 2, name: email })).toBeVisible();
  await admin.getByLabel("Role", { exact: true }).selectOption("coach");
  await admin.locator("#role-reason").fill("Joins the coach network");
  await admin.getByRole("button", { name: "Grant role" }).click();
  await expect(admin.getByRole("status").filter({ hasText: "Coach role granted" })).toBeVisible();

  // The change is in the audit log, with who did it.
  await admin.goto("/admin/audit?action=role_granted");
  const row = admin.getByRole("row").filter({ hasText: "role_granted" }).filter({ hasText: email }).first();
  await expect(row).toContainText(DEMO_ADMIN.email);

  // On the user's next page load the role is read afresh: the Coach Portal link is there.
  await page.reload();
  const coachLink = accountNav(page).getByRole("link", { name: "Coach Portal" });
  await expect(coachLink).toBeVisible();
  await coachLink.click();
  await expect(page).toHaveURL(/\/coach$/);
  await expect(page.getByRole("heading", { level: 1, name: "Welcome, Noah" })).toBeVisible();
});
