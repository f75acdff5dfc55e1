import { env } from "cloudflare:workers";
import { expect, inject, test } from "vitest";
import { adminNavCounts } from "~/admin/nav-counts.server";
import { generateSecret, generateTotp } from "~/auth/totp";
import { sweepCoachPayouts } from "~/coach-network/payouts.server";
import { createDb } from "~/db/client.server";
import { createSignedInCoach } from "../../factories/coaches";
import { createStatement, payoutRowOf, setAbn } from "../../factories/payouts";
import { createSignedInUser, createUser, webSession } from "../../factories/users";
import { contextFor, fetchApp, pageText, testClientIp } from "../app";
import { auditAbout, expectRedirect } from "../booking-portals/helpers";
import { deliverWebhook, eventsAbout, fakeObject, stripeApi, stripeEnv, type FakeEvent } from "../stripe";

// /admin/payouts: coaches' payouts for the admins, and the retry of a failed one — a bank payout the
// bank returned, or a transfer that was reversed — against the Stripe-compatible fake server. A retry
// is a new attempt with keys of its own, made once however often it is asked, behind a fresh
// authenticator code, audited with a diff, and released by the payouts sweep under its usual holds.

async function control(path: string): Promise<{ object: Record<string, unknown> & { id: string }; events: FakeEvent[] }> {
  const response = await fetch(`${inject("fakeStripeUrl")}/_test/${path}`, { method: "POST" });
  if (!response.ok) throw new Error(`fake Stripe ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

function connectEvent(type: string, object: Record<string, unknown>, created: number, account?: string): FakeEvent & { created: number } {
  return { id: `evt_test_${crypto.randomUUID().replaceAll("-", "").slice(0, 20)}`, type, created, ...(account ? { account } : {}), data: { object } };
}

/** A coach whose Express account Stripe has verified and whose ABN is confirmed. */
async function activeCoach(name = `Payee ${crypto.randomUUID().slice(0, 6)}`) {
  const bindings = stripeEnv();
  const coach = await createSignedInCoach({ name });
  const onboard = await fetchApp("/coach/payouts", { form: { intent: "onboard" }, cookie: coach.cookie, bindings });
  expect(onboard.status).toBe(302);
  await control(`account-links/${onboard.headers.get("Location")!.split("/").pop()}/submit?outcome=verified`);
  expect((await fetchApp("/coach/payouts/return", { cookie: coach.cookie, bindings })).status).toBe(302);
  await setAbn(coach.id);
  const account = await env.DB.prepare("SELECT stripe_account_id FROM coach_payout_accounts WHERE coach_id = ?")
    .bind(coach.id)
    .first<string>("stripe_account_id");
  return { coach, bindings, accountId: account! };
}

/** A statement of the coach's paid out (transfer and bank payout made), then returned by the bank: failed. */
async function failedBankPayout(totalCents = 25_000) {
  const setup = await activeCoach();
  const statement = await createStatement(setup.coach.id, { totalCents });
  await sweepCoachPayouts(contextFor(setup.bindings), { coachId: setup.coach.id });
  const sent = (await payoutRowOf(statement.id))!;
  const returned = await control(`payouts/${sent.stripe_payout_id}/failed`);
  expect((await deliverWebhook(returned.events[0]!)).status).toBe(200);
  expect(await payoutRowOf(statement.id)).toMatchObject({
    status: "failed",
    failure_message: "Your bank returned the payout: The bank account has been closed.",
  });
  return { ...setup, statement, sent };
}

async function admin() {
  return createSignedInUser({ roles: ["admin"] });
}

const retry = (payoutId: string, cookie: string, fields: Record<string, string> = {}, ip?: string) =>
  fetchApp(`/admin/payouts/${payoutId}`, { form: { intent: "retry", confirmed: "yes", ...fields }, cookie, bindings: stripeEnv(), ...(ip ? { ip } : {}) });

test("the list shows each payout's coach, statement, amount, status and why; failed first; filtered, searched; counted in the navigation and linked from the overview", async () => {
  const { cookie } = await admin();
  const tag = crypto.randomUUID().slice(0, 6);
  const coach = await createSignedInCoach({ name: `Listed ${tag}` });
  const rows: Record<string, string> = {};
  for (const [status, extra] of [
    ["paid", {}],
    ["held", { held_reason: "abn_unconfirmed" }],
    ["failed", { failure_message: "Your bank returned the payout: The bank account has been closed." }],
  ] as const) {
    const statement = await createStatement(coach.id, { totalCents: 12_345 });
    const id = crypto.randomUUID();
    await env.DB.prepare(
      "INSERT INTO coach_payouts (id, statement_id, coach_id, amount_cents, status, held_reason, failure_message, idempotency_key) VALUES (?, ?, ?, 12345, ?, ?, ?, ?)",
    )
      .bind(
        id,
        statement.id,
        coach.id,
        status,
        "held_reason" in extra ? extra.held_reason : null,
        "failure_message" in extra ? extra.failure_message : null,
        `k:${id}`,
      )
      .run();
    rows[status] = statement.number;
  }
  const list = async (search: string) => {
    const response = await fetchApp(`/admin/payouts?${search}`, { cookie });
    expect(response.status, search).toBe(200);
    return pageText(response);
  };
  const mine = await list(`q=${tag}`);
  expect(mine).toContain("Showing 1–3 of 3 matching");
  // Failed first, then held, then paid.
  const order = [rows.failed!, rows.held!, rows.paid!].map((number) => mine.indexOf(number));
  expect(order.every((at) => at > 0)).toBe(true);
  expect([...order].sort((a, b) => a - b)).toEqual(order);
  expect(mine).toContain(`href="/admin/coaches/${coach.id}"`);
  expect(mine).toContain("A$123.45");
  expect(mine).toContain("Failed");
  expect(mine).toContain("Your bank returned the payout: The bank account has been closed.");
  expect(mine).toContain("Held until your ABN is confirmed.");
  // Filtered by status; searched by email and by statement number.
  const failedOnly = await list(`q=${tag}&status=failed`);
  expect(failedOnly).toContain(rows.failed);
  expect(failedOnly).not.toContain(rows.paid);
  expect(await list(`q=${encodeURIComponent(coach.email)}`)).toContain(rows.held);
  const byNumber = await list(`q=${rows.paid}`);
  expect(byNumber).toContain(rows.paid);
  expect(byNumber).not.toContain(rows.failed);
  // Anything edited into the address falls back instead of failing.
  for (const search of ["status=nope", "sort=password&dir=up", "page=-4"]) await list(search);

  // The navigation counts the failed ones; the overview's card leads to them.
  const counts = await adminNavCounts(createDb(env.DB));
  expect(counts.failedPayouts).toBe(await env.DB.prepare("SELECT count(*) AS n FROM coach_payouts WHERE status = 'failed'").first<number>("n"));
  expect(mine).toMatch(new RegExp(`href="/admin/payouts"[^>]*>.*?data-count="failedPayouts">${counts.failedPayouts}<`));
  const overview = await pageText(await fetchApp("/admin", { cookie }));
  expect(overview).toContain('href="/admin/payouts?status=failed"');
});

test("a bank payout the bank returned is retried: a new Stripe payout with the retry's key, on its way, then paid; the old payout's events change nothing; audited with a diff", async () => {
  const { coach, bindings, statement, sent, accountId } = await failedBankPayout(25_000);
  const staff = await admin();
  const page = await pageText(await fetchApp(`/admin/payouts/${sent.id}`, { cookie: staff.cookie, bindings }));
  expect(page).toContain(`Sends A$250.00 to ${coach.name}'s bank account again through Stripe`);
  expect(page).toContain(sent.stripe_payout_id);

  expectRedirect(await retry(sent.id, staff.cookie), `/admin/payouts/${sent.id}`);
  const row = (await payoutRowOf(statement.id))!;
  expect(row).toMatchObject({ status: "pending", stripe_transfer_id: sent.stripe_transfer_id, failure_message: null, attempt: 1 });
  expect(row.stripe_payout_id).toMatch(/^po_/);
  expect(row.stripe_payout_id).not.toBe(sent.stripe_payout_id);
  // Made with the retry's own idempotency key (the first key would answer the returned payout for 24 hours).
  expect(await fakeObject(`idem_coach-statement-payout:${statement.id}:retry-1`)).toMatchObject({ response: { id: row.stripe_payout_id } });
  expect(await fakeObject(row.stripe_payout_id!)).toMatchObject({
    amount: 25_000,
    account: accountId,
    metadata: { statement_id: statement.id, attempt: "1" },
  });
  // The one transfer stays: no second one.
  expect((await stripeApi("GET", `/v1/transfers?transfer_group=${statement.id}`)).body.data).toHaveLength(1);

  // Late events about the returned payout, even newer ones, don't touch the row.
  const later = Math.floor(Date.now() / 1000) + 120;
  for (const event of await eventsAbout(sent.stripe_payout_id!)) {
    expect((await deliverWebhook(connectEvent(event.type, event.data.object, later, accountId))).status).toBe(200);
  }
  expect(await payoutRowOf(statement.id)).toMatchObject({ status: "pending", stripe_payout_id: row.stripe_payout_id, attempt: 1 });

  // The bank takes the new one: paid.
  const paid = await control(`payouts/${row.stripe_payout_id}/paid`);
  expect((await deliverWebhook(connectEvent("payout.paid", paid.events[0]!.data.object, later + 1, accountId))).status).toBe(200);
  expect(await payoutRowOf(statement.id)).toMatchObject({ status: "paid", stripe_payout_id: row.stripe_payout_id });

  const [entry, ...more] = await auditAbout(sent.id);
  expect(more).toEqual([]);
  expect(entry).toMatchObject({
    action: "coach_payout_retried",
    actorId: staff.id,
    detail: {
      targetType: "coach_payout",
      changes: {
        status: { from: "failed", to: "pending" },
        attempt: { from: 0, to: 1 },
        stripePayoutId: { from: sent.stripe_payout_id, to: null },
        failureMessage: { from: "Your bank returned the payout: The bank account has been closed.", to: null },
      },
    },
  });

  // A paid payout is not retried: 409 with a message, nothing changes, nothing audited.
  const refused = await retry(sent.id, staff.cookie);
  expect(refused.status).toBe(409);
  expect(await pageText(refused)).toContain("Only a failed payout can be retried. This one is paid.");
  expect(await payoutRowOf(statement.id)).toMatchObject({ status: "paid", attempt: 1, stripe_payout_id: row.stripe_payout_id });
  expect(await auditAbout(sent.id)).toHaveLength(1);
});

test("a reversed transfer is retried with a new transfer, held while the ABN is unconfirmed; a late event about the reversed transfer doesn't fill it back in", async () => {
  const { coach, bindings, accountId } = await activeCoach();
  const statement = await createStatement(coach.id, { totalCents: 18_000 });
  await sweepCoachPayouts(contextFor(bindings), { coachId: coach.id });
  const sent = (await payoutRowOf(statement.id))!;
  // Someone at the business reverses the transfer in Stripe: transfer.reversed fails the payout.
  expect((await stripeApi("POST", `/v1/transfers/${sent.stripe_transfer_id}/reversals`)).status).toBe(200);
  const reversed = (await eventsAbout(sent.stripe_transfer_id!)).find((e) => e.type === "transfer.reversed")!;
  expect((await deliverWebhook(reversed)).status).toBe(200);
  expect(await payoutRowOf(statement.id)).toMatchObject({ status: "failed", failure_message: "The transfer to your Stripe account was reversed." });

  // Retried while the coach's ABN is unconfirmed: held, with the reason, and nothing sent.
  await setAbn(coach.id, { confirmed: false });
  const staff = await admin();
  expectRedirect(await retry(sent.id, staff.cookie), `/admin/payouts/${sent.id}`);
  expect(await payoutRowOf(statement.id)).toMatchObject({
    status: "held",
    held_reason: "abn_unconfirmed",
    stripe_transfer_id: null,
    stripe_payout_id: null,
    attempt: 1,
    idempotency_key: `coach-statement-transfer:${statement.id}:retry-1`,
  });
  expect(await pageText(await fetchApp(`/admin/payouts/${sent.id}`, { cookie: staff.cookie, bindings }))).toContain("Held until your ABN is confirmed.");

  // Events about the reversed transfer and the first payout, arriving late, leave the row as it is.
  const later = Math.floor(Date.now() / 1000) + 120;
  for (const event of [...(await eventsAbout(sent.stripe_transfer_id!)), ...(await eventsAbout(sent.stripe_payout_id!))]) {
    expect((await deliverWebhook(connectEvent(event.type, event.data.object, later, event.type.startsWith("payout.") ? accountId : undefined))).status).toBe(
      200,
    );
  }
  expect(await payoutRowOf(statement.id)).toMatchObject({ status: "held", stripe_transfer_id: null, stripe_payout_id: null });

  // The ABN confirmed, the sweep makes a new transfer (not the reversed one) and its payout.
  await setAbn(coach.id);
  await sweepCoachPayouts(contextFor(bindings), { coachId: coach.id });
  const row = (await payoutRowOf(statement.id))!;
  expect(row).toMatchObject({ status: "pending", held_reason: null });
  expect(row.stripe_transfer_id).toMatch(/^tr_/);
  expect(row.stripe_transfer_id).not.toBe(sent.stripe_transfer_id);
  expect(row.stripe_payout_id).not.toBe(sent.stripe_payout_id);
  expect(await fakeObject(`idem_coach-statement-transfer:${statement.id}:retry-1`)).toMatchObject({ response: { id: row.stripe_transfer_id } });
  const transfers = (await stripeApi("GET", `/v1/transfers?transfer_group=${statement.id}`)).body.data as { id: string; reversed: boolean }[];
  expect(transfers.map((t) => [t.id, t.reversed]).sort()).toEqual(
    [
      [sent.stripe_transfer_id, true],
      [row.stripe_transfer_id, false],
    ].sort(),
  );
});

test("a returned payout retried while the coach's payout account is restricted stays held with the reason, and goes once it is active", async () => {
  const { coach, bindings, statement, sent, accountId } = await failedBankPayout(9_000);
  await control(`accounts/${accountId}/restrict`);
  await fetchApp("/coach/payouts/return", { cookie: coach.cookie, bindings });
  const staff = await admin();
  expectRedirect(await retry(sent.id, staff.cookie), `/admin/payouts/${sent.id}`);
  expect(await payoutRowOf(statement.id)).toMatchObject({
    status: "held",
    held_reason: "account_not_active",
    stripe_transfer_id: sent.stripe_transfer_id,
    stripe_payout_id: null,
    attempt: 1,
  });
  expect(await fakeObject(`idem_coach-statement-payout:${statement.id}:retry-1`)).toBeNull();
  await control(`accounts/${accountId}/verify`);
  await fetchApp("/coach/payouts/return", { cookie: coach.cookie, bindings });
  await sweepCoachPayouts(contextFor(bindings), { coachId: coach.id });
  const row = (await payoutRowOf(statement.id))!;
  expect(row).toMatchObject({ status: "pending", held_reason: null, stripe_transfer_id: sent.stripe_transfer_id });
  expect(row.stripe_payout_id).toMatch(/^po_/);
  expect(row.stripe_payout_id).not.toBe(sent.stripe_payout_id);
});

test("two admins retrying at once make one retry", async () => {
  const { statement, sent } = await failedBankPayout(3_000);
  const [first, second] = await Promise.all([admin(), admin()]);
  const answers = await Promise.all([retry(sent.id, first.cookie), retry(sent.id, second.cookie)]);
  expect(answers.map((r) => r.status).sort()).toEqual([302, 409]);
  expect(await payoutRowOf(statement.id)).toMatchObject({ status: "pending", attempt: 1 });
  expect(await auditAbout(sent.id)).toHaveLength(1);
  expect(await fakeObject(`idem_coach-statement-payout:${statement.id}:retry-2`)).toBeNull();
});

test("step-up: with an authenticator app and a stale code, no code is 400 and a wrong one 422, changing nothing; the right one retries", async () => {
  const { statement, sent } = await failedBankPayout(4_400);
  const ip = testClientIp();
  const user = await createUser({ roles: ["admin"] });
  const cookie = await webSession(user, { ip });
  const secret = generateSecret();
  await env.DB.prepare(
    "INSERT INTO mfa_factors (id, user_id, friendly_name, factor_type, status, secret) VALUES (?, ?, 'Authenticator app', 'totp', 'verified', ?)",
  )
    .bind(crypto.randomUUID(), user.id, secret)
    .run();
  const now = Math.floor(Date.now() / 1000);
  await env.DB.prepare("UPDATE auth_sessions SET aal = 'aal2', amr = ? WHERE user_id = ?")
    .bind(
      JSON.stringify([
        { method: "password", timestamp: now - 3600 },
        { method: "totp", timestamp: now - 11 * 60 },
      ]),
      user.id,
    )
    .run();
  expect(await pageText(await fetchApp(`/admin/payouts/${sent.id}`, { cookie, ip, bindings: stripeEnv() }))).toContain('name="stepUpCode"');

  const missing = await retry(sent.id, cookie, {}, ip);
  expect(missing.status).toBe(400);
  expect(await pageText(missing)).toContain("Enter the 6-digit code from your authenticator app to confirm this.");
  const wrongCode = (await generateTotp(secret)) === "000000" ? "111111" : "000000";
  const wrong = await retry(sent.id, cookie, { stepUpCode: wrongCode }, ip);
  expect(wrong.status).toBe(422);
  expect(await pageText(wrong)).toMatch(/id="retry-step-up"[^>]*aria-invalid="true"/);
  expect(await payoutRowOf(statement.id)).toMatchObject({ status: "failed", attempt: 0, stripe_payout_id: sent.stripe_payout_id });
  expect(await auditAbout(sent.id)).toEqual([]);

  expectRedirect(await retry(sent.id, cookie, { stepUpCode: await generateTotp(secret) }, ip), `/admin/payouts/${sent.id}`);
  expect(await payoutRowOf(statement.id)).toMatchObject({ status: "pending", attempt: 1 });
});

test("only admins see the payouts or retry one; an unknown intent or payout is refused", async () => {
  const { statement, sent, coach } = await failedBankPayout(2_000);
  const client = await createSignedInUser({ roles: ["client"] });
  for (const cookie of [client.cookie, coach.cookie]) {
    expect((await fetchApp("/admin/payouts", { cookie })).status).toBe(302);
    const refused = await retry(sent.id, cookie);
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toBe("/");
  }
  const staff = await admin();
  const unknown = await fetchApp(`/admin/payouts/${sent.id}`, { form: { intent: "pay-twice" }, cookie: staff.cookie, bindings: stripeEnv() });
  expect(unknown.status).toBe(400);
  expect((await retry("no-such-payout", staff.cookie)).status).toBe(404);
  expect((await fetchApp("/admin/payouts/no-such-payout", { cookie: staff.cookie })).status).toBe(404);
  expect(await payoutRowOf(statement.id)).toMatchObject({ status: "failed", attempt: 0 });
  expect(await auditAbout(sent.id)).toEqual([]);
});
