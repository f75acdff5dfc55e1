import type { RequestContext } from "~/context.server";
import { billingDeps, paymentsMode } from "../config.server";
import { stripeCustomerIdOf } from "../customers.server";
import { isAiTier, isBillingInterval, isLiveStatus, TIER_NAMES } from "../plans";
import { sandboxControls } from "../stripe.server";
import { d1ObjectStore } from "./d1-store.server";
import type { StripeObject } from "./stripe-api";

// The local payments sandbox's hosted pages (checkout and portal), as Stripe hosts its own. They
// exist only while the sandbox runs (no Stripe key, not production), and only for the signed-in
// owner of the session: anyone else, and every other deployment, gets a 404.

export function notFound(): Response {
  return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/** The sandbox's pages exist only while it runs: a 404 in production and wherever a Stripe key is set. */
export function requireSandbox(context: RequestContext): void {
  if (paymentsMode(context.env) !== "sandbox") throw notFound();
}

/** What only the sandbox can do, for the requests that change something. */
function controlsFor(context: RequestContext) {
  const controls = sandboxControls(billingDeps(context));
  if (!controls) throw notFound();
  return controls;
}

async function ownedObject(context: RequestContext, userId: string, id: string, object: string) {
  requireSandbox(context);
  const [found, customer] = await Promise.all([d1ObjectStore(context.db).get(id), stripeCustomerIdOf(context.db, userId)]);
  if (!found || found.object !== object || !customer || found.customer !== customer) throw notFound();
  return { found, customer };
}

export type SandboxCheckout = {
  id: string;
  planName: string;
  interval: "month" | "year" | null;
  amountCents: number;
  currency: string;
  status: string;
  email: string | null;
};

export async function sandboxCheckout(context: RequestContext, userId: string, sessionId: string): Promise<SandboxCheckout> {
  const { found } = await ownedObject(context, userId, sessionId, "checkout.session");
  const metadata = (found.metadata ?? {}) as Record<string, string>;
  return {
    id: found.id,
    planName: isAiTier(metadata.tier) ? TIER_NAMES[metadata.tier] : "ClarityAI",
    interval: isBillingInterval(metadata.interval) ? metadata.interval : null,
    amountCents: Number(found.amount_total ?? 0),
    currency: String(found.currency ?? "aud").toUpperCase(),
    status: String(found.status),
    email: (found.customer_email as string | null) ?? null,
  };
}

function withSessionId(url: string, id: string): string {
  return url.replaceAll("{CHECKOUT_SESSION_ID}", encodeURIComponent(id));
}

/** "Pay": completes the session (its events reach the webhook code) and answers where Stripe would send the customer. */
export async function paySandboxCheckout(context: RequestContext, userId: string, sessionId: string): Promise<string> {
  const { found } = await ownedObject(context, userId, sessionId, "checkout.session");
  if (found.status === "open") await controlsFor(context).completeCheckout(sessionId);
  return withSessionId(String(found.success_url), sessionId);
}

/** "Cancel": leaves the session unpaid and answers its cancel_url. */
export async function cancelSandboxCheckout(context: RequestContext, userId: string, sessionId: string): Promise<string> {
  const { found } = await ownedObject(context, userId, sessionId, "checkout.session");
  return found.cancel_url ? withSessionId(String(found.cancel_url), sessionId) : "/";
}

export type SandboxPortal = {
  returnUrl: string;
  subscription: {
    id: string;
    planName: string;
    interval: "month" | "year" | null;
    amountCents: number;
    status: string;
    cancelAtPeriodEnd: boolean;
    currentPeriodEnd: string | null;
  } | null;
};

function subscriptionView(subscription: StripeObject): NonNullable<SandboxPortal["subscription"]> {
  const item = (subscription.items as { data: { price: StripeObject; current_period_end: number }[] }).data[0];
  const metadata = (subscription.metadata ?? {}) as Record<string, string>;
  const interval = (item?.price.recurring as { interval?: string } | undefined)?.interval;
  return {
    id: subscription.id,
    planName: isAiTier(metadata.tier) ? TIER_NAMES[metadata.tier] : "ClarityAI",
    interval: isBillingInterval(interval) ? interval : null,
    amountCents: Number(item?.price.unit_amount ?? 0),
    status: String(subscription.status),
    cancelAtPeriodEnd: subscription.cancel_at_period_end === true,
    currentPeriodEnd: item ? new Date(item.current_period_end * 1000).toISOString() : null,
  };
}

async function portalState(context: RequestContext, userId: string, portalId: string) {
  const { found, customer } = await ownedObject(context, userId, portalId, "billing_portal.session");
  const subscriptions = await d1ObjectStore(context.db).list("subscription", customer);
  const live = subscriptions.find((s) => isLiveStatus(String(s.status))) ?? subscriptions[0] ?? null;
  return { returnUrl: String(found.return_url ?? `${context.siteOrigin}/profile?tab=billing`), live };
}

export async function sandboxPortal(context: RequestContext, userId: string, portalId: string): Promise<SandboxPortal> {
  const { returnUrl, live } = await portalState(context, userId, portalId);
  return { returnUrl, subscription: live ? subscriptionView(live) : null };
}

export type PortalIntent = "cancel" | "resume" | "fail-renewal" | "pay-overdue";

/** One of the portal's buttons. False when it does not apply to the subscription as it is now. */
export async function sandboxPortalAction(context: RequestContext, userId: string, portalId: string, intent: PortalIntent): Promise<boolean> {
  const { live } = await portalState(context, userId, portalId);
  if (!live || !isLiveStatus(String(live.status))) return false;
  const controls = controlsFor(context);
  switch (intent) {
    case "cancel":
    case "resume":
      // Through the Stripe API, as the real portal does: the update raises customer.subscription.updated.
      await controls.stripe.subscriptions.update(live.id, { cancel_at_period_end: intent === "cancel" });
      return true;
    case "fail-renewal":
      if (live.status === "past_due") return false;
      await controls.failRenewal(live.id);
      return true;
    case "pay-overdue":
      if (live.status !== "past_due") return false;
      await controls.payOverdue(live.id);
      return true;
  }
}
