import { eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import Stripe from "stripe";
import { BookingError } from "~/booking/errors";
import type { AppContext } from "~/context.server";
import { applyChargeRefunded, applyCheckoutCompleted, applyCheckoutExpired } from "~/booking/payment-events.server";
import { checkoutPurpose } from "~/booking/payments.server";
import { aiSubscriptions, billingInvoices, stripeEvents, users } from "~/db/schema";
import { connectPayoutEffect, isConnectPayoutEvent } from "~/coach-network/payout-events.server";
import { recordClientActivity } from "~/leads/client-activity.server";
import { composeEmail } from "~/email/compose.server";
import type { EmailSendJob } from "~/email/jobs";
import { outboxInsert } from "~/email/outbox.server";
import { paymentFailedEmail } from "~/email/templates/payment-failed";
import { isPaidCheckout, recordCheckoutPayment } from "./checkout-conversions.server";
import { paymentsMode, webhookSecret } from "./config.server";
import { customerIdOf } from "./customers.server";
import { expireOtherSubscriptionCheckouts, isCancelledDuplicate, settleDuplicateSubscriptions } from "./duplicates.server";
import { graceEndOf } from "./entitlement.server";
import { BillingError } from "./errors";
import { invoiceRow } from "./invoices.server";
import { TIER_NAMES, isAiTier } from "./plans";
import { listSubscriptions, subscriptionStatementsFor, userIdForCustomer } from "./sync.server";
import { stripeOf } from "./stripe.server";
import { errorMessageOf, recordStripeEventFailure, resolveFailureStatement } from "./event-failures.server";
import { adminAuditStatement } from "~/admin/audit.server";

// POST /webhooks/stripe: Stripe's events. Each is verified (signature and timestamp), then its
// effect and its id are stored in one D1 batch: the id's primary key makes a redelivered or
// concurrent duplicate fail as a whole, so every event has one effect, and Stripe gets its 2xx only
// once that effect is stored. An event about an object Stripe cannot find is recorded without
// effect and answered 200 (retrying would fail the same way); when Stripe cannot be reached the
// answer is 503, and Stripe retries. The local payments sandbox has no webhook endpoint: its events
// are handed to applyStripeEvent in-process (stripe.server.ts), so nobody can post one from outside.

/** How far a signature's timestamp may be from now, either way (Stripe's libraries check 300 s, but only into the past). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

function text(status: number, body: string): Response {
  return new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

function received(duplicate = false): Response {
  return Response.json({ received: true, ...(duplicate ? { duplicate: true } : {}) });
}

async function alreadyRecorded(context: AppContext, eventId: string): Promise<boolean> {
  return Boolean(await context.db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, eventId)).get());
}

/** What an event does: statements stored with its id, then what follows; or why it does nothing. */
type Effect = { statements: BatchItem<"sqlite">[]; afterwards?: () => Promise<void>; skipped?: string };

/**
 * The id of the object an event is about, when it has the shape of a Stripe id with this prefix
 * (in_…); else null, and nothing is asked of Stripe (an empty id or ".." would name another URL).
 */
function objectIdOf(value: unknown, prefix: string): string | null {
  return typeof value === "string" && value.startsWith(prefix) && /^[A-Za-z0-9_]{4,255}$/.test(value) ? value : null;
}

const NOT_AN_ID: Effect = { statements: [], skipped: "missing: not a Stripe id" };

function sendEmails(context: AppContext, outboxIds: string[]): (() => Promise<void>) | undefined {
  if (!outboxIds.length) return undefined;
  return async () => {
    for (const outboxId of outboxIds) await context.services.jobs.send({ type: "email.send", version: 1, outboxId } satisfies EmailSendJob);
  };
}

/**
 * The customer's ai_subscriptions row (and its MRR ledger row, for this event) brought up to date with Stripe, after cancelling and refunding
 * any second live subscription (duplicates.server.ts). Empty when the customer is not one of ours.
 */
async function subscriptionEffect(
  context: AppContext,
  event: Stripe.Event,
  customerId: string,
  knownUserId?: string | null,
): Promise<Effect & { subscriptions: Stripe.Subscription[] }> {
  const userId = knownUserId ?? (await userIdForCustomer(context.db, customerId));
  if (!userId) return { statements: [], subscriptions: [] };
  const listed = await listSubscriptions(context, customerId);
  const duplicates = await settleDuplicateSubscriptions(context, { customerId, userId, subscriptions: listed });
  return {
    statements: [...duplicates.statements, ...subscriptionStatementsFor(context, customerId, userId, duplicates.subscriptions, event.id)],
    afterwards: sendEmails(context, duplicates.outboxIds),
    subscriptions: duplicates.subscriptions,
  };
}

function both(first: Effect, second: Effect): Effect {
  const afterwards = [first.afterwards, second.afterwards].filter((step): step is () => Promise<void> => Boolean(step));
  return {
    statements: [...first.statements, ...second.statements],
    afterwards: afterwards.length
      ? async () => {
          for (const step of afterwards) await step();
        }
      : undefined,
  };
}

async function effectOf(context: AppContext, event: Stripe.Event): Promise<Effect> {
  const object = event.data.object as unknown as Record<string, unknown>;
  // Stripe Connect: coaches' payout accounts, transfers and payouts (app/coach-network/payout-events.server.ts).
  if (isConnectPayoutEvent(event.type)) return connectPayoutEffect(context, event);
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const session = event.data.object as Stripe.Checkout.Session;
      // A booking's or a package's payment: applied before the event is recorded, each step idempotent
      // (app/booking/payment-events.server.ts), so a failure is retried by Stripe and a duplicate changes nothing.
      if (checkoutPurpose(session)) {
        await applyCheckoutCompleted(context, session);
        return { statements: [] };
      }
      const customerId = customerIdOf(session.customer);
      const userId = customerId ? await userIdForCustomer(context.db, customerId) : null;
      // The customer's other subscription checkouts can no longer be paid: one subscription is enough.
      if (customerId && userId && session.mode === "subscription" && session.status === "complete") {
        await expireOtherSubscriptionCheckouts(stripeOf(context), customerId, session.id);
      }
      const subscription = customerId && userId ? await subscriptionEffect(context, event, customerId, userId) : { statements: [], subscriptions: [] };
      // A duplicate cancelled and refunded is no purchase.
      const subscriptionId = typeof session.subscription === "string" ? session.subscription : session.subscription?.id;
      const refunded = subscription.subscriptions.some((s) => s.id === subscriptionId && isCancelledDuplicate(s));
      return both(subscription, {
        statements: [],
        // PAYMENT_COMPLETION, unless the success page recorded it first (same dedupe key). A payment by
        // a delayed method is recorded when async_payment_succeeded says it arrived.
        afterwards:
          isPaidCheckout(session) && !refunded
            ? () =>
                recordCheckoutPayment(context, { checkoutSessionId: session.id, amountCents: session.amount_total ?? 0, userId, metadata: session.metadata })
            : undefined,
      });
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
    case "customer.subscription.paused":
    case "customer.subscription.resumed":
    case "customer.subscription.trial_will_end": {
      const customerId = customerIdOf(object.customer);
      return customerId ? subscriptionEffect(context, event, customerId) : { statements: [] };
    }
    case "invoice.paid":
    case "invoice.payment_succeeded":
    case "invoice.finalized":
    case "invoice.updated": {
      const customerId = customerIdOf(object.customer);
      if (!customerId) return { statements: [] };
      const userId = await userIdForCustomer(context.db, customerId);
      if (!userId) return { statements: [] };
      // Always the invoice as Stripe has it now, not the (possibly older) copy in the event.
      const invoiceId = objectIdOf(object.id, "in_");
      if (!invoiceId) return NOT_AN_ID;
      const invoice = await stripeOf(context).invoices.retrieve(invoiceId);
      const row = invoiceRow(invoice, userId, customerId);
      return both(
        {
          statements: [
            context.db
              .insert(billingInvoices)
              .values(row)
              .onConflictDoUpdate({
                target: billingInvoices.id,
                set: {
                  number: row.number,
                  status: row.status,
                  totalCents: row.totalCents,
                  taxCents: row.taxCents,
                  description: row.description,
                  paidAt: row.paidAt,
                },
              }),
          ],
        },
        await subscriptionEffect(context, event, customerId, userId),
      );
    }
    case "invoice.payment_failed": {
      const customerId = customerIdOf(object.customer);
      if (!customerId) return { statements: [] };
      const userId = await userIdForCustomer(context.db, customerId);
      if (!userId) return { statements: [] };
      // The amount and address as Stripe has them, not as the event says.
      const invoiceId = objectIdOf(object.id, "in_");
      if (!invoiceId) return NOT_AN_ID;
      const invoice = await stripeOf(context).invoices.retrieve(invoiceId);
      const synced = await subscriptionEffect(context, event, customerId, userId);
      // The row as it was before this event: the grace period counts from an earlier failure, if any.
      const subscription = await context.db
        .select({ tier: aiSubscriptions.tier, pastDueSince: aiSubscriptions.pastDueSince })
        .from(aiSubscriptions)
        .where(eq(aiSubscriptions.userId, userId))
        .get();
      const address =
        invoice.customer_email ||
        (await context.db.query.users.findFirst({ columns: { email: true }, where: (u, { eq: equals }) => equals(u.id, userId) }))?.email;
      if (!address) return synced;
      const tierName = isAiTier(subscription?.tier) ? TIER_NAMES[subscription.tier] : "ClarityAI";
      const email = await composeEmail(
        context.env,
        paymentFailedEmail,
        {
          planName: tierName,
          amountCents: invoice.amount_due,
          graceEndsAt: graceEndOf(subscription?.pastDueSince || context.services.clock.now(), context.env.BILLING_GRACE_DAYS).toISOString(),
          manageBillingUrl: `${context.siteOrigin}/profile?tab=billing`,
        },
        // One email per failed payment, however often the event is delivered.
        { to: address, dedupeKey: `stripe:${event.id}` },
      );
      const outboxId = crypto.randomUUID();
      return both(synced, { statements: [outboxInsert(context.db, context.env, email, outboxId)], afterwards: sendEmails(context, [outboxId]) });
    }
    case "checkout.session.expired":
    case "checkout.session.async_payment_failed": {
      const session = event.data.object as Stripe.Checkout.Session;
      if (checkoutPurpose(session)) await applyCheckoutExpired(context, session);
      return { statements: [] };
    }
    case "charge.refunded":
      await applyChargeRefunded(context, event.data.object as Stripe.Charge);
      return { statements: [] };
    default:
      // Recorded, so a redelivery is answered at once; nothing else to do.
      return { statements: [] };
  }
}

function isUniqueViolation(error: unknown): boolean {
  const message = error instanceof Error ? `${error.message} ${error.cause instanceof Error ? error.cause.message : ""}` : String(error);
  return /UNIQUE constraint failed: stripe_events\.id|SQLITE_CONSTRAINT/i.test(message);
}

/** Why an effect failed, when Stripe is the cause: "missing" and "refused" are final, "unreachable" may pass. */
type StripeFailure = { kind: "missing" | "refused" | "unreachable"; detail: string };

function stripeFailureOf(error: unknown): StripeFailure | null {
  if (error instanceof Stripe.errors.StripeError) {
    const status = error.statusCode;
    const detail = [error.type, status, error.code].filter(Boolean).join(" ");
    if (error.code === "resource_missing" || status === 404) return { kind: "missing", detail };
    // Any other 400: Stripe refuses the request as it stands, so a retry would be refused too.
    if (error instanceof Stripe.errors.StripeInvalidRequestError) return { kind: "refused", detail };
    // No connection, Stripe's 5xx, a rate limit, a key that does not work (yet): worth retrying.
    return { kind: "unreachable", detail };
  }
  // The booking code reports a Stripe call that failed this way (app/booking/payment-events.server.ts).
  if ((error instanceof BillingError || error instanceof BookingError) && error.code === "stripe_error") return { kind: "unreachable", detail: error.code };
  return null;
}

/** How an event is being applied: the body as Stripe sent it (kept if it fails), and who replays it, when an admin does. */
export type ApplyOptions = { payload?: string; replayedBy?: { id: string; ipHash: string | null } };

/**
 * Applies one verified event (or one from the local payments sandbox, in-process): once, however
 * often it arrives. Answers as the endpoint answers Stripe. An event that fails to apply (an error,
 * or Stripe out of reach) is kept in stripe_event_failures for admins (/admin/attention) and still
 * answered 5xx, so Stripe sends it again; the delivery that applies marks it resolved.
 */
export async function applyStripeEvent(context: AppContext, event: Stripe.Event, options: ApplyOptions = {}): Promise<Response> {
  if (typeof event.id !== "string" || typeof event.type !== "string" || !event.data?.object) return text(400, "Not a Stripe event.");
  const keep = async (error: string) => {
    try {
      await recordStripeEventFailure(context.db, event, options.payload ?? JSON.stringify(event), error, context.services.clock.now());
    } catch (recordError) {
      console.error(`billing: could not record the failure of ${event.type} ${event.id}`, errorMessageOf(recordError));
    }
  };
  let response: Response;
  try {
    response = await applyOnce(context, event, options);
  } catch (error) {
    await keep(errorMessageOf(error));
    throw error;
  }
  if (response.status >= 500) await keep(`Stripe couldn't be reached (${response.status})`);
  return response;
}

async function applyOnce(context: AppContext, event: Stripe.Event, options: ApplyOptions): Promise<Response> {
  if (await alreadyRecorded(context, event.id)) return received(true);
  let effect: Effect;
  try {
    effect = await effectOf(context, event);
  } catch (error) {
    const failure = stripeFailureOf(error);
    if (!failure) throw error;
    if (failure.kind === "unreachable") {
      console.warn(`billing: Stripe could not be reached for ${event.type} ${event.id} (${failure.detail}); Stripe will send it again`);
      return text(503, "Stripe couldn't be reached just now. Send the event again later.");
    }
    // Retrying would fail the same way: record it, so a redelivery is answered at once.
    console.warn(
      `billing: ${event.type} ${event.id} names an object Stripe ${failure.kind === "missing" ? "cannot find" : "refused to return"} (${failure.detail}); recorded without effect`,
    );
    effect = { statements: [], skipped: `${failure.kind}: ${failure.detail}` };
  }
  const skipped = effect.skipped ?? null;
  const now = context.services.clock.now();
  const replayedBy = options.replayedBy;
  try {
    await context.db.batch([
      context.db.insert(stripeEvents).values({ id: event.id, type: event.type, receivedAt: now.toISOString(), skipped }),
      ...effect.statements,
      // A failure kept earlier is resolved by this delivery (or this admin's replay), with its effect.
      resolveFailureStatement(context.db, event.id, now, replayedBy?.id),
      ...(replayedBy
        ? [
            adminAuditStatement(context.db, {
              action: "stripe_event_replayed",
              actorId: replayedBy.id,
              targetType: "stripe_event",
              targetId: event.id,
              before: { status: "failed", type: event.type },
              after: { status: "replayed", type: event.type, ...(skipped ? { skipped: skipped.split(":")[0] } : {}) },
              ipHash: replayedBy.ipHash,
            }),
          ]
        : []),
    ]);
  } catch (error) {
    // A concurrent delivery of the same event stored it first: this one has no effect of its own.
    if (isUniqueViolation(error) && (await alreadyRecorded(context, event.id))) return received(true);
    throw error;
  }
  await effect.afterwards?.();
  if (!skipped && (event.type === "invoice.paid" || event.type === "invoice.payment_succeeded")) await recordPayingClient(context, event);
  return skipped ? Response.json({ received: true, skipped: skipped.split(":")[0] }) : received();
}

/** A paid ClarityAI invoice: the customer's lead records them as a paying client (app/leads/client-activity.server.ts). */
async function recordPayingClient(context: AppContext, event: Stripe.Event) {
  const customerId = customerIdOf((event.data.object as unknown as Record<string, unknown>).customer);
  const userId = customerId ? await userIdForCustomer(context.db, customerId) : null;
  const user = userId ? await context.db.select({ email: users.email }).from(users).where(eq(users.id, userId)).get() : null;
  await recordClientActivity(context.db, [user?.email]);
}

/** The t= of a Stripe-Signature header (seconds since the epoch), read as Stripe's library reads it (the last one). */
function signedAt(signature: string): number | null {
  const value = signature
    .split(",")
    .map((part) => part.split("="))
    .filter(([key]) => key === "t")
    .at(-1)?.[1];
  const seconds = Number(value);
  return value && Number.isInteger(seconds) ? seconds : null;
}

/** Verifies and applies one delivery to /webhooks/stripe: the raw body and its Stripe-Signature header. */
export async function handleStripeWebhook(context: AppContext, payload: string, signature: string | null): Promise<Response> {
  // Without a Stripe key there is no Stripe to send events: the sandbox hands its own over in-process.
  if (paymentsMode(context.env) !== "stripe") return text(404, "This site takes no Stripe events: no Stripe account is connected.");
  const secret = webhookSecret(context.env);
  if (!secret) {
    console.error("billing: STRIPE_WEBHOOK_SECRET is not set; Stripe events are refused");
    return text(503, "Webhooks are not configured.");
  }
  if (!signature) return text(400, "Missing Stripe-Signature header.");
  const now = context.services.clock.now().getTime();
  let event: Stripe.Event;
  try {
    event = await context.services.payments
      .stripe()
      .webhooks.constructEventAsync(payload, signature, secret, WEBHOOK_TOLERANCE_SECONDS, Stripe.createSubtleCryptoProvider(), now);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError && /tolerance/i.test(error.message))
      return text(400, "Timestamp outside the tolerance zone.");
    return text(400, "Invalid signature.");
  }
  // Stripe's check only refuses old timestamps; a signature dated ahead of our clock is refused too.
  const at = signedAt(signature);
  if (at === null || at - now / 1000 > WEBHOOK_TOLERANCE_SECONDS) return text(400, "Timestamp outside the tolerance zone.");
  return applyStripeEvent(context, event, { payload });
}
