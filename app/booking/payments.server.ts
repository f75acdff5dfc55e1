import { asc, desc, eq, inArray } from "drizzle-orm";
import type Stripe from "stripe";
import { BillingError } from "~/billing/errors";
import { gstIncludedCents } from "~/billing/plans";
import { callStripe, stripeOf } from "~/billing/stripe.server";
import type { AppContext } from "~/context.server";
import type { Db } from "~/db/client.server";
import { bookingPayments, bookings, paymentRefunds, refundRequests } from "~/db/schema";
import { BookingError } from "./errors";

// Payments for bookings and packages (Stripe Checkout in payment mode, AUD, prices include GST), in
// three parts that never import one another in a circle:
// - checkout.server.ts: checkout sessions for a booking or a package, package enquiries;
// - payment-events.server.ts: what a Stripe event does to a booking or a package (billing's webhook
//   hands booking and package checkouts over; the booking code never imports the webhook);
// - refunds.server.ts: refunds and their credit notes, the money-back guarantee and its decisions.
// This file holds what they share: the rows, the checkout's purpose, document numbers and reads.
// Every step the webhook takes is idempotent on its own (unique Stripe ids, conditional writes,
// Stripe idempotency keys), so a redelivered, concurrent or out-of-order event settles in the same
// state: a payment recorded once with one invoice number, a booking confirmed while its slot is
// free — or, if the slot went to someone else, refunded in full.

export type BookingRow = typeof bookings.$inferSelect;
export type PaymentRow = typeof bookingPayments.$inferSelect;
export type RefundRow = typeof paymentRefunds.$inferSelect;
export type RefundRequestRow = typeof refundRequests.$inferSelect;

/** What a checkout pays for, in its metadata (and its PaymentIntent's). */
export type CheckoutKind = "booking" | "package";

export const SLOT_LOST_REASON = "The time was booked by someone else before the payment arrived";
export const GUARANTEE_REASON = "Money-back guarantee";

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
export async function stripeCall<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await callStripe(what, call);
  } catch (error) {
    if (error instanceof BillingError) throw new BookingError(error.status, error.code, error.message);
    throw error;
  }
}

/** The context's Stripe client, its refusal (production without a key) as the booking pages show errors. */
export function stripeFor(context: Pick<AppContext, "services">): Stripe {
  try {
    return stripeOf(context);
  } catch (error) {
    if (error instanceof BillingError) throw new BookingError(error.status, error.code, error.message);
    throw error;
  }
}

export function packageDetail(pkg: { sessions: number; durationMinutes: number; validityMonths: number }): string {
  return `${pkg.sessions} × ${pkg.durationMinutes}-minute virtual coaching sessions, to use within ${pkg.validityMonths} months`;
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
