import { eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type Stripe from "stripe";
import type { AppContext } from "~/context.server";
import type { Db } from "~/db/client.server";
import { aiSubscriptions, billingCustomers } from "~/db/schema";
import type { AppEnv } from "~/platform/env.server";
import { mrrChangeStatement } from "./mrr-ledger.server";
import { subscriptionMrrCents } from "./mrr";
import { isAiTier, isBillingInterval, LIVE_STATUSES, type AiTier, type BillingInterval } from "./plans";
import { planOfPriceId, planSettings } from "./plans.server";
import { stripeOf } from "./stripe.server";

// One way the ai_subscriptions row is written: read the customer's current subscription from Stripe
// and store it. Webhook events and the success page both call this, so the row ends right whatever
// order events arrive in (or if some never do), and running it twice changes nothing.

/** What syncing a subscription needs of the context. */
export type SyncContext = Pick<AppContext, "db" | "env" | "services">;

/**
 * The customer's subscription that counts: the oldest live one (active, trialing, past_due), else the
 * newest. A customer has one live subscription; a second one is a duplicate (two checkouts paid),
 * which the webhook cancels and refunds (duplicates.server.ts), so the first one bought is the one kept.
 * Stripe lists newest first, and a stable sort keeps that order for subscriptions made in the same second.
 */
export function currentSubscription(subscriptions: readonly Stripe.Subscription[]): Stripe.Subscription | null {
  const newestFirst = [...subscriptions].sort((a, b) => b.created - a.created);
  return newestFirst.findLast((s) => LIVE_STATUSES.includes(s.status)) ?? newestFirst[0] ?? null;
}

/** The customer's subscriptions as Stripe has them now, newest first. */
export async function listSubscriptions(context: SyncContext, customerId: string): Promise<Stripe.Subscription[]> {
  const listed = await stripeOf(context).subscriptions.list({ customer: customerId, status: "all", limit: 20 });
  return listed.data;
}

/** The plan a subscription is for: from the configured price ids, else the price's and the subscription's metadata. */
export function planOf(env: AppEnv, subscription: Stripe.Subscription): { tier: AiTier | null; interval: BillingInterval | null } {
  const price = subscription.items.data[0]?.price;
  const known = price ? planOfPriceId(env, price.id) : null;
  if (known) return known;
  const tier = [price?.metadata?.tier, subscription.metadata?.tier].find(isAiTier) ?? null;
  const interval = [price?.recurring?.interval, price?.metadata?.interval, subscription.metadata?.interval].find(isBillingInterval) ?? null;
  return { tier, interval };
}

export function isoFromSeconds(seconds: number | null | undefined): string | null {
  return typeof seconds === "number" && Number.isFinite(seconds) ? new Date(seconds * 1000).toISOString() : null;
}

/** The end of the subscription's current period (on its item since Stripe API 2025-03-31; on the subscription before). */
function periodEndOf(subscription: Stripe.Subscription): string | null {
  const item = subscription.items.data[0] as (Stripe.SubscriptionItem & { current_period_end?: number }) | undefined;
  const legacy = (subscription as Stripe.Subscription & { current_period_end?: number }).current_period_end;
  return isoFromSeconds(item?.current_period_end ?? legacy);
}

export async function userIdForCustomer(db: Db, customerId: string): Promise<string | null> {
  const row = await db.select({ userId: billingCustomers.userId }).from(billingCustomers).where(eq(billingCustomers.stripeCustomerId, customerId)).get();
  return row?.userId ?? null;
}

type SyncedSubscription = typeof aiSubscriptions.$inferInsert;

/**
 * The customer's ai_subscriptions row as Stripe has it now, and the statements that write it (and
 * its MRR ledger row when its MRR changed); null when the customer is not one of ours, or has no
 * subscription yet. The caller that already knows the customer's user passes it.
 */
async function syncedRow(
  context: SyncContext,
  customerId: string,
  knownUserId?: string,
): Promise<{ values: SyncedSubscription; statements: BatchItem<"sqlite">[] } | null> {
  const userId = knownUserId ?? (await userIdForCustomer(context.db, customerId));
  if (!userId) return null;
  return rowFor(context, customerId, userId, await listSubscriptions(context, customerId));
}

/**
 * The row for the customer's current subscription among those listed, and the statements that
 * write it: the row, and the MRR ledger's row if the customer's MRR changed (mrr-ledger.server.ts),
 * for the Stripe event that caused the sync when there is one.
 */
function rowFor(
  context: SyncContext,
  customerId: string,
  userId: string,
  subscriptions: readonly Stripe.Subscription[],
  eventId?: string,
): { values: SyncedSubscription; statements: BatchItem<"sqlite">[] } | null {
  const subscription = currentSubscription(subscriptions);
  if (!subscription) return null;
  const { tier, interval } = planOf(context.env, subscription);
  const now = context.services.clock.now().toISOString();
  const pastDue = subscription.status === "past_due";
  const values = {
    userId,
    stripeCustomerId: customerId,
    stripeSubscriptionId: subscription.id,
    tier,
    billingInterval: interval,
    status: subscription.status,
    currentPeriodEnd: periodEndOf(subscription),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    pastDueSince: pastDue ? now : null,
    updatedAt: now,
  };
  const statement = context.db
    .insert(aiSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: aiSubscriptions.userId,
      set: {
        stripeCustomerId: values.stripeCustomerId,
        stripeSubscriptionId: values.stripeSubscriptionId,
        tier: values.tier,
        billingInterval: values.billingInterval,
        status: values.status,
        currentPeriodEnd: values.currentPeriodEnd,
        cancelAtPeriodEnd: values.cancelAtPeriodEnd,
        // The grace period counts from the first failed renewal: kept while the subscription stays
        // past_due (whichever sync sees it first sets it), cleared as soon as it is anything else.
        pastDueSince: pastDue ? sql`coalesce(${aiSubscriptions.pastDueSince}, ${now})` : null,
        updatedAt: now,
      },
    });
  const ledger = mrrChangeStatement(context.db, {
    customerId,
    subscriptionId: subscription.id,
    mrrCents: subscriptionMrrCents(planSettings(context.env), { status: subscription.status, tier, interval }),
    tier,
    occurredAt: now,
    eventId,
  });
  return { values, statements: [statement, ledger] };
}

/**
 * The statements that write the user's row (and its MRR ledger row) from subscriptions already
 * listed (see listSubscriptions), for the Stripe event being applied.
 */
export function subscriptionStatementsFor(
  context: SyncContext,
  customerId: string,
  userId: string,
  subscriptions: readonly Stripe.Subscription[],
  eventId?: string,
): BatchItem<"sqlite">[] {
  return rowFor(context, customerId, userId, subscriptions, eventId)?.statements ?? [];
}

/**
 * Reads the customer's current subscription from Stripe and writes the ai_subscriptions row.
 * Idempotent. Answers what it wrote (except past_due_since, which keeps its first value), or null
 * when there was nothing to write.
 */
export async function syncSubscription(
  context: SyncContext,
  customerId: string,
  knownUserId?: string,
): Promise<Omit<SyncedSubscription, "pastDueSince"> | null> {
  const synced = await syncedRow(context, customerId, knownUserId);
  if (synced) await context.db.batch(synced.statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return synced?.values ?? null;
}
