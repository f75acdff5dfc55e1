import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { setCancelAtPeriodEnd, getTaxInvoice } from "~/billing/account.server";
import { createAiCheckout } from "~/billing/checkout.server";
import { getAiEntitlement } from "~/billing/entitlement.server";
import { BillingError } from "~/billing/errors";
import { readEnv } from "~/platform/env.server";
import { createUser } from "../../factories/users";
import { contextFor, countRows, fetchApp } from "../app";
import {
  byType,
  completeCheckout,
  deliverWebhook,
  failRenewal,
  fakeEvents,
  fakeObject,
  sessionIdOf,
  signatureFor,
  signedInSupabase,
  stripeEnv,
  subscriptionRow,
} from "../stripe";

// POST /webhooks/stripe and the subscription it keeps, against the Stripe-compatible fake server.

const DAY_MS = 86_400_000;

/** A user who has gone through checkout for the plan: the session is paid at the fake Stripe, no event delivered yet. */
async function paidCheckout(tier: "lite" | "pro" = "pro", interval: "month" | "year" = "month") {
  const user = await createUser();
  const bindings = stripeEnv();
  const { url } = await createAiCheckout(contextFor(bindings), { id: user.id, email: user.email }, { tier, interval });
  const { object: session, events } = await completeCheckout(sessionIdOf(url));
  const customer = String(session.customer);
  return { user, bindings, session, events, customer, subscriptionId: String(session.subscription) };
}

test("bad, missing and stale signatures are refused with 400 and nothing is written", async () => {
  const { user, events } = await paidCheckout();
  const event = byType(events, "checkout.session.completed");
  const payload = JSON.stringify(event);
  const stale = await signatureFor(payload, { timestamp: Math.floor(Date.now() / 1000) - 600 });
  const wrongSecret = await signatureFor(payload, { secret: "whsec_someone_else" });
  const tampered = await signatureFor(payload);
  for (const [label, body, signature] of [
    ["missing", payload, null],
    ["garbage", payload, "t=1,v1=abc"],
    ["wrong secret", payload, wrongSecret],
    ["stale", payload, stale],
    ["tampered body", payload.replace('"complete"', '"open"'), tampered],
  ] as const) {
    const response = await deliverWebhook(body, stripeEnv(), signature);
    expect(response.status, label).toBe(400);
  }
  expect(await countRows("stripe_events", "id = ?", event.id)).toBe(0);
  expect(await subscriptionRow(user.id)).toBeNull();
  // The same event, correctly signed, is accepted.
  expect((await deliverWebhook(event)).status).toBe(200);
  expect(await countRows("stripe_events", "id = ?", event.id)).toBe(1);
});

test("checkout.session.completed makes the plan active; check-ai-subscription says so through supabase-js", async () => {
  const { user, events, customer } = await paidCheckout("pro", "year");
  const client = await signedInSupabase(user.email);
  const before = await client.functions.invoke("check-ai-subscription", { body: {} });
  expect(before.data).toEqual({ hasActiveSubscription: false, tier: null, status: "inactive" });

  expect((await deliverWebhook(byType(events, "checkout.session.completed"))).status).toBe(200);
  const row = await subscriptionRow(user.id);
  expect(row).toMatchObject({
    tier: "pro",
    billing_interval: "year",
    status: "active",
    cancel_at_period_end: 0,
    past_due_since: null,
    stripe_customer_id: customer,
  });
  // An annual plan renews in a year.
  expect(Date.parse(row!.current_period_end!) - Date.now()).toBeGreaterThan(360 * DAY_MS);

  const after = await client.functions.invoke("check-ai-subscription", { body: {} });
  expect(after.data).toEqual({ hasActiveSubscription: true, tier: "pro", status: "active" });
});

test("a redelivered event and concurrent duplicates have one effect", async () => {
  const { user, events, subscriptionId, customer } = await paidCheckout("lite");
  for (const event of events) expect((await deliverWebhook(event)).status).toBe(200);
  const { events: failed } = await failRenewal(subscriptionId);
  const paymentFailed = byType(failed, "invoice.payment_failed");
  const answers = await Promise.all(Array.from({ length: 6 }, () => deliverWebhook(paymentFailed)));
  expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
  const bodies = await Promise.all(answers.map((r) => r.json() as Promise<{ duplicate?: boolean }>));
  expect(bodies.filter((b) => !b.duplicate)).toHaveLength(1);
  // Later, Stripe retries it again.
  expect(await (await deliverWebhook(paymentFailed)).json()).toEqual({ received: true, duplicate: true });

  expect(await countRows("stripe_events", "id = ?", paymentFailed.id)).toBe(1);
  const emails = await env.DB.prepare("SELECT subject, text_body FROM email_outbox WHERE dedupe_key = ?")
    .bind(`stripe:${paymentFailed.id}`)
    .all<{ subject: string; text_body: string }>();
  expect(emails.results).toHaveLength(1);
  expect(emails.results[0]!.subject).toContain("ClarityAI Lite");
  expect(emails.results[0]!.text_body).toContain("Your access continues until");
  expect(emails.results[0]!.text_body).toContain("/profile?tab=billing");
  expect((await subscriptionRow(user.id))!.status).toBe("past_due");
  expect(await countRows("email_outbox", "to_address = ?", user.email)).toBe(1);
  expect(customer).toMatch(/^cus_/);
});

test("events delivered out of order leave the row as Stripe has it now", async () => {
  const { user, events, subscriptionId } = await paidCheckout("pro");
  const { events: failed } = await failRenewal(subscriptionId);
  // The newest events first, then the old "created" and "completed" snapshots that still say active.
  for (const event of [...failed].reverse()) expect((await deliverWebhook(event)).status).toBe(200);
  const pastDue = await subscriptionRow(user.id);
  expect(pastDue).toMatchObject({ status: "past_due", tier: "pro" });
  for (const event of events) expect((await deliverWebhook(event)).status).toBe(200);
  const after = await subscriptionRow(user.id);
  expect(after).toMatchObject({ status: "past_due", tier: "pro" });
  // The grace period keeps counting from the first time it was seen past_due.
  expect(after!.past_due_since).toBe(pastDue!.past_due_since);
});

test("a failed renewal keeps access for the grace period, then access ends", async () => {
  const { user, events, subscriptionId } = await paidCheckout("pro");
  for (const event of events) await deliverWebhook(event);
  const appEnv = readEnv(stripeEnv());
  const { db } = contextFor(stripeEnv());
  const now = Date.now();
  expect(await getAiEntitlement(db, appEnv, user.id, new Date(now))).toMatchObject({ hasActiveSubscription: true, status: "active" });
  const { events: failed } = await failRenewal(subscriptionId);
  for (const event of failed) await deliverWebhook(event);
  const inGrace = await getAiEntitlement(db, appEnv, user.id, new Date(now + 6 * DAY_MS));
  expect(inGrace).toMatchObject({ hasActiveSubscription: true, tier: "pro", status: "past_due" });
  expect(Date.parse(inGrace.graceEndsAt!)).toBeGreaterThan(now + 6.9 * DAY_MS);
  const afterGrace = await getAiEntitlement(db, appEnv, user.id, new Date(now + 7 * DAY_MS + 60_000));
  expect(afterGrace).toEqual({ hasActiveSubscription: false, tier: null, status: "past_due", graceEndsAt: null });
});

test("cancel at period end is sent to Stripe and the row follows; resuming takes it back", async () => {
  const { user, bindings, events, subscriptionId } = await paidCheckout("lite");
  for (const event of events) await deliverWebhook(event);
  await setCancelAtPeriodEnd(contextFor(bindings), user.id, true);
  expect((await fakeObject(subscriptionId)).cancel_at_period_end).toBe(true);
  expect((await subscriptionRow(user.id))!.cancel_at_period_end).toBe(1);
  // Still active until the period ends.
  expect(await getAiEntitlement(contextFor(bindings).db, readEnv(bindings), user.id)).toMatchObject({ hasActiveSubscription: true, tier: "lite" });
  await setCancelAtPeriodEnd(contextFor(bindings), user.id, false);
  expect((await subscriptionRow(user.id))!.cancel_at_period_end).toBe(0);
});

test("checkout creates one Stripe customer per user, reused by later checkouts, even concurrent ones", async () => {
  const user = await createUser();
  const bindings = stripeEnv();
  const urls = await Promise.all(
    [1, 2, 3].map(() => createAiCheckout(contextFor(bindings), { id: user.id, email: user.email }, { tier: "lite", interval: "month" })),
  );
  const again = await createAiCheckout(contextFor(bindings), { id: user.id, email: user.email }, { tier: "pro", interval: "year" });
  expect(await countRows("billing_customers", "user_id = ?", user.id)).toBe(1);
  const customer = await env.DB.prepare("SELECT stripe_customer_id FROM billing_customers WHERE user_id = ?").bind(user.id).first<string>("stripe_customer_id");
  for (const { url } of [...urls, again]) expect((await fakeObject(sessionIdOf(url))).customer).toBe(customer);
  const session = await fakeObject(sessionIdOf(again.url));
  expect(session).toMatchObject({
    mode: "subscription",
    amount_total: 149_000,
    currency: "aud",
    metadata: { tier: "pro", interval: "year", user_id: user.id },
  });
  expect(session.success_url).toBe("http://localhost:8787/payment-success?session_id={CHECKOUT_SESSION_ID}");
  expect(session.cancel_url).toBe("http://localhost:8787/payment-canceled?session_id={CHECKOUT_SESSION_ID}");
});

test("a subscriber who checks out again is told to manage billing instead", async () => {
  const { user, bindings, events } = await paidCheckout("lite");
  for (const event of events) await deliverWebhook(event);
  const error = await createAiCheckout(contextFor(bindings), { id: user.id, email: user.email }, { tier: "pro", interval: "month" }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(BillingError);
  expect((error as BillingError).status).toBe(409);
  expect((error as BillingError).message).toContain("Manage billing");
});

test("invoice.paid stores a GST tax invoice: GST is 1/11 of the total, the supplier's ABN on it", async () => {
  const { user, bindings, events } = await paidCheckout("pro");
  const paid = byType(events, "invoice.paid");
  expect((await deliverWebhook(paid)).status).toBe(200);
  const invoiceId = String(paid.data.object.id);
  const invoice = await getTaxInvoice(contextFor(bindings), user.id, invoiceId);
  expect(invoice).toMatchObject({ status: "paid", totalCents: 14_900, taxCents: 1_355, customerEmail: user.email, supplier: { abn: "52 674 318 905" } });
  expect(invoice!.description).toContain("ClarityAI Pro");
  // Nobody else's.
  const other = await createUser();
  expect(await getTaxInvoice(contextFor(bindings), other.id, invoiceId)).toBeNull();
});

test("an unknown event type is recorded and answered 200 with no effect", async () => {
  const event = {
    id: `evt_${crypto.randomUUID().slice(0, 12)}`,
    object: "event",
    type: "charge.dispute.created",
    data: { object: { id: "dp_1", object: "dispute" } },
  };
  expect((await deliverWebhook(event)).status).toBe(200);
  expect(await countRows("stripe_events", "id = ? AND type = ?", event.id, event.type)).toBe(1);
});

test("create-ai-subscription through supabase-js: a Checkout URL for a plan, a clear 400 for a bad tier", async () => {
  const user = await createUser();
  const client = await signedInSupabase(user.email);
  const ok = await client.functions.invoke("create-ai-subscription", { body: { tier: "lite" } });
  expect(ok.error).toBeNull();
  expect(ok.data.url).toMatch(/\/hosted\/checkout\/cs_test_/);
  expect(await fakeObject(sessionIdOf(ok.data.url))).toMatchObject({ amount_total: 4_900, metadata: { tier: "lite", interval: "month" } });

  const bad = await client.functions.invoke("create-ai-subscription", { body: { tier: "platinum" } });
  const response = bad.response as Response;
  expect(response.status).toBe(400);
  expect(await response.json()).toEqual({ error: 'Choose a ClarityAI plan: tier must be "lite" or "pro".', code: "invalid_plan" });

  const anonymous = await fetchApp(
    new Request("http://localhost/functions/v1/create-ai-subscription", {
      method: "POST",
      headers: { apikey: "test-anon-key", "Content-Type": "application/json" },
      body: "{}",
    }),
    { bindings: stripeEnv() },
  );
  expect(anonymous.status).toBe(401);
});

test("the webhook checks events against the fake's own list: an API call's event is delivered like the rest", async () => {
  const { user, bindings, events, customer } = await paidCheckout("pro");
  for (const event of events) await deliverWebhook(event);
  await setCancelAtPeriodEnd(contextFor(bindings), user.id, true);
  const updated = (await fakeEvents(customer)).filter((e) => e.type === "customer.subscription.updated");
  expect(updated).toHaveLength(1);
  expect((await deliverWebhook(updated[0]!)).status).toBe(200);
  expect((await subscriptionRow(user.id))!.cancel_at_period_end).toBe(1);
});
