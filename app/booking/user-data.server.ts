import { eq, or, sql, type SQL } from "drizzle-orm";
import type { DataSubject, UserDataEntry } from "~/accounts/user-data-entry.server";
import {
  bookingPayments,
  bookings,
  coachDateOverrides,
  coachSchedules,
  coachTimeOff,
  creditLedger,
  packagePurchases,
  paymentRefunds,
  refundRequests,
} from "~/db/schema";

// A client's bookings: made while signed in, or with the account's address.
function bookingsOf(user: DataSubject): SQL {
  const byAccount = eq(bookings.clientId, user.id);
  return user.email ? (or(byAccount, sql`lower(${bookings.email}) = ${user.email.toLowerCase()}`) as SQL) : byAccount;
}

// Tax invoices and credit notes are business records the law says to keep for five years (ATO record
// keeping): they stay, unlinked from the account (user_id is set to NULL by its foreign key), and are exported.
const TAX_RECORD = "A tax invoice or credit note: kept for five years (ATO record keeping), unlinked from the account by its foreign key.";

/** A client's bookings, packages, payments and refunds, and a coach's schedule: what export and deletion do with them. */
export const BOOKING_USER_DATA: UserDataEntry[] = [
  // Deleting the account cancels the client's upcoming bookings and removes their name and contact
  // details from every booking; the rows stay so the coach's calendar and the counts stay right.
  {
    table: bookings,
    export: { key: "bookings", read: ({ db }, user) => db.select().from(bookings).where(bookingsOf(user)) },
    // Cancelled first: the anonymising update replaces the address the bookings are found by.
    erase: async ({ db }, user) => ({
      statements: [
        db
          .update(bookings)
          .set({ status: "cancelled", cancelledAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`, cancelledBy: "client", cancelReason: "Account deleted" })
          .where(sql`(${bookingsOf(user)}) AND ${bookings.status} IN ('held', 'confirmed') AND ${bookings.startsAt} > strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`),
        db
          .update(bookings)
          .set({ name: "Deleted account", email: "deleted@invalid", company: null, phone: null, businessType: null, notes: null, holdSource: null })
          .where(bookingsOf(user)),
      ],
    }),
  },
  {
    table: packagePurchases,
    export: { key: "packagePurchases", read: ({ db }, user) => db.select().from(packagePurchases).where(eq(packagePurchases.userId, user.id)) },
    erase: "cascade",
  },
  {
    table: creditLedger,
    export: { key: "packageCredits", read: ({ db }, user) => db.select().from(creditLedger).where(eq(creditLedger.userId, user.id)) },
    erase: "cascade",
  },
  {
    table: bookingPayments,
    export: { key: "payments", read: ({ db }, user) => db.select().from(bookingPayments).where(eq(bookingPayments.userId, user.id)) },
    erase: { keep: TAX_RECORD },
  },
  {
    table: paymentRefunds,
    export: {
      key: "refunds",
      read: ({ db }, user) =>
        db
          .select({ refund: paymentRefunds })
          .from(paymentRefunds)
          .innerJoin(bookingPayments, eq(bookingPayments.id, paymentRefunds.paymentId))
          .where(eq(bookingPayments.userId, user.id))
          .then((rows) => rows.map((row) => row.refund)),
    },
    erase: { keep: TAX_RECORD },
  },
  {
    table: refundRequests,
    export: { key: "refundRequests", read: ({ db }, user) => db.select().from(refundRequests).where(eq(refundRequests.userId, user.id)) },
    erase: "cascade",
  },
  // A coach's schedule: gone with the account.
  {
    table: coachSchedules,
    export: {
      key: "coachSchedule",
      read: async ({ db }, user) => (await db.select().from(coachSchedules).where(eq(coachSchedules.coachId, user.id)).get()) ?? null,
    },
    erase: "cascade",
  },
  {
    table: coachDateOverrides,
    export: { key: "coachDateOverrides", read: ({ db }, user) => db.select().from(coachDateOverrides).where(eq(coachDateOverrides.coachId, user.id)) },
    erase: "cascade",
  },
  {
    table: coachTimeOff,
    export: { key: "coachTimeOff", read: ({ db }, user) => db.select().from(coachTimeOff).where(eq(coachTimeOff.coachId, user.id)) },
    erase: "cascade",
  },
];
