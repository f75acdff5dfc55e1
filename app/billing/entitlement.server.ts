import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { aiSubscriptions } from "~/db/schema";
import type { AppEnv } from "~/platform/env.server";
import { isAiTier, type AiTier } from "./plans";

/** What a user may use of ClarityAI now: check-ai-subscription's answer (SPEC §3), plus the grace period's end. */
export type AiEntitlement = {
  hasActiveSubscription: boolean;
  tier: AiTier | null;
  /** Stripe's subscription status, or "inactive" when the user has never subscribed. */
  status: string;
  /** Set while a failed renewal (past_due) still has access: when that access ends. */
  graceEndsAt: string | null;
};

export const NO_ENTITLEMENT: AiEntitlement = { hasActiveSubscription: false, tier: null, status: "inactive", graceEndsAt: null };

const DAY_MS = 86_400_000;

/** When a past_due subscription's access ends: the grace period, counted from the first failed renewal. */
export function graceEndOf(pastDueSince: string | Date, graceDays: number): Date {
  return new Date(new Date(pastDueSince).getTime() + graceDays * DAY_MS);
}

type SubscriptionState = { tier: string | null; status: string; pastDueSince: string | null };

/**
 * The rule, pure: active and trialing subscriptions have access; past_due keeps it for the grace
 * period from when the renewal first failed, then loses it; every other status has none.
 */
export function entitlementOf(row: SubscriptionState | undefined, graceDays: number, now: Date): AiEntitlement {
  if (!row) return NO_ENTITLEMENT;
  const tier = isAiTier(row.tier) ? row.tier : null;
  if (row.status === "active" || row.status === "trialing") {
    return { hasActiveSubscription: tier !== null, tier, status: row.status, graceEndsAt: null };
  }
  if (row.status === "past_due" && row.pastDueSince) {
    const graceEnds = graceEndOf(row.pastDueSince, graceDays);
    const inGrace = graceEnds.getTime() > now.getTime();
    const access = inGrace && tier !== null;
    return { hasActiveSubscription: access, tier: access ? tier : null, status: row.status, graceEndsAt: access ? graceEnds.toISOString() : null };
  }
  // No access: no tier either, so a client that looks only at the tier cannot mistake it for one.
  return { hasActiveSubscription: false, tier: null, status: row.status, graceEndsAt: null };
}

export async function getAiEntitlement(db: Db, env: AppEnv, userId: string, now = new Date()): Promise<AiEntitlement> {
  const row = await db
    .select({ tier: aiSubscriptions.tier, status: aiSubscriptions.status, pastDueSince: aiSubscriptions.pastDueSince })
    .from(aiSubscriptions)
    .where(eq(aiSubscriptions.userId, userId))
    .get();
  return entitlementOf(row, env.BILLING_GRACE_DAYS, now);
}
