import { and, eq, inArray, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { isPaidCheckout, recordCheckoutPayment } from "~/billing/checkout-conversions.server";
import type { AppContext } from "~/context.server";
import { recordClientActivity } from "~/leads/client-activity.server";
import type { Db } from "~/db/client.server";
import { bookingPackages, bookingPayments, bookings, packagePurchases, profiles, users } from "~/db/schema";
import { confirmPaidBooking, releaseHold } from "./bookings.server";
import { describeBooking, paymentLine } from "./describe.server";
import { enqueueBookingNotice, requeueOwedNotices } from "./notices.server";
import { checkoutPurpose, gstOf, packageDetail, SLOT_LOST_REASON, stripeFor, type PaymentRow } from "./payments.server";
import { CREDIT_VALIDITY_MONTHS } from "./policy";
import { recordRefund, refundBookingPayment, STRIPE_REFUND_REASON } from "./refunds.server";
import { runInTransaction, type Statement } from "./sql.server";

// What a Stripe event does to a booking or a package. Billing's webhook (billing/webhooks.server.ts)
// verifies and records each event once, and hands the checkouts of bookings and packages (and the
// refunds of their charges) to these functions; nothing here imports the webhook, so the booking
// code and billing form no circle. Each function is idempotent on its own.

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
export async function applyCheckoutCompleted(context: AppContext, session: Stripe.Checkout.Session): Promise<CompletedOutcome> {
  const purpose = checkoutPurpose(session);
  if (!purpose || !isPaidCheckout(session)) return "unpaid";
  const { db } = context;
  const paidAt = context.services.clock.now().toISOString();
  const amountCents = session.amount_total ?? 0;
  if (purpose.kind === "booking") {
    const booking = await db.select().from(bookings).where(eq(bookings.id, purpose.id)).get();
    if (!booking) {
      console.warn(`booking: checkout ${session.id} was paid for booking ${purpose.id}, which does not exist; refund it in Stripe`);
      return "unknown";
    }
    const { name, detail } = paymentLine(await describeBooking(context, booking));
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
    if (outcome === "already") await requeueOwedNotices(db, context.services.jobs, context.services.clock.now(), { bookingId: booking.id });
    if (outcome === "slot_lost") {
      await refundBookingPayment(context, payment.id, { reason: SLOT_LOST_REASON });
      await cancelLostBooking(context, booking.id);
      return "slot_lost";
    }
    await recordCheckoutPayment(context, {
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
  await recordCheckoutPayment(context, {
    checkoutSessionId: session.id,
    amountCents,
    userId: row.userId,
    email,
    metadata: session.metadata,
    label: pkg.name,
  });
  await recordClientActivity(db, [email]);
  return "package_paid";
}

/**
 * A paid booking whose time went to someone else: cancelled (it shows so in the client's list) and
 * the client told, once — the change from held/expired sends the notice; a redelivered event only
 * queues it again if it was never recorded.
 */
async function cancelLostBooking(context: AppContext, bookingId: string) {
  const at = context.services.clock.now().toISOString();
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
  if (cancelled) await enqueueBookingNotice(context.services.jobs, cancelled, "cancellation");
  else await requeueOwedNotices(context.db, context.services.jobs, new Date(at), { bookingId });
}

/**
 * checkout.session.expired (or a delayed payment that failed): the booking's hold is released if
 * it is still held for this checkout and unpaid. A package's purchase stays pending.
 */
export async function applyCheckoutExpired(context: AppContext, session: Stripe.Checkout.Session): Promise<"released" | "unchanged"> {
  const purpose = checkoutPurpose(session);
  if (!purpose || purpose.kind !== "booking") return "unchanged";
  const { db } = context;
  const booking = await db.select().from(bookings).where(eq(bookings.id, purpose.id)).get();
  if (!booking || booking.status !== "held") return "unchanged";
  if (booking.stripeCheckoutSessionId && booking.stripeCheckoutSessionId !== session.id) return "unchanged";
  // A completed event for the same checkout that arrived first has paid for it: the payment wins.
  const paid = await db.select({ id: bookingPayments.id }).from(bookingPayments).where(eq(bookingPayments.stripeCheckoutSessionId, session.id)).get();
  if (paid) return "unchanged";
  await releaseHold(db, booking.id, context.services.clock.now());
  return "released";
}

/** charge.refunded: refunds made outside this site (the Stripe dashboard) get their credit notes too. */
export async function applyChargeRefunded(context: AppContext, charge: Stripe.Charge): Promise<number> {
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
      createdAt: new Date((refund.created || Math.floor(context.services.clock.now().getTime() / 1000)) * 1000).toISOString(),
    });
    recorded += 1;
  }
  return recorded;
}
