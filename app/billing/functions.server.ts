import * as z from "zod";
import { FunctionError, functionJson, type ServerFunction } from "~/data-api/server-function.server";
import { consumeRateLimit, limitSubject, type RateLimitRule } from "~/platform/rate-limit.server";
import { createAiCheckout } from "./checkout.server";
import { getAiEntitlement } from "./entitlement.server";
import { BillingError } from "./errors";
import { AI_TIERS, BILLING_INTERVALS } from "./plans";

// SPEC §7 check-ai-subscription and create-ai-subscription, as supabase.functions.invoke calls them.

/** check-ai-subscription → { hasActiveSubscription, tier, status } for the signed-in caller. */
export const checkAiSubscription: ServerFunction = {
  access: "user",
  async handle({ user, context }) {
    const { hasActiveSubscription, tier, status } = await getAiEntitlement(context.db, context.env, user.id, context.services.clock.now());
    return functionJson({ hasActiveSubscription, tier, status });
  },
};

export const CreateAiSubscriptionSchema = z.object({
  tier: z.enum(AI_TIERS, { error: 'Choose a ClarityAI plan: tier must be "lite" or "pro".' }),
  interval: z.enum(BILLING_INTERVALS, { error: 'interval must be "month" or "year".' }).default("month"),
});

const CHECKOUTS_PER_USER: RateLimitRule = { name: "ai-checkout-user", limit: 20, windowMs: 60 * 60_000 };

/** create-ai-subscription { tier, interval? } → { url } of a Stripe Checkout page. */
export const createAiSubscription: ServerFunction = {
  access: "user",
  async handle({ user, context, body, request }) {
    const payload = await body();
    const parsed = CreateAiSubscriptionSchema.safeParse(payload ?? {});
    if (!parsed.success) throw new FunctionError(400, "invalid_plan", parsed.error.issues[0]?.message ?? "Choose a ClarityAI plan.");
    const limit = await consumeRateLimit(context.db, CHECKOUTS_PER_USER, limitSubject("user", user.id), context.env.SESSION_SECRET);
    if (!limit.allowed) {
      throw new FunctionError(429, "over_request_rate_limit", "Too many requests. Please try again later.", { "Retry-After": String(limit.retryAfterSeconds) });
    }
    try {
      return functionJson(await createAiCheckout(context, { id: user.id, email: user.email }, parsed.data, request));
    } catch (error) {
      if (error instanceof BillingError) throw new FunctionError(error.status, error.code, error.message);
      throw error;
    }
  },
};
