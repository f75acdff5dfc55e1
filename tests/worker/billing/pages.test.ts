import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { cancelBillingOnAccountDeletion, createPortalUrl, getBillingOverview } from "~/billing/account.server";
import { createAiCheckout } from "~/billing/checkout.server";
import { BillingError } from "~/billing/errors";
import { allowConsoleErrors } from "../../console-errors";
import { createUser, webSession } from "../../factories/users";
import { contextFor, countRows, fetchApp, pageText } from "../app";
import { completeCheckout, deliverWebhook, fakeObject, sessionIdOf, stripeEnv, subscriptionRow } from "../stripe";

/** A user signed in on the website, with a sandbox Checkout Session for the plan. */
async function sandboxCheckout(tier: "lite" | "pro" = "pro", interval: "month" | "year" = "month") {
  const user = await createUser();
  const cookie = await webSession(user);
  const { url } = await createAiCheckout(contextFor(env), { id: user.id, email: user.email }, { tier, interval });
  return { user, cookie, url, sessionId: sessionIdOf(url), path: new URL(url).pathname };
}

test("the sandbox checkout is labelled, only for its owner, and paying makes the plan active through the webhook code", async () => {
  const { user, cookie, url, sessionId, path } = await sandboxCheckout("pro", "month");
  expect(url).toMatch(/^http:\/\/localhost:8787\/payments-sandbox\/checkout\/cs_test_/);
  const page = await pageText(await fetchApp(path, { cookie }));
  expect(page).toContain("Local payments sandbox — no real money moves");
  expect(page).toContain("ClarityAI Pro, monthly");
  expect(page).toContain("A$149.00 per month, including GST of A$13.55");

  // Someone else (signed in) gets a 404, a visitor is sent to sign in.
  const other = await createUser();
  const otherCookie = await webSession(other);
  expect((await fetchApp(path, { cookie: otherCookie })).status).toBe(404);
  expect((await fetchApp(path, { form: { intent: "pay" }, cookie: otherCookie })).status).toBe(404);
  expect((await fetchApp(path)).status).toBe(302);
  expect(await subscriptionRow(user.id)).toBeNull();

  const paid = await fetchApp(path, { form: { intent: "pay" }, cookie });
  expect(paid.status).toBe(302);
  expect(paid.headers.get("Location")).toBe(`http://localhost:8787/payment-success?session_id=${sessionId}`);
  expect(await subscriptionRow(user.id)).toMatchObject({ tier: "pro", billing_interval: "month", status: "active", cancel_at_period_end: 0 });
  // The sandbox's events went through the webhook code and were recorded once each.
  const recorded = await env.DB.prepare(
    "SELECT type FROM stripe_events WHERE id IN (SELECT id FROM payments_sandbox_objects WHERE object = 'event' AND customer IS NULL AND json_extract(data, '$.data.object.customer') = ?) ORDER BY type",
  )
    .bind((await subscriptionRow(user.id))!.stripe_customer_id)
    .all<{ type: string }>();
  expect(recorded.results.map((r) => r.type)).toEqual(["checkout.session.completed", "customer.subscription.created", "invoice.paid"]);
  const overview = await getBillingOverview(contextFor(env), user.id);
  expect(overview).toMatchObject({
    paymentsMode: "sandbox",
    entitlement: { hasActiveSubscription: true, tier: "pro" },
    subscription: { tier: "pro", status: "active" },
  });
  expect(overview.invoices).toEqual([expect.objectContaining({ status: "paid", totalCents: 14_900, taxCents: 1_355 })]);

  // Paying again changes nothing.
  expect((await fetchApp(path, { form: { intent: "pay" }, cookie })).status).toBe(302);
  expect(await countRows("billing_invoices", "user_id = ?", user.id)).toBe(1);
});

test("payment-success tells the session's owner exactly what was bought, and nobody else", async () => {
  const { user, cookie, path, sessionId } = await sandboxCheckout("pro", "month");
  await fetchApp(path, { form: { intent: "pay" }, cookie });
  const owner = await fetchApp(`/payment-success?session_id=${sessionId}`, { cookie });
  expect(owner.headers.get("Cache-Control")).toBe("private, no-store");
  const text = await pageText(owner);
  expect(text).toContain("You've subscribed to ClarityAI Pro, monthly, A$149 incl. GST. Your plan is active and renews on");

  const other = await webSession(await createUser());
  for (const [label, response] of [
    ["another user", await fetchApp(`/payment-success?session_id=${sessionId}`, { cookie: other })],
    ["a visitor", await fetchApp(`/payment-success?session_id=${sessionId}`)],
    ["no session id", await fetchApp("/payment-success", { cookie })],
    ["a made-up id", await fetchApp("/payment-success?session_id=cs_test_nope", { cookie })],
    ["not an id", await fetchApp("/payment-success?session_id=%3Cscript%3E", { cookie })],
  ] as const) {
    expect(response.status, label).toBe(200);
    const neutral = await pageText(response);
    expect(neutral, label).toContain("This page can't confirm a payment on its own");
    expect(neutral, label).not.toContain("ClarityAI Pro, monthly");
    expect(neutral, label).not.toMatch(/payment has gone through|Payment received/i);
  }
  expect(user.id).toBeTruthy();
});

test("payment-success shows the active plan before the webhook lands (fake Stripe, no event delivered)", async () => {
  const bindings = stripeEnv();
  const user = await createUser();
  const cookie = await webSession(user);
  const { url } = await createAiCheckout(contextFor(bindings), { id: user.id, email: user.email }, { tier: "lite", interval: "year" });
  const { object: session } = await completeCheckout(sessionIdOf(url));
  expect(await subscriptionRow(user.id)).toBeNull();
  const text = await pageText(await fetchApp(`/payment-success?session_id=${session.id}`, { cookie, bindings }));
  expect(text).toContain("You've subscribed to ClarityAI Lite, annual, A$490 incl. GST. Your plan is active and renews on");
  expect(await subscriptionRow(user.id)).toMatchObject({ tier: "lite", billing_interval: "year", status: "active" });
  // The webhook arriving afterwards changes nothing.
  expect(
    (await deliverWebhook({ id: `evt_${crypto.randomUUID().slice(0, 10)}`, type: "checkout.session.completed", data: { object: session } }, bindings)).status,
  ).toBe(200);
  expect(await subscriptionRow(user.id)).toMatchObject({ tier: "lite", status: "active" });
});

test("payment-canceled says which plan was not bought, to its owner only", async () => {
  const { cookie, path, sessionId } = await sandboxCheckout("lite", "month");
  const cancelled = await fetchApp(path, { form: { intent: "cancel" }, cookie });
  expect(cancelled.headers.get("Location")).toBe(`http://localhost:8787/payment-canceled?session_id=${sessionId}`);
  const owner = await pageText(await fetchApp(`/payment-canceled?session_id=${sessionId}`, { cookie }));
  expect(owner).toContain("ClarityAI Lite, monthly, A$49 incl. GST was not bought");
  const visitor = await pageText(await fetchApp(`/payment-canceled?session_id=${sessionId}`));
  expect(visitor).not.toContain("ClarityAI Lite");
  expect(visitor).toContain("If you left a payment page before finishing");
  // Payment-success for an unpaid session never says it was paid.
  const unpaid = await pageText(await fetchApp(`/payment-success?session_id=${sessionId}`, { cookie }));
  expect(unpaid).toContain("Your payment hasn't gone through");
  expect(unpaid).not.toContain("You've subscribed");
});

test("the sandbox portal cancels at period end, resumes, and a simulated failed renewal starts the grace period with an email", async () => {
  const { user, cookie, path } = await sandboxCheckout("pro", "month");
  await fetchApp(path, { form: { intent: "pay" }, cookie });
  const { url } = await createPortalUrl(contextFor(env), user.id, "/profile?tab=billing");
  const portal = new URL(url).pathname;
  expect(portal).toMatch(/^\/payments-sandbox\/portal\/bps_/);
  const page = await pageText(await fetchApp(portal, { cookie }));
  expect(page).toContain("Local payments sandbox — no real money moves");
  expect(page).toContain('href="http://localhost:8787/profile?tab=billing"');
  expect((await fetchApp(portal, { cookie: await webSession(await createUser()) })).status).toBe(404);

  expect((await fetchApp(portal, { form: { intent: "cancel" }, cookie })).status).toBe(200);
  expect((await subscriptionRow(user.id))!.cancel_at_period_end).toBe(1);
  expect((await fetchApp(portal, { form: { intent: "resume" }, cookie })).status).toBe(200);
  expect((await subscriptionRow(user.id))!.cancel_at_period_end).toBe(0);

  expect((await fetchApp(portal, { form: { intent: "fail-renewal" }, cookie })).status).toBe(200);
  const row = await subscriptionRow(user.id);
  expect(row).toMatchObject({ status: "past_due", tier: "pro" });
  expect(row!.past_due_since).not.toBeNull();
  const email = await env.DB.prepare("SELECT subject FROM email_outbox WHERE to_address = ? AND dedupe_key LIKE 'stripe:%'")
    .bind(user.email)
    .first<string>("subject");
  expect(email).toBe("Action needed: your ClarityAI Pro payment didn't go through");
  expect((await fetchApp(portal, { form: { intent: "nonsense" }, cookie })).status).toBe(400);

  expect((await fetchApp(portal, { form: { intent: "pay-overdue" }, cookie })).status).toBe(200);
  expect(await subscriptionRow(user.id)).toMatchObject({ status: "active", past_due_since: null });
});

test("the sandbox is refused in production: no checkout, no hosted pages, no webhook", async () => {
  const errors = allowConsoleErrors();
  const { privateKey } = await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"]);
  const jwk = { ...(await crypto.subtle.exportKey("jwk", privateKey)), kid: "test-key" };
  const production = {
    ...env,
    APP_ENV: "production",
    SESSION_SECRET: "a-production-secret-of-at-least-thirty-two-characters",
    AUTH_JWT_PRIVATE_KEY: JSON.stringify(jwk),
  } as unknown as Env;
  const user = await createUser();
  const error = await createAiCheckout(contextFor(production), { id: user.id, email: user.email }, { tier: "pro", interval: "month" }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(BillingError);
  expect(error).toMatchObject({ status: 503, message: "Payments aren't available right now" });
  expect(await countRows("billing_customers", "user_id = ?", user.id)).toBe(0);
  expect((await fetchApp("/payments-sandbox/checkout/cs_test_x", { bindings: production })).status).toBe(404);
  expect((await fetchApp("/payments-sandbox/portal/bps_x", { bindings: production })).status).toBe(404);
  const webhook = await fetchApp(new Request("http://localhost/webhooks/stripe", { method: "POST", body: "{}", headers: { "Stripe-Signature": "t=1,v1=x" } }), {
    bindings: production,
  });
  expect(webhook.status).toBe(503);
  expect(errors.some((line) => line.includes("STRIPE_SECRET_KEY is not set in production"))).toBe(true);
});

test("deleting an account cancels its running subscription at Stripe at once", async () => {
  const bindings = stripeEnv();
  const user = await createUser();
  const { url } = await createAiCheckout(contextFor(bindings), { id: user.id, email: user.email }, { tier: "pro", interval: "month" });
  const { object: session } = await completeCheckout(sessionIdOf(url));
  await cancelBillingOnAccountDeletion(contextFor(bindings), user.id);
  expect((await fakeObject(String(session.subscription))).status).toBe("canceled");

  // Through the profile's delete form, in the sandbox: the subscription ends and the account's billing rows go.
  const member = await sandboxCheckout("lite", "month");
  await fetchApp(member.path, { form: { intent: "pay" }, cookie: member.cookie });
  const subscriptionId = (await subscriptionRow(member.user.id))!.stripe_subscription_id!;
  const deleted = await fetchApp("/profile?tab=privacy", { form: { intent: "delete-account", confirm: "DELETE" }, cookie: member.cookie });
  expect(deleted.status).toBe(302);
  expect(await countRows("users", "id = ?", member.user.id)).toBe(0);
  expect(await countRows("ai_subscriptions", "user_id = ?", member.user.id)).toBe(0);
  expect(await countRows("billing_invoices", "user_id = ?", member.user.id)).toBe(0);
  expect(await countRows("payments_sandbox_objects", "id = ?", subscriptionId)).toBe(0);
});
