import { expect, type Browser } from "@playwright/test";

// With no email provider configured, every email the app sends stays in the outbox, and admins
// read it at /admin/outbox. The journeys read codes the same way, as the demo admin in a browser
// context of their own — never by opening the server's database file underneath it.
const DEMO_ADMIN = { email: "admin@clarityai.test", password: "Demo-Coaching-2026!" };

export type OutboxEmail = { to_address: string; subject: string; text_body: string };

/**
 * The newest email to this address whose subject starts with `subjectStart`, waiting for it to
 * arrive (queued emails, like the onboarding email, are written by the queue consumer a moment later).
 */
export async function waitForEmail(browser: Browser, to: string, subjectStart: string, { timeoutMs = 30_000 } = {}): Promise<OutboxEmail> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto("/auth?redirectTo=%2Fadmin%2Foutbox");
    const form = page.locator("main form").first();
    await form.getByLabel("Email").fill(DEMO_ADMIN.email);
    await form.getByLabel("Password").fill(DEMO_ADMIN.password);
    await form.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/admin\/outbox$/);

    const link = page.getByRole("row").filter({ hasText: to }).getByRole("link", { name: new RegExp(`^${subjectStart.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`) }).first();
    const deadline = Date.now() + timeoutMs;
    while (!(await link.isVisible())) {
      if (Date.now() > deadline) throw new Error(`No email "${subjectStart}…" to ${to} in the outbox after ${timeoutMs} ms`);
      await page.waitForTimeout(500);
      await page.reload();
    }
    const subject = (await link.textContent()) ?? "";
    await link.click();
    const body = page.getByLabel("Email text");
    await expect(body).toBeVisible();
    return { to_address: to, subject, text_body: (await body.textContent()) ?? "" };
  } finally {
    await context.close();
  }
}

/** The 6-digit code in an email's text. */
export function codeIn(email: OutboxEmail): string {
  const code = /\b(\d{6})\b/.exec(email.text_body)?.[1];
  if (!code) throw new Error(`No 6-digit code in "${email.subject}"`);
  return code;
}
