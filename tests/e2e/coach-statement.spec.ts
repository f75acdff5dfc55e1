import type { APIRequestContext } from "@playwright/test";
import { lineAmounts, shareRateFor } from "../../app/coach-network/share-tiers";
import { sydneyMidnight } from "../../app/utils/sydney-time";
import { runSql } from "./factories";
import { expect, expectNoSeriousA11yViolations, gotoHydrated, test } from "./fixtures";

// A coach's monthly statement on a phone: last month's sessions (written into the journeys' local
// D1, as completed sessions leave them) are issued by the daily cron through the queue, and the
// statement opens from /coach/earnings at 390 px: no sideways scrolling of the page, and axe-clean.

const PHONE = { width: 390, height: 844 };

/** The 15th of the month before this one (Sydney), at noon UTC. */
function lastMonthMidpoint(): string {
  const [year, month] = new Intl.DateTimeFormat("en-CA", { timeZone: "Australia/Sydney", year: "numeric", month: "2-digit" })
    .format(new Date())
    .split("-")
    .map(Number) as [number, number];
  return new Date(Date.UTC(month === 1 ? year - 1 : year, (month + 10) % 12, 15, 2)).toISOString();
}

/**
 * Whether last month's statement issued now is an RCTI: the ATO allows one up to 28 days after the
 * month it covers ends, so from the 29th (Sydney) of a month after a 31-day one it is a payment
 * statement (the coach is registered for GST with a current agreement either way).
 */
function rctiStillAllowed(now = new Date()): boolean {
  const [year, month] = new Intl.DateTimeFormat("en-CA", { timeZone: "Australia/Sydney", year: "numeric", month: "2-digit" })
    .format(now)
    .split("-")
    .map(Number) as [number, number];
  return now.getTime() <= sydneyMidnight(year, month, 1).getTime() + 28 * 86_400_000;
}

async function seedLastMonth(request: APIRequestContext, email: string, sessions: number) {
  const coach = `(SELECT id FROM users WHERE email = '${email}')`;
  const at = lastMonthMidpoint();
  const statements = [
    `INSERT INTO coach_profiles (coach_id, legal_name, abn, gst_registered, abn_confirmed_at, rcti_agreement_accepted_at, rcti_agreement_expires_at, onboarding_completed_at)
     VALUES (${coach}, 'Casey Coach Consulting Pty Ltd', '51824753556', 1, '${at}', '${at}', '2099-01-01T00:00:00.000Z', '${at}');`,
  ];
  for (let n = 1; n <= sessions; n++) {
    const id = crypto.randomUUID();
    const line = lineAmounts(15_000, shareRateFor(n));
    statements.push(
      `INSERT INTO bookings (id, reference, coach_id, booking_type_id, starts_at, ends_at, status, name, email, client_time_zone, payment_method, price_cents)
       SELECT '${id}', 'CA-E${id.slice(0, 5).toUpperCase()}', ${coach}, id, '${at}', '${at}', 'completed', 'Jordan Client', 'jordan@example.com.au', 'Australia/Sydney', 'card', 15000
       FROM booking_types WHERE kind = 'session' ORDER BY sort_order LIMIT 1;`,
      `INSERT INTO coach_earnings (id, coach_id, booking_id, kind, occurred_at, gross_cents, gst_cents, fee_cents, share_cents, share_rate_bp, session_ordinal)
       VALUES ('${crypto.randomUUID()}', ${coach}, '${id}', 'session', '${at}', ${line.grossCents}, ${line.gstCents}, ${line.feeCents}, ${line.shareCents}, ${shareRateFor(n)}, ${n});`,
    );
  }
  await runSql(request, statements);
}

test("a coach opens last month's statement on a phone (an RCTI within the ATO's 28 days): issued by the cron, readable at 390 px, accessible", async ({
  page,
  login,
}) => {
  const rcti = rctiStillAllowed();
  const title = rcti ? "Recipient created tax invoice" : "Payment statement";
  await page.setViewportSize(PHONE);
  const coach = await login({ firstName: "Casey", lastName: "Coach", roles: ["coach"] });
  await seedLastMonth(page.request, coach.email, 3);
  const cron = await page.request.get("/__scheduled?cron=0+16+*+*+*");
  expect(cron.status()).toBe(200);

  // The queue issues it: reload the earnings page until the statement is listed.
  const statementLink = page.getByRole("link", { name: new RegExp(`${title} CS-`, "i") });
  await expect(async () => {
    await page.goto("/coach/earnings");
    await expect(statementLink).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });

  await statementLink.click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await gotoHydrated(page, new URL(page.url()).pathname);
  const statement = page.getByRole("article", { name: title });
  if (rcti) await expect(statement.getByText("The GST shown is payable by the supplier.")).toBeVisible();
  else await expect(statement.getByText(/This payment statement is not a tax invoice\./)).toBeVisible();
  await expect(statement.getByText("Casey Coach Consulting Pty Ltd")).toBeVisible();
  await expect(statement.getByText("ABN 51 824 753 556")).toBeVisible();
  await expect(statement.getByText("ABN 52 674 318 905")).toBeVisible();
  // 3 × A$115.91 at 85%, and (on an RCTI) GST of A$11.59 on each.
  await expect(statement.getByText("A$347.73", { exact: true }).first()).toBeVisible();
  await expect(statement.getByText("A$382.50", { exact: true })).toHaveCount(rcti ? 1 : 0);
  // The page never scrolls sideways: the wide table scrolls inside its own region.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expect(page.getByRole("region", { name: /Statement lines for/ })).toBeVisible();
  await expect(page.getByRole("link", { name: "Download PDF" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
