import { env } from "cloudflare:workers";
import { inject } from "vitest";
import { expect, test } from "vitest";
import { createAiCheckout } from "~/billing/checkout.server";
import { createUser } from "../../factories/users";
import { contextFor, countRows } from "../app";
import { completeCheckout, deliverWebhook, failRenewal, sessionIdOf, signatureFor, stripeEnv, subscriptionRow, type FakeEvent } from "../stripe";

// Who may post events to /webhooks/stripe, and what it answers for events about objects Stripe
// cannot find (the penetration test's findings against `npm start`).

const evtId = () => `evt_test_${crypto.randomUUID().replaceAll("-", "").slice(0, 20)}`;

/** A user with a paid subscription at the fake Stripe, its events delivered. */
async function subscriber() {
  const user = await createUser();
  const bindings = stripeEnv();
  const { url } = await createAiCheckout(contextFor(bindings), { id: user.id, email: user.email }, { tier: "lite", interval: "month" });
  const { object: session, events } = await completeCheckout(sessionIdOf(url));
  for (const event of events) expect((await deliverWebhook(event, bindings)).status).toBe(200);
  return { user, bindings, customer: String(session.customer), subscriptionId: String(session.subscription), events };
}

test("without a Stripe key, events signed with the sandbox's old public secret are refused: no email, nothing recorded", async () => {
  // A sandbox customer of a real user, as `npm start` makes one when they open a checkout.
  const user = await createUser();
  await createAiCheckout(contextFor(env), { id: user.id, email: user.email }, { tier: "pro", interval: "month" });
  const customer = await env.DB.prepare("SELECT stripe_customer_id FROM billing_customers WHERE user_id = ?").bind(user.id).first<string>("stripe_customer_id");
  const forged = {
    id: evtId(),
    object: "event",
    type: "invoice.payment_failed",
    data: { object: { id: "in_forged", object: "invoice", customer, customer_email: "victim@example.com.au", amount_due: 999_999 } },
  };
  const payload = JSON.stringify(forged);
  for (const secret of ["whsec_local_payments_sandbox_not_a_secret", "whsec_test_fake_stripe_server"]) {
    const response = await deliverWebhook(payload, env, await signatureFor(payload, { secret }));
    expect(response.status, secret).toBeGreaterThanOrEqual(400);
    expect(response.status, secret).toBeLessThan(500);
  }
  expect(await countRows("stripe_events", "id = ?", forged.id)).toBe(0);
  expect(await countRows("email_outbox", "to_address = ?", "victim@example.com.au")).toBe(0);
  expect(await countRows("email_outbox", "subject LIKE ?", "Action needed%A$9,999.99%")).toBe(0);
});

test("an event timed an hour in the future is refused, as is one an hour old; a few seconds of clock skew is fine", async () => {
  const { user, subscriptionId, bindings } = await subscriber();
  const { events } = await failRenewal(subscriptionId);
  const failed = events.find((e) => e.type === "invoice.payment_failed")!;
  const payload = JSON.stringify(failed);
  const now = Math.floor(Date.now() / 1000);
  for (const [label, timestamp] of [
    ["an hour ahead", now + 3600],
    ["ten minutes ahead", now + 600],
    ["an hour old", now - 3600],
  ] as const) {
    const response = await deliverWebhook(payload, bindings, await signatureFor(payload, { timestamp }));
    expect(response.status, label).toBe(400);
    expect(await response.text(), label).toMatch(/timestamp/i);
  }
  expect(await countRows("stripe_events", "id = ?", failed.id)).toBe(0);
  expect(await countRows("email_outbox", "to_address = ? AND subject LIKE 'Action needed%'", user.email)).toBe(0);
  // Stripe's clock a little ahead of ours.
  expect((await deliverWebhook(payload, bindings, await signatureFor(payload, { timestamp: now + 30 }))).status).toBe(200);
  expect(await countRows("stripe_events", "id = ?", failed.id)).toBe(1);
});

test("a signed invoice.paid for an invoice Stripe does not know is recorded and answered 200 on every delivery, never a 500", async () => {
  const { user, customer, bindings } = await subscriber();
  const event = { id: evtId(), object: "event", type: "invoice.paid", data: { object: { id: "in_does_not_exist", object: "invoice", customer } } };
  const first = await deliverWebhook(event, bindings);
  const body = await first.text();
  expect(first.status, body).toBe(200);
  expect(body).not.toMatch(/\bat .*:\d+:\d+|Error:/);
  expect(JSON.parse(body)).toMatchObject({ received: true });
  // Recorded, with why it had no effect.
  expect(await countRows("stripe_events", "id = ? AND skipped LIKE 'missing:%resource_missing'", event.id)).toBe(1);
  expect(await countRows("billing_invoices", "id = 'in_does_not_exist'")).toBe(0);
  // Stripe's retry is answered at once.
  const again = await deliverWebhook(event, bindings);
  expect(again.status).toBe(200);
  expect(await again.json()).toEqual({ received: true, duplicate: true });
  // The subscription is untouched.
  expect(await subscriptionRow(user.id)).toMatchObject({ status: "active", tier: "lite" });
});

test("every event type whose handler fetches from Stripe answers 2xx for objects Stripe cannot find", async () => {
  const { customer, bindings } = await subscriber();
  // A customer this site knows but Stripe does not (deleted in the dashboard, say).
  const orphan = await createUser();
  const goneCustomer = `cus_gone${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
  await env.DB.prepare("INSERT INTO billing_customers (user_id, stripe_customer_id) VALUES (?, ?)").bind(orphan.id, goneCustomer).run();
  // A booking payment whose PaymentIntent Stripe does not know.
  const paymentIntent = `pi_gone${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
  await env.DB.prepare(
    `INSERT INTO booking_payments (id, invoice_number, description, customer_name, customer_email, amount_cents, gst_cents, status, stripe_checkout_session_id, stripe_payment_intent_id, paid_at)
     VALUES (?, ?, 'Test session', 'Test Client', 'client@example.com.au', 15000, 1364, 'paid', ?, ?, ?)`,
  )
    .bind(
      crypto.randomUUID(),
      `INV-T${crypto.randomUUID().slice(0, 8)}`,
      `cs_test_gone${crypto.randomUUID().slice(0, 8)}`,
      paymentIntent,
      new Date().toISOString(),
    )
    .run();

  // Each event, and whether its handler asks Stripe for something Stripe does not have (then it is
  // recorded as skipped); the others find nothing to do.
  const cases: [string, Record<string, unknown>, boolean][] = [];
  for (const type of ["invoice.paid", "invoice.payment_succeeded", "invoice.finalized", "invoice.updated", "invoice.payment_failed"]) {
    cases.push([type, { id: "in_missing_at_stripe", object: "invoice", customer, customer_email: "someone@example.com.au", amount_due: 4900 }, true]);
    cases.push([type, { id: "in_missing_too", object: "invoice", customer: goneCustomer }, true]);
  }
  for (const type of ["customer.subscription.created", "customer.subscription.updated", "customer.subscription.deleted"]) {
    cases.push([type, { id: "sub_missing_at_stripe", object: "subscription", customer: goneCustomer }, true]);
    cases.push([type, { id: "sub_missing_at_stripe", object: "subscription", customer }, false]);
  }
  for (const type of ["checkout.session.completed", "checkout.session.async_payment_succeeded"]) {
    const session = { object: "checkout.session", mode: "subscription", status: "complete", payment_status: "paid" };
    cases.push([type, { ...session, id: "cs_test_missing", customer: goneCustomer }, true]);
    cases.push([type, { ...session, id: "cs_test_missing2", customer }, false]);
  }
  cases.push(["charge.refunded", { id: "ch_missing", object: "charge", payment_intent: paymentIntent, amount: 15000, amount_refunded: 15000 }, true]);

  for (const [type, object, missing] of cases) {
    const event = { id: evtId(), object: "event", type, data: { object } };
    const response = await deliverWebhook(event, bindings);
    const label = `${type} ${String(object.id)} ${String(object.customer ?? "")}`;
    expect(response.status, `${label}: ${await response.clone().text()}`).toBe(200);
    expect(await response.json(), label).toEqual(missing ? { received: true, skipped: "missing" } : { received: true });
    expect(await countRows("stripe_events", `id = ? AND skipped ${missing ? "LIKE 'missing:%'" : "IS NULL"}`, event.id), label).toBe(1);
  }
  // Nobody was told a payment failed for an invoice that does not exist.
  expect(await countRows("email_outbox", "to_address = 'someone@example.com.au'")).toBe(0);
});

test("a Stripe outage answers 503 so Stripe retries, and the retry after it is applied", async () => {
  const { user, subscriptionId, bindings } = await subscriber();
  const { events } = await failRenewal(subscriptionId);
  const updated = events.find((e) => e.type === "customer.subscription.updated")!;
  const outage = await fetch(`${inject("fakeStripeUrl")}/_test/outage/${encodeURIComponent(String((updated.data.object as { customer: string }).customer))}`, {
    method: "POST",
  });
  expect(outage.status).toBe(200);
  const during = await deliverWebhook(updated, bindings);
  expect(during.status).toBe(503);
  expect(await during.text()).not.toMatch(/\bat .*:\d+:\d+/);
  expect(await countRows("stripe_events", "id = ?", updated.id)).toBe(0);
  await fetch(`${inject("fakeStripeUrl")}/_test/outage/${encodeURIComponent(String((updated.data.object as { customer: string }).customer))}`, {
    method: "DELETE",
  });
  expect((await deliverWebhook(updated, bindings)).status).toBe(200);
  expect(await subscriptionRow(user.id)).toMatchObject({ status: "past_due" });
});

// Events from a network that cannot reach the fake's own list: a made-up customer id.
test("an unreachable Stripe (network error) answers 503, not 500", async () => {
  const { events, customer } = await subscriber();
  const bindings = stripeEnv({ STRIPE_API_URL: "http://127.0.0.1:9" });
  const event: FakeEvent = { ...events.find((e) => e.type === "customer.subscription.created")!, id: evtId() };
  expect((event.data.object as { customer: string }).customer).toBe(customer);
  const response = await deliverWebhook(event, bindings);
  expect(response.status).toBe(503);
  expect(await countRows("stripe_events", "id = ?", event.id)).toBe(0);
});
