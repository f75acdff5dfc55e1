import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { auditStatement } from "~/auth/audit.server";
import { adminAuditStatement, diffFields } from "~/admin/audit.server";
import type { AppContext } from "~/context.server";
import { formatCents } from "~/billing/describe";
import { refundReversalStatements } from "~/coach-network/earnings.server";
import { composeEmail } from "~/email/compose.server";
import { bookingRefundEmail } from "~/email/templates/booking-refund";
import type { Db } from "~/db/client.server";
import { bookingPayments, bookings, bookingTypes, packagePurchases, paymentRefunds, profiles, refundRequests } from "~/db/schema";
import { creditSpentOn } from "./credits.server";
import { BookingError } from "./errors";
import { GUARANTEE_REASON, gstOf, paymentForBooking, stripeCall, stripeFor, type BookingRow, type RefundRequestRow, type RefundRow } from "./payments.server";
import { GUARANTEE_DAYS } from "./policy";
import { runInTransaction } from "./sql.server";

// Refunds of booking and package payments with their credit notes, and the money-back guarantee:
// who may ask for it, and an admin's decision.

export const STRIPE_REFUND_REASON = "Refunded in Stripe";

/**
 * A refund of a payment and its credit note, once per Stripe refund. The GST of a refund is one
 * eleventh of it, except that the refund completing the payment takes what GST is left, so the
 * credit notes of a fully refunded payment add up to its invoice. A package refunded in full
 * loses its remaining credits.
 */
export async function recordRefund(
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
  // The coach's share of a completed session is reversed in the same transaction (app/coach-network/earnings.server.ts).
  const reversal = await refundReversalStatements(db, {
    paymentId,
    amountCents: refund.amountCents,
    reason: refund.reason,
    at: refund.createdAt,
    refundIdSql: sql`SELECT id FROM payment_refunds WHERE stripe_refund_id = ${refund.stripeRefundId}`,
  });
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
    ...reversal,
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
 * payment's refunded total at the time). `expectRefundedCents` refuses (409) when the payment's
 * refunded total is no longer the one the admin reviewed, so a confirmation sent twice refunds
 * once. `actorId` (an admin) is audited; `notifyClient` emails the client about the refund, once.
 */
export async function refundBookingPayment(
  context: AppContext,
  paymentId: string,
  options: { reason: string; amountCents?: number; actorId?: string | null; expectRefundedCents?: number; notifyClient?: boolean },
): Promise<RefundResult> {
  const { db } = context;
  const payment = await db.select().from(bookingPayments).where(eq(bookingPayments.id, paymentId)).get();
  if (!payment) throw new BookingError(404, "payment_not_found", "We couldn't find that payment.");
  if (options.expectRefundedCents !== undefined && options.expectRefundedCents !== payment.refundedCents) {
    throw new BookingError(
      409,
      "refund_changed",
      `This payment changed after you reviewed the refund (${formatCents(payment.refundedCents)} of it is refunded now), so nothing more was refunded. Review the refund again.`,
    );
  }
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
    createdAt: context.services.clock.now().toISOString(),
  });
  if (options.actorId) {
    await auditStatement(db, {
      action: "payment_refunded",
      actorId: options.actorId,
      targetId: payment.id,
      detail: {
        targetType: "booking_payment",
        changes: diffFields({ refundedCents: payment.refundedCents }, { refundedCents: payment.refundedCents + row.amountCents }),
        refundId: row.id,
        amountCents: row.amountCents,
        creditNoteNumber: row.creditNoteNumber,
        bookingId: payment.bookingId,
      },
    });
  }
  if (options.notifyClient) await emailRefund(context, payment.id, row);
  return { refund: row, created: !before };
}

/**
 * Tells the client about a refund: how much, where it goes and how long it takes, with the credit
 * note. Once per refund (the outbox's dedupe key), so a retried refund doesn't email twice.
 */
async function emailRefund(context: AppContext, paymentId: string, refund: RefundRow) {
  const { db } = context;
  const payment = await db.select().from(bookingPayments).where(eq(bookingPayments.id, paymentId)).get();
  if (!payment) return;
  const profile = payment.userId ? await db.select({ firstName: profiles.firstName }).from(profiles).where(eq(profiles.userId, payment.userId)).get() : null;
  const firstName = profile?.firstName?.trim() || payment.customerName.trim().split(/\s+/)[0] || "there";
  const email = await composeEmail(
    context.env,
    bookingRefundEmail,
    {
      recipientName: firstName,
      paidFor: payment.description,
      amountCents: refund.amountCents,
      paidCents: payment.amountCents,
      refundedCents: payment.refundedCents,
      creditNoteNumber: refund.creditNoteNumber,
      creditNoteUrl: payment.userId ? `${context.siteOrigin}/profile/credit-notes/${encodeURIComponent(refund.id)}` : null,
    },
    { to: payment.customerEmail, dedupeKey: `payment-refund:${refund.id}` },
  );
  await context.services.email.enqueue(email);
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
export async function guaranteeEligibility(db: Db, userId: string, bookingId: string, now: Date): Promise<GuaranteeCheck> {
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
export async function requestGuaranteeRefund(context: AppContext, userId: string, bookingId: string, reason: string): Promise<RefundRequestRow> {
  const now = context.services.clock.now();
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
  context: AppContext,
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
  const decidedAt = context.services.clock.now().toISOString();
  const [updated] = await db.batch([
    db
      .update(refundRequests)
      .set({ status, decidedBy: adminId, decidedAt })
      .where(and(eq(refundRequests.id, requestId), eq(refundRequests.status, "requested")))
      .returning(),
    adminAuditStatement(db, {
      action: "refund_request_decided",
      actorId: adminId,
      targetType: "refund_request",
      targetId: requestId,
      before: { status: request.status, refundId: null },
      after: { status, refundId: refund?.id ?? null },
    }),
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
