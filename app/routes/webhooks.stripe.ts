import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { BillingError } from "~/billing/errors";
import { handleStripeWebhook } from "~/billing/webhooks.server";
import { readBounded } from "~/platform/request-body.server";
import { stripeOf } from "~/billing/stripe.server";

// POST /webhooks/stripe: Stripe's events, verified and applied once (app/billing/webhooks.server.ts).

/** Stripe's events are a few kilobytes; anything far bigger is not one. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return new Response("Method not allowed", { status: 405, headers: { Allow: "POST" } });
  const bytes = request.body ? await readBounded(request.body, WEBHOOK_BODY_LIMIT).catch(() => null) : new Uint8Array();
  if (!bytes) return new Response("Payload too large or unreadable.", { status: 413 });
  let payload: string;
  try {
    payload = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new Response("The payload is not UTF-8.", { status: 400 });
  }
  try {
    // Production without a Stripe key answers 503 here (payments are refused), before anything else.
    stripeOf(context);
    return await handleStripeWebhook(context, payload, request.headers.get("Stripe-Signature"));
  } catch (error) {
    if (error instanceof BillingError) return new Response(error.message, { status: error.status });
    throw error;
  }
}
