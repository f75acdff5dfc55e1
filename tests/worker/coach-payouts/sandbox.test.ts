import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { payoutAccountState } from "~/coach-network/payout-accounts.server";
import { sweepCoachPayouts } from "~/coach-network/payouts.server";
import { createDb } from "~/db/client.server";
import { createSignedInCoach } from "../../factories/coaches";
import { createStatement, payoutAccountRowOf, payoutRowOf, setAbn } from "../../factories/payouts";
import { contextFor, countRows, fetchApp, pageText } from "../app";

// The local payments sandbox plays Stripe Connect: Express accounts, account links to its own
// onboarding form under /payments-sandbox, transfers and payouts, and their events delivered
// in-process through the same webhook code as Stripe's.

const SITE_ORIGIN = "http://localhost:8787";

async function onboardingCoach() {
  const coach = await createSignedInCoach();
  const response = await fetchApp("/coach/payouts", { form: { intent: "onboard" }, cookie: coach.cookie });
  expect(response.status).toBe(302);
  const link = new URL(response.headers.get("Location")!);
  expect(link.origin).toBe(SITE_ORIGIN);
  expect(link.pathname).toMatch(/^\/payments-sandbox\/connect\/acctlink_/);
  return { coach, path: link.pathname };
}

const VALID = { intent: "submit", legalName: "Jordan Coach", bsb: "000-000", accountNumber: "000123456", outcome: "verified" };

test("the sandbox's onboarding form is the coach's own: another coach gets 404, a visitor is sent to sign in", async () => {
  const { coach, path } = await onboardingCoach();
  const page = await fetchApp(path, { cookie: coach.cookie });
  expect(page.status).toBe(200);
  const html = await pageText(page);
  expect(html).toContain("Local payments sandbox");
  expect(html).toContain("Set up your payout account");
  const other = await createSignedInCoach();
  expect((await fetchApp(path, { cookie: other.cookie })).status).toBe(404);
  expect((await fetchApp(path, { form: VALID, cookie: other.cookie })).status).toBe(404);
  const visitor = await fetchApp(path);
  expect(visitor.status).toBe(302);
  expect(visitor.headers.get("Location")).toMatch(/^\/auth/);
  expect(await payoutAccountState(createDb(env.DB), coach.id)).toBe("details_needed");
});

test("bad details are refused with field errors and nothing changes; good ones make the account active through the webhook code", async () => {
  const { coach, path } = await onboardingCoach();
  const refused = await fetchApp(path, { form: { ...VALID, bsb: "12", accountNumber: "abc" }, cookie: coach.cookie });
  expect(refused.status).toBe(400);
  const text = await pageText(refused);
  expect(text).toContain("Enter a BSB of 6 digits");
  expect(text).toContain("Enter an account number of 5 to 9 digits");
  expect(await payoutAccountState(createDb(env.DB), coach.id)).toBe("details_needed");

  const submitted = await fetchApp(path, { form: VALID, cookie: coach.cookie });
  expect(submitted.status).toBe(302);
  expect(submitted.headers.get("Location")).toBe(`${SITE_ORIGIN}/coach/payouts/return`);
  // account.updated reached the webhook code before the coach came back.
  const account = (await payoutAccountRowOf(coach.id))!;
  expect(account).toMatchObject({ state: "active", details_submitted: 1, payouts_enabled: 1 });
  expect(await countRows("stripe_events", "type = 'account.updated'")).toBeGreaterThan(0);
  // The link is used up: following it again goes to refresh_url, which mints a new one.
  const again = await fetchApp(path, { cookie: coach.cookie });
  expect(again.headers.get("Location")).toBe(`${SITE_ORIGIN}/coach/payouts/refresh`);
  const back = await fetchApp("/coach/payouts/return", { cookie: coach.cookie });
  expect(back.headers.get("Location")).toBe("/coach/payouts");
  expect(await pageText(await fetchApp("/coach/payouts", { cookie: coach.cookie }))).toContain("Your payout account is active.");
});

test("finishing later leaves the details needed; still checking leaves the account pending verification", async () => {
  const later = await onboardingCoach();
  const left = await fetchApp(later.path, { form: { intent: "later" }, cookie: later.coach.cookie });
  expect(left.headers.get("Location")).toBe(`${SITE_ORIGIN}/coach/payouts/return`);
  await fetchApp("/coach/payouts/return", { cookie: later.coach.cookie });
  expect(await payoutAccountState(createDb(env.DB), later.coach.id)).toBe("details_needed");

  const pending = await onboardingCoach();
  await fetchApp(pending.path, { form: { ...VALID, outcome: "pending" }, cookie: pending.coach.cookie });
  expect(await payoutAccountState(createDb(env.DB), pending.coach.id)).toBe("pending_verification");
});

test("a held statement is paid as soon as the account becomes active: the transfer and payout events reach the webhook code", async () => {
  const { coach, path } = await onboardingCoach();
  await setAbn(coach.id);
  const statement = await createStatement(coach.id, { totalCents: 18_450 });
  await sweepCoachPayouts(contextFor(env), { coachId: coach.id });
  expect(await payoutRowOf(statement.id)).toMatchObject({ status: "held", held_reason: "account_not_active" });
  // account.updated makes the account active, and the sweep it queues for this coach releases the payout.
  await fetchApp(path, { form: VALID, cookie: coach.cookie });
  await expect.poll(async () => (await payoutRowOf(statement.id))?.status, { timeout: 10_000 }).toBe("paid");
  const row = (await payoutRowOf(statement.id))!;
  expect(row).toMatchObject({ status: "paid", held_reason: null });
  expect(row.stripe_transfer_id).toMatch(/^tr_/);
  expect(row.stripe_payout_id).toMatch(/^po_/);
  for (const type of ["transfer.created", "payout.created", "payout.paid"]) {
    expect(
      await countRows(
        "payments_sandbox_objects",
        "object = 'event' AND json_extract(data, '$.type') = ? AND json_extract(data, '$.data.object.id') IN (?, ?)",
        type,
        row.stripe_transfer_id,
        row.stripe_payout_id,
      ),
      type,
    ).toBe(1);
  }
  const page = await pageText(await fetchApp("/coach/payouts", { cookie: coach.cookie }));
  expect(page).toContain(statement.number);
  expect(page).toContain("A$184.50");
  expect(page).toContain("Paid");
  // Another sweep changes nothing.
  expect(await sweepCoachPayouts(contextFor(env), { coachId: coach.id })).toMatchObject({ released: 0, created: 0 });
});

test("confirming the ABN releases the coach's held payouts at once, without waiting for the cron", async () => {
  const { coach, path } = await onboardingCoach();
  await setAbn(coach.id, { confirmed: false });
  await fetchApp(path, { form: VALID, cookie: coach.cookie });
  await expect.poll(() => payoutAccountState(createDb(env.DB), coach.id), { timeout: 10_000 }).toBe("active");
  const statement = await createStatement(coach.id, { totalCents: 9_900 });
  await sweepCoachPayouts(contextFor(env), { coachId: coach.id });
  expect(await payoutRowOf(statement.id)).toMatchObject({ status: "held", held_reason: "abn_unconfirmed" });

  const confirmed = await fetchApp("/coach/profile", {
    cookie: coach.cookie,
    form: { intent: "confirm-abn", legalName: "Jordan Coach", abn: "51 824 753 556", gstRegistered: "no", confirm: "on" },
  });
  expect(confirmed.status).toBe(302);
  expect(confirmed.headers.get("Location")).toBe("/coach/profile#tax-details");
  // Released by the time the page answers: no poll, no cron.
  const row = (await payoutRowOf(statement.id))!;
  expect(["pending", "paid"]).toContain(row.status);
  expect(row.held_reason).toBeNull();
  expect(row.stripe_transfer_id).toMatch(/^tr_/);
});
