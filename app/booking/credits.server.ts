import { and, asc, eq, gt, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { bookingPackages, creditLedger, packagePurchases } from "~/db/schema";

// Package credits. A paid purchase adds its sessions to the ledger; a booking spends one (-1); a
// cancellation in time returns it (+1). A purchase's balance is the sum of its rows. Spending is
// a conditional write (see bookings.server.ts), so two bookings racing for the last credit cannot
// both have it, and the unique (booking, reason) key makes a spend or a return happen once.

export type CreditBalance = { purchaseId: string; packageId: string; packageName: string; durationMinutes: number; remaining: number; expiresAt: string };

/** The balance of one purchase, as SQL (for conditional writes and reads alike). */
export function purchaseBalanceSql(purchaseId: string) {
  return sql`(SELECT COALESCE(SUM(${creditLedger.delta}), 0) FROM ${creditLedger} WHERE ${creditLedger.purchaseId} = ${purchaseId})`;
}

/**
 * The user's paid, unexpired purchases with credits left, the soonest to lapse first (the order
 * credits are spent in).
 */
export async function creditBalance(db: Db, userId: string, now: Date = new Date()): Promise<CreditBalance[]> {
  const rows = await db
    .select({
      purchaseId: packagePurchases.id,
      packageId: packagePurchases.packageId,
      packageName: bookingPackages.name,
      durationMinutes: packagePurchases.durationMinutes,
      expiresAt: packagePurchases.expiresAt,
      remaining: sql<number>`COALESCE((SELECT SUM(${creditLedger.delta}) FROM ${creditLedger} WHERE ${creditLedger.purchaseId} = ${packagePurchases.id}), 0)`,
    })
    .from(packagePurchases)
    .innerJoin(bookingPackages, eq(bookingPackages.id, packagePurchases.packageId))
    .where(and(eq(packagePurchases.userId, userId), eq(packagePurchases.status, "paid"), gt(packagePurchases.expiresAt, now.toISOString())))
    .orderBy(asc(packagePurchases.expiresAt), asc(packagePurchases.createdAt))
    .all();
  return rows
    .filter((row) => Number(row.remaining) > 0 && row.expiresAt)
    .map((row) => ({ ...row, remaining: Number(row.remaining), expiresAt: row.expiresAt! }));
}

/** Credits the user can spend on a session of this length, soonest to lapse first. */
export async function spendableCredits(db: Db, userId: string, durationMinutes: number, now: Date = new Date()): Promise<CreditBalance[]> {
  return (await creditBalance(db, userId, now)).filter((balance) => balance.durationMinutes === durationMinutes);
}

/**
 * The condition under which a booking may spend one credit of a purchase: the purchase is the
 * user's, paid, unexpired and has a credit left. Evaluated inside the booking's own insert.
 */
export function canSpendCreditSql(purchaseId: string, userId: string, durationMinutes: number, now: Date) {
  return sql`EXISTS (SELECT 1 FROM ${packagePurchases} WHERE ${packagePurchases.id} = ${purchaseId} AND ${packagePurchases.userId} = ${userId}
      AND ${packagePurchases.status} = 'paid' AND ${packagePurchases.expiresAt} > ${now.toISOString()} AND ${packagePurchases.durationMinutes} = ${durationMinutes})
    AND ${purchaseBalanceSql(purchaseId)} >= 1`;
}

/**
 * The ledger row spending one credit on a booking, written only when the booking exists (it was
 * inserted by the statement before it in the same batch) and the credit is still there.
 */
export function spendCreditSql(input: { purchaseId: string; userId: string; bookingId: string; now: Date }): SQL {
  return sql`
    INSERT INTO credit_ledger (id, purchase_id, user_id, delta, reason, booking_id, created_at)
    SELECT ${crypto.randomUUID()}, ${input.purchaseId}, ${input.userId}, -1, 'booking', ${input.bookingId}, ${input.now.toISOString()}
    WHERE EXISTS (SELECT 1 FROM bookings WHERE id = ${input.bookingId}) AND ${purchaseBalanceSql(input.purchaseId)} >= 1
    ON CONFLICT (booking_id, reason) DO NOTHING`;
}

/**
 * The ledger row returning a booking's credit (+1), once, and only when `condition` holds (the
 * cancellation that returns it was written by this transaction). Returned even after the
 * purchase's 12 months have passed; it lapses with the purchase then.
 */
export function returnCreditSql(input: { bookingId: string; now: Date; condition: SQL }): SQL {
  return sql`
    INSERT INTO credit_ledger (id, purchase_id, user_id, delta, reason, booking_id, created_at)
    SELECT ${crypto.randomUUID()}, purchase_id, user_id, 1, 'cancellation', booking_id, ${input.now.toISOString()}
    FROM credit_ledger WHERE booking_id = ${input.bookingId} AND reason = 'booking' AND ${input.condition}
    ON CONFLICT (booking_id, reason) DO NOTHING`;
}

/** The purchase a booking's credit came from, if it was paid with one. */
export async function creditSpentOn(db: Db, bookingId: string): Promise<{ purchaseId: string } | null> {
  return (
    (await db
      .select({ purchaseId: creditLedger.purchaseId })
      .from(creditLedger)
      .where(and(eq(creditLedger.bookingId, bookingId), eq(creditLedger.reason, "booking")))
      .get()) ?? null
  );
}

/** Whether a booking's spent credit has been returned. */
export async function creditReturnedFor(db: Db, bookingId: string): Promise<boolean> {
  return Boolean(
    await db
      .select({ id: creditLedger.id })
      .from(creditLedger)
      .where(and(eq(creditLedger.bookingId, bookingId), eq(creditLedger.reason, "cancellation")))
      .get(),
  );
}
