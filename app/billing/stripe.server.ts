import Stripe from "stripe";
import type { Db } from "~/db/client.server";
import type { Clock } from "~/platform/clock";
import type { AppEnv } from "~/platform/env.server";
import { paymentsMode, type PaymentsMode } from "./config.server";
import { BillingError, PAYMENTS_UNAVAILABLE } from "./errors";
import { d1ObjectStore } from "./sandbox/d1-store.server";
import { submitConnectOnboarding, verifyConnectAccount, type OnboardingOutcome } from "./sandbox/connect-api";
import { completeCheckoutSession, failRenewal, handleStripeApi, payOverdue, type StripeApiOptions, type StripeObject } from "./sandbox/stripe-api";

// The one file that talks to Stripe. With STRIPE_SECRET_KEY, the `stripe` SDK talks to Stripe (or,
// with STRIPE_API_URL, to a Stripe-compatible server such as the tests' fake). Without a key, the
// SDK's requests are answered in-process by the local payments sandbox (sandbox/stripe-api.ts over
// D1), whose events are handed in-process to the same webhook code as Stripe's verified events; no
// sandbox event can arrive over HTTP. Production refuses the sandbox.
//
// The webhook code is handed in (`deliver`) by the context builder rather than imported: the webhook
// applies booking payments, and the booking code calls Stripe through this file.

export { paymentsMode } from "./config.server";

/** The path of the sandbox's hosted pages (checkout and portal) on this site. */
export const SANDBOX_PAGES_PATH = "/payments-sandbox";

/** Applies one event as the webhook endpoint does (billing/webhooks.server.ts applyStripeEvent). */
export type StripeEventSink = (event: Stripe.Event) => Promise<Response>;

export type PaymentsServiceDeps = { db: Db; env: AppEnv; siteOrigin: string; clock: Clock };

/** What only the sandbox's hosted pages can do (Stripe does these itself). */
export type SandboxControls = {
  stripe: Stripe;
  completeCheckout: (sessionId: string) => Promise<StripeObject>;
  failRenewal: (subscriptionId: string) => Promise<StripeObject>;
  payOverdue: (subscriptionId: string) => Promise<StripeObject>;
  /** Connect: the coach submits the hosted onboarding form; answers where Stripe would send them. */
  submitOnboarding: (linkId: string, outcome: OnboardingOutcome) => Promise<string>;
  /** Connect: Stripe finishes checking an account's details. */
  verifyAccount: (accountId: string, result: "verified" | "restricted") => Promise<StripeObject>;
};

/** The context's payments service (services.payments). */
export type PaymentsService = {
  mode: PaymentsMode;
  /** The Stripe SDK: Stripe's, or the sandbox's. Throws BillingError (503) in production without a key. Made once per context. */
  stripe(): Stripe;
  /** The sandbox's own controls; null unless the sandbox is in use. */
  sandbox(): SandboxControls | null;
};

export function createPaymentsService(deps: PaymentsServiceDeps, deliver: StripeEventSink): PaymentsService {
  const mode = paymentsMode(deps.env);
  let client: Stripe | undefined;
  const stripe = () => (client ??= stripeClient(deps, deliver));
  return {
    mode,
    stripe,
    sandbox: () => (mode === "sandbox" ? sandboxControls(deps, stripe(), deliver) : null),
  };
}

function refusePayments(): never {
  console.error("billing: STRIPE_SECRET_KEY is not set in production; payments are refused (set it with wrangler secret put STRIPE_SECRET_KEY)");
  throw new BillingError(503, "payments_unavailable", PAYMENTS_UNAVAILABLE);
}

/**
 * The context's Stripe client, for the billing and booking code: a BillingError (503) in production
 * without a key. The refusal is made here, by the caller's own copy of this module, and not by the
 * service: the Worker entry and the Remix build each bundle the app's modules, so an error class
 * made by the context's copy is not the one a route's `instanceof` knows (decision record 012).
 */
export function stripeOf(context: { services: { payments: PaymentsService } }): Stripe {
  if (context.services.payments.mode === "unavailable") refusePayments();
  return context.services.payments.stripe();
}

function stripeClient(deps: PaymentsServiceDeps, deliver: StripeEventSink): Stripe {
  const mode = paymentsMode(deps.env);
  if (mode === "unavailable") refusePayments();
  if (mode === "stripe") {
    const api = deps.env.STRIPE_API_URL ? new URL(deps.env.STRIPE_API_URL) : null;
    return new Stripe(deps.env.STRIPE_SECRET_KEY!, {
      httpClient: Stripe.createFetchHttpClient(),
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(api
        ? { host: api.hostname, port: Number(api.port || (api.protocol === "https:" ? 443 : 80)), protocol: api.protocol === "https:" ? "https" : "http" }
        : {}),
    });
  }
  return sandboxClient(deps, deliver);
}

function sandboxOptions(deps: PaymentsServiceDeps, emitted: StripeObject[]): StripeApiOptions {
  return {
    store: d1ObjectStore(deps.db),
    hostedPagesUrl: `${deps.siteOrigin}${SANDBOX_PAGES_PATH}`,
    now: () => Math.floor(deps.clock.now().getTime() / 1000),
    emit: (event) => {
      emitted.push(event);
    },
    // A payout to a coach's bank lands at once here (at Stripe it takes a business day or two).
    payoutsArriveAtOnce: true,
  };
}

/** The SDK over the in-process sandbox API. Events an API call raises are delivered before it answers. */
function sandboxClient(deps: PaymentsServiceDeps, deliver: StripeEventSink): Stripe {
  const sandboxFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const emitted: StripeObject[] = [];
    const response = await handleStripeApi(new Request(input, init), sandboxOptions(deps, emitted));
    await deliverSandboxEvents(deliver, emitted);
    return response;
  };
  return new Stripe("sk_test_local_payments_sandbox", {
    httpClient: Stripe.createFetchHttpClient(sandboxFetch as typeof fetch),
    host: "payments-sandbox.invalid",
    protocol: "https",
    maxNetworkRetries: 0,
  });
}

/**
 * Hands each event to the webhook code, in order, as Stripe would deliver it (as parsed JSON) but
 * in-process: the sandbox's events come from its own API over this site's D1, so there is no
 * signature to check, and nothing from outside can pass for one.
 */
async function deliverSandboxEvents(deliver: StripeEventSink, events: StripeObject[]) {
  for (const event of events) {
    const response = await deliver(JSON.parse(JSON.stringify(event)) as Stripe.Event);
    if (!response.ok) console.warn(`payments sandbox: webhook answered ${response.status} for ${event.type} ${event.id}`);
  }
}

function sandboxControls(deps: PaymentsServiceDeps, stripe: Stripe, deliver: StripeEventSink): SandboxControls {
  const run = async (action: (options: StripeApiOptions) => Promise<StripeObject>) => {
    const emitted: StripeObject[] = [];
    const result = await action(sandboxOptions(deps, emitted));
    await deliverSandboxEvents(deliver, emitted);
    return result;
  };
  return {
    stripe,
    completeCheckout: (sessionId: string) => run((options) => completeCheckoutSession(options, sessionId)),
    failRenewal: (subscriptionId: string) => run((options) => failRenewal(options, subscriptionId)),
    payOverdue: (subscriptionId: string) => run((options) => payOverdue(options, subscriptionId)),
    submitOnboarding: async (linkId: string, outcome: OnboardingOutcome) => {
      let next = "";
      await run(async (options) => {
        next = await submitConnectOnboarding(options, linkId, outcome);
        return { id: linkId, object: "account_link" };
      });
      return next;
    },
    verifyAccount: (accountId: string, result: "verified" | "restricted") => run((options) => verifyConnectAccount(options, accountId, result)),
  };
}

/**
 * Runs a Stripe call for a user-facing request: a Stripe failure (network, outage, a refused
 * request) becomes a BillingError the page can show, with the detail in the log.
 */
export async function callStripe<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof BillingError) throw error;
    if (error instanceof Stripe.errors.StripeError) {
      console.warn(`billing: ${what} failed: ${error.type} ${error.statusCode ?? ""} ${error.message}`);
      throw new BillingError(502, "stripe_error", `${PAYMENTS_UNAVAILABLE}. Please try again in a few minutes.`);
    }
    throw error;
  }
}
