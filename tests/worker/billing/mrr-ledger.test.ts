import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { financeFigures } from "~/admin/finance-figures.server";
import { createAiCheckout } from "~/billing/checkout.server";
import { changePlan, previewPlanChange } from "~/billing/plan-change.server";
import { createInvoice, createSubscription } from "../../factories/subscriptions";
import { createUser } from "../../factories/users";
import { contextFor } from "../app";
import { completeCheckout, deliverWebhook, failRenewal, fakeEvents, sessionIdOf, stripeApi, stripeEnv, subscriptionRow } from "../stripe";

// The MRR ledger as billing writes it: each sync of a customer's subscription from a Stripe event
// (or from the success page or a plan switch) records a change in their MRR, excluding GST, once.

const PRO = 14_900 - 1_355; // A$149 a month, less its GST
const LITE = 4_900 - 445; // A$49 a month, less its GST
const PRO_YEARLY = Math.round((149_000 - 13_545) / 12); // A$1,490 a year, less its GST, a twelfth

type LedgerRow = {
  kind: string;
  tier_before: string | null;
  tier_after: string | null;
  mrr_before_cents: number;
  mrr_after_cents: number;
  source_event_id: string | null;
  stripe_subscription_id: string;
};

async function ledgerOf(customer: string): Promise<LedgerRow[]> {
  const rows = await env.DB.prepare(
    "SELECT kind, tier_before, tier_after, mrr_before_cents, mrr_after_cents, source_event_id, stripe_subscription_id FROM subscription_mrr_changes WHERE stripe_customer_id = ? ORDER BY occurred_at, rowid",
  )
    .bind(customer)
    .all<LedgerRow>();
  return rows.results;
}

/** A user who has paid for a plan at the fake Stripe; answers them with the events Stripe sends. */
async function paidCheckout(tier: "lite" | "pro", interval: "month" | "year" = "month", user?: { id: string; email: string }) {
  const buyer = user ?? (await createUser());
  const { url } = await createAiCheckout(contextFor(stripeEnv()), { id: buyer.id, email: buyer.email }, { tier, interval });
  const { object: session, events } = await completeCheckout(sessionIdOf(url));
  return { user: buyer, events, customer: String(session.customer), subscriptionId: String(session.subscription) };
}

async function deliverAll(events: { id: string; type: string; data: { object: Record<string, unknown> } }[]) {
  for (const event of events) expect((await deliverWebhook(event)).status).toBe(200);
}

test("a new yearly subscription is one 'new' row at a twelfth of its price less GST, however often its events arrive", async () => {
  const { events, customer, subscriptionId } = await paidCheckout("pro", "year");
  await deliverAll(events);
  await deliverAll(events);
  await deliverAll([...events].reverse());
  const rows = await ledgerOf(customer);
  expect(rows).toEqual([
    {
      kind: "new",
      tier_before: null,
      tier_after: "pro",
      mrr_before_cents: 0,
      mrr_after_cents: PRO_YEARLY,
      source_event_id: events[0]!.id,
      stripe_subscription_id: subscriptionId,
    },
  ]);
  // The overview's MRR counts it.
  const now = new Date();
  const range = { start: new Date(now.getTime() - 3_600_000).toISOString(), end: new Date(now.getTime() + 3_600_000).toISOString() };
  const figures = await financeFigures(contextFor(stripeEnv()).db, { range, buckets: [range], now });
  expect(figures.find((f) => f.key === "mrr_new")!.value).toBeGreaterThanOrEqual(PRO_YEARLY);
});

test("a failed renewal is not churn; cancelling is; subscribing again is a reactivation", async () => {
  const { user, events, customer, subscriptionId } = await paidCheckout("lite");
  await deliverAll(events);
  expect((await ledgerOf(customer)).map((r) => r.kind)).toEqual(["new"]);

  // past_due: Stripe is still retrying and the subscriber keeps access for the grace period.
  const { events: failed } = await failRenewal(subscriptionId);
  await deliverAll(failed);
  expect((await subscriptionRow(user.id))!.status).toBe("past_due");
  expect((await ledgerOf(customer)).map((r) => r.kind)).toEqual(["new"]);

  // Cancelled in the Stripe dashboard: customer.subscription.deleted.
  expect((await stripeApi("DELETE", `/v1/subscriptions/${subscriptionId}`)).status).toBe(200);
  const deleted = (await fakeEvents(customer)).filter((e) => e.type === "customer.subscription.deleted").at(-1)!;
  await deliverAll([deleted, deleted]);
  expect((await subscriptionRow(user.id))!.status).toBe("canceled");
  expect((await ledgerOf(customer)).at(-1)).toMatchObject({
    kind: "churn",
    tier_before: "lite",
    tier_after: null,
    mrr_before_cents: LITE,
    mrr_after_cents: 0,
    source_event_id: deleted.id,
  });

  // Months later they subscribe again, to Pro: the same customer, a new subscription.
  const again = await paidCheckout("pro", "month", user);
  expect(again.customer).toBe(customer);
  await deliverAll(again.events);
  const rows = await ledgerOf(customer);
  expect(rows.map((r) => r.kind)).toEqual(["new", "churn", "reactivation"]);
  expect(rows[2]).toMatchObject({
    tier_before: null,
    tier_after: "pro",
    mrr_before_cents: 0,
    mrr_after_cents: PRO,
    stripe_subscription_id: again.subscriptionId,
  });
});

test("a plan switch is recorded by the sync that sees it first; Stripe's event for it adds nothing", async () => {
  const { user, events, customer } = await paidCheckout("lite");
  await deliverAll(events);
  const context = contextFor(stripeEnv());
  const preview = await previewPlanChange(context, user.id, "pro");
  await changePlan(context, user.id, "pro", preview.prorationDate);
  const updated = (await fakeEvents(customer)).filter((e) => e.type === "customer.subscription.updated").at(-1)!;
  await deliverAll([updated]);
  const rows = await ledgerOf(customer);
  expect(rows.map((r) => [r.kind, r.tier_before, r.tier_after, r.mrr_before_cents, r.mrr_after_cents])).toEqual([
    ["new", null, "lite", 0, LITE],
    ["expansion", "lite", "pro", LITE, PRO],
  ]);
  // The switch's own sync had no event behind it.
  expect(rows[1]!.source_event_id).toBeNull();

  await changePlan(context, user.id, "lite", (await previewPlanChange(context, user.id, "lite")).prorationDate);
  expect((await ledgerOf(customer)).at(-1)).toMatchObject({
    kind: "contraction",
    tier_before: "pro",
    tier_after: "lite",
    mrr_before_cents: PRO,
    mrr_after_cents: LITE,
  });
});

test("migration 0032 opens the ledger for the subscriptions already paying, at their standard MRR, once", async () => {
  const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith("0032_"))!;
  const backfill = migration.queries.find((q) => q.includes("INSERT INTO subscription_mrr_changes"))!;
  const yearly = await createUser();
  const yearlyCustomer = await createSubscription(yearly.id, { tier: "pro", interval: "year" });
  await createInvoice(yearly.id, yearlyCustomer, 149_000);
  const pastDue = await createUser();
  const pastDueCustomer = await createSubscription(pastDue.id, { tier: "lite", status: "past_due" });
  const cancelled = await createUser();
  const cancelledCustomer = await createSubscription(cancelled.id, { tier: "pro", status: "canceled" });
  await env.DB.prepare(backfill).run();
  await env.DB.prepare(backfill).run();
  expect(await ledgerOf(yearlyCustomer)).toEqual([
    expect.objectContaining({ kind: "new", tier_after: "pro", mrr_before_cents: 0, mrr_after_cents: PRO_YEARLY }),
  ]);
  // Dated at the customer's first paid invoice (createInvoice's, paid 15 February 2031).
  const opening = await env.DB.prepare("SELECT occurred_at FROM subscription_mrr_changes WHERE stripe_customer_id = ?").bind(yearlyCustomer).first();
  expect(opening).toEqual({ occurred_at: "2031-02-15T02:01:00.000Z" });
  expect(await ledgerOf(pastDueCustomer)).toEqual([expect.objectContaining({ kind: "new", tier_after: "lite", mrr_after_cents: LITE })]);
  expect(await ledgerOf(cancelledCustomer)).toEqual([]);
});
