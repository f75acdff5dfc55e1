import { and, desc, eq } from "drizzle-orm";
import Stripe from "stripe";
import type { AppContext } from "~/context.server";
import { BUSINESS } from "~/content/business";
import { aiSubscriptions, billingInvoices, profiles, users } from "~/db/schema";
import { paymentsMode, type PaymentsMode } from "./config.server";
import { stripeCustomerIdOf } from "./customers.server";
import { entitlementOf, type AiEntitlement } from "./entitlement.server";
import { BillingError } from "./errors";
import { isAiTier, isBillingInterval, isLiveStatus, isRunningStatus, type AiTier, type BillingInterval } from "./plans";
import { callStripe, stripeOf } from "./stripe.server";
import { syncSubscription } from "./sync.server";

// The Billing tab's domain: what the user has, their tax invoices, the customer portal and
// cancelling at the end of the period.

export type InvoiceSummary = {
  id: string;
  number: string | null;
  status: string;
  totalCents: number;
  taxCents: number;
  description: string;
  createdAt: string;
  paidAt: string | null;
};

export type BillingOverview = {
  entitlement: AiEntitlement;
  subscription: {
    tier: AiTier | null;
    interval: BillingInterval | null;
    status: string;
    currentPeriodEnd: string | null;
    cancelAtPeriodEnd: boolean;
    pastDueSince: string | null;
  } | null;
  invoices: InvoiceSummary[];
  paymentsMode: PaymentsMode;
};

export type TaxInvoice = InvoiceSummary & {
  periodStart: string | null;
  periodEnd: string | null;
  customerName: string | null;
  customerEmail: string | null;
  supplier: { name: string; abn: string; email: string; address?: string };
  lines: { description: string; amountCents: number }[];
};

const INVOICE_COLUMNS = {
  id: billingInvoices.id,
  number: billingInvoices.number,
  status: billingInvoices.status,
  totalCents: billingInvoices.totalCents,
  taxCents: billingInvoices.taxCents,
  description: billingInvoices.description,
  createdAt: billingInvoices.createdAt,
  paidAt: billingInvoices.paidAt,
};

export async function getBillingOverview(context: AppContext, userId: string): Promise<BillingOverview> {
  const [row, invoices] = await Promise.all([
    context.db.select().from(aiSubscriptions).where(eq(aiSubscriptions.userId, userId)).get(),
    context.db.select(INVOICE_COLUMNS).from(billingInvoices).where(eq(billingInvoices.userId, userId)).orderBy(desc(billingInvoices.createdAt)).limit(50),
  ]);
  return {
    entitlement: entitlementOf(row, context.env.BILLING_GRACE_DAYS, context.services.clock.now()),
    subscription: row
      ? {
          tier: isAiTier(row.tier) ? row.tier : null,
          interval: isBillingInterval(row.billingInterval) ? row.billingInterval : null,
          status: row.status,
          currentPeriodEnd: row.currentPeriodEnd,
          cancelAtPeriodEnd: row.cancelAtPeriodEnd,
          pastDueSince: row.pastDueSince,
        }
      : null,
    invoices,
    paymentsMode: paymentsMode(context.env),
  };
}

/** A path on this site, or "/profile?tab=billing": the portal's way back never leads elsewhere. */
function safeReturnPath(path: string): string {
  return path.startsWith("/") && !path.startsWith("//") && !path.includes("\\") ? path : "/profile?tab=billing";
}

/** The Stripe customer portal (or the sandbox's portal page) for the user, returning to returnPath. */
export async function createPortalUrl(context: AppContext, userId: string, returnPath: string): Promise<{ url: string }> {
  const customer = await stripeCustomerIdOf(context.db, userId);
  if (!customer) throw new BillingError(404, "no_billing_account", "You don't have a ClarityAI subscription to manage yet.");
  const stripe = stripeOf(context);
  const session = await callStripe("opening the billing portal", () =>
    stripe.billingPortal.sessions.create({ customer, return_url: `${context.siteOrigin}${safeReturnPath(returnPath)}` }),
  );
  return { url: session.url };
}

/**
 * Cancels the subscription at the end of the period already paid for (or takes that back), then
 * syncs the row. Answers the end of the current period as the row now has it.
 */
export async function setCancelAtPeriodEnd(context: AppContext, userId: string, cancel: boolean): Promise<{ currentPeriodEnd: string | null }> {
  const row = await context.db
    .select({
      subscriptionId: aiSubscriptions.stripeSubscriptionId,
      customer: aiSubscriptions.stripeCustomerId,
      status: aiSubscriptions.status,
      currentPeriodEnd: aiSubscriptions.currentPeriodEnd,
    })
    .from(aiSubscriptions)
    .where(eq(aiSubscriptions.userId, userId))
    .get();
  if (!row?.subscriptionId || !isLiveStatus(row.status)) {
    throw new BillingError(409, "no_active_subscription", "You don't have an active ClarityAI subscription.");
  }
  const stripe = stripeOf(context);
  await callStripe("updating the subscription", () => stripe.subscriptions.update(row.subscriptionId!, { cancel_at_period_end: cancel }));
  const synced = await callStripe("reading the subscription", () => syncSubscription(context, row.customer, userId));
  return { currentPeriodEnd: synced ? (synced.currentPeriodEnd ?? null) : row.currentPeriodEnd };
}

/** One of the user's invoices as a GST tax invoice; null when it isn't theirs (or doesn't exist). */
export async function getTaxInvoice(context: AppContext, userId: string, invoiceId: string): Promise<TaxInvoice | null> {
  const found = await context.db
    .select({
      ...INVOICE_COLUMNS,
      periodStart: billingInvoices.periodStart,
      periodEnd: billingInvoices.periodEnd,
      email: users.email,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      company: profiles.company,
    })
    .from(billingInvoices)
    .leftJoin(users, eq(users.id, billingInvoices.userId))
    .leftJoin(profiles, eq(profiles.userId, billingInvoices.userId))
    .where(and(eq(billingInvoices.id, invoiceId), eq(billingInvoices.userId, userId)))
    .get();
  if (!found) return null;
  const { email, firstName, lastName, company, ...invoice } = found;
  const name = [firstName, lastName].filter(Boolean).join(" ");
  return {
    ...invoice,
    customerName: [name, company].filter(Boolean).join(", ") || null,
    customerEmail: email ?? null,
    supplier: { name: BUSINESS.name, abn: BUSINESS.abn, email: BUSINESS.email },
    lines: [{ description: invoice.description, amountCents: invoice.totalCents }],
  };
}

/**
 * Before an account is deleted: cancels its running Stripe subscriptions at once, so a deleted
 * user is never charged again. Best effort: a failure is logged loudly (to be cancelled by hand in
 * Stripe) and does not stop the deletion.
 */
export async function cancelBillingOnAccountDeletion(context: AppContext, userId: string): Promise<void> {
  const customer = await stripeCustomerIdOf(context.db, userId);
  if (!customer) return;
  if (paymentsMode(context.env) === "unavailable") {
    console.error(`billing: account ${userId} deleted without Stripe configured; cancel customer ${customer}'s subscriptions in Stripe by hand`);
    return;
  }
  try {
    const stripe = stripeOf(context);
    const subscriptions = await stripe.subscriptions.list({ customer, status: "all", limit: 20 });
    for (const subscription of subscriptions.data) {
      if (isRunningStatus(subscription.status) || subscription.status === "incomplete") await stripe.subscriptions.cancel(subscription.id);
    }
  } catch (error) {
    // A customer Stripe does not know has no subscriptions to charge: nothing to cancel.
    if (error instanceof Stripe.errors.StripeError && (error.code === "resource_missing" || error.statusCode === 404)) {
      console.info(`billing: deleted account ${userId}'s customer ${customer} is unknown to Stripe; no subscription to cancel`);
      return;
    }
    console.error(
      `billing: cancelling the subscriptions of deleted account ${userId} (customer ${customer}) failed; cancel them in Stripe by hand:`,
      error instanceof Error ? error.message : String(error),
    );
  }
}
