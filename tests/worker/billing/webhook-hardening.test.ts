import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { createAiCheckout } from "~/billing/checkout.server";
import { countRows, createConfirmedUser } from "../auth-helpers";
import { completeCheckout, contextFor, deliver, failRenewal, sessionIdOf, signatureFor, stripeEnv } from "./helpers";

// Who may post events to /webhooks/stripe (the penetration test's findings against `npm start`).

const evtId = () => `evt_test_${crypto.randomUUID().replaceAll("-", "").slice(0, 20)}`;

/** A user with a paid subscription at the fake Stripe, its events delivered. */
async function subscriber() {
  const user = await createConfirmedUser();
  const bindings = stripeEnv();
  const { url } = await createAiCheckout(contextFor(bindings), { id: user.id, email: user.email }, { tier: "lite", interval: "month" });
  const { object: session, events } = await completeCheckout(sessionIdOf(url));
  for (const event of events) expect((await deliver(event, bindings)).status).toBe(200);
  return { user, bindings, customer: String(session.customer), subscriptionId: String(session.subscription), events };
}

test("without a Stripe key, events signed with the sandbox's old public secret are refused: no email, nothing recorded", async () => {
  // A sandbox customer of a real user, as `npm start` makes one when they open a checkout.
  const user = await createConfirmedUser();
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
    const response = await deliver(payload, env, await signatureFor(payload, { secret }));
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
    const response = await deliver(payload, bindings, await signatureFor(payload, { timestamp }));
    expect(response.status, label).toBe(400);
    expect(await response.text(), label).toMatch(/timestamp/i);
  }
  expect(await countRows("stripe_events", "id = ?", failed.id)).toBe(0);
  expect(await countRows("email_outbox", "to_address = ? AND subject LIKE 'Action needed%'", user.email)).toBe(0);
  // Stripe's clock a little ahead of ours.
  expect((await deliver(payload, bindings, await signatureFor(payload, { timestamp: now + 30 }))).status).toBe(200);
  expect(await countRows("stripe_events", "id = ?", failed.id)).toBe(1);
});
