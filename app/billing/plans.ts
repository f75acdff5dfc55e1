// ClarityAI's plans: pure rules shared by the server and the browser. Prices are whole AUD including
// GST; what each costs and allows comes from configuration (app/platform/env.server.ts), read on the
// server with planSettings() in plans.server.ts and handed to pages by their loaders.

export const AI_TIERS = ["lite", "pro"] as const;
export type AiTier = (typeof AI_TIERS)[number];

export const BILLING_INTERVALS = ["month", "year"] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

export type PlanSettings = {
  monthlyAud: Record<AiTier, number>;
  /** An annual plan costs this many months. */
  annualMonths: number;
  dailyMessages: Record<AiTier, number>;
  /** Expert escalations a Pro subscriber may request per calendar month (Australian time). */
  monthlyEscalations: number;
  /** Days a subscription whose renewal failed keeps access. */
  graceDays: number;
};

export type AiPlan = {
  tier: AiTier;
  name: string;
  monthlyAud: number;
  annualAud: number;
  dailyMessages: number;
  escalation: boolean;
  monthlyEscalations: number;
};

export const TIER_NAMES: Record<AiTier, string> = { lite: "ClarityAI Lite", pro: "ClarityAI Pro" };

export function isAiTier(value: unknown): value is AiTier {
  return value === "lite" || value === "pro";
}

export function isBillingInterval(value: unknown): value is BillingInterval {
  return value === "month" || value === "year";
}

/**
 * Subscription statuses that have, or may regain, access (a "live" subscription: a customer has one);
 * such a subscription can be set to cancel at the end of its period, or resumed.
 */
export const LIVE_STATUSES: readonly string[] = ["active", "trialing", "past_due"];

/** Statuses of a subscription that is still running: a second checkout would charge twice. */
const RUNNING_STATUSES: readonly string[] = [...LIVE_STATUSES, "unpaid", "paused"];

export function isLiveStatus(status: string): boolean {
  return LIVE_STATUSES.includes(status);
}

export function isRunningStatus(status: string): boolean {
  return RUNNING_STATUSES.includes(status);
}

export function aiPlans(settings: PlanSettings): AiPlan[] {
  return AI_TIERS.map((tier) => ({
    tier,
    name: TIER_NAMES[tier],
    monthlyAud: settings.monthlyAud[tier],
    annualAud: settings.monthlyAud[tier] * settings.annualMonths,
    dailyMessages: settings.dailyMessages[tier],
    escalation: tier === "pro",
    monthlyEscalations: tier === "pro" ? settings.monthlyEscalations : 0,
  }));
}

/** The price of a plan for one billing interval, in cents including GST. */
export function planPriceCents(settings: PlanSettings, tier: AiTier, interval: BillingInterval): number {
  const monthly = settings.monthlyAud[tier] * 100;
  return interval === "year" ? monthly * settings.annualMonths : monthly;
}

/** The GST inside a GST-inclusive Australian price: one eleventh, rounded to the cent. */
export function gstIncludedCents(totalCents: number): number {
  return Math.round(totalCents / 11);
}

/** What a change of plan mid-period credits and charges, in cents (Stripe's create_prorations, to the second). */
export type Proration = { creditCents: number; chargeCents: number; netCents: number };

/**
 * The unused part of the old price is credited and the rest of the period at the new price is
 * charged, both on the next invoice: `at`, `start` and `end` in seconds since the epoch.
 */
export function prorationOf(fromCents: number, toCents: number, period: { start: number; end: number }, at: number): Proration {
  const { start, end } = period;
  const remaining = end > start ? Math.min(1, Math.max(0, (end - Math.max(at, start)) / (end - start))) : 0;
  const creditCents = Math.round(fromCents * remaining);
  const chargeCents = Math.round(toCents * remaining);
  return { creditCents, chargeCents, netCents: chargeCents - creditCents };
}

/** Lite → Pro is an upgrade; Pro → Lite a downgrade. */
export function isUpgrade(from: AiTier, to: AiTier): boolean {
  return AI_TIERS.indexOf(to) > AI_TIERS.indexOf(from);
}

/** A signed-in user's ClarityAI plan as the plan cards show it (from the root loader). */
export type CurrentPlan = {
  tier: AiTier;
  interval: BillingInterval | null;
  status: string;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  /** Active or trialing: the plan can be switched now (past_due must be paid first). */
  switchable: boolean;
};

/** The plan a stored subscription holds while it runs (a second checkout is refused); null otherwise. */
export function currentPlanOf(
  subscription: { tier: string | null; status: string; billingInterval: string | null; currentPeriodEnd: string | null; cancelAtPeriodEnd: boolean } | null,
): CurrentPlan | null {
  if (!subscription || !isAiTier(subscription.tier) || !isRunningStatus(subscription.status)) return null;
  return {
    tier: subscription.tier,
    interval: isBillingInterval(subscription.billingInterval) ? subscription.billingInterval : null,
    status: subscription.status,
    currentPeriodEnd: subscription.currentPeriodEnd,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    switchable: subscription.status === "active" || subscription.status === "trialing",
  };
}

/** Where a plan card's "Switch to …" leads: the confirmation on the Billing tab. */
export function planSwitchHref(tier: AiTier): string {
  return `/profile?tab=billing&switch=${tier}#plan-change`;
}
