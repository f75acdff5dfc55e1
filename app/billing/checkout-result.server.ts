import { eq } from "drizzle-orm";
import Stripe from "stripe";
import type { AppContext } from "~/context.server";
import { aiSubscriptions } from "~/db/schema";
import { isPaidCheckout, recordCheckoutPayment } from "./checkout-conversions.server";
import { paymentsMode } from "./config.server";
import { customerIdOf, stripeCustomerIdOf } from "./customers.server";
import { isAiTier, isBillingInterval, planPriceCents, TIER_NAMES, type AiTier, type BillingInterval } from "./plans";
import { planSettings } from "./plans.server";
import { syncSubscription } from "./sync.server";
import { stripeOf } from "./stripe.server";

// What /payment-success and /payment-canceled may say about a Checkout Session: only to the
// signed-in owner of that session, and only what Stripe says about it. Anyone else, or a page
// opened without a session id, gets "neutral" and no claim either way.

export type PurchasedPlan = { tier: AiTier; planName: string; interval: BillingInterval; amountCents: number };

export type CheckoutOutcome =
  | { kind: "neutral" }
  /** Paid: the subscription as the row now has it (synced from Stripe just now). */
  | (PurchasedPlan & { kind: "paid"; status: string; currentPeriodEnd: string | null; cancelAtPeriodEnd: boolean })
  /** The session is still open or expired: nothing was bought. */
  | (PurchasedPlan & { kind: "not-paid" });

const SESSION_ID = /^cs_[A-Za-z0-9_]{1,250}$/;

export async function checkoutOutcome(context: AppContext, sessionId: string | null, request?: Request): Promise<CheckoutOutcome> {
  const neutral: CheckoutOutcome = { kind: "neutral" };
  if (!sessionId || !SESSION_ID.test(sessionId) || paymentsMode(context.env) === "unavailable") return neutral;
  const viewer = await context.viewer();
  if (!viewer) return neutral;
  const ownCustomer = await stripeCustomerIdOf(context.db, viewer.id);
  if (!ownCustomer) return neutral;
  const stripe = stripeOf(context);
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.retrieve(sessionId);
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError)) throw error;
    if (error.statusCode !== 404) console.warn(`billing: reading checkout session failed: ${error.type} ${error.message}`);
    return neutral;
  }
  if (customerIdOf(session.customer) !== ownCustomer) return neutral;
  const metadata = session.metadata ?? {};
  const tier = isAiTier(metadata.tier) ? metadata.tier : null;
  const interval = isBillingInterval(metadata.interval) ? metadata.interval : null;
  if (!tier || !interval) return neutral;
  const plan: PurchasedPlan = {
    tier,
    interval,
    planName: TIER_NAMES[tier],
    amountCents: session.amount_total ?? planPriceCents(planSettings(context.env), tier, interval),
  };
  if (session.status !== "complete") return { ...plan, kind: "not-paid" };
  let synced: Awaited<ReturnType<typeof syncSubscription>> = null;
  try {
    // The success page may arrive before the webhook: bring the row up to date now.
    synced = await syncSubscription(context, ownCustomer, viewer.id);
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError)) throw error;
    console.warn(`billing: syncing after checkout failed: ${error.type} ${error.message}`);
  }
  // PAYMENT_COMPLETION, unless the webhook recorded it first (same dedupe key).
  if (isPaidCheckout(session)) {
    await recordCheckoutPayment(context, {
      checkoutSessionId: session.id,
      amountCents: plan.amountCents,
      userId: viewer.id,
      email: viewer.email || null,
      metadata: session.metadata,
      request,
    });
  }
  // Without a sync, the row as the webhook left it.
  const row = synced ?? (await context.db.select().from(aiSubscriptions).where(eq(aiSubscriptions.userId, viewer.id)).get());
  return {
    ...plan,
    kind: "paid",
    status: row?.status ?? "active",
    currentPeriodEnd: row?.currentPeriodEnd ?? null,
    cancelAtPeriodEnd: row?.cancelAtPeriodEnd ?? false,
  };
}
