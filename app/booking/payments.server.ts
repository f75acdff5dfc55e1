import { and, asc, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import Stripe from "stripe";
import { getAttribution } from "~/attribution/capture.server";
import { conversionDeps, recordConversion } from "~/attribution/conversions.server";
import { auditStatement } from "~/auth/audit.server";
import { checkoutConversionKey, isPaidCheckout, recordCheckoutPayment } from "~/billing/checkout-conversions.server";
import { billingDeps, type BillingDeps } from "~/billing/config.server";
import { ensureStripeCustomer } from "~/billing/customers.server";
import { BillingError } from "~/billing/errors";
import { gstIncludedCents } from "~/billing/plans";
import { callStripe, stripeClient } from "~/billing/stripe.server";
import type { RequestContext } from "~/context.server";
import type { Db } from "~/db/client.server";
import {
  bookingPackages,
  bookingPayments,
  bookings,
  bookingTypes,
  coachSchedules,
  packagePurchases,
  paymentRefunds,
  profiles,
  refundRequests,
  users,
} from "~/db/schema";
import { sydneyDay } from "~/utils/sydney-time";
import { confirmPaidBooking, releaseHold } from "./bookings.server";
import { creditSpentOn } from "./credits.server";
import { BookingError } from "./errors";
import { checkoutReturnToken } from "./links.server";
import { enqueueBookingNotice, requeueOwedNotices } from "./notices.server";
import { CHECKOUT_ACCESS_MINUTES, CREDIT_VALIDITY_MONTHS, GUARANTEE_DAYS } from "./policy";
import { runInTransaction, type Statement } from "./sql.server";
import { formatDateTime } from "./time-zones";

// Payments for bookings and packages: Stripe Checkout in payment mode (AUD, prices include GST),
// the webhook's side of a paid, expired or refunded checkout, refunds with their credit notes, and
// the money-back guarantee. Every step the webhook takes is idempotent on its own (unique Stripe
// ids, conditional writes, Stripe idempotency keys), so a redelivered, concurrent or out-of-order
// event settles in the same state: a payment recorded once with one invoice number, a booking
// confirmed while its slot is free — or, if the slot went to someone else, refunded in full.

export type BookingRow = typeof bookings.$inferSelect;
export type PaymentRow = typeof bookingPayments.$inferSelect;
export type RefundRow = typeof paymentRefunds.$inferSelect;
export type RefundRequestRow = typeof refundRequests.$inferSelect;

/** What a checkout pays for, in its metadata (and its PaymentIntent's). */
export type CheckoutKind = "booking" | "package";

/**
 * A Checkout Session may expire 30 minutes after Stripe creates it at the earliest. Asked for from
 * this side of the network, exactly 30 minutes can be a moment short by the time Stripe sees it,
 * and Stripe refuses the session; one more minute keeps clear of that.
 */
const CHECKOUT_LIFETIME_SECONDS = 31 * 60;

export const SLOT_LOST_REASON = "The time was booked by someone else before the payment arrived";
export const GUARANTEE_REASON = "Money-back guarantee";
const STRIPE_REFUND_REASON = "Refunded in Stripe";

/** GST included in an amount: one eleventh, to the cent. */
export const gstOf = gstIncludedCents;

/** INV-000001, CN-000001. */
export function documentNumber(prefix: "INV" | "CN", value: number): string {
  return `${prefix}-${String(value).padStart(6, "0")}`;
}

/** The booking or package a Checkout Session is for, from its metadata; null for any other checkout (e.g. a subscription). */
export function checkoutPurpose(session: { mode?: string | null; metadata?: Record<string, string> | null }): { kind: CheckoutKind; id: string } | null {
  if (session.mode !== "payment") return null;
  // Stripe's metadata values are strings; an event's copy that says otherwise names nothing of ours.
  const metadata: Record<string, unknown> = session.metadata ?? {};
  if (metadata.kind === "booking" && typeof metadata.booking_id === "string" && metadata.booking_id) return { kind: "booking", id: metadata.booking_id };
  if (metadata.kind === "package" && typeof metadata.purchase_id === "string" && metadata.purchase_id) return { kind: "package", id: metadata.purchase_id };
  return null;
}

/** A Stripe failure as the booking pages show errors. */
async function stripeCall<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await callStripe(what, call);
  } catch (error) {
    if (error instanceof BillingError) throw new BookingError(error.status, error.code, error.message);
    throw error;
  }
}

function stripeFor(context: PaymentsContext): Stripe {
  try {
    return stripeClient(billingDeps(context));
  } catch (error) {
    if (error instanceof BillingError) throw new BookingError(error.status, error.code, error.message);
    throw error;
  }
}

/**
 * What payments need from a request (or a webhook delivery, which has no browser behind it): the
 * database, settings, site origin and bindings.
 */
export type PaymentsContext = Pick<RequestContext, "db" | "env" | "siteOrigin" | "cloudflare"> & { jobs?: Queue; now?: () => Date };

function jobsOf(context: PaymentsContext): Queue {
  return context.jobs ?? context.cloudflare.env.JOBS;
}

/** The context the booking code runs in for a webhook delivery. */
export function webhookContext(deps: BillingDeps): PaymentsContext {
  return { db: deps.db, env: deps.env, siteOrigin: deps.siteOrigin, cloudflare: deps.cloudflare, jobs: deps.jobs, now: deps.now };
}

async function userEmail(db: Db, userId: string): Promise<string | null> {
  return (await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).get())?.email ?? null;
}

/** "60-minute virtual session" and "With Sam Lee, Thursday 3 December 2026, 9:30 am AEDT" (the client's zone). */
async function describeBooking(db: Db, booking: BookingRow): Promise<{ name: string; detail: string }> {
  const row = await db
    .select({ typeName: bookingTypes.name, coachName: coachSchedules.displayName })
    .from(bookingTypes)
    .leftJoin(coachSchedules, eq(coachSchedules.coachId, booking.coachId))
    .where(eq(bookingTypes.id, booking.bookingTypeId))
    .get();
  const name = row?.typeName ?? "Coaching session";
  const when = formatDateTime(booking.startsAt, booking.clientTimeZone);
  return { name, detail: row?.coachName ? `With ${row.coachName}, ${when}` : when };
}

function packageDetail(pkg: { sessions: number; durationMinutes: number; validityMonths: number }): string {
  return `${pkg.sessions} × ${pkg.durationMinutes}-minute virtual coaching sessions, to use within ${pkg.validityMonths} months`;
}

async function recordBeginCheckout(
  context: RequestContext,
  input: { type: "BEGIN_CHECKOUT" | "PACKAGE_CHECKOUT"; sessionId: string; valueCents: number; label: string; userId: string | null; email: string | null },
  request?: Request,
) {
  try {
    await recordConversion(context, {
      type: input.type,
      dedupeKey: checkoutConversionKey(input.sessionId),
      valueCents: input.valueCents,
      label: input.label,
      userId: input.userId,
      contact: { email: input.email },
      request,
    });
  } catch (error) {
    // The customer can pay all the same; the report misses one checkout (logged by id only).
    console.warn(`booking: could not record the checkout conversion of ${input.sessionId}:`, error instanceof Error ? error.message : "unknown error");
  }
}

// ── Checkout ─────────────────────────────────────────────────────────────────────────────────────

/**
 * Stripe Checkout for a held paid booking. The booking keeps the session's id; a second call for
 * the same booking answers the same session (Stripe idempotency key). BEGIN_CHECKOUT is recorded
 * with the attribution of `request`'s browser.
 */
export async function startSessionCheckout(context: RequestContext, booking: BookingRow, request?: Request): Promise<{ url: string }> {
  if (booking.status !== "held" || booking.paymentMethod !== "card" || booking.priceCents <= 0) {
    throw new BookingError(409, "not_awaiting_payment", "This booking isn't waiting for a card payment.");
  }
  const now = new Date();
  if (booking.holdExpiresAt && Date.parse(booking.holdExpiresAt) <= now.getTime()) {
    throw new BookingError(409, "hold_expired", "The time we held for you has been released. Please choose a time again.");
  }
  const { db } = context;
  const stripe = stripeFor(context);
  const { name, detail } = await describeBooking(db, booking);
  const email = booking.clientId ? ((await userEmail(db, booking.clientId)) ?? booking.email) : booking.email;
  const customer = booking.clientId
    ? await stripeCall("creating the customer", () => ensureStripeCustomer(db, stripe, { id: booking.clientId!, email }))
    : null;
  const metadata = { kind: "booking", booking_id: booking.id };
  // The way back from backing out is signed: only this checkout's browser may release the hold with it.
  const returnToken = await checkoutReturnToken(context.env, booking.id, new Date(now.getTime() + CHECKOUT_ACCESS_MINUTES * 60_000));
  const session = await stripeCall("creating the checkout session", () =>
    stripe.checkout.sessions.create(
      {
        mode: "payment",
        ...(customer ? { customer } : { customer_email: booking.email }),
        client_reference_id: booking.id,
        line_items: [
          {
            quantity: 1,
            price_data: { currency: "aud", unit_amount: booking.priceCents, tax_behavior: "inclusive", product_data: { name, description: detail } },
          },
        ],
        metadata,
        payment_intent_data: { metadata, description: `${name}, ${detail}` },
        expires_at: Math.floor(now.getTime() / 1000) + CHECKOUT_LIFETIME_SECONDS,
        success_url: `${context.siteOrigin}/booking-confirmation?booking=${booking.id}&session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${context.siteOrigin}/booking/checkout-cancelled?booking=${booking.id}&token=${returnToken}`,
      },
      { idempotencyKey: `clarityai-booking-checkout-${booking.id}` },
    ),
  );
  if (!session.url) throw new BookingError(502, "no_checkout_url", "No payment page was received. Please try again.");
  await db
    .update(bookings)
    .set({ stripeCheckoutSessionId: session.id, updatedAt: now.toISOString() })
    .where(and(eq(bookings.id, booking.id), or(isNull(bookings.stripeCheckoutSessionId), eq(bookings.stripeCheckoutSessionId, session.id))));
  await recordBeginCheckout(
    context,
    { type: "BEGIN_CHECKOUT", sessionId: session.id, valueCents: booking.priceCents, label: name, userId: booking.clientId, email: booking.email },
    request,
  );
  return { url: session.url };
}

/** Stripe Checkout for a package: a pending purchase, paid (and credited) when the webhook says so. */
export async function startPackageCheckout(
  context: RequestContext,
  user: { id: string; email: string | null },
  packageId: string,
  request?: Request,
): Promise<{ url: string; purchaseId: string }> {
  const { db } = context;
  const pkg = await db
    .select()
    .from(bookingPackages)
    .where(and(eq(bookingPackages.id, packageId), eq(bookingPackages.active, true)))
    .get();
  if (!pkg) throw new BookingError(404, "package_not_found", "That package isn't available.");
  const stripe = stripeFor(context);
  const customer = await stripeCall("creating the customer", () => ensureStripeCustomer(db, stripe, user));
  const purchaseId = crypto.randomUUID();
  await db.insert(packagePurchases).values({
    id: purchaseId,
    userId: user.id,
    packageId: pkg.id,
    sessions: pkg.sessions,
    durationMinutes: pkg.durationMinutes,
    priceCents: pkg.priceCents,
    status: "pending",
  });
  const metadata = { kind: "package", purchase_id: purchaseId };
  const detail = packageDetail(pkg);
  const session = await stripeCall("creating the checkout session", () =>
    stripe.checkout.sessions.create(
      {
        mode: "payment",
        customer,
        client_reference_id: user.id,
        line_items: [
          {
            quantity: 1,
            price_data: { currency: "aud", unit_amount: pkg.priceCents, tax_behavior: "inclusive", product_data: { name: pkg.name, description: detail } },
          },
        ],
        metadata,
        payment_intent_data: { metadata, description: `${pkg.name}: ${detail}` },
        expires_at: Math.floor(Date.now() / 1000) + CHECKOUT_LIFETIME_SECONDS,
        success_url: `${context.siteOrigin}/profile?tab=bookings&purchase=${purchaseId}`,
        cancel_url: `${context.siteOrigin}/profile?tab=bookings&purchase=${purchaseId}&checkout=cancelled`,
      },
      { idempotencyKey: `clarityai-package-checkout-${purchaseId}` },
    ),
  );
  if (!session.url) throw new BookingError(502, "no_checkout_url", "No payment page was received. Please try again.");
  await db.update(packagePurchases).set({ stripeCheckoutSessionId: session.id }).where(eq(packagePurchases.id, purchaseId));
  await recordBeginCheckout(
    context,
    { type: "PACKAGE_CHECKOUT", sessionId: session.id, valueCents: pkg.priceCents, label: pkg.name, userId: user.id, email: user.email },
    request,
  );
  return { url: session.url, purchaseId };
}

/** PACKAGE_INQUIRY: someone looked into a package (once a day per person and package). */
export async function recordPackageInquiry(
  context: RequestContext,
  user: { id: string; email: string | null } | null,
  packageId: string,
  request: Request,
): Promise<void> {
  const pkg = await context.db
    .select({ id: bookingPackages.id, name: bookingPackages.name, priceCents: bookingPackages.priceCents })
    .from(bookingPackages)
    .where(eq(bookingPackages.id, packageId))
    .get();
  if (!pkg) throw new BookingError(404, "package_not_found", "That package isn't available.");
  const attribution = await getAttribution(context, request);
  const who = user?.id ?? attribution?.sessionId ?? crypto.randomUUID();
  await recordConversion(context, {
    type: "PACKAGE_INQUIRY",
    dedupeKey: `package-inquiry:${pkg.id}:${who}:${sydneyDay(new Date())}`,
    valueCents: pkg.priceCents,
    label: pkg.name,
    userId: user?.id ?? null,
    contact: { email: user?.email ?? null },
    attribution,
    request,
  });
}

/**
 * The checkout of a held booking to go back to, while its hold lasts and it can still be paid; null
 * otherwise (the hold ran out, or the checkout was paid or closed meanwhile).
 */
export async function resumableCheckout(context: PaymentsContext, booking: BookingRow): Promise<string | null> {
  const now = context.now?.() ?? new Date();
  if (booking.status !== "held" || !booking.stripeCheckoutSessionId) return null;
  if (booking.holdExpiresAt && Date.parse(booking.holdExpiresAt) <= now.getTime()) return null;
  const stripe = stripeFor(context);
  const sessionId = booking.stripeCheckoutSessionId;
  const session = await stripeCall("reading the checkout session", () => stripe.checkout.sessions.retrieve(sessionId));
  return session.status === "open" && session.url ? session.url : null;
}

/**
 * The customer left the checkout and chose to release the time: the session is expired at Stripe,
 * so it can no longer be paid, and the hold is released. A checkout that was paid meanwhile is left
 * alone. The caller checks that the customer may (the checkout's signed return link, or its owner).
 */
export async function abandonCheckout(context: PaymentsContext, bookingId: string): Promise<{ status: "released" | "paid" | "not_held" }> {
  const booking = await context.db.select().from(bookings).where(eq(bookings.id, bookingId)).get();
  if (!booking) throw new BookingError(404, "booking_not_found", "We couldn't find that booking.");
  if (booking.status !== "held") return { status: booking.status === "confirmed" ? "paid" : "not_held" };
  if (booking.stripeCheckoutSessionId) {
    const stripe = stripeFor(context);
    const sessionId = booking.stripeCheckoutSessionId;
    const session = await stripeCall("reading the checkout session", () => stripe.checkout.sessions.retrieve(sessionId));
    if (session.status === "complete") return { status: "paid" };
    if (session.status === "open") {
      try {
        await stripe.checkout.sessions.expire(sessionId);
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeError)) throw error;
        // Paid in the meantime (Stripe refuses to expire a completed session): the webhook confirms it.
        const now = await stripeCall("reading the checkout session", () => stripe.checkout.sessions.retrieve(sessionId));
        if (now.status === "complete") return { status: "paid" };
        if (now.status === "open") throw new BookingError(502, "stripe_error", "We couldn't cancel the payment. Please try again in a few minutes.");
      }
    }
  }
  await releaseHold(context.db, bookingId);
  return { status: "released" };
}

// ── The webhook's side ──────────────────────────────────────────────────────────────────────────

type PaymentInput = {
  userId: string | null;
  bookingId: string | null;
  purchaseId: string | null;
  description: string;
  customerName: string;
  customerEmail: string;
  amountCents: number;
  checkoutSessionId: string;
  paymentIntentId: string | null;
  paidAt: string;
};

/**
 * The payment and its invoice number, once per Checkout Session, with `also` (the purchase's
 * credits) in the same transaction. The counter moves only when the payment is new, so invoice
 * numbers have no gaps however often the event arrives.
 */
async function recordPayment(db: Db, input: PaymentInput, also: Statement[] = []): Promise<PaymentRow> {
  const absent = sql`NOT EXISTS (SELECT 1 FROM booking_payments WHERE stripe_checkout_session_id = ${input.checkoutSessionId})`;
  await runInTransaction(db, [
    sql`INSERT INTO document_counters (series, value) SELECT 'invoice', 1 WHERE ${absent}
      ON CONFLICT (series) DO UPDATE SET value = value + 1`,
    sql`INSERT INTO booking_payments (id, user_id, booking_id, purchase_id, invoice_number, description, customer_name, customer_email,
        amount_cents, gst_cents, refunded_cents, status, stripe_checkout_session_id, stripe_payment_intent_id, paid_at)
      SELECT ${crypto.randomUUID()}, ${input.userId}, ${input.bookingId}, ${input.purchaseId}, 'INV-' || printf('%06d', value), ${input.description},
        ${input.customerName}, ${input.customerEmail}, ${input.amountCents}, ${gstOf(input.amountCents)}, 0, 'paid', ${input.checkoutSessionId},
        ${input.paymentIntentId}, ${input.paidAt}
      FROM document_counters WHERE series = 'invoice' AND ${absent}`,
    ...also,
  ]);
  const payment = await db.select().from(bookingPayments).where(eq(bookingPayments.stripeCheckoutSessionId, input.checkoutSessionId)).get();
  if (!payment) throw new Error(`booking: the payment of ${input.checkoutSessionId} was not stored`);
  return payment;
}

function paymentIntentOf(session: Stripe.Checkout.Session): string | null {
  const value = session.payment_intent;
  return typeof value === "string" ? value : (value?.id ?? null);
}

function addMonths(iso: string, months: number): string {
  const date = new Date(iso);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.toISOString();
}

export type CompletedOutcome = "confirmed" | "already" | "slot_lost" | "package_paid" | "unpaid" | "unknown";

/**
 * checkout.session.completed / async_payment_succeeded for a booking or a package. The payment is
 * recorded first (it happened, whatever else is true), then the booking is confirmed if its slot is
 * still free — a paid checkout wins over its own expiry — or refunded in full when the slot went to
 * someone else meanwhile. A package's purchase becomes paid and its sessions are credited.
 */
export async function applyCheckoutCompleted(context: PaymentsContext, session: Stripe.Checkout.Session): Promise<CompletedOutcome> {
  const purpose = checkoutPurpose(session);
  if (!purpose || !isPaidCheckout(session)) return "unpaid";
  const { db } = context;
  const paidAt = new Date().toISOString();
  const amountCents = session.amount_total ?? 0;
  if (purpose.kind === "booking") {
    const booking = await db.select().from(bookings).where(eq(bookings.id, purpose.id)).get();
    if (!booking) {
      console.warn(`booking: checkout ${session.id} was paid for booking ${purpose.id}, which does not exist; refund it in Stripe`);
      return "unknown";
    }
    const { name, detail } = await describeBooking(db, booking);
    const payment = await recordPayment(db, {
      userId: booking.clientId,
      bookingId: booking.id,
      purchaseId: null,
      description: `${name}, ${detail}`,
      customerName: booking.name,
      customerEmail: booking.email,
      amountCents,
      checkoutSessionId: session.id,
      paymentIntentId: paymentIntentOf(session),
      paidAt,
    });
    const outcome = booking.status === "cancelled" ? "slot_lost" : await confirmPaidBooking(context, booking.id, session.id);
    // Confirmed by an earlier delivery, which may have stopped before the confirmation was queued:
    // whatever the booking still owes is queued now (it is sent once however often it is queued).
    if (outcome === "already") await requeueOwedNotices(db, jobsOf(context), context.now?.() ?? new Date(), { bookingId: booking.id });
    if (outcome === "slot_lost") {
      await refundBookingPayment(context, payment.id, { reason: SLOT_LOST_REASON });
      await cancelLostBooking(context, booking.id);
      return "slot_lost";
    }
    await recordCheckoutPayment(conversionDeps(context), {
      checkoutSessionId: session.id,
      amountCents,
      userId: booking.clientId,
      email: booking.email,
      metadata: session.metadata,
      label: name,
    });
    return outcome;
  }
  const purchase = await db
    .select({ purchase: packagePurchases, pkg: bookingPackages })
    .from(packagePurchases)
    .innerJoin(bookingPackages, eq(bookingPackages.id, packagePurchases.packageId))
    .where(eq(packagePurchases.id, purpose.id))
    .get();
  if (!purchase) {
    console.warn(`booking: checkout ${session.id} was paid for package purchase ${purpose.id}, which does not exist; refund it in Stripe`);
    return "unknown";
  }
  const { purchase: row, pkg } = purchase;
  const buyer = await db
    .select({ email: users.email, firstName: profiles.firstName, lastName: profiles.lastName })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, row.userId))
    .get();
  const email = buyer?.email ?? session.customer_details?.email ?? session.customer_email ?? "";
  const name = [buyer?.firstName, buyer?.lastName].filter(Boolean).join(" ") || session.customer_details?.name || email;
  const expiresAt = addMonths(paidAt, pkg.validityMonths || CREDIT_VALIDITY_MONTHS);
  await recordPayment(
    db,
    {
      userId: row.userId,
      bookingId: null,
      purchaseId: row.id,
      description: `${pkg.name}: ${packageDetail({ ...pkg, sessions: row.sessions, durationMinutes: row.durationMinutes })}`,
      customerName: name,
      customerEmail: email,
      amountCents,
      checkoutSessionId: session.id,
      paymentIntentId: paymentIntentOf(session),
      paidAt,
    },
    [
      db
        .update(packagePurchases)
        .set({ status: "paid", paidAt, expiresAt, stripeCheckoutSessionId: session.id })
        .where(and(eq(packagePurchases.id, row.id), eq(packagePurchases.status, "pending"))),
      // The sessions, credited once: only a paid purchase without its purchase row yet.
      sql`INSERT INTO credit_ledger (id, purchase_id, user_id, delta, reason, booking_id, created_at)
        SELECT ${crypto.randomUUID()}, id, user_id, sessions, 'purchase', NULL, ${paidAt} FROM package_purchases
        WHERE id = ${row.id} AND status = 'paid' AND NOT EXISTS (SELECT 1 FROM credit_ledger WHERE purchase_id = ${row.id} AND reason = 'purchase')`,
    ],
  );
  await recordCheckoutPayment(conversionDeps(context), {
    checkoutSessionId: session.id,
    amountCents,
    userId: row.userId,
    email,
    metadata: session.metadata,
    label: pkg.name,
  });
  return "package_paid";
}

/**
 * A paid booking whose time went to someone else: cancelled (it shows so in the client's list) and
 * the client told, once — the change from held/expired sends the notice; a redelivered event only
 * queues it again if it was never recorded.
 */
async function cancelLostBooking(context: PaymentsContext, bookingId: string) {
  const at = new Date().toISOString();
  const [cancelled] = await context.db
    .update(bookings)
    .set({
      status: "cancelled",
      holdExpiresAt: null,
      cancelledAt: at,
      cancelledBy: "system",
      cancelReason: SLOT_LOST_REASON,
      sequence: sql`${bookings.sequence} + 1`,
      updatedAt: at,
    })
    .where(and(eq(bookings.id, bookingId), inArray(bookings.status, ["held", "expired"])))
    .returning();
  if (cancelled) await enqueueBookingNotice(jobsOf(context), cancelled, "cancellation");
  else await requeueOwedNotices(context.db, jobsOf(context), new Date(at), { bookingId });
}

/**
 * checkout.session.expired (or a delayed payment that failed): the booking's hold is released if
 * it is still held for this checkout and unpaid. A package's purchase stays pending.
 */
export async function applyCheckoutExpired(context: PaymentsContext, session: Stripe.Checkout.Session): Promise<"released" | "unchanged"> {
  const purpose = checkoutPurpose(session);
  if (!purpose || purpose.kind !== "booking") return "unchanged";
  const { db } = context;
  const booking = await db.select().from(bookings).where(eq(bookings.id, purpose.id)).get();
  if (!booking || booking.status !== "held") return "unchanged";
  if (booking.stripeCheckoutSessionId && booking.stripeCheckoutSessionId !== session.id) return "unchanged";
  // A completed event for the same checkout that arrived first has paid for it: the payment wins.
  const paid = await db.select({ id: bookingPayments.id }).from(bookingPayments).where(eq(bookingPayments.stripeCheckoutSessionId, session.id)).get();
  if (paid) return "unchanged";
  await releaseHold(db, booking.id);
  return "released";
}

/** charge.refunded: refunds made outside this site (the Stripe dashboard) get their credit notes too. */
export async function applyChargeRefunded(context: PaymentsContext, charge: Stripe.Charge): Promise<number> {
  const paymentIntent = typeof charge.payment_intent === "string" ? charge.payment_intent : (charge.payment_intent?.id ?? null);
  if (!paymentIntent) return 0;
  const payment = await context.db.select().from(bookingPayments).where(eq(bookingPayments.stripePaymentIntentId, paymentIntent)).get();
  if (!payment) return 0;
  const stripe = stripeFor(context);
  // Always the refunds as Stripe has them now, not the (possibly older) copy in the event.
  const refunds = await stripe.refunds.list({ payment_intent: paymentIntent, limit: 100 });
  let recorded = 0;
  for (const refund of [...refunds.data].reverse()) {
    if (refund.status !== "succeeded" && refund.status !== "pending") continue;
    await recordRefund(context.db, payment.id, {
      stripeRefundId: refund.id,
      amountCents: refund.amount,
      reason: refund.metadata?.reason || STRIPE_REFUND_REASON,
      createdAt: new Date((refund.created || Math.floor(Date.now() / 1000)) * 1000).toISOString(),
    });
    recorded += 1;
  }
  return recorded;
}

// ── Refunds and credit notes ───────────────────────────────────────────────────────────────────

/**
 * A refund of a payment and its credit note, once per Stripe refund. The GST of a refund is one
 * eleventh of it, except that the refund completing the payment takes what GST is left, so the
 * credit notes of a fully refunded payment add up to its invoice. A package refunded in full
 * loses its remaining credits.
 */
async function recordRefund(
  db: Db,
  paymentId: string,
  refund: { stripeRefundId: string; amountCents: number; reason: string; createdAt: string },
): Promise<RefundRow> {
  const existing = await db.select().from(paymentRefunds).where(eq(paymentRefunds.stripeRefundId, refund.stripeRefundId)).get();
  if (existing) return existing;
  const payment = await db.select().from(bookingPayments).where(eq(bookingPayments.id, paymentId)).get();
  if (!payment) throw new Error(`booking: payment ${paymentId} is missing`);
  const before = await db
    .select({ amount: sql<number>`COALESCE(SUM(${paymentRefunds.amountCents}), 0)`, gst: sql<number>`COALESCE(SUM(${paymentRefunds.gstCents}), 0)` })
    .from(paymentRefunds)
    .where(eq(paymentRefunds.paymentId, paymentId))
    .get();
  const completes = Number(before?.amount ?? 0) + refund.amountCents >= payment.amountCents;
  const gstCents = completes ? Math.max(0, payment.gstCents - Number(before?.gst ?? 0)) : gstOf(refund.amountCents);
  const absent = sql`NOT EXISTS (SELECT 1 FROM payment_refunds WHERE stripe_refund_id = ${refund.stripeRefundId})`;
  const refunded = sql`(SELECT COALESCE(SUM(amount_cents), 0) FROM payment_refunds WHERE payment_id = ${paymentId})`;
  await runInTransaction(db, [
    sql`INSERT INTO document_counters (series, value) SELECT 'credit_note', 1 WHERE ${absent}
      ON CONFLICT (series) DO UPDATE SET value = value + 1`,
    sql`INSERT INTO payment_refunds (id, payment_id, credit_note_number, amount_cents, gst_cents, reason, stripe_refund_id, created_at)
      SELECT ${crypto.randomUUID()}, ${paymentId}, 'CN-' || printf('%06d', value), ${refund.amountCents}, ${gstCents}, ${refund.reason.slice(0, 500)},
        ${refund.stripeRefundId}, ${refund.createdAt}
      FROM document_counters WHERE series = 'credit_note' AND ${absent}`,
    sql`UPDATE booking_payments SET refunded_cents = ${refunded},
        status = CASE WHEN ${refunded} >= amount_cents THEN 'refunded' WHEN ${refunded} > 0 THEN 'partially_refunded' ELSE 'paid' END
      WHERE id = ${paymentId}`,
    // A package refunded in full: its purchase is refunded and its unspent credits are taken back.
    sql`UPDATE package_purchases SET status = 'refunded'
      WHERE id = (SELECT purchase_id FROM booking_payments WHERE id = ${paymentId} AND status = 'refunded') AND status = 'paid'`,
    sql`INSERT INTO credit_ledger (id, purchase_id, user_id, delta, reason, booking_id, created_at)
      SELECT ${crypto.randomUUID()}, p.id, p.user_id, -(SELECT COALESCE(SUM(delta), 0) FROM credit_ledger WHERE purchase_id = p.id), 'refund', NULL, ${refund.createdAt}
      FROM package_purchases p
      WHERE p.id = (SELECT purchase_id FROM booking_payments WHERE id = ${paymentId}) AND p.status = 'refunded'
        AND (SELECT COALESCE(SUM(delta), 0) FROM credit_ledger WHERE purchase_id = p.id) > 0
        AND NOT EXISTS (SELECT 1 FROM credit_ledger WHERE purchase_id = p.id AND reason = 'refund')`,
  ]);
  const row = await db.select().from(paymentRefunds).where(eq(paymentRefunds.stripeRefundId, refund.stripeRefundId)).get();
  if (!row) throw new Error(`booking: the refund ${refund.stripeRefundId} was not stored`);
  return row;
}

export type RefundResult = { refund: RefundRow; created: boolean };

/**
 * Refunds a payment at Stripe — what is left of it, or `amountCents` of it — and records the credit
 * note. Idempotent: asking again for a payment already refunded in full answers its last refund,
 * and a retry after a failure reuses the same Stripe refund (the idempotency key names the
 * payment's refunded total at the time). `actorId` (an admin) is audited.
 */
export async function refundBookingPayment(
  context: PaymentsContext,
  paymentId: string,
  options: { reason: string; amountCents?: number; actorId?: string | null },
): Promise<RefundResult> {
  const { db } = context;
  const payment = await db.select().from(bookingPayments).where(eq(bookingPayments.id, paymentId)).get();
  if (!payment) throw new BookingError(404, "payment_not_found", "We couldn't find that payment.");
  const remaining = payment.amountCents - payment.refundedCents;
  if (remaining <= 0) {
    const last = await db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paymentId)).orderBy(desc(paymentRefunds.createdAt)).get();
    if (last && options.amountCents === undefined) return { refund: last, created: false };
    throw new BookingError(409, "already_refunded", "This payment has already been refunded in full.");
  }
  const amount = options.amountCents ?? remaining;
  if (!Number.isInteger(amount) || amount < 1 || amount > remaining) {
    throw new BookingError(400, "invalid_amount", `A refund must be between A$0.01 and the A$${(remaining / 100).toFixed(2)} not yet refunded.`);
  }
  if (!payment.stripePaymentIntentId) throw new BookingError(409, "not_refundable", "This payment can't be refunded here; refund it in Stripe.");
  const paymentIntent = payment.stripePaymentIntentId;
  const reason = options.reason.trim().slice(0, 500) || "Refund";
  const stripe = stripeFor(context);
  const refund = await stripeCall("refunding the payment", () =>
    stripe.refunds.create(
      { payment_intent: paymentIntent, amount, reason: "requested_by_customer", metadata: { payment_id: payment.id, reason } },
      { idempotencyKey: `clarityai-refund-${payment.id}-${payment.refundedCents}-${amount}` },
    ),
  );
  const before = await db.select({ id: paymentRefunds.id }).from(paymentRefunds).where(eq(paymentRefunds.stripeRefundId, refund.id)).get();
  const row = await recordRefund(db, payment.id, {
    stripeRefundId: refund.id,
    amountCents: refund.amount,
    reason,
    createdAt: new Date().toISOString(),
  });
  if (options.actorId) {
    await auditStatement(db, {
      action: "payment_refunded",
      actorId: options.actorId,
      targetId: payment.id,
      detail: { refundId: row.id, amountCents: row.amountCents },
    });
  }
  return { refund: row, created: !before };
}

/** The card payment of a booking, if it was paid by card. */
export async function paymentForBooking(db: Db, bookingId: string): Promise<PaymentRow | null> {
  return (await db.select().from(bookingPayments).where(eq(bookingPayments.bookingId, bookingId)).orderBy(asc(bookingPayments.paidAt)).get()) ?? null;
}

/** A user's payments (sessions and packages), newest first, with their credit notes. */
export async function listClientPayments(db: Db, userId: string): Promise<(PaymentRow & { refunds: RefundRow[] })[]> {
  const payments = await db.select().from(bookingPayments).where(eq(bookingPayments.userId, userId)).orderBy(desc(bookingPayments.paidAt)).all();
  if (!payments.length) return [];
  const refunds = await db
    .select()
    .from(paymentRefunds)
    .where(
      inArray(
        paymentRefunds.paymentId,
        payments.map((p) => p.id),
      ),
    )
    .orderBy(asc(paymentRefunds.createdAt))
    .all();
  return payments.map((payment) => ({ ...payment, refunds: refunds.filter((refund) => refund.paymentId === payment.id) }));
}

// ── The money-back guarantee ─────────────────────────────────────────────────────────────────────

const DAY_MS = 86_400_000;
const TAKEN_PLACE = ["confirmed", "completed", "no_show"] as const;

export type GuaranteeCheck =
  | { eligible: true; booking: BookingRow; refund: { paymentId: string; amountCents: number } }
  | { eligible: false; code: string; message: string; status: number };

/**
 * Whether the user may ask for the guarantee on this booking now: their first paid consultation
 * (card or package credit), attended, ended no more than GUARANTEE_DAYS ago, not asked before.
 * A card payment is refunded in full; a session paid with a credit refunds that credit's share of
 * the package.
 */
export async function guaranteeEligibility(db: Db, userId: string, bookingId: string, now: Date = new Date()): Promise<GuaranteeCheck> {
  const refuse = (status: number, code: string, message: string): GuaranteeCheck => ({ eligible: false, status, code, message });
  const booking = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), eq(bookings.clientId, userId)))
    .get();
  if (!booking) return refuse(404, "booking_not_found", "We couldn't find that booking.");
  const first = await db
    .select({ id: bookings.id })
    .from(bookings)
    .innerJoin(bookingTypes, eq(bookingTypes.id, bookings.bookingTypeId))
    .where(
      and(
        eq(bookings.clientId, userId),
        eq(bookingTypes.kind, "session"),
        inArray(bookings.paymentMethod, ["card", "credit"]),
        inArray(bookings.status, [...TAKEN_PLACE]),
      ),
    )
    .orderBy(asc(bookings.startsAt))
    .get();
  if (!first || first.id !== booking.id) return refuse(409, "not_first_consultation", "The money-back guarantee covers your first paid consultation only.");
  if (booking.status !== "confirmed" && booking.status !== "completed") {
    return refuse(409, "not_attended", "The money-back guarantee covers a consultation that took place.");
  }
  const ended = Date.parse(booking.endsAt);
  if (now.getTime() < ended) return refuse(409, "not_ended", "You can ask for a refund once your consultation has ended.");
  if (now.getTime() > ended + GUARANTEE_DAYS * DAY_MS) {
    return refuse(409, "guarantee_expired", `The money-back guarantee can be claimed within ${GUARANTEE_DAYS} days after your first paid consultation.`);
  }
  if (await db.select({ id: refundRequests.id }).from(refundRequests).where(eq(refundRequests.bookingId, booking.id)).get()) {
    return refuse(409, "already_requested", "You have already asked for a refund of this consultation.");
  }
  const refund = await guaranteeRefundOf(db, booking);
  if (!refund) return refuse(409, "nothing_to_refund", "There is no payment left to refund for this consultation.");
  return { eligible: true, booking, refund };
}

async function guaranteeRefundOf(db: Db, booking: BookingRow): Promise<{ paymentId: string; amountCents: number } | null> {
  if (booking.paymentMethod === "card") {
    const payment = await paymentForBooking(db, booking.id);
    if (!payment || payment.amountCents - payment.refundedCents <= 0) return null;
    return { paymentId: payment.id, amountCents: payment.amountCents - payment.refundedCents };
  }
  const spent = await creditSpentOn(db, booking.id);
  if (!spent) return null;
  const row = await db
    .select({ payment: bookingPayments, sessions: packagePurchases.sessions })
    .from(bookingPayments)
    .innerJoin(packagePurchases, eq(packagePurchases.id, bookingPayments.purchaseId))
    .where(eq(bookingPayments.purchaseId, spent.purchaseId))
    .get();
  if (!row) return null;
  const share = Math.round(row.payment.amountCents / Math.max(1, row.sessions));
  const left = row.payment.amountCents - row.payment.refundedCents;
  return left > 0 ? { paymentId: row.payment.id, amountCents: Math.min(share, left) } : null;
}

/** The client asks for the guarantee; an admin decides. Throws BookingError when it doesn't apply. */
export async function requestGuaranteeRefund(
  context: PaymentsContext,
  userId: string,
  bookingId: string,
  reason: string,
  now: Date = new Date(),
): Promise<RefundRequestRow> {
  const text = reason.trim();
  if (!text) throw new BookingError(400, "reason_required", "Please tell us briefly why the consultation wasn't worth it.");
  if (text.length > 2000) throw new BookingError(400, "reason_too_long", "Please keep the reason to 2,000 characters or fewer.");
  const check = await guaranteeEligibility(context.db, userId, bookingId, now);
  if (!check.eligible) throw new BookingError(check.status, check.code, check.message);
  const [inserted] = await context.db
    .insert(refundRequests)
    .values({ id: crypto.randomUUID(), bookingId, userId, reason: text, status: "requested", createdAt: now.toISOString() })
    .onConflictDoNothing()
    .returning();
  if (!inserted) throw new BookingError(409, "already_requested", "You have already asked for a refund of this consultation.");
  return inserted;
}

/**
 * An admin approves (the refund is issued at Stripe, with its credit note) or declines a guarantee
 * request, once; audited either way.
 */
export async function decideRefundRequest(
  context: PaymentsContext,
  adminId: string,
  requestId: string,
  decision: "approve" | "decline",
): Promise<{ request: RefundRequestRow; refund: RefundRow | null }> {
  const { db } = context;
  const request = await db.select().from(refundRequests).where(eq(refundRequests.id, requestId)).get();
  if (!request) throw new BookingError(404, "request_not_found", "We couldn't find that refund request.");
  if (request.status !== "requested") throw new BookingError(409, "already_decided", `This request has already been ${request.status}.`);
  let refund: RefundRow | null = null;
  if (decision === "approve") {
    const booking = await db.select().from(bookings).where(eq(bookings.id, request.bookingId)).get();
    const target = booking ? await guaranteeRefundOf(db, booking) : null;
    if (!target) throw new BookingError(409, "nothing_to_refund", "There is no payment left to refund for this consultation.");
    refund = (await refundBookingPayment(context, target.paymentId, { reason: GUARANTEE_REASON, amountCents: target.amountCents, actorId: adminId })).refund;
  }
  const status = decision === "approve" ? "approved" : "declined";
  const decidedAt = new Date().toISOString();
  const [updated] = await db.batch([
    db
      .update(refundRequests)
      .set({ status, decidedBy: adminId, decidedAt })
      .where(and(eq(refundRequests.id, requestId), eq(refundRequests.status, "requested")))
      .returning(),
    auditStatement(db, { action: "refund_request_decided", actorId: adminId, targetId: requestId, detail: { decision: status, refundId: refund?.id ?? null } }),
  ]);
  const row = updated[0] ?? (await db.select().from(refundRequests).where(eq(refundRequests.id, requestId)).get());
  if (!row) throw new BookingError(404, "request_not_found", "We couldn't find that refund request.");
  return { request: row, refund };
}

/** Guarantee requests for the admin list, oldest waiting first. */
export async function listRefundRequests(db: Db, status?: RefundRequestRow["status"]) {
  return db
    .select({
      request: refundRequests,
      booking: {
        id: bookings.id,
        reference: bookings.reference,
        startsAt: bookings.startsAt,
        name: bookings.name,
        email: bookings.email,
        paymentMethod: bookings.paymentMethod,
      },
    })
    .from(refundRequests)
    .innerJoin(bookings, eq(bookings.id, refundRequests.bookingId))
    .where(status ? eq(refundRequests.status, status) : undefined)
    .orderBy(asc(refundRequests.createdAt))
    .all();
}
