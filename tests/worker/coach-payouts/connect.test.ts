import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { inject } from "vitest";
import { payoutAccountState } from "~/coach-network/payout-accounts.server";
import { sweepCoachPayouts } from "~/coach-network/payouts.server";
import { createDb } from "~/db/client.server";
import { createSignedInCoach } from "../../factories/coaches";
import { createStatement, payoutAccountRowOf, payoutRowOf, setAbn } from "../../factories/payouts";
import { createUser, webSession } from "../../factories/users";
import { contextFor, countRows, fetchApp, pageText } from "../app";
import { deliverWebhook, eventsAbout, fakeObject, stripeApi, stripeEnv, type FakeEvent } from "../stripe";

// Coaches' payouts through Stripe Connect, against the Stripe-compatible fake server: Express
// onboarding with account links, the refresh and return routes, account.updated, transfers and
// payouts applied once and in any order, a transfer per statement made once, held without an ABN.

async function control(path: string): Promise<{ object: Record<string, unknown> & { id: string }; events: FakeEvent[] }> {
  const response = await fetch(`${inject("fakeStripeUrl")}/_test/${path}`, { method: "POST" });
  if (!response.ok) throw new Error(`fake Stripe ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

const linkIdOf = (url: string) => url.split("/").pop()!;

/** A signed-in coach who pressed "Set up payouts": their Express account exists at Stripe; answers the link Stripe's form is at. */
async function coachWithAccount() {
  const bindings = stripeEnv();
  const coach = await createSignedInCoach();
  // The factory's coach has a confirmed ABN: these start from an ABN given but not yet confirmed.
  await setAbn(coach.id, { confirmed: false });
  const response = await fetchApp("/coach/payouts", { form: { intent: "onboard" }, cookie: coach.cookie, bindings });
  expect(response.status).toBe(302);
  const link = response.headers.get("Location")!;
  const row = (await payoutAccountRowOf(coach.id))!;
  return { coach, bindings, link, accountId: row.stripe_account_id };
}

/** A coach whose account Stripe has verified (and the site has read back). */
async function activeCoach({ abn = true } = {}) {
  const setup = await coachWithAccount();
  await control(`account-links/${linkIdOf(setup.link)}/submit?outcome=verified`);
  expect((await fetchApp("/coach/payouts/return", { cookie: setup.coach.cookie, bindings: setup.bindings })).status).toBe(302);
  if (abn) await setAbn(setup.coach.id);
  return setup;
}

function connectEvent(type: string, object: Record<string, unknown>, created: number, account?: string): FakeEvent & { created: number } {
  return { id: `evt_test_${crypto.randomUUID().replaceAll("-", "").slice(0, 20)}`, type, created, ...(account ? { account } : {}), data: { object } };
}

test("setting up payouts makes an Express account in Australia paying in AUD and sends the coach to Stripe's form; the state is 'details needed'", async () => {
  const { coach, bindings, link, accountId } = await coachWithAccount();
  expect(link).toMatch(new RegExp(`^${inject("fakeStripeUrl")}/hosted/connect/acctlink_`));
  const account = await fakeObject(accountId);
  expect(account).toMatchObject({ object: "account", type: "express", country: "AU", metadata: { coach_id: coach.id }, email: coach.email });
  expect(account.capabilities).toEqual({ transfers: "inactive" });
  expect(await payoutAccountState(createDb(env.DB), coach.id)).toBe("details_needed");
  const link2 = await fakeObject(linkIdOf(link));
  expect(link2).toMatchObject({
    type: "account_onboarding",
    refresh_url: "http://localhost:8787/coach/payouts/refresh",
    return_url: "http://localhost:8787/coach/payouts/return",
  });
  // Pressing it again continues with the same account, through a new link.
  const again = await fetchApp("/coach/payouts", { form: { intent: "onboard" }, cookie: coach.cookie, bindings });
  expect(again.status).toBe(302);
  expect(again.headers.get("Location")).not.toBe(link);
  expect((await payoutAccountRowOf(coach.id))!.stripe_account_id).toBe(accountId);
  const page = await pageText(await fetchApp("/coach/payouts", { cookie: coach.cookie, bindings }));
  expect(page).toContain("Details needed");
  expect(page).toContain("Continue setting up payouts");
  expect(page).toContain("Payouts are held until your ABN is confirmed, so we never have to withhold 47%");
});

test("a coach who has not started sees 'Not started'; an unknown intent is refused with 400 and makes no account", async () => {
  const bindings = stripeEnv();
  const coach = await createSignedInCoach();
  const page = await pageText(await fetchApp("/coach/payouts", { cookie: coach.cookie, bindings }));
  expect(page).toContain("Not started");
  expect(page).toContain("Set up payouts with Stripe");
  expect(page).toContain("No payouts yet");
  const refused = await fetchApp("/coach/payouts", { form: { intent: "delete-everything" }, cookie: coach.cookie, bindings });
  expect(refused.status).toBe(400);
  expect(await countRows("coach_payout_accounts", "coach_id = ?", coach.id)).toBe(0);
  // The refresh route has nothing to refresh yet: back to the page.
  const refresh = await fetchApp("/coach/payouts/refresh", { cookie: coach.cookie, bindings });
  expect(refresh.headers.get("Location")).toBe("/coach/payouts");
});

test("refresh_url mints a fresh account link for the same account, and a used link sends the coach there", async () => {
  const { coach, bindings, link, accountId } = await coachWithAccount();
  // The coach saves and leaves: the link is used up; following it again goes to refresh_url, as at Stripe.
  const later = await control(`account-links/${linkIdOf(link)}/submit?outcome=incomplete`);
  expect(later.object.url).toBe("http://localhost:8787/coach/payouts/return");
  const reused = await control(`account-links/${linkIdOf(link)}/submit?outcome=verified`);
  expect(reused.object.url).toBe("http://localhost:8787/coach/payouts/refresh");
  const refresh = await fetchApp("/coach/payouts/refresh", { cookie: coach.cookie, bindings });
  expect(refresh.status).toBe(302);
  const fresh = refresh.headers.get("Location")!;
  expect(fresh).toMatch(/\/hosted\/connect\/acctlink_/);
  expect(fresh).not.toBe(link);
  expect(await fakeObject(linkIdOf(fresh))).toMatchObject({ account: accountId, used: false });
  // Nothing was submitted: still details needed after the return route reads the account.
  await fetchApp("/coach/payouts/return", { cookie: coach.cookie, bindings });
  expect(await payoutAccountState(createDb(env.DB), coach.id)).toBe("details_needed");
});

test("return_url reads the account from Stripe at once: pending verification, then active, with no webhook delivered", async () => {
  const { coach, bindings, link, accountId } = await coachWithAccount();
  const submitted = await control(`account-links/${linkIdOf(link)}/submit?outcome=pending`);
  expect(submitted.events.map((e) => e.type)).toEqual(["account.updated"]);
  const back = await fetchApp("/coach/payouts/return", { cookie: coach.cookie, bindings });
  expect(back.status).toBe(302);
  expect(back.headers.get("Location")).toBe("/coach/payouts");
  expect(await payoutAccountState(createDb(env.DB), coach.id)).toBe("pending_verification");
  expect(await pageText(await fetchApp("/coach/payouts", { cookie: coach.cookie, bindings }))).toContain("Pending verification");

  await control(`accounts/${accountId}/verify`);
  await fetchApp("/coach/payouts/return", { cookie: coach.cookie, bindings });
  expect(await payoutAccountState(createDb(env.DB), coach.id)).toBe("active");
  const page = await pageText(await fetchApp("/coach/payouts", { cookie: coach.cookie, bindings }));
  expect(page).toContain("Active");
  expect(page).not.toContain("Set up payouts with Stripe");
  // None of Stripe's events reached the site: the state came from the reads.
  expect(
    await countRows("stripe_events", "type = 'account.updated' AND id IN (SELECT value FROM json_each(?))", JSON.stringify(submitted.events.map((e) => e.id))),
  ).toBe(0);

  await control(`accounts/${accountId}/restrict`);
  await fetchApp("/coach/payouts/return", { cookie: coach.cookie, bindings });
  expect(await payoutAccountState(createDb(env.DB), coach.id)).toBe("restricted");
  expect(await pageText(await fetchApp("/coach/payouts", { cookie: coach.cookie, bindings }))).toContain("Update your details with Stripe");
});

test("account.updated is applied once, and an older one arriving after a newer one changes nothing", async () => {
  const { coach, accountId, link } = await coachWithAccount();
  const pending = (await control(`account-links/${linkIdOf(link)}/submit?outcome=pending`)).events[0]!;
  const verified = (await control(`accounts/${accountId}/verify`)).events[0]!;
  const now = Math.floor(Date.now() / 1000);
  const older = connectEvent("account.updated", pending.data.object, now + 10, accountId);
  const newer = connectEvent("account.updated", verified.data.object, now + 20, accountId);
  expect((await deliverWebhook(newer)).status).toBe(200);
  expect((await payoutAccountRowOf(coach.id))!.state).toBe("active");
  expect(await (await deliverWebhook(older)).json()).toEqual({ received: true });
  expect((await payoutAccountRowOf(coach.id))!).toMatchObject({ state: "active", last_event_at: now + 20 });
  // The same event again: answered as a duplicate, nothing changes.
  expect(await (await deliverWebhook(newer)).json()).toEqual({ received: true, duplicate: true });
  expect(await countRows("stripe_events", "id = ?", newer.id)).toBe(1);
  // An account that isn't a coach's is recorded and ignored.
  const stranger = connectEvent("account.updated", { ...verified.data.object, id: "acct_someone_else" }, now + 30, "acct_someone_else");
  expect((await deliverWebhook(stranger)).status).toBe(200);
  expect((await payoutAccountRowOf(coach.id))!.last_event_at).toBe(now + 20);
});

test("a statement is paid by one transfer with the statement id as transfer_group, however many sweeps run, and its payout follows", async () => {
  const { coach, bindings, accountId } = await activeCoach();
  const statement = await createStatement(coach.id, { totalCents: 42_017 });
  const context = contextFor(bindings);
  await Promise.all([sweepCoachPayouts(context, { coachId: coach.id }), sweepCoachPayouts(contextFor(bindings), { coachId: coach.id })]);
  await sweepCoachPayouts(context, { coachId: coach.id });
  const transfers = await stripeApi("GET", `/v1/transfers?transfer_group=${statement.id}`);
  const listed = transfers.body.data as Record<string, unknown>[];
  expect(listed).toHaveLength(1);
  expect(listed[0]).toMatchObject({
    amount: 42_017,
    currency: "aud",
    destination: accountId,
    transfer_group: statement.id,
    metadata: { statement_id: statement.id, coach_id: coach.id },
  });
  const row = (await payoutRowOf(statement.id))!;
  expect(row).toMatchObject({
    status: "pending",
    held_reason: null,
    idempotency_key: `coach-statement-transfer:${statement.id}`,
    stripe_transfer_id: listed[0]!.id,
  });
  expect(row.stripe_payout_id).toMatch(/^po_/);
  expect(await fakeObject(row.stripe_payout_id!)).toMatchObject({
    amount: 42_017,
    currency: "aud",
    account: accountId,
    metadata: { statement_id: statement.id },
  });
  // The key is Stripe's guard too: the same request with it makes no second transfer.
  const again = await stripeApi("GET", `/v1/transfers?transfer_group=${statement.id}`);
  expect((again.body.data as unknown[]).length).toBe(1);
});

test("a transfer whose write was lost is found by its group, not made again", async () => {
  const { coach, bindings, accountId } = await activeCoach();
  const statement = await createStatement(coach.id, { totalCents: 5_000 });
  const made = await stripeApi("POST", "/v1/transfers", { amount: "5000", currency: "aud", destination: accountId, transfer_group: statement.id });
  expect(made.status).toBe(200);
  await sweepCoachPayouts(contextFor(bindings), { coachId: coach.id });
  expect((await stripeApi("GET", `/v1/transfers?transfer_group=${statement.id}`)).body.data).toHaveLength(1);
  expect((await payoutRowOf(statement.id))!.stripe_transfer_id).toBe(made.body.id);
});

test("payouts are held without a confirmed ABN and while the account is not active, and released when both are true", async () => {
  const setup = await coachWithAccount();
  const { coach, bindings, link } = setup;
  const statement = await createStatement(coach.id, { totalCents: 30_000 });
  const nothingOwed = await createStatement(coach.id, { totalCents: 0 });
  const context = contextFor(bindings);
  await sweepCoachPayouts(context, { coachId: coach.id });
  expect(await payoutRowOf(statement.id)).toMatchObject({ status: "held", held_reason: "abn_unconfirmed", stripe_transfer_id: null });
  expect(await payoutRowOf(nothingOwed.id)).toBeNull();
  // The ABN confirmed, the account still being set up: held for the account.
  await setAbn(coach.id);
  await sweepCoachPayouts(context, { coachId: coach.id });
  expect(await payoutRowOf(statement.id)).toMatchObject({ status: "held", held_reason: "account_not_active" });
  // Active, but the ABN unconfirmed again (e.g. changed and not yet confirmed): still held, no transfer.
  await control(`account-links/${linkIdOf(link)}/submit?outcome=verified`);
  await fetchApp("/coach/payouts/return", { cookie: coach.cookie, bindings });
  await setAbn(coach.id, { confirmed: false });
  await sweepCoachPayouts(context, { coachId: coach.id });
  expect(await payoutRowOf(statement.id)).toMatchObject({ status: "held", held_reason: "abn_unconfirmed" });
  expect((await stripeApi("GET", `/v1/transfers?transfer_group=${statement.id}`)).body.data).toHaveLength(0);
  const page = await pageText(await fetchApp("/coach/payouts", { cookie: coach.cookie, bindings }));
  expect(page).toContain("Held until your ABN is confirmed.");
  // Both true: released.
  await setAbn(coach.id);
  await sweepCoachPayouts(context, { coachId: coach.id });
  expect(await payoutRowOf(statement.id)).toMatchObject({ status: "pending", held_reason: null });
  expect((await stripeApi("GET", `/v1/transfers?transfer_group=${statement.id}`)).body.data).toHaveLength(1);
});

test("transfer and payout events are applied once and in any order: paid stays paid, a later failure wins", async () => {
  const { coach, bindings, accountId } = await activeCoach();
  const statement = await createStatement(coach.id, { totalCents: 9_900 });
  await sweepCoachPayouts(contextFor(bindings), { coachId: coach.id });
  const row = (await payoutRowOf(statement.id))!;
  const paid = await control(`payouts/${row.stripe_payout_id}/paid`);
  const [transferCreated] = await eventsAbout(row.stripe_transfer_id!);
  const [payoutCreated] = await eventsAbout(row.stripe_payout_id!);
  expect(transferCreated!.type).toBe("transfer.created");
  expect(payoutCreated).toMatchObject({ type: "payout.created", account: accountId });
  const paidEvent = paid.events[0]!;
  expect(paidEvent).toMatchObject({ type: "payout.paid", account: accountId });
  // Newest first, then the older ones, each twice.
  for (const event of [paidEvent, payoutCreated!, transferCreated!, paidEvent, transferCreated!]) expect((await deliverWebhook(event)).status).toBe(200);
  expect(await payoutRowOf(statement.id)).toMatchObject({ status: "paid", stripe_payout_id: row.stripe_payout_id, stripe_transfer_id: row.stripe_transfer_id });
  expect((await payoutRowOf(statement.id))!.paid_at).not.toBeNull();
  expect(await pageText(await fetchApp("/coach/payouts", { cookie: coach.cookie, bindings }))).toContain("Paid into your bank account on");
  // The bank returns it later: failed, with the reason.
  const failed = await control(`payouts/${row.stripe_payout_id}/failed`);
  const later = { ...failed.events[0]!, created: Math.floor(Date.now() / 1000) + 60 };
  expect((await deliverWebhook(later)).status).toBe(200);
  expect(await payoutRowOf(statement.id)).toMatchObject({
    status: "failed",
    failure_message: "Your bank returned the payout: The bank account has been closed.",
  });
  // The paid event redelivered after the failure changes nothing.
  expect(await (await deliverWebhook(paidEvent)).json()).toEqual({ received: true, duplicate: true });
  expect((await payoutRowOf(statement.id))!.status).toBe("failed");
});

test("a payout event from another account, or naming another coach's statement, changes nothing", async () => {
  const mine = await activeCoach();
  const theirs = await activeCoach();
  const statement = await createStatement(mine.coach.id, { totalCents: 1_000 });
  await sweepCoachPayouts(contextFor(mine.bindings), { coachId: mine.coach.id });
  const row = (await payoutRowOf(statement.id))!;
  const now = Math.floor(Date.now() / 1000) + 100;
  const forged = connectEvent(
    "payout.failed",
    { id: row.stripe_payout_id, object: "payout", status: "failed", metadata: { statement_id: statement.id } },
    now,
    theirs.accountId,
  );
  expect((await deliverWebhook(forged)).status).toBe(200);
  expect((await payoutRowOf(statement.id))!.status).toBe("pending");
  const reversedElsewhere = connectEvent(
    "transfer.reversed",
    {
      id: row.stripe_transfer_id,
      object: "transfer",
      amount: 1_000,
      amount_reversed: 1_000,
      reversed: true,
      destination: theirs.accountId,
      transfer_group: statement.id,
      created: now,
    },
    now,
  );
  expect((await deliverWebhook(reversedElsewhere)).status).toBe(200);
  expect((await payoutRowOf(statement.id))!.status).toBe("pending");
  // The real reversal, to the coach's own account, fails it.
  const reversed = connectEvent("transfer.reversed", { ...reversedElsewhere.data.object, destination: mine.accountId }, now + 1);
  expect((await deliverWebhook(reversed)).status).toBe(200);
  expect(await payoutRowOf(statement.id)).toMatchObject({ status: "failed", failure_message: "The transfer to your Stripe account was reversed." });
});

test("a coach sees only their own payouts: another coach's payout is not found", async () => {
  const mine = await activeCoach();
  const statement = await createStatement(mine.coach.id, { totalCents: 7_700 });
  await sweepCoachPayouts(contextFor(mine.bindings), { coachId: mine.coach.id });
  const row = (await payoutRowOf(statement.id))!;
  const own = await fetchApp(`/coach/payouts/${row.id}`, { cookie: mine.coach.cookie, bindings: mine.bindings });
  expect(own.status).toBe(200);
  const ownText = await pageText(own);
  expect(ownText).toContain(statement.number);
  expect(ownText).toContain("$77.00");
  const other = await createSignedInCoach();
  expect((await fetchApp(`/coach/payouts/${row.id}`, { cookie: other.cookie })).status).toBe(404);
  expect((await fetchApp(`/coach/payouts/not-a-payout`, { cookie: other.cookie })).status).toBe(404);
  expect(await pageText(await fetchApp("/coach/payouts", { cookie: other.cookie }))).not.toContain(statement.number);
  // Someone without the coach role is sent to sign in.
  const client = await createUser();
  const asClient = await fetchApp(`/coach/payouts/${row.id}`, { cookie: await webSession(client) });
  expect(asClient.status).toBe(302);
  expect(asClient.headers.get("Location")).toMatch(/^\/auth/);
});
