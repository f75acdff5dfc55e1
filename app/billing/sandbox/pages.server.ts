import type { AppContext } from "~/context.server";
import { paymentsMode } from "../config.server";
import { stripeCustomerIdOf } from "../customers.server";
import { gstIncludedCents, isAiTier, isBillingInterval, isLiveStatus, TIER_NAMES } from "../plans";
import { d1ObjectStore } from "./d1-store.server";
import type { StripeObject } from "./stripe-api";

// The local payments sandbox's hosted pages (checkout and portal), as Stripe hosts its own. They
// exist only while the sandbox runs (no Stripe key, not production), and only for the signed-in
// owner of the session (or, for a guest's one-off payment, whoever has its link): anyone else, and
// every other deployment, gets a 404.

export function notFound(): Response {
  return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/** The sandbox's pages exist only while it runs: a 404 in production and wherever a Stripe key is set. */
export function requireSandbox(context: AppContext): void {
  if (paymentsMode(context.env) !== "sandbox") throw notFound();
}

/** What only the sandbox can do, for the requests that change something. */
function controlsFor(context: AppContext) {
  const controls = context.services.payments.sandbox();
  if (!controls) throw notFound();
  return controls;
}

async function ownedObject(context: AppContext, userId: string, id: string, object: string) {
  requireSandbox(context);
  const [found, customer] = await Promise.all([d1ObjectStore(context.db).get(id), stripeCustomerIdOf(context.db, userId)]);
  if (!found || found.object !== object || !customer || found.customer !== customer) throw notFound();
  return { found, customer };
}

export type SandboxCheckout = {
  id: string;
  mode: "subscription" | "payment";
  planName: string;
  interval: "month" | "year" | null;
  amountCents: number;
  gstCents: number;
  currency: string;
  status: string;
  email: string | null;
};

/**
 * A Checkout Session the viewer may see. A session for a customer is its signed-in owner's only; a
 * guest's one-off payment (no customer) is reached by its unguessable link alone, as Stripe's are.
 */
async function viewableSession(context: AppContext, viewerId: string | null, sessionId: string): Promise<StripeObject> {
  requireSandbox(context);
  const found = await d1ObjectStore(context.db).get(sessionId);
  if (!found || found.object !== "checkout.session") throw notFound();
  if (!found.customer && found.mode === "payment") return found;
  const customer = viewerId ? await stripeCustomerIdOf(context.db, viewerId) : null;
  if (!customer || found.customer !== customer) throw notFound();
  return found;
}

/** Whether the session belongs to a customer, so only its signed-in owner may open it. */
export async function sandboxCheckoutNeedsOwner(context: AppContext, sessionId: string): Promise<boolean> {
  requireSandbox(context);
  const found = sessionId ? await d1ObjectStore(context.db).get(sessionId) : null;
  return Boolean(found && found.object === "checkout.session" && (found.customer || found.mode !== "payment"));
}

export async function sandboxCheckout(context: AppContext, viewerId: string | null, sessionId: string): Promise<SandboxCheckout> {
  const found = await viewableSession(context, viewerId, sessionId);
  const metadata = (found.metadata ?? {}) as Record<string, string>;
  const amountCents = Number(found.amount_total ?? 0);
  if (found.mode === "payment") {
    const product = (found.sandbox as { price?: { product?: { name?: string } } } | undefined)?.price?.product;
    return {
      id: found.id,
      mode: "payment",
      planName: product?.name ?? "Payment",
      interval: null,
      amountCents,
      gstCents: gstIncludedCents(amountCents),
      currency: String(found.currency ?? "aud").toUpperCase(),
      status: String(found.status),
      email: (found.customer_email as string | null) ?? null,
    };
  }
  return {
    id: found.id,
    mode: "subscription",
    planName: isAiTier(metadata.tier) ? TIER_NAMES[metadata.tier] : "ClarityAI",
    interval: isBillingInterval(metadata.interval) ? metadata.interval : null,
    amountCents,
    gstCents: gstIncludedCents(amountCents),
    currency: String(found.currency ?? "aud").toUpperCase(),
    status: String(found.status),
    email: (found.customer_email as string | null) ?? null,
  };
}

function withSessionId(url: string, id: string): string {
  return url.replaceAll("{CHECKOUT_SESSION_ID}", encodeURIComponent(id));
}

/** "Pay": completes the session (its events reach the webhook code) and answers where Stripe would send the customer. */
export async function paySandboxCheckout(context: AppContext, viewerId: string | null, sessionId: string): Promise<string> {
  const found = await viewableSession(context, viewerId, sessionId);
  const after = found.status === "open" ? await controlsFor(context).completeCheckout(sessionId) : found;
  // A session that expired before it was paid sends the customer back as Cancel does.
  if (after.status === "expired") return found.cancel_url ? withSessionId(String(found.cancel_url), sessionId) : "/";
  return withSessionId(String(found.success_url), sessionId);
}

/** "Cancel": leaves the session unpaid and answers its cancel_url. */
export async function cancelSandboxCheckout(context: AppContext, viewerId: string | null, sessionId: string): Promise<string> {
  const found = await viewableSession(context, viewerId, sessionId);
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

async function portalState(context: AppContext, userId: string, portalId: string) {
  const { found, customer } = await ownedObject(context, userId, portalId, "billing_portal.session");
  const subscriptions = await d1ObjectStore(context.db).list("subscription", customer);
  const live = subscriptions.find((s) => isLiveStatus(String(s.status))) ?? subscriptions[0] ?? null;
  return { returnUrl: String(found.return_url ?? `${context.siteOrigin}/profile?tab=billing`), live };
}

export async function sandboxPortal(context: AppContext, userId: string, portalId: string): Promise<SandboxPortal> {
  const { returnUrl, live } = await portalState(context, userId, portalId);
  return { returnUrl, subscription: live ? subscriptionView(live) : null };
}

export type PortalIntent = "cancel" | "resume" | "fail-renewal" | "pay-overdue";

/** One of the portal's buttons. False when it does not apply to the subscription as it is now. */
export async function sandboxPortalAction(context: AppContext, userId: string, portalId: string, intent: PortalIntent): Promise<boolean> {
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
