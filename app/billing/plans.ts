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
