import { env } from "cloudflare:workers";

// ClarityAI subscriptions as the Stripe webhook records them, and their GST tax invoices, written
// straight into D1 (the checkout itself has tests of its own in tests/worker/billing/).

export type SubscriptionOptions = {
  tier?: "lite" | "pro";
  status?: string;
  interval?: "month" | "year";
  /** None unless given. */
  periodEnd?: string | null;
  cancelAtPeriodEnd?: boolean;
  pastDueSince?: string | null;
};

/** A Stripe customer and a subscription for the user (Pro, active, monthly unless told); answers the customer's id. */
export async function createSubscription(
  userId: string,
  { tier = "pro", status = "active", interval = "month", periodEnd = null, cancelAtPeriodEnd = false, pastDueSince = null }: SubscriptionOptions = {},
) {
  const customer = `cus_test_${userId.slice(0, 12)}`;
  await env.DB.batch([
    env.DB.prepare("INSERT INTO billing_customers (user_id, stripe_customer_id) VALUES (?, ?)").bind(userId, customer),
    env.DB.prepare(
      "INSERT INTO ai_subscriptions (user_id, stripe_customer_id, stripe_subscription_id, tier, billing_interval, status, current_period_end, cancel_at_period_end, past_due_since) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
    ).bind(userId, customer, `sub_test_${userId.slice(0, 12)}`, tier, interval, status, periodEnd, cancelAtPeriodEnd ? 1 : 0, pastDueSince),
  ]);
  return customer;
}

/** A paid tax invoice of a customer's subscription (a month of ClarityAI Pro in February 2031 unless told). */
export async function createInvoice(userId: string, customer: string, totalCents = 14900) {
  const id = `in_test_${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;
  await env.DB.prepare(
    "INSERT INTO billing_invoices (id, user_id, stripe_customer_id, number, status, currency, total_cents, tax_cents, description, period_start, period_end, paid_at, created_at) VALUES (?, ?, ?, ?, 'paid', 'aud', ?, ?, 'ClarityAI Pro (monthly)', ?, ?, ?, ?)",
  )
    .bind(
      id,
      userId,
      customer,
      `CAI-${id.slice(-6).toUpperCase()}`,
      totalCents,
      Math.round(totalCents / 11),
      "2031-02-15T02:00:00.000Z",
      "2031-03-15T02:00:00.000Z",
      "2031-02-15T02:01:00.000Z",
      "2031-02-15T02:00:00.000Z",
    )
    .run();
  return id;
}
