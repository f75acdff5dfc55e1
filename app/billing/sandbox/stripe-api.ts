// A small Stripe-compatible API: the endpoints ClarityAI's billing uses, answering with Stripe-shaped
// objects. The local payments sandbox runs it in-process over D1 (the stripe SDK's fetch is pointed
// at it), and the tests' fake Stripe server runs the same code over memory, so the same SDK calls
// are exercised against Stripe, the fake and the sandbox. Plain TypeScript with no app imports: the
// fake server imports it from Node.
//
// Subscriptions (Checkout in subscription mode, the portal's changes, a change of plan with its
// prorations, renewals, cancelling at once, each paid invoice's payment) and one-off payments
// (Checkout in payment mode, listing and expiring sessions, refunds with charge.refunded). Not a
// Stripe emulator: no payment methods, no tax calculation (prices include GST), and a plan change's
// prorations stay pending invoice items (the sandbox bills renewals at the plan's price only).

import {
  ApiError,
  SANDBOX_API_VERSION,
  decodeParams,
  limitOf,
  list,
  load,
  metadataOf,
  obj,
  randomId,
  required,
  str,
  type ObjectStore,
  type Params,
  type StripeApiOptions,
  type StripeObject,
} from "./api-core";
import { routeConnect } from "./connect-api";

export type { ObjectStore, StripeApiOptions, StripeObject } from "./api-core";

const INTERVALS = new Set(["month", "year"]);

function addInterval(seconds: number, interval: string): number {
  const date = new Date(seconds * 1000);
  if (interval === "year") date.setUTCFullYear(date.getUTCFullYear() + 1);
  else date.setUTCMonth(date.getUTCMonth() + 1);
  return Math.floor(date.getTime() / 1000);
}

/**
 * A list's filter that names an object (customer=cus_…, payment_intent=pi_…): it must exist, as at
 * Stripe, which answers resource_missing for the parameter rather than an empty list.
 */
async function filterOf(store: ObjectStore, params: Params, name: string, object: string): Promise<string | undefined> {
  const id = str(params[name]);
  if (id === undefined) return undefined;
  const found = await store.get(id);
  if (!found || found.object !== object) throw new ApiError(400, `No such ${object.replace("_", " ")}: '${id}'`, "resource_missing", name);
  return id;
}

async function raise(options: StripeApiOptions, type: string, object: StripeObject, previous?: Record<string, unknown>) {
  const event: StripeObject = {
    id: randomId("evt"),
    object: "event",
    api_version: SANDBOX_API_VERSION,
    created: options.now(),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object, ...(previous ? { previous_attributes: previous } : {}) },
  };
  await options.store.put(event);
  await options.emit(event);
}

async function createCustomer(options: StripeApiOptions, params: Params): Promise<StripeObject> {
  const customer: StripeObject = {
    id: randomId("cus"),
    object: "customer",
    created: options.now(),
    email: str(params.email) ?? null,
    name: str(params.name) ?? null,
    metadata: metadataOf(params.metadata),
    livemode: false,
  };
  await options.store.put(customer);
  return customer;
}

/** A checkout line item's price: a price id the store knows, or inline price_data (recurring for a subscription, one-off for a payment). */
async function priceOf(options: StripeApiOptions, item: Params, mode: string): Promise<StripeObject> {
  const priceId = str(item.price);
  if (priceId) return load(options.store, priceId, "price");
  const data = obj(item.price_data);
  const recurring = obj(data.recurring);
  const interval = str(recurring.interval) ?? "";
  const amount = Number(str(data.unit_amount));
  const oneOff = mode === "payment";
  if ((oneOff ? interval !== "" : !INTERVALS.has(interval)) || !Number.isInteger(amount) || amount < 0 || !str(data.currency)) {
    throw new ApiError(
      400,
      oneOff
        ? "line_items[0][price_data] needs currency and unit_amount, and no recurring, in payment mode."
        : "line_items[0][price_data] needs currency, unit_amount and recurring[interval].",
      "parameter_invalid",
    );
  }
  const product = obj(data.product_data);
  return {
    id: randomId("price"),
    object: "price",
    active: true,
    currency: str(data.currency)!.toLowerCase(),
    unit_amount: amount,
    recurring: oneOff ? null : { interval, interval_count: 1, usage_type: "licensed" },
    tax_behavior: str(data.tax_behavior) ?? "unspecified",
    type: oneOff ? "one_time" : "recurring",
    product: {
      id: randomId("prod"),
      object: "product",
      name: str(product.name) ?? (oneOff ? "Payment" : "Subscription"),
      description: str(product.description) ?? null,
      metadata: metadataOf(product.metadata),
    },
    metadata: metadataOf(product.metadata),
  };
}

/** Stripe lets a Checkout Session expire 30 minutes to 24 hours after it is created. */
function expiresAtOf(options: StripeApiOptions, params: Params): number {
  const raw = str(params.expires_at);
  if (raw === undefined) return options.now() + 24 * 3600;
  const at = Number(raw);
  const now = options.now();
  if (!Number.isInteger(at) || at < now + 30 * 60 || at > now + 24 * 3600) {
    throw new ApiError(400, "The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.", "parameter_invalid");
  }
  return at;
}

async function createCheckoutSession(options: StripeApiOptions, params: Params): Promise<StripeObject> {
  const mode = str(params.mode);
  if (mode !== "subscription" && mode !== "payment")
    throw new ApiError(400, "Only mode=subscription and mode=payment are supported here.", "parameter_invalid");
  const customerId = str(params.customer);
  // A subscription needs a customer; a one-off payment may name only the payer's email.
  if (mode === "subscription" && !customerId) throw new ApiError(400, "Missing required param: customer.", "parameter_missing");
  const customer = customerId ? await load(options.store, customerId, "customer") : null;
  const customerEmail = str(params.customer_email) ?? null;
  if (customer && customerEmail) throw new ApiError(400, "You may only specify one of these parameters: customer, customer_email.", "parameter_invalid");
  const items = Array.isArray(params.line_items) ? params.line_items : [];
  if (items.length !== 1) throw new ApiError(400, "Exactly one line item is supported here.", "parameter_invalid");
  const price = await priceOf(options, obj(items[0]), mode);
  const quantity = Number(str(obj(items[0]).quantity) ?? "1");
  if (!Number.isInteger(quantity) || quantity < 1) throw new ApiError(400, "line_items[0][quantity] must be a positive whole number.", "parameter_invalid");
  const amount = (price.unit_amount as number) * quantity;
  const id = randomId("cs_test");
  const session: StripeObject = {
    id,
    object: "checkout.session",
    created: options.now(),
    expires_at: expiresAtOf(options, params),
    mode,
    status: "open",
    payment_status: "unpaid",
    customer: customer?.id ?? null,
    customer_email: customer ? ((customer.email as string | null) ?? null) : customerEmail,
    customer_details: null,
    client_reference_id: str(params.client_reference_id) ?? null,
    success_url: required(params, "success_url"),
    cancel_url: str(params.cancel_url) ?? null,
    currency: price.currency,
    amount_total: amount,
    amount_subtotal: amount,
    metadata: metadataOf(params.metadata),
    subscription: null,
    invoice: null,
    payment_intent: null,
    url: `${options.hostedPagesUrl}/checkout/${id}`,
    livemode: false,
    // Kept for completing the session; Stripe exposes these through line_items and subscription_data.
    sandbox: {
      price,
      quantity,
      subscription_metadata: metadataOf(obj(params.subscription_data).metadata),
      payment_metadata: metadataOf(obj(params.payment_intent_data).metadata),
    },
  };
  await options.store.put(session);
  return session;
}

function subscriptionItemPeriod(subscription: StripeObject): { start: number; end: number; price: StripeObject } {
  const item = (subscription.items as { data: { current_period_start: number; current_period_end: number; price: StripeObject }[] }).data[0]!;
  return { start: item.current_period_start, end: item.current_period_end, price: item.price };
}

function invoiceFor(options: StripeApiOptions, subscription: StripeObject, customer: StripeObject, paid: boolean, reason: string): StripeObject {
  const { start, end, price } = subscriptionItemPeriod(subscription);
  const amount = price.unit_amount as number;
  const now = options.now();
  const productName = (price.product as { name?: string } | null)?.name ?? "Subscription";
  const description = `${productName} (${(price.recurring as { interval: string }).interval === "year" ? "annual" : "monthly"})`;
  return {
    id: randomId("in"),
    object: "invoice",
    created: now,
    customer: customer.id as string,
    customer_email: (customer.email as string | null) ?? null,
    customer_name: (customer.name as string | null) ?? null,
    number: `SBX-${String(now).slice(-6)}-${Math.floor(Math.random() * 9000 + 1000)}`,
    status: paid ? "paid" : "open",
    billing_reason: reason,
    currency: price.currency,
    subtotal: amount,
    total: amount,
    amount_due: amount,
    amount_paid: paid ? amount : 0,
    amount_remaining: paid ? 0 : amount,
    attempt_count: 1,
    attempted: true,
    // No tax calculation here: prices include GST, and the app works out the GST part itself.
    total_taxes: [],
    description: null,
    period_start: start,
    period_end: end,
    status_transitions: { finalized_at: now, paid_at: paid ? now : null },
    parent: { type: "subscription_details", subscription_details: { subscription: subscription.id, metadata: subscription.metadata } },
    lines: {
      object: "list",
      has_more: false,
      data: [{ id: randomId("il"), object: "line_item", amount, currency: price.currency, description, period: { start, end }, quantity: 1 }],
    },
    livemode: false,
  };
}

/** The id of an invoice's default InvoicePayment: one per invoice, so it is found by the invoice alone. */
function invoicePaymentIdOf(invoiceId: string): string {
  return `inpay_${invoiceId.replace(/^in_/, "")}`;
}

/**
 * The card payment of a paid invoice, as Stripe records it: a PaymentIntent with its Charge, and
 * the InvoicePayment linking them to the invoice (GET /v1/invoice_payments?invoice=…), so the
 * payment can be refunded with POST /v1/refunds.
 */
async function recordInvoicePayment(options: StripeApiOptions, invoice: StripeObject): Promise<void> {
  const now = options.now();
  const amount = invoice.amount_paid as number;
  const paymentIntentId = randomId("pi");
  const charge: StripeObject = {
    id: randomId("ch"),
    object: "charge",
    created: now,
    customer: invoice.customer ?? null,
    payment_intent: paymentIntentId,
    amount,
    amount_captured: amount,
    amount_refunded: 0,
    currency: invoice.currency,
    paid: true,
    captured: true,
    refunded: false,
    status: "succeeded",
    billing_details: { email: invoice.customer_email ?? null, name: invoice.customer_name ?? null },
    metadata: {},
    livemode: false,
  };
  await options.store.put(charge);
  await options.store.put({
    id: paymentIntentId,
    object: "payment_intent",
    created: now,
    customer: invoice.customer ?? null,
    amount,
    amount_received: amount,
    currency: invoice.currency,
    status: "succeeded",
    latest_charge: charge.id,
    metadata: {},
    livemode: false,
  });
  await options.store.put({
    id: invoicePaymentIdOf(invoice.id),
    object: "invoice_payment",
    created: now,
    amount_paid: amount,
    amount_requested: amount,
    currency: invoice.currency,
    invoice: invoice.id,
    is_default: true,
    livemode: false,
    payment: { type: "payment_intent", payment_intent: paymentIntentId },
    status: "paid",
    status_transitions: { canceled_at: null, paid_at: now },
  });
}

/**
 * Pays an open Checkout Session (the sandbox's "Pay" button, the fake's test control): the
 * subscription and its paid first invoice, and the events Stripe sends for them. A session that is
 * already complete changes nothing and raises no events.
 */
export async function completeCheckoutSession(options: StripeApiOptions, sessionId: string): Promise<StripeObject> {
  const session = await load(options.store, sessionId, "checkout.session");
  if (session.status !== "open") return session;
  // Too late: Stripe would have expired it already.
  if (options.now() >= (session.expires_at as number)) return expireSession(options, session);
  if (session.mode === "payment") return completePaymentSession(options, session);
  const customer = await load(options.store, session.customer as string, "customer");
  const { price, subscription_metadata } = session.sandbox as { price: StripeObject; subscription_metadata: Record<string, string> };
  const now = options.now();
  const end = addInterval(now, (price.recurring as { interval: string }).interval);
  const subscription: StripeObject = {
    id: randomId("sub"),
    object: "subscription",
    created: now,
    start_date: now,
    customer: customer.id as string,
    status: "active",
    cancel_at_period_end: false,
    cancel_at: null,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, reason: null },
    ended_at: null,
    currency: price.currency,
    metadata: subscription_metadata,
    items: {
      object: "list",
      has_more: false,
      data: [{ id: randomId("si"), object: "subscription_item", price, quantity: 1, current_period_start: now, current_period_end: end }],
    },
    latest_invoice: null,
    livemode: false,
  };
  const invoice = invoiceFor(options, subscription, customer, true, "subscription_create");
  subscription.latest_invoice = invoice.id;
  const completed: StripeObject = { ...session, status: "complete", payment_status: "paid", subscription: subscription.id, invoice: invoice.id };
  await options.store.put(subscription);
  await options.store.put(invoice);
  await recordInvoicePayment(options, invoice);
  await options.store.put(completed);
  await raise(options, "customer.subscription.created", subscription);
  await raise(options, "invoice.paid", invoice);
  await raise(options, "checkout.session.completed", publicView(completed));
  return completed;
}

/** A one-off payment: its PaymentIntent and Charge, and the session paid. */
async function completePaymentSession(options: StripeApiOptions, session: StripeObject): Promise<StripeObject> {
  const now = options.now();
  const amount = session.amount_total as number;
  const { payment_metadata } = session.sandbox as { payment_metadata?: Record<string, string> };
  const email = (session.customer_email as string | null) ?? null;
  const paymentIntentId = randomId("pi");
  const charge: StripeObject = {
    id: randomId("ch"),
    object: "charge",
    created: now,
    customer: (session.customer as string | null) ?? null,
    payment_intent: paymentIntentId,
    amount,
    amount_captured: amount,
    amount_refunded: 0,
    currency: session.currency,
    paid: true,
    captured: true,
    refunded: false,
    status: "succeeded",
    billing_details: { email, name: null },
    metadata: payment_metadata ?? {},
    livemode: false,
  };
  const paymentIntent: StripeObject = {
    id: paymentIntentId,
    object: "payment_intent",
    created: now,
    customer: (session.customer as string | null) ?? null,
    amount,
    amount_received: amount,
    currency: session.currency,
    status: "succeeded",
    latest_charge: charge.id,
    metadata: payment_metadata ?? {},
    livemode: false,
  };
  const completed: StripeObject = {
    ...session,
    status: "complete",
    payment_status: "paid",
    payment_intent: paymentIntentId,
    customer_details: { email, name: null },
  };
  await options.store.put(charge);
  await options.store.put(paymentIntent);
  await options.store.put(completed);
  await raise(options, "checkout.session.completed", publicView(completed));
  return completed;
}

async function expireSession(options: StripeApiOptions, session: StripeObject): Promise<StripeObject> {
  const expired: StripeObject = { ...session, status: "expired" };
  await options.store.put(expired);
  await raise(options, "checkout.session.expired", publicView(expired));
  return expired;
}

/** POST /v1/checkout/sessions/{id}/expire: only an open session can be expired, as at Stripe. */
async function expireCheckoutSession(options: StripeApiOptions, id: string): Promise<StripeObject> {
  const session = await load(options.store, id, "checkout.session");
  if (session.status !== "open") {
    throw new ApiError(
      400,
      `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${String(session.status)}".`,
      "checkout_session_not_open",
    );
  }
  return expireSession(options, session);
}

/** The charge behind a refund request: by charge id, or the latest charge of a PaymentIntent. */
async function chargeFor(options: StripeApiOptions, params: Params): Promise<StripeObject> {
  const chargeId = str(params.charge);
  if (chargeId) return load(options.store, chargeId, "charge");
  const paymentIntent = await load(options.store, required(params, "payment_intent"), "payment_intent");
  if (!paymentIntent.latest_charge) throw new ApiError(400, "This PaymentIntent has no successful charge to refund.", "charge_not_refundable");
  return load(options.store, paymentIntent.latest_charge as string, "charge");
}

const REFUND_REASONS = new Set(["duplicate", "fraudulent", "requested_by_customer"]);

/** POST /v1/refunds: refunds all or part of what is left of a charge, and raises charge.refunded. */
async function createRefund(options: StripeApiOptions, params: Params): Promise<StripeObject> {
  const charge = await chargeFor(options, params);
  const remaining = (charge.amount as number) - (charge.amount_refunded as number);
  const raw = str(params.amount);
  const amount = raw === undefined ? remaining : Number(raw);
  if (remaining <= 0) throw new ApiError(400, `Charge ${charge.id} has already been refunded.`, "charge_already_refunded");
  if (!Number.isInteger(amount) || amount < 1 || amount > remaining) {
    throw new ApiError(400, `Refund amount (${raw}) is greater than unrefunded amount on charge (${remaining}).`, "amount_too_large");
  }
  const reason = str(params.reason);
  if (reason !== undefined && !REFUND_REASONS.has(reason)) {
    throw new ApiError(400, `Invalid reason: must be one of ${[...REFUND_REASONS].join(", ")}`, "parameter_invalid");
  }
  const refund: StripeObject = {
    id: randomId("re"),
    object: "refund",
    created: options.now(),
    amount,
    currency: charge.currency,
    charge: charge.id,
    payment_intent: charge.payment_intent,
    reason: reason ?? null,
    status: "succeeded",
    metadata: metadataOf(params.metadata),
  };
  const refunded = (charge.amount_refunded as number) + amount;
  const updated: StripeObject = { ...charge, amount_refunded: refunded, refunded: refunded >= (charge.amount as number) };
  await options.store.put(refund);
  await options.store.put(updated);
  await raise(options, "charge.refunded", updated, { amount_refunded: charge.amount_refunded, refunded: charge.refunded });
  return refund;
}

/**
 * A renewal whose payment fails (the sandbox portal's "Simulate a failed renewal", the fake's test
 * control): the subscription moves to the next period as past_due with an open invoice.
 */
export async function failRenewal(options: StripeApiOptions, subscriptionId: string): Promise<StripeObject> {
  const subscription = await load(options.store, subscriptionId, "subscription");
  if (!["active", "trialing", "past_due"].includes(subscription.status as string)) {
    throw new ApiError(400, "Only a live subscription can fail a renewal.", "subscription_inactive");
  }
  const customer = await load(options.store, subscription.customer as string, "customer");
  const { end, price } = subscriptionItemPeriod(subscription);
  const items = subscription.items as { data: Record<string, unknown>[] };
  const renewed: StripeObject = {
    ...subscription,
    status: "past_due",
    items: {
      ...items,
      data: [{ ...items.data[0], current_period_start: end, current_period_end: addInterval(end, (price.recurring as { interval: string }).interval) }],
    },
  };
  const invoice = invoiceFor(options, renewed, customer, false, "subscription_cycle");
  renewed.latest_invoice = invoice.id;
  await options.store.put(invoice);
  await options.store.put(renewed);
  await raise(options, "invoice.payment_failed", invoice);
  await raise(options, "customer.subscription.updated", renewed, { status: subscription.status });
  return renewed;
}

/** Settles a past_due subscription's open invoice (the sandbox portal's "Pay the overdue invoice"). */
export async function payOverdue(options: StripeApiOptions, subscriptionId: string): Promise<StripeObject> {
  const subscription = await load(options.store, subscriptionId, "subscription");
  if (subscription.status !== "past_due") return subscription;
  const invoiceId = subscription.latest_invoice as string | null;
  if (invoiceId) {
    const invoice = await load(options.store, invoiceId, "invoice");
    const now = options.now();
    const paid = {
      ...invoice,
      status: "paid",
      amount_paid: invoice.total,
      amount_remaining: 0,
      status_transitions: { finalized_at: invoice.created, paid_at: now },
    };
    await options.store.put(paid);
    await recordInvoicePayment(options, paid);
    await raise(options, "invoice.paid", paid);
  }
  const active = { ...subscription, status: "active" };
  await options.store.put(active);
  await raise(options, "customer.subscription.updated", active, { status: "past_due" });
  return active;
}

function publicView(object: StripeObject): StripeObject {
  const { sandbox: _sandbox, ...rest } = object;
  return rest as StripeObject;
}

const PRORATION_BEHAVIOURS = new Set(["create_prorations", "none", "always_invoice"]);

/**
 * The prorations of a price change at `at` (seconds), as Stripe makes them with
 * proration_behavior=create_prorations: a credit for the unused time on the old price and a charge
 * for the rest of the period on the new one, both pending until the next invoice.
 */
async function prorate(options: StripeApiOptions, subscription: StripeObject, from: StripeObject, to: StripeObject, at: number): Promise<StripeObject[]> {
  const { start, end } = subscriptionItemPeriod(subscription);
  if (at >= end || end <= start) return [];
  const remaining = (end - Math.max(at, start)) / (end - start);
  const day = new Date(at * 1000).toISOString().slice(0, 10);
  const nameOf = (price: StripeObject) => (price.product as { name?: string } | null)?.name ?? "Subscription";
  const lines = [
    { amount: -Math.round((from.unit_amount as number) * remaining), description: `Unused time on ${nameOf(from)} after ${day}`, price: from },
    { amount: Math.round((to.unit_amount as number) * remaining), description: `Remaining time on ${nameOf(to)} after ${day}`, price: to },
  ];
  const items = lines.map((line): StripeObject => ({
    id: randomId("ii"),
    object: "invoiceitem",
    created: options.now(),
    customer: subscription.customer as string,
    subscription: subscription.id,
    amount: line.amount,
    currency: line.price.currency,
    description: line.description,
    proration: true,
    period: { start: Math.max(at, start), end },
    price: line.price,
    invoice: null,
    livemode: false,
  }));
  for (const item of items) await options.store.put(item);
  return items;
}

/**
 * POST /v1/subscriptions/{id}: cancel_at_period_end, metadata, and a change of the one item's price
 * (items[0][id] + items[0][price]) with proration_behavior and proration_date as at Stripe. A change
 * of billing interval is refused here (Stripe would move the billing date).
 */
async function updateSubscription(options: StripeApiOptions, id: string, params: Params): Promise<StripeObject> {
  const subscription = await load(options.store, id, "subscription");
  const flag = str(params.cancel_at_period_end);
  const items = Array.isArray(params.items) ? params.items : [];
  const metadata = params.metadata === undefined ? null : metadataOf(params.metadata);
  if (flag === undefined && !items.length && metadata === null) return subscription;
  if (!["active", "trialing", "past_due"].includes(subscription.status as string)) {
    throw new ApiError(400, "A canceled subscription can't be updated.", "resource_missing");
  }
  let updated: StripeObject = { ...subscription };
  const previous: Record<string, unknown> = {};
  if (flag !== undefined) {
    const cancel = flag === "true";
    if (cancel !== subscription.cancel_at_period_end) {
      updated = { ...updated, cancel_at_period_end: cancel, cancel_at: cancel ? subscriptionItemPeriod(subscription).end : null };
      previous.cancel_at_period_end = !cancel;
    }
  }
  if (items.length) {
    if (items.length !== 1) throw new ApiError(400, "Exactly one item is supported here.", "parameter_invalid");
    const item = obj(items[0]);
    const current = (subscription.items as { data: (Record<string, unknown> & { id: string; price: StripeObject })[] }).data[0]!;
    if (required(item, "id") !== current.id) throw new ApiError(400, `No such subscription item: '${str(item.id)}'`, "resource_missing", "items[0][id]");
    const price = await load(options.store, required(item, "price"), "price");
    const interval = (price.recurring as { interval?: string } | null)?.interval;
    if (!interval) throw new ApiError(400, "The price must be a recurring price.", "parameter_invalid", "items[0][price]");
    if (interval !== (current.price.recurring as { interval: string }).interval) {
      throw new ApiError(400, "Changing the billing interval isn't supported here.", "parameter_invalid", "items[0][price]");
    }
    const behaviour = str(params.proration_behavior) ?? "create_prorations";
    if (!PRORATION_BEHAVIOURS.has(behaviour)) throw new ApiError(400, `Invalid proration_behavior: ${behaviour}`, "parameter_invalid", "proration_behavior");
    const rawDate = str(params.proration_date);
    const at = rawDate === undefined ? options.now() : Number(rawDate);
    const { start } = subscriptionItemPeriod(subscription);
    if (!Number.isInteger(at) || at < start || at > options.now() + 60) {
      throw new ApiError(400, "proration_date must be within the current period and not in the future.", "parameter_invalid", "proration_date");
    }
    if (price.id !== current.price.id) {
      if (behaviour !== "none") await prorate(options, subscription, current.price, price, at);
      const list = subscription.items as Record<string, unknown>;
      updated = { ...updated, items: { ...list, data: [{ ...current, price }] } };
      previous.items = subscription.items;
    }
  }
  if (metadata !== null) {
    updated = { ...updated, metadata: { ...((subscription.metadata as Record<string, string>) ?? {}), ...metadata } };
    previous.metadata = subscription.metadata;
  }
  if (!Object.keys(previous).length) return subscription;
  await options.store.put(updated);
  await raise(options, "customer.subscription.updated", updated, previous);
  return updated;
}

/** POST /v1/prices: a recurring price, with its product made from product_data (as the plans' inline prices). */
async function createPrice(options: StripeApiOptions, params: Params): Promise<StripeObject> {
  const price = await priceOf(options, { price_data: params }, "subscription");
  const withMetadata = params.metadata === undefined ? price : { ...price, metadata: metadataOf(params.metadata) };
  await options.store.put(withMetadata);
  return withMetadata;
}

/** DELETE /v1/subscriptions/{id}: cancels at once (no refund: that is a refund of its invoice's payment). */
async function cancelSubscription(options: StripeApiOptions, id: string, params: Params): Promise<StripeObject> {
  const subscription = await load(options.store, id, "subscription");
  if (subscription.status === "canceled") return subscription;
  const now = options.now();
  const details = obj(params.cancellation_details);
  const canceled = {
    ...subscription,
    status: "canceled",
    canceled_at: now,
    ended_at: now,
    cancel_at_period_end: false,
    cancellation_details: { comment: str(details.comment) ?? null, feedback: str(details.feedback) ?? null, reason: "cancellation_requested" },
  };
  await options.store.put(canceled);
  await raise(options, "customer.subscription.deleted", canceled);
  return canceled;
}

async function createPortalSession(options: StripeApiOptions, params: Params): Promise<StripeObject> {
  const customer = await load(options.store, required(params, "customer"), "customer");
  const id = randomId("bps");
  const session: StripeObject = {
    id,
    object: "billing_portal.session",
    created: options.now(),
    customer: customer.id as string,
    return_url: str(params.return_url) ?? null,
    url: `${options.hostedPagesUrl}/portal/${id}`,
    livemode: false,
  };
  await options.store.put(session);
  return session;
}

// ── Routing ────────────────────────────────────────────────────────────────────────────────────

async function route(method: string, path: string, params: Params, options: StripeApiOptions, stripeAccount: string | null): Promise<unknown> {
  const { store } = options;
  const segments = path.split("/").filter(Boolean);
  if (segments[0] !== "v1") throw new ApiError(404, `Unrecognized request URL (${method}: ${path}).`, "url_invalid");
  // Connect (connected accounts, their onboarding links, transfers to them and their payouts): connect-api.ts.
  const connect = await routeConnect(method, segments, params, options, stripeAccount);
  if (connect !== undefined) return connect;
  const [, resource, id, sub, action] = segments;
  const nested = resource === "checkout" || resource === "billing_portal";
  const key = `${method} ${resource}${nested ? `/${id}` : ""}`;
  const nestedId = nested ? sub : id;
  if (nested ? action !== undefined : sub !== undefined) {
    if (key === "POST checkout/sessions" && nestedId && action === "expire" && segments.length === 5)
      return publicView(await expireCheckoutSession(options, nestedId));
    throw new ApiError(404, `Unrecognized request URL (${method}: ${path}).`, "url_invalid");
  }
  switch (key) {
    case "POST customers":
      if (nestedId) return load(store, nestedId, "customer");
      return createCustomer(options, params);
    case "GET customers":
      if (!nestedId) break;
      return load(store, nestedId, "customer");
    case "POST checkout/sessions":
      if (nestedId) break;
      return publicView(await createCheckoutSession(options, params));
    case "GET checkout/sessions": {
      if (nestedId) return publicView(await load(store, nestedId, "checkout.session"));
      const status = str(params.status);
      const customer = await filterOf(store, params, "customer", "customer");
      const sessions = (await store.list("checkout.session", customer)).filter((s) => !status || s.status === status);
      return list(sessions.slice(0, limitOf(params)).map(publicView), "/v1/checkout/sessions");
    }
    case "POST billing_portal/sessions":
      if (nestedId) break;
      return createPortalSession(options, params);
    case "GET subscriptions": {
      if (nestedId) return load(store, nestedId, "subscription");
      const customer = await filterOf(store, params, "customer", "customer");
      const status = str(params.status) ?? "active";
      const all = await store.list("subscription", customer);
      const matching = all.filter((s) =>
        status === "all" ? true : status === "active" ? s.status !== "canceled" && s.status !== "incomplete_expired" : s.status === status,
      );
      return list(matching.slice(0, limitOf(params)), "/v1/subscriptions");
    }
    case "POST subscriptions":
      if (!nestedId) break;
      return updateSubscription(options, nestedId, params);
    case "DELETE subscriptions":
      if (!nestedId) break;
      return cancelSubscription(options, nestedId, params);
    case "GET invoices": {
      if (nestedId) return load(store, nestedId, "invoice");
      const invoices = await store.list("invoice", await filterOf(store, params, "customer", "customer"));
      return list(invoices.slice(0, limitOf(params)), "/v1/invoices");
    }
    case "GET invoice_payments": {
      if (nestedId) return load(store, nestedId, "invoice_payment");
      const invoice = await filterOf(store, params, "invoice", "invoice");
      const status = str(params.status);
      const payments = invoice
        ? [await store.get(invoicePaymentIdOf(invoice))].filter((p): p is StripeObject => p?.object === "invoice_payment")
        : await store.list("invoice_payment");
      return list(payments.filter((p) => !status || p.status === status).slice(0, limitOf(params)), "/v1/invoice_payments");
    }
    case "GET prices":
      if (!nestedId) break;
      return load(store, nestedId, "price");
    case "POST prices":
      if (nestedId) break;
      return createPrice(options, params);
    case "GET invoiceitems": {
      if (nestedId) return load(store, nestedId, "invoiceitem");
      const items = await store.list("invoiceitem", await filterOf(store, params, "customer", "customer"));
      const pending = str(params.pending);
      return list(items.filter((i) => pending !== "true" || i.invoice === null).slice(0, limitOf(params)), "/v1/invoiceitems");
    }
    case "POST refunds":
      if (nestedId) break;
      return createRefund(options, params);
    case "GET refunds": {
      if (nestedId) return load(store, nestedId, "refund");
      const paymentIntent = await filterOf(store, params, "payment_intent", "payment_intent");
      const charge = await filterOf(store, params, "charge", "charge");
      const refunds = (await store.list("refund")).filter((r) => (!paymentIntent || r.payment_intent === paymentIntent) && (!charge || r.charge === charge));
      return list(refunds.slice(0, limitOf(params)), "/v1/refunds");
    }
    case "GET payment_intents":
      if (!nestedId) break;
      return load(store, nestedId, "payment_intent");
    case "GET charges":
      if (!nestedId) break;
      return load(store, nestedId, "charge");
  }
  throw new ApiError(404, `Unrecognized request URL (${method}: ${path}).`, "url_invalid");
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", "Request-Id": randomId("req") } });
}

/**
 * Answers one Stripe API request. A POST with an Idempotency-Key answers as the first request with
 * that key did, as Stripe does (so concurrent creates of one customer make one).
 */
export async function handleStripeApi(request: Request, options: StripeApiOptions): Promise<Response> {
  const url = new URL(request.url);
  const method = request.method.toUpperCase();
  try {
    const body = method === "POST" ? new TextDecoder().decode(await request.arrayBuffer()) : "";
    const params = decodeParams(method === "POST" ? new URLSearchParams(body) : url.searchParams);
    const idempotencyKey = method === "POST" ? request.headers.get("Idempotency-Key") : null;
    const remembered = idempotencyKey ? await options.store.get(`idem_${idempotencyKey}`) : null;
    if (remembered) return json(remembered.response);
    const result = await route(method, url.pathname, params, options, request.headers.get("Stripe-Account"));
    if (idempotencyKey) await options.store.put({ id: `idem_${idempotencyKey}`, object: "idempotency_key", response: result });
    return json(result);
  } catch (error) {
    if (error instanceof ApiError) {
      return json(
        { error: { type: "invalid_request_error", code: error.code, message: error.message, ...(error.param ? { param: error.param } : {}) } },
        error.status,
      );
    }
    throw error;
  }
}
