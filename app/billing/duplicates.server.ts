import { eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import Stripe from "stripe";
import { auditStatement } from "~/auth/audit.server";
import { auditLog, users } from "~/db/schema";
import { composeEmail } from "~/email/compose.server";
import { outboxInsert } from "~/email/outbox.server";
import { duplicateSubscriptionEmail } from "~/email/templates/duplicate-subscription";
import type { BillingDeps } from "./config.server";
import { planConversionLabel } from "./checkout-conversions.server";
import { isLiveStatus, TIER_NAMES } from "./plans";
import { currentSubscription, planOf } from "./sync.server";

// A customer has one ClarityAI subscription. The "already subscribed" check runs when a checkout is
// created, so a customer can open two checkouts (Lite in one tab, Pro in another) and pay both.
// Two guards, both run from the webhook so they hold with Stripe as with the sandbox:
//   1. when a subscription checkout completes, the customer's other open subscription checkouts
//      are expired, so they can no longer be paid;
//   2. a second live subscription that got through anyway (both paid before either event arrived)
//      is cancelled at once and its payment refunded, and the customer is emailed and the change
//      audited. The first subscription bought is kept (currentSubscription).
// Each step can be repeated: the cancellation carries DUPLICATE_COMMENT, so a retried event finds a
// duplicate it cancelled before its audit entry was stored; refunds use an idempotency key; the
// email and the audit entry are keyed by the duplicate's id and stored in the event's batch.

type DuplicateDeps = BillingDeps & { stripe: Stripe };

/** Stripe's cancellation_details.comment on a subscription this site cancelled as a duplicate. */
export const DUPLICATE_COMMENT = "Duplicate subscription: cancelled and refunded automatically";

/** The duplicate's email dedupe key and audit entry id: one of each, however often its events arrive. */
/** A subscription this site cancelled (and refunded) as a customer's second one. */
export function isCancelledDuplicate(subscription: Stripe.Subscription): boolean {
  return subscription.status === "canceled" && subscription.cancellation_details?.comment === DUPLICATE_COMMENT;
}

const settledKeyOf = (subscriptionId: string) => `duplicate-subscription:${subscriptionId}`;

/** Expires the customer's open subscription checkouts other than the one that completed. */
export async function expireOtherSubscriptionCheckouts(stripe: Stripe, customerId: string, completedSessionId: string): Promise<string[]> {
  const open = await stripe.checkout.sessions.list({ customer: customerId, status: "open", limit: 100 });
  const expired: string[] = [];
  for (const session of open.data) {
    if (session.id === completedSessionId || session.mode !== "subscription") continue;
    try {
      await stripe.checkout.sessions.expire(session.id);
      expired.push(session.id);
    } catch (error) {
      // Completed (or expired) in the meantime: Stripe refuses to expire it, and a completed one is
      // cancelled and refunded below when its events arrive.
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
    }
  }
  return expired;
}

/** "ClarityAI Pro (monthly)". */
function planName(deps: DuplicateDeps, subscription: Stripe.Subscription): string {
  const { tier, interval } = planOf(deps.env, subscription);
  if (tier && interval) return planConversionLabel(tier, interval);
  return tier ? TIER_NAMES[tier] : "ClarityAI";
}

function invoiceIdOf(subscription: Stripe.Subscription): string | null {
  const invoice = subscription.latest_invoice;
  return typeof invoice === "string" ? invoice : (invoice?.id ?? null);
}

/** Cancels now (not at the period's end), marked as a duplicate. Answers the subscription as cancelled. */
async function cancelDuplicate(stripe: Stripe, subscription: Stripe.Subscription): Promise<Stripe.Subscription> {
  try {
    return await stripe.subscriptions.cancel(subscription.id, { cancellation_details: { comment: DUPLICATE_COMMENT } });
  } catch (error) {
    // Cancelled a moment ago by a concurrent delivery: carry on with the refund and the email.
    if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
    const now = await stripe.subscriptions.retrieve(subscription.id);
    if (now.status !== "canceled") throw error;
    return now;
  }
}

/** Refunds what was paid on the duplicate's latest (its first) invoice. Answers the refund's id and amount. */
async function refundDuplicate(stripe: Stripe, subscription: Stripe.Subscription, userId: string): Promise<{ refundIds: string[]; amountCents: number }> {
  const invoice = invoiceIdOf(subscription);
  if (!invoice) return { refundIds: [], amountCents: 0 };
  const payments = await stripe.invoicePayments.list({ invoice, status: "paid", limit: 10 });
  const refundIds: string[] = [];
  let amountCents = 0;
  for (const payment of payments.data) {
    const paymentIntent = typeof payment.payment.payment_intent === "string" ? payment.payment.payment_intent : payment.payment.payment_intent?.id;
    if (!paymentIntent) continue;
    try {
      const refund = await stripe.refunds.create(
        { payment_intent: paymentIntent, reason: "duplicate", metadata: { subscription: subscription.id, user_id: userId } },
        { idempotencyKey: `clarityai-duplicate-refund-${subscription.id}-${paymentIntent}` },
      );
      refundIds.push(refund.id);
      amountCents += refund.amount;
    } catch (error) {
      // Refunded by an earlier attempt whose idempotency key has since expired.
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError) || error.code !== "charge_already_refunded") throw error;
      amountCents += payment.amount_paid ?? 0;
    }
  }
  return { refundIds, amountCents };
}

/** Whether the duplicate's audit entry (stored with its email, in one batch) is there: then it is done. */
async function alreadySettled(deps: DuplicateDeps, subscriptionId: string): Promise<boolean> {
  return Boolean(
    await deps.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(eq(auditLog.id, settledKeyOf(subscriptionId)))
      .get(),
  );
}

export type DuplicateSettlement = {
  /** The customer's subscriptions after the duplicates were cancelled (for the row's sync). */
  subscriptions: Stripe.Subscription[];
  /** The emails and audit entries, for the caller's batch. */
  statements: BatchItem<"sqlite">[];
  /** Outbox ids to hand to the email job once the batch is stored. */
  outboxIds: string[];
};

/**
 * Cancels and refunds every live subscription of the customer but the one kept, and records the
 * email and audit entry owed for each. Nothing to do (no Stripe call) when there is one live
 * subscription and no duplicate left half-handled.
 */
export async function settleDuplicateSubscriptions(
  deps: DuplicateDeps,
  input: { customerId: string; userId: string; subscriptions: Stripe.Subscription[] },
): Promise<DuplicateSettlement> {
  const kept = currentSubscription(input.subscriptions);
  const settlement: DuplicateSettlement = { subscriptions: [...input.subscriptions], statements: [], outboxIds: [] };
  if (!kept || !isLiveStatus(kept.status)) return settlement;
  const candidates = input.subscriptions.filter((s) => s.id !== kept.id && (isLiveStatus(s.status) || isCancelledDuplicate(s)));
  let address: string | null | undefined;
  for (const candidate of candidates) {
    if (!isLiveStatus(candidate.status) && (await alreadySettled(deps, candidate.id))) continue;
    const cancelled = isLiveStatus(candidate.status) ? await cancelDuplicate(deps.stripe, candidate) : candidate;
    settlement.subscriptions = settlement.subscriptions.map((s) => (s.id === cancelled.id ? cancelled : s));
    const refund = await refundDuplicate(deps.stripe, candidate, input.userId);
    console.warn(`billing: customer ${input.customerId} had a second live subscription ${candidate.id}; cancelled it and refunded ${refund.amountCents} cents`);
    settlement.statements.push(
      auditStatement(deps.db, {
        id: settledKeyOf(candidate.id),
        action: "subscription_duplicate_refunded",
        targetId: input.userId,
        detail: { subscriptionId: candidate.id, keptSubscriptionId: kept.id, refundIds: refund.refundIds, amountCents: refund.amountCents },
      }),
    );
    address ??= (await deps.db.select({ email: users.email }).from(users).where(eq(users.id, input.userId)).get())?.email ?? null;
    if (!address) continue;
    const email = await composeEmail(
      deps.env,
      duplicateSubscriptionEmail,
      {
        keptPlan: planName(deps, kept),
        duplicatePlan: planName(deps, candidate),
        refundCents: refund.amountCents,
        manageBillingUrl: `${deps.siteOrigin}/profile?tab=billing`,
      },
      { to: address, dedupeKey: settledKeyOf(candidate.id) },
    );
    const outboxId = crypto.randomUUID();
    settlement.statements.push(outboxInsert(deps.db, deps.env, email, outboxId));
    settlement.outboxIds.push(outboxId);
  }
  return settlement;
}
