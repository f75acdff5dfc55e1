import { expect, expectNoSeriousA11yViolations, gotoHydrated, test } from "./fixtures";

// The coach network's front door on a 390 × 844 phone: a coach finds the opportunity, applies with
// a CV (the draft surviving a reload), sees the confirmation and gets it by email; an admin opens the
// application, starts the review and approves it.

test.use({ viewport: { width: 390, height: 844 }, timezoneId: "Australia/Melbourne" });

const PDF = Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

test("a visitor applies with a CV and sees the confirmation; an admin approves the application", async ({ page, outbox, adminPage, expectFailedRequests }) => {
  const email = `applicant.${crypto.randomUUID().slice(0, 8)}@example.com.au`;
  await gotoHydrated(page, "/become-coach");
  await expect(page.getByRole("heading", { name: "Your share grows with you" })).toBeVisible();
  await page.getByRole("link", { name: "Apply Now" }).first().click();
  await expect(page).toHaveURL(/\/coach-registration$/);
  await expect(page.getByRole("heading", { level: 1, name: "Apply to coach with us" })).toBeVisible();

  await page.getByLabel("First name").fill("Mereana");
  await page.getByLabel("Last name").fill("Tui");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone").fill("0412 345 678");
  // The draft survives a reload.
  await page.reload();
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await expect(page.getByText("We've restored the answers you saved in this browser.")).toBeVisible();

  await page.getByLabel("State or territory").selectOption("VIC");
  await page.getByLabel("Time zone").selectOption("Australia/Melbourne");
  await page.getByLabel("ABN").fill("51 824 753 557");
  await page.getByLabel("Yes, registered for GST").check();
  await page.getByLabel("Strategic planning").check();
  await page.getByLabel("Hospitality and food").check();
  await page.getByLabel("Years of experience").fill("14");
  await page.getByLabel("Hours available each week").fill("12");
  await page.getByLabel("Qualifications").fill("Graduate Certificate in Executive Coaching");
  await page
    .getByLabel("A short bio")
    .fill("Fourteen years running and advising hospitality venues across Victoria: rosters, margins, menus and teams that stay.");
  await page.locator("#field-cv").setInputFiles({ name: "Mereana Tui CV.pdf", mimeType: "application/pdf", buffer: PDF });
  await page.getByLabel(/I agree to the coach terms/).check();
  await expectNoSeriousA11yViolations(page);

  // A mistyped ABN: a clear message on the field, focus on it, nothing stored.
  expectFailedRequests({ method: "POST", url: /\/coach-registration(\.data)?$/, status: 400 });
  await page.getByRole("button", { name: "Send application" }).click();
  await expect(page.getByText("That isn't a valid ABN")).toBeVisible();
  await expect(page.getByLabel("ABN")).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel("ABN").fill("51 824 753 556");
  await page.locator("#field-cv").setInputFiles({ name: "Mereana Tui CV.pdf", mimeType: "application/pdf", buffer: PDF });
  await page.getByRole("button", { name: "Send application" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Application received — thank you" })).toBeVisible();
  await expect(page).toHaveURL(/\/coach-registration\/a1\.[^?]+\?submitted=new$/);
  await expect(page.getByText("Submitted", { exact: true }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const confirmation = await outbox(email, "We've received your coach application");
  expect(confirmation.text_body).toContain("/coach-registration/a1.");

  const list = await adminPage("/admin/coach-applications");
  await list.getByLabel("Search by name, email or phone").fill(email);
  await list.getByRole("button", { name: "Show", exact: true }).click();
  await list.getByRole("link", { name: "Mereana Tui" }).click();
  await expect(list.getByRole("heading", { level: 2, name: "Mereana Tui" })).toBeVisible();
  await expect(list.getByRole("link", { name: /Mereana Tui CV\.pdf/ })).toBeVisible();
  await list.getByRole("button", { name: "Start review" }).click();
  await expect(list.getByText("Review started")).toBeVisible();
  await list.getByRole("button", { name: "Approve" }).click();
  await expect(list.getByText("Application approved")).toBeVisible();
  await expect(list.locator(".application-status-approved").first()).toHaveText("Approved");
  await outbox(email, "Welcome to the ClarityAI Coaching network");
});
