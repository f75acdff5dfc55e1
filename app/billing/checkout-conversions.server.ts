import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { conversionOriginByKey, storeConversion, type ConversionContext } from "~/attribution/conversions.server";
import { conversions, users } from "~/db/schema";
import { intervalWord } from "./describe";
import { isAiTier, isBillingInterval, TIER_NAMES, type AiTier, type BillingInterval } from "./plans";

// ClarityAI's conversions (SPEC §3): BEGIN_CHECKOUT when a Checkout Session is created, and
// PAYMENT_COMPLETION when it is paid — recorded by whichever comes first of the webhook
// (checkout.session.completed / async_payment_succeeded) and the success page, once per session.
// The payment carries the checkout's attribution: the browser that pays may not be the one that
// landed, and the webhook has no browser at all.

export const checkoutConversionKey = (checkoutSessionId: string) => `checkout:${checkoutSessionId}`;
export const paymentConversionKey = (checkoutSessionId: string) => `payment:${checkoutSessionId}`;

/** "ClarityAI Pro (monthly)". */
export function planConversionLabel(tier: AiTier, interval: BillingInterval): string {
  return `${TIER_NAMES[tier]} (${intervalWord(interval)})`;
}

/** Whether a completed Checkout Session has been paid (or needed no payment), rather than awaiting a delayed method. */
export function isPaidCheckout(session: Pick<Stripe.Checkout.Session, "status" | "payment_status">): boolean {
  return session.status === "complete" && (session.payment_status === "paid" || session.payment_status === "no_payment_required");
}

type Payment = {
  checkoutSessionId: string;
  amountCents: number;
  userId: string | null;
  /** The payer's email when the caller already has it (the signed-in viewer); otherwise read for userId. */
  email?: string | null;
  metadata?: Record<string, string> | null;
  /** What was bought, for the report (a booking's session or package); by default the plan in the metadata. */
  label?: string;
  /** The browser on the success page, if that is where the payment was seen (for its Sec-GPC). */
  request?: Request;
};

/**
 * Records the payment of a Checkout Session once, with the attribution of its BEGIN_CHECKOUT.
 * Never throws: a conversion that cannot be recorded is logged (ids only) and the payment's own
 * handling carries on; the other path (webhook or success page) gets another chance.
 */
export async function recordCheckoutPayment(context: ConversionContext, payment: Payment): Promise<void> {
  try {
    const dedupeKey = paymentConversionKey(payment.checkoutSessionId);
    // Already recorded by the other path (or an earlier visit to the success page): nothing to read or write.
    if (await context.db.select({ id: conversions.id }).from(conversions).where(eq(conversions.dedupeKey, dedupeKey)).get()) return;
    const origin = await conversionOriginByKey(context.db, checkoutConversionKey(payment.checkoutSessionId));
    const tier = payment.metadata?.tier;
    const interval = payment.metadata?.interval;
    const label = payment.label ?? (isAiTier(tier) && isBillingInterval(interval) ? planConversionLabel(tier, interval) : "Payment");
    const email =
      payment.email !== undefined
        ? payment.email
        : payment.userId
          ? ((await context.db.select({ email: users.email }).from(users).where(eq(users.id, payment.userId)).get())?.email ?? null)
          : null;
    await storeConversion(context, {
      type: "PAYMENT_COMPLETION",
      dedupeKey,
      valueCents: Math.max(0, Math.round(payment.amountCents)),
      label,
      userId: payment.userId,
      contact: { email },
      attribution: origin?.attribution ?? null,
      gpc: origin?.gpc ?? false,
      request: payment.request,
    });
  } catch (error) {
    console.warn(`billing: could not record the payment conversion of ${payment.checkoutSessionId}:`, error instanceof Error ? error.message : "unknown error");
  }
}
