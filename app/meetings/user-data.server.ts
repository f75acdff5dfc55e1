import { and, eq, inArray, isNotNull, or, sql, type SQL } from "drizzle-orm";
import type { DataSubject, UserDataEntry } from "~/accounts/user-data-entry.server";
import { bookings, sessionNotes, sessionRatings, sessionSummaries } from "~/db/schema";

// What stays after a session (migration 0020), for data export and account deletion. A client's
// export has the summaries sent to them and their ratings, never the coach's private notes about
// them; a coach's export has the notes and summaries they wrote. Deleting a client's account
// deletes the notes and summaries of their sessions (the bookings themselves are anonymised and
// kept), and their ratings with it.

/** The ids of the client's bookings: made while signed in, or with the account's address. */
function clientBookingIds(user: DataSubject): SQL {
  const mine = user.email ? or(eq(bookings.clientId, user.id), sql`lower(${bookings.email}) = ${user.email.toLowerCase()}`) : eq(bookings.clientId, user.id);
  return sql`(SELECT ${bookings.id} FROM ${bookings} WHERE ${mine})`;
}

export const MEETINGS_USER_DATA: UserDataEntry[] = [
  {
    table: sessionNotes,
    // The coach's own notes only: a client's export never carries what their coach wrote privately.
    export: { key: "sessionNotes", read: ({ db }, user) => db.select().from(sessionNotes).where(eq(sessionNotes.coachId, user.id)) },
    erase: async ({ db }, user) => ({
      statements: [db.delete(sessionNotes).where(or(eq(sessionNotes.coachId, user.id), inArray(sessionNotes.bookingId, clientBookingIds(user))))],
    }),
  },
  {
    table: sessionSummaries,
    export: {
      key: "sessionSummaries",
      read: ({ db }, user) =>
        db
          .select()
          .from(sessionSummaries)
          .where(
            or(eq(sessionSummaries.coachId, user.id), and(inArray(sessionSummaries.bookingId, clientBookingIds(user)), isNotNull(sessionSummaries.sentAt))),
          ),
    },
    erase: async ({ db }, user) => ({
      statements: [db.delete(sessionSummaries).where(or(eq(sessionSummaries.coachId, user.id), inArray(sessionSummaries.bookingId, clientBookingIds(user))))],
    }),
  },
  {
    table: sessionRatings,
    export: { key: "sessionRatings", read: ({ db }, user) => db.select().from(sessionRatings).where(eq(sessionRatings.clientId, user.id)) },
    erase: "cascade",
  },
];
