import { uniqueEmail } from "./factories";
import { expect, expectNoSeriousA11yViolations, settled, test } from "./fixtures";

// "Needs attention" on a phone: an email whose delivery failed every retry waits there; the admin
// inspects it (no personal details on the page), resends it after confirming, and it is delivered.

test.use({ viewport: { width: 390, height: 844 } });

test("an admin resends a dead-lettered email from Needs attention at 390 px and it is delivered", async ({ adminPage, adminRequest }) => {
  const to = uniqueEmail("dead-letter");
  const created = await (await adminRequest()).post("/__test/dead-letters", { data: { to, subject: "Your session is confirmed" } });
  expect(created.status(), await created.text()).toBe(201);
  const { outboxId, failedJobId } = (await created.json()) as { outboxId: string; failedJobId: string };

  const admin = await adminPage("/admin/attention?kind=email");
  await expect(admin.getByRole("heading", { level: 2, name: "Needs attention" })).toBeVisible();
  // On a phone the admin sections fold into a menu that names the current one.
  await expect(admin.getByRole("navigation", { name: "Admin sections" }).getByRole("button", { name: /now: Needs attention/ })).toBeVisible();
  await expectNoSeriousA11yViolations(admin);
  // The list fits the phone's width: only the table scrolls sideways, in its own region.
  expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await admin.locator(`a[href="/admin/attention/email/${failedJobId}"]`).click();
  await expect(admin).toHaveURL(new RegExp(`/admin/attention/email/${failedJobId}$`));
  await expect(admin.getByText("Email provider answered 503")).toBeVisible();
  await expect(admin.getByLabel("Payload with personal details hidden")).toContainText(outboxId);
  await expect(admin.locator("main")).not.toContainText(to);

  await admin.getByText("Resend…").click();
  await expect(admin.getByText(/The recipient gets it once/)).toBeVisible();
  await admin.getByRole("button", { name: "Yes, resend it" }).click();
  await settled(admin);
  await expect(admin).toHaveURL(/\/admin\/attention$/);
  await expect(admin.getByText("Email sent again")).toBeVisible();
  await expect(admin.locator(`a[href="/admin/attention/email/${failedJobId}"]`)).toHaveCount(0);

  // The queue delivers it: without an email provider here, the outbox keeps it for admins to read.
  await expect(async () => {
    await admin.goto(`/admin/outbox/${outboxId}`);
    await expect(admin.getByText("Kept in the outbox (no email provider configured)")).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
});
