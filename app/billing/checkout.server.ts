import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { recordConversion } from "~/attribution/conversions.server";
import type { AppContext } from "~/context.server";
import { aiSubscriptions } from "~/db/schema";
import type { AppEnv } from "~/platform/env.server";
import { checkoutConversionKey, planConversionLabel } from "./checkout-conversions.server";
import { ensureStripeCustomer } from "./customers.server";
import { BillingError } from "./errors";
import { isAiTier, isRunningStatus, planPriceCents, TIER_NAMES, type AiTier, type BillingInterval } from "./plans";
import { configuredPriceId, planSettings } from "./plans.server";
import { callStripe, stripeOf } from "./stripe.server";

// create-ai-subscription (SPEC §7): a Stripe Checkout Session in subscription mode for one plan.

/** The Checkout line item: the configured Stripe price, else the plan's price inline (AUD, GST included). */
export function checkoutLineItem(env: AppEnv, tier: AiTier, interval: BillingInterval): Stripe.Checkout.SessionCreateParams.LineItem {
  const price = configuredPriceId(env, tier, interval);
  if (price) return { price, quantity: 1 };
  return {
    quantity: 1,
    price_data: {
      currency: "aud",
      unit_amount: planPriceCents(planSettings(env), tier, interval),
      recurring: { interval },
      tax_behavior: "inclusive",
      product_data: { name: TIER_NAMES[tier], metadata: { tier, interval } },
    },
  };
}

/**
 * Creates the Checkout Session and records BEGIN_CHECKOUT with the attribution of the browser
 * `request` came from (the caller's request; without it the checkout counts as direct).
 */
export async function createAiCheckout(
  context: AppContext,
  user: { id: string; email: string | null },
  input: { tier: AiTier; interval: BillingInterval },
  request?: Request,
): Promise<{ url: string }> {
  const current = await context.db
    .select({ status: aiSubscriptions.status, tier: aiSubscriptions.tier })
    .from(aiSubscriptions)
    .where(eq(aiSubscriptions.userId, user.id))
    .get();
  // A second checkout for a subscription that is still running would charge twice: a change of plan is a switch.
  if (current && isRunningStatus(current.status)) {
    const plan = isAiTier(current.tier) ? TIER_NAMES[current.tier] : "ClarityAI";
    throw new BillingError(
      409,
      "already_subscribed",
      `You already have a ClarityAI subscription (${plan}). To change plan, use Switch on the plan cards; to cancel, use Manage billing on your profile.`,
    );
  }
  const stripe = stripeOf(context);
  const customer = await callStripe("creating the customer", () => ensureStripeCustomer(context.db, stripe, user));
  const metadata = { user_id: user.id, tier: input.tier, interval: input.interval };
  const session = await callStripe("creating the checkout session", () =>
    stripe.checkout.sessions.create({
      mode: "subscription",
      customer,
      client_reference_id: user.id,
      line_items: [checkoutLineItem(context.env, input.tier, input.interval)],
      metadata,
      subscription_data: { metadata },
      success_url: `${context.siteOrigin}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${context.siteOrigin}/payment-canceled?session_id={CHECKOUT_SESSION_ID}`,
    }),
  );
  if (!session.url) throw new BillingError(502, "no_checkout_url", "No payment URL received");
  try {
    await recordConversion(context, {
      type: "BEGIN_CHECKOUT",
      dedupeKey: checkoutConversionKey(session.id),
      valueCents: session.amount_total ?? planPriceCents(planSettings(context.env), input.tier, input.interval),
      label: planConversionLabel(input.tier, input.interval),
      userId: user.id,
      contact: { email: user.email },
      request,
    });
  } catch (error) {
    // The customer can pay all the same; the report misses one checkout (logged by id only).
    console.warn(`billing: could not record the checkout conversion of ${session.id}:`, error instanceof Error ? error.message : "unknown error");
  }
  return { url: session.url };
}
