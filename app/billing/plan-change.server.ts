import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { AppContext } from "~/context.server";
import { aiSubscriptions } from "~/db/schema";
import { BillingError } from "./errors";
import { isAiTier, isBillingInterval, isUpgrade, planPriceCents, prorationOf, TIER_NAMES, type AiTier, type BillingInterval } from "./plans";
import { configuredPriceId, planSettings } from "./plans.server";
import { callStripe, stripeOf } from "./stripe.server";
import { syncSubscription } from "./sync.server";

// Switching a running ClarityAI subscription between Lite and Pro: the subscription's one item gets
// the other plan's price (same billing period), with proration_behavior=create_prorations, so the
// unused part of the old plan is credited and the rest of the period on the new one is charged, both
// on the next invoice. Either way the new plan applies at once: a downgrade too, so its limits apply
// from now and the unused part of Pro comes off the next bill (nothing is lost, nothing waits).
// The confirmation shows the amounts worked out for a proration date, and the change is made for
// that same date, so what was shown is what Stripe bills.

/** How long the confirmation's amounts stay good: after that the person is shown fresh ones. */
export const PREVIEW_VALID_SECONDS = 30 * 60;

export type PlanChangePreview = {
  from: { tier: AiTier; name: string; amountCents: number };
  to: { tier: AiTier; name: string; amountCents: number };
  interval: BillingInterval;
  upgrade: boolean;
  /** Seconds since the epoch: the instant the amounts are worked out for, sent back with the confirmation. */
  prorationDate: number;
  currentPeriodEnd: string;
  cancelAtPeriodEnd: boolean;
  creditCents: number;
  chargeCents: number;
  /** Added to the next invoice when positive; taken off it when negative. */
  netCents: number;
};

type Current = {
  customerId: string;
  subscriptionId: string;
  tier: AiTier;
  interval: BillingInterval;
  item: { id: string; amountCents: number; start: number; end: number };
  cancelAtPeriodEnd: boolean;
};

function refuse(code: string, message: string): never {
  throw new BillingError(409, code, message);
}

/** The user's running subscription as Stripe has it, checked for a change to `tier`. */
async function currentFor(context: AppContext, userId: string, tier: AiTier): Promise<Current> {
  const row = await context.db.select().from(aiSubscriptions).where(eq(aiSubscriptions.userId, userId)).get();
  if (!row?.stripeSubscriptionId || !isAiTier(row.tier) || !["active", "trialing", "past_due"].includes(row.status)) {
    refuse("no_active_subscription", "You don't have a ClarityAI subscription to change. Choose a plan to subscribe instead.");
  }
  if (row.status === "past_due") {
    refuse("past_due", "Your last payment didn't go through. Pay it in Manage billing on your profile before changing plan.");
  }
  if (row.tier === tier) refuse("same_plan", `You're already on ${TIER_NAMES[tier]}.`);
  const stripe = stripeOf(context);
  const subscription: Stripe.Subscription = await callStripe("reading the subscription", () => stripe.subscriptions.retrieve(row.stripeSubscriptionId!));
  const item = subscription.items.data[0] as (Stripe.SubscriptionItem & { current_period_start: number; current_period_end: number }) | undefined;
  const interval = item?.price.recurring?.interval;
  if (!item || !isBillingInterval(interval) || !["active", "trialing"].includes(subscription.status)) {
    refuse("no_active_subscription", "Your subscription can't be changed right now. Open Manage billing on your profile to see why.");
  }
  return {
    customerId: row.stripeCustomerId,
    subscriptionId: subscription.id,
    tier: row.tier,
    interval,
    item: { id: item.id, amountCents: item.price.unit_amount ?? 0, start: item.current_period_start, end: item.current_period_end },
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
  };
}

function previewOf(context: AppContext, current: Current, tier: AiTier, at: number): PlanChangePreview {
  const toCents = planPriceCents(planSettings(context.env), tier, current.interval);
  const proration = prorationOf(current.item.amountCents, toCents, current.item, at);
  return {
    from: { tier: current.tier, name: TIER_NAMES[current.tier], amountCents: current.item.amountCents },
    to: { tier, name: TIER_NAMES[tier], amountCents: toCents },
    interval: current.interval,
    upgrade: isUpgrade(current.tier, tier),
    prorationDate: at,
    currentPeriodEnd: new Date(current.item.end * 1000).toISOString(),
    cancelAtPeriodEnd: current.cancelAtPeriodEnd,
    ...proration,
  };
}

function nowSeconds(context: AppContext): number {
  return Math.floor(context.services.clock.now().getTime() / 1000);
}

/** What switching to `tier` now would change and cost: for the confirmation step. */
export async function previewPlanChange(context: AppContext, userId: string, tier: AiTier): Promise<PlanChangePreview> {
  return previewOf(context, await currentFor(context, userId, tier), tier, nowSeconds(context));
}

/** The Stripe price for a plan: the configured one, else one made for it (as checkout prices it inline). */
async function priceFor(context: AppContext, tier: AiTier, interval: BillingInterval, idempotencyKey: string): Promise<string> {
  const configured = configuredPriceId(context.env, tier, interval);
  if (configured) return configured;
  const stripe = stripeOf(context);
  const metadata = { tier, interval };
  const price = await callStripe("creating the plan's price", () =>
    stripe.prices.create(
      {
        currency: "aud",
        unit_amount: planPriceCents(planSettings(context.env), tier, interval),
        recurring: { interval },
        tax_behavior: "inclusive",
        product_data: { name: TIER_NAMES[tier], metadata },
        metadata,
      },
      { idempotencyKey },
    ),
  );
  return price.id;
}

/**
 * Switches the user's subscription to `tier` with the prorations of `prorationDate` (the one the
 * confirmation showed), then brings the subscription row up to date (the webhook's
 * customer.subscription.updated does the same; either order ends the same). A confirmation older
 * than PREVIEW_VALID_SECONDS, or from before this period, is refused as stale_preview.
 */
export async function changePlan(context: AppContext, userId: string, tier: AiTier, prorationDate: number): Promise<PlanChangePreview> {
  const current = await currentFor(context, userId, tier);
  const now = nowSeconds(context);
  if (!Number.isInteger(prorationDate) || prorationDate > now + 60 || now - prorationDate > PREVIEW_VALID_SECONDS || prorationDate < current.item.start) {
    refuse("stale_preview", "The amounts shown have changed. Please check the new amounts and confirm again.");
  }
  const preview = previewOf(context, current, tier, prorationDate);
  // One change per confirmation, however often the form is sent.
  const key = `plan-change:${current.subscriptionId}:${tier}:${prorationDate}`;
  const price = await priceFor(context, tier, current.interval, `${key}:price`);
  const stripe = stripeOf(context);
  await callStripe("changing the plan", () =>
    stripe.subscriptions.update(
      current.subscriptionId,
      {
        items: [{ id: current.item.id, price }],
        proration_behavior: "create_prorations",
        proration_date: prorationDate,
        metadata: { tier, interval: current.interval },
      },
      { idempotencyKey: key },
    ),
  );
  try {
    await syncSubscription(context, current.customerId, userId);
  } catch (error) {
    // The plan has changed at Stripe: its customer.subscription.updated event brings the row up to date.
    console.warn(
      `billing: the row of ${current.subscriptionId} waits for Stripe's event after a plan change:`,
      error instanceof Error ? error.message : "unknown error",
    );
  }
  return preview;
}
