import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { createAiCheckout } from "~/billing/checkout.server";
import { createUser, signInOnWeb } from "../../factories/users";
import { appRequest, contextFor, countRows, fetchApp } from "../app";
import { completeCheckout, deliverWebhook, fakeObject, sessionIdOf, stripeApi, stripeEnv, subscriptionRow, type FakeEvent } from "../stripe";

// A user with no plan opens a Lite and a Pro checkout and pays both: one subscription must stay,
// never two. Completing one expires the others; a second that completes anyway (both paid at once)
// is cancelled and refunded at once, with an email and an audit entry.

type Listed = { data: { id: string; status: string }[] };

async function liveSubscriptionsAtFake(customer: string) {
  const { body } = await stripeApi("GET", `/v1/subscriptions?customer=${customer}&status=active`);
  return (body as unknown as Listed).data;
}

async function sandboxObjects(customer: string, object: string) {
  const rows = await env.DB.prepare("SELECT data FROM payments_sandbox_objects WHERE object = ? AND customer = ?")
    .bind(object, customer)
    .all<{ data: string }>();
  return rows.results.map((row) => JSON.parse(row.data) as Record<string, unknown>);
}

async function customerOf(userId: string) {
  return (await env.DB.prepare("SELECT stripe_customer_id FROM billing_customers WHERE user_id = ?").bind(userId).first<string>("stripe_customer_id"))!;
}

test("sandbox: a Lite and a Pro checkout from Subscribe, both paid: paying the first expires the second, so one subscription and one charge", async () => {
  const user = await createUser();
  const cookie = await signInOnWeb(user);
  const subscribe = async (tier: string) => {
    const response = await fetchApp(
      appRequest("/billing/checkout", { form: { tier, interval: "month" }, headers: { Cookie: cookie, Accept: "application/json" } }),
    );
    expect(response.status).toBe(200);
    return new URL(((await response.json()) as { url: string }).url).pathname;
  };
  const lite = await subscribe("lite");
  const pro = await subscribe("pro");

  const paidLite = await fetchApp(appRequest(lite, { form: { intent: "pay" }, headers: { Cookie: cookie } }));
  expect(paidLite.headers.get("Location")).toContain("/payment-success?session_id=");
  const paidPro = await fetchApp(appRequest(pro, { form: { intent: "pay" }, headers: { Cookie: cookie } }));
  // Refused: the Pro checkout expired when the Lite one completed; the customer is sent back as Cancel does.
  expect(paidPro.headers.get("Location")).toContain("/payment-canceled?session_id=");

  const customer = await customerOf(user.id);
  const subscriptions = await sandboxObjects(customer, "subscription");
  expect(subscriptions.map((s) => s.status)).toEqual(["active"]);
  expect((await sandboxObjects(customer, "checkout.session")).find((s) => pro.endsWith(String(s.id)))).toMatchObject({ status: "expired" });
  expect(await countRows("billing_invoices", "user_id = ? AND status = 'paid'", user.id)).toBe(1);
  expect(await subscriptionRow(user.id)).toMatchObject({ tier: "lite", status: "active", stripe_subscription_id: subscriptions[0]!.id });
});

test("Stripe: when one subscription checkout completes, the customer's other open subscription checkouts are expired", async () => {
  const user = await createUser();
  const bindings = stripeEnv();
  const context = () => contextFor(bindings);
  const lite = sessionIdOf((await createAiCheckout(context(), { id: user.id, email: user.email }, { tier: "lite", interval: "month" })).url);
  const pro = sessionIdOf((await createAiCheckout(context(), { id: user.id, email: user.email }, { tier: "pro", interval: "year" })).url);

  const { events } = await completeCheckout(lite);
  for (const event of events) expect((await deliverWebhook(event, bindings)).status).toBe(200);
  expect(await fakeObject(pro)).toMatchObject({ status: "expired" });

  // The customer pays on the Pro page anyway: Stripe refuses an expired session.
  const { object: after } = await completeCheckout(pro);
  expect(after).toMatchObject({ status: "expired", subscription: null });
  const customer = await customerOf(user.id);
  expect((await liveSubscriptionsAtFake(customer)).length).toBe(1);
  expect(await subscriptionRow(user.id)).toMatchObject({ tier: "lite", status: "active" });
});

test("Stripe: two subscription checkouts paid before any event arrives: the second is cancelled and refunded at once, with an email and an audit entry", async () => {
  const user = await createUser();
  const bindings = stripeEnv();
  const context = () => contextFor(bindings);
  const lite = sessionIdOf((await createAiCheckout(context(), { id: user.id, email: user.email }, { tier: "lite", interval: "month" })).url);
  const pro = sessionIdOf((await createAiCheckout(context(), { id: user.id, email: user.email }, { tier: "pro", interval: "month" })).url);
  // Both paid in two tabs, a moment apart, before Stripe has sent a single event.
  const first = await completeCheckout(lite);
  const second = await completeCheckout(pro);
  const kept = String(first.object.subscription);
  const duplicate = String(second.object.subscription);
  const customer = await customerOf(user.id);
  expect((await liveSubscriptionsAtFake(customer)).length).toBe(2);

  const all: FakeEvent[] = [...first.events, ...second.events];
  for (const event of all) expect((await deliverWebhook(event, bindings)).status).toBe(200);

  // One live subscription at Stripe, the first; the duplicate cancelled now (not at period end).
  expect((await liveSubscriptionsAtFake(customer)).map((s) => s.id)).toEqual([kept]);
  expect(await fakeObject(duplicate)).toMatchObject({ status: "canceled" });
  expect(await subscriptionRow(user.id)).toMatchObject({ tier: "lite", status: "active", stripe_subscription_id: kept });

  // Its payment refunded in full.
  const invoice = String((await fakeObject(duplicate)).latest_invoice);
  const { body: payments } = await stripeApi("GET", `/v1/invoice_payments?invoice=${invoice}&status=paid`);
  const paymentIntent = (payments as unknown as { data: { payment: { payment_intent: string } }[] }).data[0]!.payment.payment_intent;
  const { body: refunds } = await stripeApi("GET", `/v1/refunds?payment_intent=${paymentIntent}`);
  expect((refunds as unknown as { data: unknown[] }).data).toEqual([expect.objectContaining({ amount: 14_900, reason: "duplicate", status: "succeeded" })]);

  // The customer is told, kindly and exactly.
  const emails = await env.DB.prepare(
    "SELECT subject, text_body, html_body FROM email_outbox WHERE to_address = ? AND dedupe_key LIKE 'duplicate-subscription:%'",
  )
    .bind(user.email)
    .all<{ subject: string; text_body: string; html_body: string }>();
  expect(emails.results).toHaveLength(1);
  const email = emails.results[0]!;
  expect(email.subject).toBe("You were charged twice: we've refunded A$149.00");
  expect(email.text_body).toContain("charged twice");
  expect(email.text_body).toContain("We've cancelled the duplicate, ClarityAI Pro (monthly), and refunded A$149.00");
  expect(email.text_body).toContain("5–10 business days");
  expect(email.text_body).toContain("Your ClarityAI Lite (monthly) subscription carries on as before");
  expect(email.html_body).toContain("A$149.00");

  // The refunded checkout is no purchase in the marketing report; the kept one is.
  expect(await countRows("conversions", "dedupe_key = ? AND type = 'PAYMENT_COMPLETION'", `payment:${pro}`)).toBe(0);
  expect(await countRows("conversions", "dedupe_key = ? AND type = 'PAYMENT_COMPLETION'", `payment:${lite}`)).toBe(1);

  // And the team can see what happened.
  const audit = await env.DB.prepare("SELECT actor_id, target_id, detail FROM audit_log WHERE action = 'subscription_duplicate_refunded' AND target_id = ?")
    .bind(user.id)
    .all<{ actor_id: string | null; target_id: string; detail: string }>();
  expect(audit.results).toHaveLength(1);
  expect(audit.results[0]!.actor_id).toBeNull();
  expect(JSON.parse(audit.results[0]!.detail)).toMatchObject({ subscriptionId: duplicate, keptSubscriptionId: kept, amountCents: 14_900 });

  // Stripe delivers everything again, in another order: nothing more happens.
  for (const event of [...all].reverse()) expect((await deliverWebhook(event, bindings)).status).toBe(200);
  const again = (await stripeApi("GET", `/v1/refunds?payment_intent=${paymentIntent}`)).body as unknown as { data: unknown[] };
  expect(again.data).toHaveLength(1);
  expect(await countRows("email_outbox", "to_address = ? AND dedupe_key LIKE 'duplicate-subscription:%'", user.email)).toBe(1);
  expect(await countRows("audit_log", "action = 'subscription_duplicate_refunded' AND target_id = ?", user.id)).toBe(1);
});

test("Stripe: a duplicate whose events arrive first still loses to the older subscription", async () => {
  const user = await createUser();
  const bindings = stripeEnv();
  const context = () => contextFor(bindings);
  const lite = sessionIdOf((await createAiCheckout(context(), { id: user.id, email: user.email }, { tier: "lite", interval: "month" })).url);
  const pro = sessionIdOf((await createAiCheckout(context(), { id: user.id, email: user.email }, { tier: "pro", interval: "month" })).url);
  const first = await completeCheckout(lite);
  const second = await completeCheckout(pro);
  // Only the second checkout's events, then the first's.
  for (const event of [...second.events, ...first.events]) expect((await deliverWebhook(event, bindings)).status).toBe(200);
  expect(await fakeObject(String(second.object.subscription))).toMatchObject({ status: "canceled" });
  expect(await fakeObject(String(first.object.subscription))).toMatchObject({ status: "active" });
  expect(await subscriptionRow(user.id)).toMatchObject({ tier: "lite", status: "active", stripe_subscription_id: String(first.object.subscription) });
  expect(await countRows("audit_log", "action = 'subscription_duplicate_refunded' AND target_id = ?", user.id)).toBe(1);
});
