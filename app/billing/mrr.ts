import { gstIncludedCents, planPriceCents, type AiTier, type BillingInterval, type PlanSettings } from "./plans";

// Monthly recurring revenue (MRR), excluding GST: what a subscription brings in a month at its plan's
// price. A yearly plan counts a twelfth of its price, rounded to the cent. Only a paying
// subscription counts:
// - active, and past_due: a renewal failed but Stripe is still retrying and the subscriber keeps
//   access for the grace period, so it is not churn yet. If the retries run out the subscription
//   becomes canceled or unpaid, and that is the churn.
// - trialing counts nothing until the first payment (Stripe's own MRR does the same); incomplete,
//   incomplete_expired, unpaid, paused and canceled count nothing.
// Discounts and coupons are not modelled: the plan's price is the price (the plans have none).

/** Subscription statuses that pay: they count towards MRR and as active subscribers. */
export const PAYING_STATUSES = ["active", "past_due"] as const;

export function isPayingStatus(status: string): boolean {
  return (PAYING_STATUSES as readonly string[]).includes(status);
}

/** A plan's MRR in cents excluding GST: the price less its GST, a twelfth of it for a yearly plan. */
export function planMrrCents(settings: PlanSettings, tier: AiTier, interval: BillingInterval): number {
  const price = planPriceCents(settings, tier, interval);
  const exGst = price - gstIncludedCents(price);
  return interval === "year" ? Math.round(exGst / 12) : exGst;
}

/** A subscription's MRR in cents excluding GST: 0 unless it pays and its plan is known. */
export function subscriptionMrrCents(settings: PlanSettings, subscription: { status: string; tier: AiTier | null; interval: BillingInterval | null }): number {
  if (!isPayingStatus(subscription.status) || !subscription.tier || !subscription.interval) return 0;
  return planMrrCents(settings, subscription.tier, subscription.interval);
}
