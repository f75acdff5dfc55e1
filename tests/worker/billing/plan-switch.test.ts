import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { createAiCheckout } from "~/billing/checkout.server";
import { getAiEntitlement } from "~/billing/entitlement.server";
import { BillingError } from "~/billing/errors";
import { changePlan, previewPlanChange } from "~/billing/plan-change.server";
import { createSignedInUser, createUser, webSession } from "../../factories/users";
import { contextFor, countRows, fetchApp, pageText } from "../app";
import { byType, completeCheckout, deliverWebhook, fakeEvents, fakeObject, sessionIdOf, stripeApi, stripeEnv, subscriptionRow } from "../stripe";

// Switching between Lite and Pro: the plan cards of a subscriber, the confirmation on the Billing tab,
// the change with prorations through the Stripe API (the local sandbox, and the fake Stripe server),
// the subscription row, the ClarityAI limits and the webhook's customer.subscription.updated.

const TAB = "/profile?tab=billing";

type InvoiceItem = { amount: number; proration: boolean; description: string; subscription: string };

/** A user signed in on the website who has paid for a plan in the local sandbox. */
async function sandboxSubscriber(tier: "lite" | "pro") {
  const user = await createUser();
  const cookie = await webSession(user);
  const { url } = await createAiCheckout(contextFor(env), { id: user.id, email: user.email }, { tier, interval: "month" });
  const paid = await fetchApp(new URL(url).pathname, { form: { intent: "pay" }, cookie });
  expect(paid.status).toBe(302);
  expect(await subscriptionRow(user.id)).toMatchObject({ tier, status: "active" });
  return { user, cookie };
}

/** The sandbox's pending invoice items of a customer (its prorations). */
async function sandboxInvoiceItems(customer: string): Promise<InvoiceItem[]> {
  const rows = await env.DB.prepare("SELECT data FROM payments_sandbox_objects WHERE object = 'invoiceitem' AND customer = ?")
    .bind(customer)
    .all<{ data: string }>();
  return rows.results.map((row) => JSON.parse(row.data) as InvoiceItem);
}

function hiddenValue(html: string, name: string): string {
  const match = new RegExp(`name="${name}" value="([^"]*)"`).exec(html);
  if (!match) throw new Error(`no ${name} field in the page`);
  return match[1]!;
}

test("sandbox: a Lite subscriber confirms a switch to Pro on the Billing tab; prorated, and the row, the tab and the limits say Pro", async () => {
  const { user, cookie } = await sandboxSubscriber("lite");
  expect(await pageText(await fetchApp("/profile?tab=ai-assistant", { cookie }))).toContain("0 of 40 messages today");

  // The confirmation: the change, the price and what the next bill gets, before anything happens.
  const confirm = await fetchApp(`${TAB}&switch=pro`, { cookie });
  expect(confirm.status).toBe(200);
  const html = await pageText(confirm);
  expect(html).toContain("Switch to ClarityAI Pro?");
  expect(html).toContain("ClarityAI Lite, A$49.00 a month incl. GST");
  expect(html).toContain("ClarityAI Pro, A$149.00 a month incl. GST");
  // Switched moments after paying: about the whole month is credited at Lite and charged at Pro.
  expect(html).toMatch(/A\$(99\.\d\d|100\.00) will be added to your next bill\./);
  expect(html).toContain("Confirm switch to Pro");
  expect(await subscriptionRow(user.id)).toMatchObject({ tier: "lite" });

  const switched = await fetchApp(`${TAB}&switch=pro`, {
    form: { intent: "switch-plan", tier: "pro", prorationDate: hiddenValue(html, "prorationDate") },
    cookie,
  });
  expect(switched.status).toBe(302);
  expect(switched.headers.get("Location")).toBe(TAB);

  const row = (await subscriptionRow(user.id))!;
  expect(row).toMatchObject({ tier: "pro", billing_interval: "month", status: "active" });
  expect(await getAiEntitlement(contextFor(env).db, env as never, user.id)).toMatchObject({ hasActiveSubscription: true, tier: "pro" });
  // ClarityAI's limits are Pro's from now.
  expect(await pageText(await fetchApp("/profile?tab=ai-assistant", { cookie }))).toContain("0 of 200 messages today");
  // The change raised customer.subscription.updated, applied through the webhook code once.
  const updates = await env.DB.prepare(
    "SELECT count(*) AS n FROM stripe_events WHERE type = 'customer.subscription.updated' AND id IN (SELECT id FROM payments_sandbox_objects WHERE object = 'event' AND json_extract(data, '$.data.object.customer') = ?)",
  )
    .bind(row.stripe_customer_id)
    .first<number>("n");
  expect(updates).toBe(1);
  // create_prorations: the unused Lite credited, the rest of the month at Pro charged, both pending.
  const items = await sandboxInvoiceItems(row.stripe_customer_id);
  expect(items).toHaveLength(2);
  const credit = items.find((i) => i.amount < 0)!;
  const charge = items.find((i) => i.amount > 0)!;
  expect(credit.description).toMatch(/^Unused time on ClarityAI Lite/);
  expect(charge.description).toMatch(/^Remaining time on ClarityAI Pro/);
  expect(-credit.amount).toBeGreaterThan(4_800);
  expect(charge.amount).toBeGreaterThan(14_700);

  // The Billing tab says Pro, and the Pro card is the current plan.
  const tab = await pageText(await fetchApp(TAB, { cookie }));
  expect(tab).toContain("ClarityAI Pro, billed monthly");
  expect(tab).toContain("Change plan");
  expect(tab).toMatch(/aria-labelledby="plan-pro-heading"[\s\S]*?Your current plan/);
  expect(tab).toContain("Switch to Lite");

  // Sending the confirmation again changes nothing more: the plan is already Pro.
  const again = await fetchApp(`${TAB}&switch=pro`, {
    form: { intent: "switch-plan", tier: "pro", prorationDate: hiddenValue(html, "prorationDate") },
    cookie,
  });
  expect(again.status).toBe(409);
  expect(await pageText(again)).toContain("You're already on ClarityAI Pro.");
  expect(await sandboxInvoiceItems(row.stripe_customer_id)).toHaveLength(2);
});

test("sandbox portal: a Pro subscriber switches to Lite after a confirmation showing the credit", async () => {
  const { user, cookie } = await sandboxSubscriber("pro");
  const portal = await fetchApp(TAB, { form: { intent: "manage-billing" }, cookie });
  expect(portal.status).toBe(303);
  const path = new URL(portal.headers.get("Location")!).pathname;
  const page = await pageText(await fetchApp(path, { cookie }));
  expect(page).toContain("Switch to ClarityAI Lite");
  expect(page).toMatch(/A\$(99\.\d\d|100\.00) comes off your next invoice\./);

  const done = await fetchApp(path, { form: { intent: "switch", tier: "lite", prorationDate: hiddenValue(page, "prorationDate") }, cookie });
  expect(done.status).toBe(200);
  expect(await pageText(done)).toContain("You're now on ClarityAI Lite.");
  expect(await subscriptionRow(user.id)).toMatchObject({ tier: "lite", status: "active" });
  expect(await getAiEntitlement(contextFor(env).db, env as never, user.id)).toMatchObject({ tier: "lite" });

  // A made-up plan is refused with 400; another user's portal is a 404.
  expect((await fetchApp(path, { form: { intent: "switch", tier: "gold", prorationDate: "1" }, cookie })).status).toBe(400);
  const other = await webSession(await createUser());
  expect((await fetchApp(path, { form: { intent: "switch", tier: "pro", prorationDate: "1" }, cookie: other })).status).toBe(404);
});

test("fake Stripe: Pro → Lite updates the item's price with create_prorations, and customer.subscription.updated applies it once", async () => {
  const user = await createUser();
  const bindings = stripeEnv();
  const context = contextFor(bindings);
  const { url } = await createAiCheckout(context, { id: user.id, email: user.email }, { tier: "pro", interval: "month" });
  const { object: session, events } = await completeCheckout(sessionIdOf(url));
  expect((await deliverWebhook(byType(events, "checkout.session.completed"))).status).toBe(200);
  const customer = String(session.customer);
  const subscriptionId = String(session.subscription);
  expect(await subscriptionRow(user.id)).toMatchObject({ tier: "pro" });

  const preview = await previewPlanChange(context, user.id, "lite");
  expect(preview).toMatchObject({ from: { tier: "pro", amountCents: 14_900 }, to: { tier: "lite", amountCents: 4_900 }, upgrade: false });
  expect(preview.netCents).toBe(preview.chargeCents - preview.creditCents);
  expect(preview.netCents).toBeLessThan(0);

  const done = await changePlan(context, user.id, "lite", preview.prorationDate);
  expect(done.netCents).toBe(preview.netCents);
  const subscription = (await fakeObject(subscriptionId)) as {
    items: { data: { price: { unit_amount: number; metadata: Record<string, string> } }[] };
    metadata: Record<string, string>;
  };
  expect(subscription.items.data[0]!.price).toMatchObject({ unit_amount: 4_900, metadata: { tier: "lite", interval: "month" } });
  expect(subscription.metadata).toMatchObject({ tier: "lite" });
  const items = (await stripeApi("GET", `/v1/invoiceitems?customer=${customer}&pending=true`)).body.data as InvoiceItem[];
  expect(
    items
      .filter((i) => i.subscription === subscriptionId && i.proration)
      .map((i) => i.amount)
      .reduce((a, b) => a + b, 0),
  ).toBe(preview.netCents);
  expect(await subscriptionRow(user.id)).toMatchObject({ tier: "lite" });

  // The webhook's state: the row as it was before the change, then Stripe's event, delivered twice.
  await env.DB.prepare("UPDATE ai_subscriptions SET tier = 'pro' WHERE user_id = ?").bind(user.id).run();
  const updated = (await fakeEvents(customer)).filter((e) => e.type === "customer.subscription.updated").at(-1)!;
  expect(await (await deliverWebhook(updated, bindings)).json()).toEqual({ received: true });
  expect(await subscriptionRow(user.id)).toMatchObject({ tier: "lite" });
  expect(await (await deliverWebhook(updated, bindings)).json()).toEqual({ received: true, duplicate: true });
  expect(await countRows("stripe_events", "id = ?", updated.id)).toBe(1);
  expect(await getAiEntitlement(context.db, bindings as never, user.id)).toMatchObject({ tier: "lite" });

  // A confirmation whose amounts are too old is refused, and nothing changes.
  await expect(changePlan(context, user.id, "pro", preview.prorationDate - 3_600)).rejects.toMatchObject({ code: "stale_preview", status: 409 });
  await expect(changePlan(context, user.id, "lite", preview.prorationDate)).rejects.toBeInstanceOf(BillingError);
  expect(await subscriptionRow(user.id)).toMatchObject({ tier: "lite" });
});

test("switching is refused with a 4xx and a message without a subscription, and for a bad plan", async () => {
  const user = await createSignedInUser();
  const response = await fetchApp(`${TAB}&switch=pro`, { form: { intent: "switch-plan", tier: "pro", prorationDate: "1" }, cookie: user.cookie });
  expect(response.status).toBe(409);
  expect(await pageText(response)).toContain("You don't have a ClarityAI subscription to change.");
  const bad = await fetchApp(`${TAB}&switch=gold`, { form: { intent: "switch-plan", tier: "gold", prorationDate: "x" }, cookie: user.cookie });
  expect(bad.status).toBe(400);
  expect(await pageText(bad)).toContain("Choose the Lite or Pro plan.");
  expect(await subscriptionRow(user.id)).toBeNull();
});
