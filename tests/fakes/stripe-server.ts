import type { IncomingMessage } from "node:http";
import type { TestProject } from "vitest/node";
import {
  completeCheckoutSession,
  failRenewal,
  handleStripeApi,
  payOverdue,
  type ObjectStore,
  type StripeApiOptions,
  type StripeObject,
} from "../../app/billing/sandbox/stripe-api";
import { settleConnectPayout, submitConnectOnboarding, verifyConnectAccount, type OnboardingOutcome } from "../../app/billing/sandbox/connect-api";
import { startLoopbackServer } from "./loopback-server";

// A Stripe-compatible server on loopback for the worker tests: the same API code as the local
// payments sandbox (app/billing/sandbox/stripe-api.ts), over memory — subscriptions, one-off
// payments, expiring sessions and refunds, and Connect (Express accounts, account links, transfers,
// payouts on a connected account). The Worker's stripe SDK talks to it through
// STRIPE_API_URL. Test controls under /_test/ do what Stripe does on its own (a customer paying on
// the Checkout page, a renewal failing) and answer the events Stripe would send (also those an API
// call raised, e.g. charge.refunded after a refund); tests sign them with FAKE_STRIPE_WEBHOOK_SECRET
// and deliver them, in any order, as often as they like.

export const FAKE_STRIPE_SECRET_KEY = "sk_test_fake_stripe_server";
export const FAKE_STRIPE_WEBHOOK_SECRET = "whsec_test_fake_stripe_server";

declare module "vitest" {
  export interface ProvidedContext {
    fakeStripeUrl: string;
  }
}

function memoryStore(): ObjectStore {
  const objects = new Map<string, { object: StripeObject; serial: number }>();
  let serial = 0;
  return {
    get: async (id) => structuredClone(objects.get(id)?.object ?? null),
    put: async (object) => {
      objects.set(object.id, { object: structuredClone(object), serial: objects.get(object.id)?.serial ?? ++serial });
    },
    list: async (kind, customer) =>
      [...objects.values()]
        .filter(({ object }) => object.object === kind && (customer === undefined || object.customer === customer))
        .sort((a, b) => b.serial - a.serial)
        .map(({ object }) => structuredClone(object)),
  };
}

async function toRequest(message: IncomingMessage, origin: string): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of message) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(message.headers)) if (typeof value === "string") headers.set(name, value);
  const body = chunks.length && message.method !== "GET" && message.method !== "HEAD" ? Buffer.concat(chunks) : undefined;
  return new Request(new URL(message.url ?? "/", origin), { method: message.method, headers, body });
}

export default async function setup(project: TestProject) {
  const store = memoryStore();
  const events: StripeObject[] = [];
  // Ids named by /_test/outage/{id}: API requests that mention one answer 500, as Stripe does in an outage.
  const outages = new Set<string>();
  let origin = "";
  const options = (emitted: StripeObject[]): StripeApiOptions => ({
    store,
    hostedPagesUrl: `${origin}/hosted`,
    now: () => Math.floor(Date.now() / 1000),
    emit: (event) => {
      events.push(event);
      emitted.push(event);
    },
  });

  async function control(request: Request): Promise<Response> {
    const path = new URL(request.url).pathname.split("/").filter(Boolean).slice(1);
    const emitted: StripeObject[] = [];
    const run = async (action: () => Promise<StripeObject>) => Response.json({ object: await action(), events: emitted });
    if (request.method === "POST" && path[0] === "checkout" && path[2] === "complete") return run(() => completeCheckoutSession(options(emitted), path[1]!));
    if (request.method === "POST" && path[0] === "subscriptions" && path[2] === "fail-renewal") return run(() => failRenewal(options(emitted), path[1]!));
    if (request.method === "POST" && path[0] === "subscriptions" && path[2] === "pay-overdue") return run(() => payOverdue(options(emitted), path[1]!));
    // Connect: the coach submits the onboarding form at an account link; Stripe verifies or restricts an account; a payout lands or fails.
    const query = new URL(request.url).searchParams;
    if (request.method === "POST" && path[0] === "account-links" && path[2] === "submit") {
      const outcome = (query.get("outcome") ?? "verified") as OnboardingOutcome;
      return run(async () => ({ id: path[1]!, object: "redirect", url: await submitConnectOnboarding(options(emitted), path[1]!, outcome) }));
    }
    if (request.method === "POST" && path[0] === "accounts" && (path[2] === "verify" || path[2] === "restrict"))
      return run(() => verifyConnectAccount(options(emitted), path[1]!, path[2] === "verify" ? "verified" : "restricted"));
    if (request.method === "POST" && path[0] === "payouts" && (path[2] === "paid" || path[2] === "failed"))
      return run(() => settleConnectPayout(options(emitted), path[1]!, path[2] as "paid" | "failed"));
    if (request.method === "GET" && path[0] === "objects") return Response.json(await store.get(path[1]!));
    if (path[0] === "outage" && path[1] && (request.method === "POST" || request.method === "DELETE")) {
      if (request.method === "POST") outages.add(path[1]);
      else outages.delete(path[1]);
      return Response.json({ outages: outages.size });
    }
    if (request.method === "GET" && path[0] === "events") {
      const query = new URL(request.url).searchParams;
      // ?customer=cus_… (a customer's events) or ?about=<id> (events about one object: a Checkout Session, or a charge by its PaymentIntent).
      const about = query.get("about");
      if (about !== null) {
        return Response.json(
          events.filter((e) => {
            const object = (e.data as { object: { id?: string; payment_intent?: string } }).object;
            return object.id === about || object.payment_intent === about;
          }),
        );
      }
      const customer = query.get("customer");
      return Response.json(events.filter((e) => (e.data as { object: { customer?: string } }).object.customer === customer));
    }
    return Response.json({ error: "unknown test control" }, { status: 404 });
  }

  const server = await startLoopbackServer(async (message, reply) => {
    try {
      const request = await toRequest(message, origin);
      let response: Response;
      if (new URL(request.url).pathname.startsWith("/_test/")) {
        response = await control(request);
      } else if (request.headers.get("authorization") !== `Bearer ${FAKE_STRIPE_SECRET_KEY}`) {
        response = Response.json({ error: { type: "invalid_request_error", message: "Invalid API Key provided." } }, { status: 401 });
      } else if ([...outages].some((id) => request.url.includes(id))) {
        response = Response.json({ error: { type: "api_error", message: "An unknown error occurred (test outage)." } }, { status: 500 });
      } else {
        response = await handleStripeApi(request, options([]));
      }
      reply.writeHead(response.status, Object.fromEntries(response.headers));
      reply.end(Buffer.from(await response.arrayBuffer()));
    } catch (error) {
      reply.writeHead(500, { "Content-Type": "application/json" });
      reply.end(JSON.stringify({ error: { type: "api_error", message: error instanceof Error ? error.message : String(error) } }));
    }
  });
  origin = server.origin;
  project.provide("fakeStripeUrl", origin);
  return server.close;
}
