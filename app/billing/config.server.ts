import type { AppEnv } from "~/platform/env.server";

// How payments run in this deployment.

/** "stripe": a Stripe secret key is set. "sandbox": no key, not production. "unavailable": production without a key. */
export type PaymentsMode = "stripe" | "sandbox" | "unavailable";

export function paymentsMode(env: Pick<AppEnv, "STRIPE_SECRET_KEY" | "APP_ENV">): PaymentsMode {
  if (env.STRIPE_SECRET_KEY) return "stripe";
  return env.APP_ENV === "production" ? "unavailable" : "sandbox";
}

/**
 * The secret Stripe's webhook signatures are checked against, or null when none is configured.
 * Only with a Stripe key: the local payments sandbox hands its events to the webhook code in-process,
 * so without Stripe, /webhooks/stripe takes no events at all (a shared sandbox secret would let
 * anyone who read this code post them to any deployment without a Stripe key).
 */
export function webhookSecret(env: Pick<AppEnv, "STRIPE_SECRET_KEY" | "STRIPE_WEBHOOK_SECRET" | "APP_ENV">): string | null {
  return paymentsMode(env) === "stripe" ? (env.STRIPE_WEBHOOK_SECRET ?? null) : null;
}
