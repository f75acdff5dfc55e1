import { and, asc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import { creditSpentOn } from "~/booking/credits.server";
import { GUARANTEE_REASON, paymentForBooking } from "~/booking/payments.server";
import type { Statement } from "~/booking/sql.server";
import type { Db } from "~/db/client.server";
import { bookingPayments, bookings, bookingTypes, coachEarnings, packagePurchases } from "~/db/schema";
import { sydneyMonthStart } from "~/utils/sydney-time";
import { creditPriceCents, divideHalfUp, lineAmounts, shareRateCaseSql } from "./share-tiers";

// The earnings ledger (coach_earnings): a 'session' line written in the same transaction as a paid
// session becoming completed, and a 'reversal' line for each refund of a session that has a line.
//
// - The price of a session is what the client paid for it, GST included: the card payment for the
//   booking, or for a session paid with a package credit the package's price over its sessions.
//   A free discovery call has no line and does not count towards the tiers.
// - The share tier is fixed by the session's ordinal among the coach's completed paid sessions,
//   counted inside the same transaction (two sessions completed at once never share an ordinal).
// - A refund reverses the refunded amount at the session's rate; the refund that takes the session's
//   refunds to its full price reverses what is left, so a fully refunded session nets to zero.
// - Changing a completed session to a no-show removes its line while it is not yet on a statement;
//   once issued the outcome is fixed for the statement's sake (BookingError/SessionRecordError 409).

export type EarningLine = typeof coachEarnings.$inferSelect;

export const ISSUED_OUTCOME_MESSAGE = "This session is on an issued earnings statement, so its outcome can no longer change. Please ask an administrator.";

/** What the client paid for a booking's session (cents, GST included), or null when it earns nothing (free, or no price found). */
export async function sessionPriceCents(db: Db, booking: { id: string; paymentMethod: string; priceCents: number }): Promise<number | null> {
  if (booking.paymentMethod === "card") {
    const payment = await paymentForBooking(db, booking.id);
    return payment ? payment.amountCents : booking.priceCents > 0 ? booking.priceCents : null;
  }
  if (booking.paymentMethod === "credit") {
    const spent = await creditSpentOn(db, booking.id);
    if (!spent) return null;
    const purchase = await db
      .select({ priceCents: packagePurchases.priceCents, sessions: packagePurchases.sessions })
      .from(packagePurchases)
      .where(eq(packagePurchases.id, spent.purchaseId))
      .get();
    return purchase ? creditPriceCents(purchase.priceCents, purchase.sessions) : null;
  }
  return null;
}

/** The booking's session line, if it has one. */
export async function sessionLineOf(db: Db, bookingId: string): Promise<EarningLine | null> {
  return (
    (await db
      .select()
      .from(coachEarnings)
      .where(and(eq(coachEarnings.bookingId, bookingId), eq(coachEarnings.kind, "session")))
      .get()) ?? null
  );
}

/** Whether the booking's session line is already on an issued statement (its outcome can no longer change). */
export async function sessionLineIssued(db: Db, bookingId: string): Promise<boolean> {
  const line = await sessionLineOf(db, bookingId);
  return Boolean(line?.statementId);
}

/**
 * The writes that go in the same transaction as the booking's status becoming `outcome` (after the
 * conditional status update): 'completed' writes the session line with its tier, counted then;
 * 'no_show' removes an unissued line. Each is conditional on the status the transaction left, so a
 * status update that lost a race writes nothing.
 */
export async function outcomeEarningsStatements(
  db: Db,
  booking: { id: string; coachId: string; paymentMethod: string; priceCents: number },
  outcome: "completed" | "no_show",
  at: string,
): Promise<Statement[]> {
  if (outcome === "no_show") {
    return [
      sql`DELETE FROM coach_earnings WHERE booking_id = ${booking.id} AND statement_id IS NULL
        AND (SELECT status FROM bookings WHERE id = ${booking.id}) = 'no_show'`,
    ];
  }
  const gross = await sessionPriceCents(db, booking);
  if (gross === null) return [];
  const gst = divideHalfUp(gross, 11);
  // Written into the SQL as integer literals: D1 binds numbers as reals, and the share's rounding needs integer division.
  const exGst = sql.raw(String(Math.trunc(gross - gst)));
  const rate = sql.raw(shareRateCaseSql("ordinal"));
  // share = round-half-up(ex-GST × rate / 10000), in integers: floor((2·ex·rate + 10000) / 20000).
  return [
    sql`INSERT OR IGNORE INTO coach_earnings
        (id, coach_id, booking_id, kind, occurred_at, gross_cents, gst_cents, share_cents, fee_cents, share_rate_bp, session_ordinal)
      SELECT ${crypto.randomUUID()}, ${booking.coachId}, ${booking.id}, 'session', ${at}, ${gross}, ${gst},
        (2 * ${exGst} * rate + 10000) / 20000, ${exGst} - (2 * ${exGst} * rate + 10000) / 20000, rate, ordinal
      FROM (SELECT ordinal, ${rate} AS rate
            FROM (SELECT (SELECT COUNT(*) FROM coach_earnings WHERE coach_id = ${booking.coachId} AND kind = 'session') + 1 AS ordinal))
      WHERE (SELECT status FROM bookings WHERE id = ${booking.id}) = 'completed'`,
  ];
}

type RefundFacts = { paymentId: string; amountCents: number; reason: string };

/** The booking a refund is for: the payment's own booking, or for a guarantee refund of a package payment the guaranteed session paid with its credit. */
export async function bookingOfRefund(db: Db, refund: RefundFacts): Promise<string | null> {
  const payment = await db
    .select({ bookingId: bookingPayments.bookingId, purchaseId: bookingPayments.purchaseId })
    .from(bookingPayments)
    .where(eq(bookingPayments.id, refund.paymentId))
    .get();
  if (!payment) return null;
  if (payment.bookingId) return payment.bookingId;
  if (!payment.purchaseId || refund.reason !== GUARANTEE_REASON) return null;
  // The guarantee covers one consultation per client: the one with a guarantee request that spent a credit of this package.
  const row = await db.$client
    .prepare(
      `SELECT r.booking_id AS bookingId FROM refund_requests r
       JOIN credit_ledger c ON c.booking_id = r.booking_id AND c.reason = 'booking' AND c.purchase_id = ?
       ORDER BY r.created_at LIMIT 1`,
    )
    .bind(payment.purchaseId)
    .first<{ bookingId: string }>();
  return row?.bookingId ?? null;
}

/** The reversal of `amountCents` refunded of a session line, given the reversals it already has (negative amounts). */
export function reversalAmounts(
  session: Pick<EarningLine, "grossCents" | "gstCents" | "shareCents" | "feeCents" | "shareRateBp">,
  reversed: ReversedSoFar,
  amountCents: number,
) {
  const leftGross = session.grossCents + reversed.grossCents;
  if (leftGross <= 0 || amountCents <= 0) return null;
  if (amountCents >= leftGross) {
    return {
      grossCents: -leftGross,
      gstCents: -(session.gstCents + reversed.gstCents),
      shareCents: -(session.shareCents + reversed.shareCents),
      feeCents: -(session.feeCents + reversed.feeCents),
    };
  }
  const line = lineAmounts(-amountCents, session.shareRateBp);
  return { grossCents: line.grossCents, gstCents: line.gstCents, shareCents: line.shareCents, feeCents: line.feeCents };
}

type ReversedSoFar = { grossCents: number; gstCents: number; shareCents: number; feeCents: number };

async function reversedSoFar(db: Db, bookingId: string): Promise<ReversedSoFar> {
  const row = await db
    .select({
      grossCents: sql<number>`COALESCE(SUM(${coachEarnings.grossCents}), 0)`,
      gstCents: sql<number>`COALESCE(SUM(${coachEarnings.gstCents}), 0)`,
      shareCents: sql<number>`COALESCE(SUM(${coachEarnings.shareCents}), 0)`,
      feeCents: sql<number>`COALESCE(SUM(${coachEarnings.feeCents}), 0)`,
    })
    .from(coachEarnings)
    .where(and(eq(coachEarnings.bookingId, bookingId), eq(coachEarnings.kind, "reversal")))
    .get();
  return {
    grossCents: Number(row?.grossCents ?? 0),
    gstCents: Number(row?.gstCents ?? 0),
    shareCents: Number(row?.shareCents ?? 0),
    feeCents: Number(row?.feeCents ?? 0),
  };
}

/**
 * The reversal line for a refund being recorded (put in the refund's own transaction): `refundIdSql`
 * selects the refund's id inside it. Nothing when the refund is for no completed session.
 */
export async function refundReversalStatements(db: Db, refund: RefundFacts & { refundIdSql: SQL; at: string }): Promise<Statement[]> {
  const bookingId = await bookingOfRefund(db, refund);
  if (!bookingId) return [];
  const session = await sessionLineOf(db, bookingId);
  if (!session) return [];
  const amounts = reversalAmounts(session, await reversedSoFar(db, bookingId), refund.amountCents);
  if (!amounts) return [];
  return [
    sql`INSERT OR IGNORE INTO coach_earnings
        (id, coach_id, booking_id, kind, refund_id, occurred_at, gross_cents, gst_cents, share_cents, fee_cents, share_rate_bp, session_ordinal)
      SELECT ${crypto.randomUUID()}, ${session.coachId}, ${bookingId}, 'reversal', refund_id, ${refund.at}, ${amounts.grossCents}, ${amounts.gstCents},
        ${amounts.shareCents}, ${amounts.feeCents}, ${session.shareRateBp}, ${session.sessionOrdinal}
      FROM (SELECT (${refund.refundIdSql}) AS refund_id) WHERE refund_id IS NOT NULL
        AND EXISTS (SELECT 1 FROM coach_earnings WHERE id = ${session.id})`,
  ];
}

/**
 * Writes the reversal lines a booking's refunds are owed but do not have yet: refunds recorded
 * before the session was marked completed (a guarantee refund approved first, say). Idempotent.
 */
export async function reverseEarlierRefunds(db: Db, bookingId: string, at: string): Promise<number> {
  const session = await sessionLineOf(db, bookingId);
  if (!session) return 0;
  const { results } = await db.$client
    .prepare(
      `SELECT r.id, r.payment_id AS paymentId, r.amount_cents AS amountCents, r.reason FROM payment_refunds r
       JOIN booking_payments p ON p.id = r.payment_id
       WHERE (p.booking_id = ?1
          OR (p.booking_id IS NULL AND r.reason = ?2 AND EXISTS (
               SELECT 1 FROM refund_requests q JOIN credit_ledger c ON c.booking_id = q.booking_id AND c.reason = 'booking'
               WHERE q.booking_id = ?1 AND c.purchase_id = p.purchase_id)))
         AND NOT EXISTS (SELECT 1 FROM coach_earnings e WHERE e.refund_id = r.id)
       ORDER BY r.created_at, r.credit_note_number`,
    )
    .bind(bookingId, GUARANTEE_REASON)
    .all<{ id: string; paymentId: string; amountCents: number; reason: string }>();
  let written = 0;
  for (const refund of results) {
    const amounts = reversalAmounts(session, await reversedSoFar(db, bookingId), refund.amountCents);
    if (!amounts) break;
    const inserted = await db
      .insert(coachEarnings)
      .values({
        id: crypto.randomUUID(),
        coachId: session.coachId,
        bookingId,
        kind: "reversal",
        refundId: refund.id,
        occurredAt: at,
        ...amounts,
        shareRateBp: session.shareRateBp,
        sessionOrdinal: session.sessionOrdinal,
      })
      .onConflictDoNothing()
      .returning({ id: coachEarnings.id });
    written += inserted.length;
  }
  return written;
}

/** The coach's earnings this Australia/Sydney calendar month so far: their share excluding GST, and the sessions it is for. */
export async function monthToDateEarnings(db: Db, coachId: string, now: Date): Promise<{ shareCents: number; sessions: number }> {
  return monthToDateEarningsOf(await monthToDateEarningsQuery(db, coachId, now).get());
}

/** The month-to-date sums as a query (for a batch); monthToDateEarningsOf reads its row. */
export function monthToDateEarningsQuery(db: Db, coachId: string, now: Date) {
  return db
    .select({
      shareCents: sql<number>`COALESCE(SUM(${coachEarnings.shareCents}), 0)`,
      sessions: sql<number>`COALESCE(SUM(CASE WHEN ${coachEarnings.kind} = 'session' THEN 1 ELSE 0 END), 0)`,
    })
    .from(coachEarnings)
    .where(and(eq(coachEarnings.coachId, coachId), gte(coachEarnings.occurredAt, sydneyMonthStart(now).toISOString())));
}

export function monthToDateEarningsOf(row: { shareCents: number; sessions: number } | undefined): { shareCents: number; sessions: number } {
  return { shareCents: Number(row?.shareCents ?? 0), sessions: Number(row?.sessions ?? 0) };
}

export type EarningListItem = EarningLine & { reference: string; startsAt: string; typeName: string };

/** The coach's lines from `from` (inclusive) to `to` (exclusive), oldest first, with their booking's reference, time and type. */
export async function listEarningLines(db: Db, coachId: string, from: Date, to: Date): Promise<EarningListItem[]> {
  const rows = await db
    .select({ line: coachEarnings, reference: bookings.reference, startsAt: bookings.startsAt, typeName: bookingTypes.name })
    .from(coachEarnings)
    .innerJoin(bookings, eq(bookings.id, coachEarnings.bookingId))
    .innerJoin(bookingTypes, eq(bookingTypes.id, bookings.bookingTypeId))
    .where(and(eq(coachEarnings.coachId, coachId), gte(coachEarnings.occurredAt, from.toISOString()), lt(coachEarnings.occurredAt, to.toISOString())))
    .orderBy(asc(coachEarnings.occurredAt), asc(coachEarnings.createdAt))
    .all();
  return rows.map((row) => ({ ...row.line, reference: row.reference, startsAt: row.startsAt, typeName: row.typeName }));
}
