import Stripe from "stripe";
import { type BillingDeps, paymentsMode } from "./config.server";
import { BillingError, PAYMENTS_UNAVAILABLE } from "./errors";
import { d1ObjectStore } from "./sandbox/d1-store.server";
import { completeCheckoutSession, failRenewal, handleStripeApi, payOverdue, type StripeApiOptions, type StripeObject } from "./sandbox/stripe-api";
import { applyStripeEvent } from "./webhooks.server";

// The one file that talks to Stripe. With STRIPE_SECRET_KEY, the `stripe` SDK talks to Stripe (or,
// with STRIPE_API_URL, to a Stripe-compatible server such as the tests' fake). Without a key, the
// SDK's requests are answered in-process by the local payments sandbox (sandbox/stripe-api.ts over
// D1), whose events are handed in-process to the same webhook code as Stripe's verified events; no
// sandbox event can arrive over HTTP. Production refuses the sandbox.

export { paymentsMode } from "./config.server";

/** The path of the sandbox's hosted pages (checkout and portal) on this site. */
export const SANDBOX_PAGES_PATH = "/payments-sandbox";

export function stripeClient(deps: BillingDeps): Stripe {
  const mode = paymentsMode(deps.env);
  if (mode === "unavailable") {
    console.error("billing: STRIPE_SECRET_KEY is not set in production; payments are refused (set it with wrangler secret put STRIPE_SECRET_KEY)");
    throw new BillingError(503, "payments_unavailable", PAYMENTS_UNAVAILABLE);
  }
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
  return sandboxClient(deps);
}

function sandboxOptions(deps: BillingDeps, emitted: StripeObject[]): StripeApiOptions {
  return {
    store: d1ObjectStore(deps.db),
    hostedPagesUrl: `${deps.siteOrigin}${SANDBOX_PAGES_PATH}`,
    now: () => Math.floor(deps.now().getTime() / 1000),
    emit: (event) => {
      emitted.push(event);
    },
  };
}

/** The SDK over the in-process sandbox API. Events an API call raises are delivered before it answers. */
function sandboxClient(deps: BillingDeps): Stripe {
  const sandboxFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const emitted: StripeObject[] = [];
    const response = await handleStripeApi(new Request(input, init), sandboxOptions(deps, emitted));
    await deliverSandboxEvents(deps, client, emitted);
    return response;
  };
  const client: Stripe = new Stripe("sk_test_local_payments_sandbox", {
    httpClient: Stripe.createFetchHttpClient(sandboxFetch as typeof fetch),
    host: "payments-sandbox.invalid",
    protocol: "https",
    maxNetworkRetries: 0,
  });
  return client;
}

/**
 * Hands each event to the webhook code, in order, as Stripe would deliver it (as parsed JSON) but
 * in-process: the sandbox's events come from its own API over this site's D1, so there is no
 * signature to check, and nothing from outside can pass for one.
 */
async function deliverSandboxEvents(deps: BillingDeps, stripe: Stripe, events: StripeObject[]) {
  for (const event of events) {
    const response = await applyStripeEvent({ ...deps, stripe }, JSON.parse(JSON.stringify(event)) as Stripe.Event);
    if (!response.ok) console.warn(`payments sandbox: webhook answered ${response.status} for ${event.type} ${event.id}`);
  }
}

/** What only the sandbox's hosted pages can do (Stripe does these itself). Null unless the sandbox is in use. */
export function sandboxControls(deps: BillingDeps) {
  if (paymentsMode(deps.env) !== "sandbox") return null;
  const stripe = stripeClient(deps);
  const run = async (action: (options: StripeApiOptions) => Promise<StripeObject>) => {
    const emitted: StripeObject[] = [];
    const result = await action(sandboxOptions(deps, emitted));
    await deliverSandboxEvents(deps, stripe, emitted);
    return result;
  };
  return {
    stripe,
    completeCheckout: (sessionId: string) => run((options) => completeCheckoutSession(options, sessionId)),
    failRenewal: (subscriptionId: string) => run((options) => failRenewal(options, subscriptionId)),
    payOverdue: (subscriptionId: string) => run((options) => payOverdue(options, subscriptionId)),
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
