import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { auditLog, coachSchedules, paymentRefunds, refundRequests, users } from "~/db/schema";

// What the booking pages read beside a booking itself: its money-back guarantee request, the
// refunds of its payment and its audit history (the admin's booking page), the latest request a
// client made (their Bookings tab), and the coaches to filter by (the admin's list).

/** Every coach with a schedule, by the name clients see, for the admin's filter. */
export function coachOptions(db: Db) {
  return db
    .select({ coachId: coachSchedules.coachId, slug: coachSchedules.slug, displayName: coachSchedules.displayName })
    .from(coachSchedules)
    .orderBy(asc(coachSchedules.displayName))
    .all();
}

/**
 * A booking's guarantee request (if any) and its last 50 audit entries, newest first: the changes
 * to the booking, and to its payment (`paymentIds`: each refund) and its request.
 */
export async function bookingRequestAndHistory(db: Db, bookingId: string, paymentIds: string[] = []) {
  const request = await db.select().from(refundRequests).where(eq(refundRequests.bookingId, bookingId)).get();
  const history = await db
    .select({ id: auditLog.id, action: auditLog.action, createdAt: auditLog.createdAt, detail: auditLog.detail, actorEmail: users.email })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(inArray(auditLog.targetId, [bookingId, ...paymentIds, ...(request ? [request.id] : [])]))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(50)
    .all();
  return { request: request ?? null, history };
}

/** The refunds of a payment, each with its credit note's number. */
export function refundsOfPayment(db: Db, paymentId: string) {
  return db
    .select({ id: paymentRefunds.id, number: paymentRefunds.creditNoteNumber, amountCents: paymentRefunds.amountCents, createdAt: paymentRefunds.createdAt })
    .from(paymentRefunds)
    .where(eq(paymentRefunds.paymentId, paymentId))
    .all();
}

/** The guarantee request with this id, if it is this booking's. */
export async function refundRequestOfBooking(db: Db, requestId: string, bookingId: string): Promise<{ id: string } | null> {
  if (!requestId) return null;
  const row = await db
    .select({ id: refundRequests.id })
    .from(refundRequests)
    .where(and(eq(refundRequests.id, requestId), eq(refundRequests.bookingId, bookingId)))
    .get();
  return row ?? null;
}

/** The latest guarantee request a client made about one of their bookings. */
export async function latestRefundRequest(db: Db, userId: string, bookingId: string) {
  const row = await db
    .select({ status: refundRequests.status, createdAt: refundRequests.createdAt, decidedAt: refundRequests.decidedAt })
    .from(refundRequests)
    .where(and(eq(refundRequests.userId, userId), eq(refundRequests.bookingId, bookingId)))
    .orderBy(desc(refundRequests.createdAt))
    .get();
  return row ?? null;
}
