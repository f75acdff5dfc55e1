import type { RequestContext } from "~/context.server";
import type { Db } from "~/db/client.server";
import type { AppEnv } from "~/platform/env.server";

// How payments run in this deployment, and what billing code needs from the request.

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

/** What the billing code needs from a request (or a job): no request objects, so tests can build one. */
export type BillingDeps = {
  db: Db;
  env: AppEnv;
  /** Where the hosted pages send the customer back to (PUBLIC_SITE_URL's origin). */
  siteOrigin: string;
  jobs: Queue;
  now: () => Date;
  /** The bindings and execution context, for the booking code a payment's events hand over to. */
  cloudflare: RequestContext["cloudflare"];
};

export function billingDeps(context: Pick<RequestContext, "db" | "env" | "siteOrigin" | "cloudflare">, now: () => Date = () => new Date()): BillingDeps {
  return { db: context.db, env: context.env, siteOrigin: context.siteOrigin, jobs: context.cloudflare.env.JOBS, now, cloudflare: context.cloudflare };
}
