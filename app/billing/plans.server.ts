import type { AppEnv } from "~/platform/env.server";
import { AI_TIERS, BILLING_INTERVALS, type AiTier, type BillingInterval, type PlanSettings } from "./plans";

export function planSettings(env: AppEnv): PlanSettings {
  return {
    monthlyAud: { lite: env.CLARITYAI_LITE_MONTHLY_AUD, pro: env.CLARITYAI_PRO_MONTHLY_AUD },
    annualMonths: env.CLARITYAI_ANNUAL_MONTHS,
    dailyMessages: { lite: env.CLARITYAI_DAILY_MESSAGES_LITE, pro: env.CLARITYAI_DAILY_MESSAGES_PRO },
    monthlyEscalations: env.CLARITYAI_MONTHLY_ESCALATIONS_PRO,
    graceDays: env.BILLING_GRACE_DAYS,
  };
}

/** The Stripe price configured for a plan, if any (without one, checkout prices the plan inline). */
export function configuredPriceId(env: AppEnv, tier: AiTier, interval: BillingInterval): string | undefined {
  if (tier === "lite") return interval === "year" ? env.STRIPE_PRICE_LITE_ANNUAL : env.STRIPE_PRICE_LITE_MONTHLY;
  return interval === "year" ? env.STRIPE_PRICE_PRO_ANNUAL : env.STRIPE_PRICE_PRO_MONTHLY;
}

/** The plan a configured Stripe price id is for, or null when the id is not one of them. */
export function planOfPriceId(env: AppEnv, priceId: string): { tier: AiTier; interval: BillingInterval } | null {
  let found: { tier: AiTier; interval: BillingInterval } | null = null;
  for (const tier of AI_TIERS) {
    for (const interval of BILLING_INTERVALS) if (configuredPriceId(env, tier, interval) === priceId) found = { tier, interval };
  }
  return found;
}
