import { expect, expectNoSeriousA11yViolations, gotoHydrated, test } from "./fixtures";

// A newly approved coach, on a phone (390 × 844), works through the onboarding checklist — photo,
// bio, specialties and industries, ABN and GST, the coach agreement, weekly hours, payouts through
// the payments sandbox — and then appears on the booking page with their photo and bio, found by
// the specialty and industry filter.

/** A 1 × 1 PNG. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==", "base64");
const BIO =
  "I spent fifteen years running a family farm supply business. I help agricultural businesses choose and set up the software and systems that stop the paperwork eating their weekends.";

test.use({ viewport: { width: 390, height: 844 } });

test("a new coach completes onboarding and appears on the booking page with photo and bio, found by the filter", async ({ page, login, browser, baseURL }) => {
  test.setTimeout(90_000);
  const lastName = `Onboard${crypto.randomUUID().slice(0, 6)}`;
  await login({ firstName: "Maya", lastName, roles: ["coach"] });
  const name = `Maya ${lastName}`;

  await gotoHydrated(page, "/coach/onboarding");
  await expect(page.getByRole("heading", { name: "Your onboarding checklist" })).toBeVisible();
  await expect(page.getByText("0 of 5 steps done.")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The profile: photo, then bio, specialties and industries.
  await page.getByRole("link", { name: "Add your photo, bio, specialties and industries", exact: true }).click();
  await expect(page).toHaveURL(/\/coach\/profile$/);
  await expect(page.getByRole("heading", { name: "Your profile", level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel("Choose a photo").setInputFiles({ name: "maya.png", mimeType: "image/png", buffer: PNG });
  await page.getByRole("button", { name: "Upload photo" }).click();
  await expect(page.getByRole("img", { name: `${name}, as clients see you` })).toBeVisible();

  const profile = page.locator("#public-profile");
  await profile.getByLabel("Bio").fill(BIO);
  await profile.getByLabel("Digital systems").check();
  await profile.getByLabel("Agriculture").check();
  await profile.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Profile saved")).toBeVisible();

  // ABN and GST registration (not registered: no RCTI agreement needed).
  const tax = page.locator("#tax-details");
  await tax.getByLabel("Legal or business name").fill(`${name} Consulting`);
  await tax.getByLabel("ABN").fill("51 824 753 556");
  await tax.getByLabel("No, I'm not registered for GST").check();
  await tax.getByLabel("I confirm these details are correct").check();
  await tax.getByRole("button", { name: "Confirm ABN and GST" }).click();
  await expect(page.getByText("Tax details confirmed")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousA11yViolations(page);

  // The coach agreement.
  await gotoHydrated(page, "/coach/agreement");
  await expect(page.getByRole("heading", { name: /^Coach agreement/ })).toBeVisible();
  await expect(page.getByRole("heading", { name: /Recipient-created tax invoice agreement/ })).toHaveCount(0);
  await page.getByLabel(/I have read and accept the coach agreement/).check();
  await page.getByRole("button", { name: "Accept" }).click();
  await expect(page).toHaveURL(/\/coach\/onboarding$/);
  await expect(page.getByText("3 of 5 steps done.")).toBeVisible();

  // Weekly hours: the editor's starting week (weekdays 9 to 5), taking bookings.
  await page.getByRole("link", { name: "Set your time zone and weekly hours", exact: true }).click();
  await expect(page).toHaveURL(/\/coach\/availability$/);
  await page.getByLabel("Name clients see").fill(name);
  await page.getByLabel("Accepting new bookings").check();
  await page.locator("main").getByRole("button", { name: "Save schedule" }).click();
  await expect(page.getByText("Schedule saved")).toBeVisible();

  // Payouts, through the payments sandbox's stand-in for Stripe's form.
  await gotoHydrated(page, "/coach/payouts");
  await page.getByRole("button", { name: "Set up payouts with Stripe" }).click();
  await expect(page.getByRole("heading", { name: "Set up your payout account" })).toBeVisible();
  await page.getByLabel("Still checking (pending verification)").check();
  await page.getByRole("button", { name: "Submit details" }).click();
  await expect(page).toHaveURL(/\/coach\/payouts$/);

  await gotoHydrated(page, "/coach/onboarding");
  await expect(page.getByText("You're all set: clients can find and book you on the booking page.")).toBeVisible();

  // A visitor on a phone finds the coach by specialty and industry, with photo and bio.
  const visitorContext = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const visitor = await visitorContext.newPage();
  await visitor.goto("/booking?type=discovery&tz=Australia%2FSydney");
  await visitor.getByLabel("Specialty").selectOption({ label: "Digital systems" });
  await visitor.getByLabel("Industry").selectOption({ label: "Agriculture" });
  await visitor.getByRole("button", { name: "Show coaches" }).click();
  await expect(visitor).toHaveURL(/specialty=digital-systems&industry=Agriculture/);
  const card = visitor.locator(".booking-option", { has: visitor.getByRole("heading", { name }) });
  await expect(card).toBeVisible();
  await expect(card).toContainText(BIO);
  await expect(card).toContainText("Digital systems");
  const photo = card.locator("img.coach-card-photo");
  await expect(photo).toHaveAttribute("src", /^\/coaches\/[a-z0-9-]+\/photo\?v=\d+$/);
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await card.getByRole("link", { name: `Choose ${name}` }).click();
  await expect(visitor).toHaveURL(/coach=[a-z0-9-]+/);
  await visitorContext.close();
});
