import { and, asc, count, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { aiSubscriptions, users } from "~/db/schema";
import type { AppEnv } from "~/platform/env.server";
import type { TableQuery } from "~/utils/table-query";
import type { SubscriptionSort } from "./admin-subscriptions";
import { paymentsMode } from "./config.server";

// /admin/subscriptions: the ClarityAI subscriptions as billing last synced them from Stripe
// (ai_subscriptions), searchable by email or Stripe id, filtered by status and tier.

const SORT_COLUMNS = { renewal: aiSubscriptions.currentPeriodEnd, updated: aiSubscriptions.updatedAt, email: users.email } as const;

export async function listSubscriptionsForAdmin(db: Db, query: TableQuery<SubscriptionSort, "status" | "tier">) {
  const conditions: SQL[] = [];
  if (query.filters.status) conditions.push(eq(aiSubscriptions.status, query.filters.status));
  if (query.filters.tier) conditions.push(sql`${aiSubscriptions.tier} = ${query.filters.tier}`);
  if (query.q) {
    conditions.push(
      sql`(instr(lower(coalesce(${users.email}, '')), lower(${query.q})) > 0 OR ${aiSubscriptions.stripeSubscriptionId} = ${query.q} OR ${aiSubscriptions.stripeCustomerId} = ${query.q})`,
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const column = SORT_COLUMNS[query.sort];
  const [rows, [total]] = await Promise.all([
    db
      .select({
        userId: aiSubscriptions.userId,
        email: users.email,
        customerId: aiSubscriptions.stripeCustomerId,
        subscriptionId: aiSubscriptions.stripeSubscriptionId,
        tier: aiSubscriptions.tier,
        interval: aiSubscriptions.billingInterval,
        status: aiSubscriptions.status,
        periodEnd: aiSubscriptions.currentPeriodEnd,
        cancelAtPeriodEnd: aiSubscriptions.cancelAtPeriodEnd,
        pastDueSince: aiSubscriptions.pastDueSince,
        updatedAt: aiSubscriptions.updatedAt,
      })
      .from(aiSubscriptions)
      .innerJoin(users, eq(users.id, aiSubscriptions.userId))
      .where(where)
      .orderBy(query.direction === "asc" ? asc(column) : desc(column), aiSubscriptions.userId)
      .limit(query.pageSize)
      .offset(query.offset),
    db.select({ n: count() }).from(aiSubscriptions).innerJoin(users, eq(users.id, aiSubscriptions.userId)).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/**
 * Where an admin sees a subscription in Stripe: its page in the Stripe dashboard (the test-mode
 * dashboard for a test key) when Stripe is connected; null for the local sandbox, which has none.
 */
export function stripeDashboardUrl(env: Pick<AppEnv, "STRIPE_SECRET_KEY" | "APP_ENV">, subscriptionId: string | null): string | null {
  const base = stripeDashboardBase(env);
  if (!base || !subscriptionId || !/^sub_[A-Za-z0-9]+$/.test(subscriptionId)) return null;
  return `${base}subscriptions/${subscriptionId}`;
}

/** The Stripe dashboard's address, ending in "/" (its test-mode half for a test key), or null without Stripe. */
export function stripeDashboardBase(env: Pick<AppEnv, "STRIPE_SECRET_KEY" | "APP_ENV">): string | null {
  if (paymentsMode(env) !== "stripe") return null;
  const test = env.STRIPE_SECRET_KEY?.startsWith("sk_test_") || env.STRIPE_SECRET_KEY?.startsWith("rk_test_");
  return `https://dashboard.stripe.com/${test ? "test/" : ""}`;
}
