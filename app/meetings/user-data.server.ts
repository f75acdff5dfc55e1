import { and, desc, eq, inArray, isNotNull, or, sql, type SQL } from "drizzle-orm";
import type { DataSubject, UserDataContext, UserDataEntry } from "~/accounts/user-data-entry.server";
import { bookings, meetingRecordingConsents, meetingRecordingParts, meetingRecordings, sessionNotes, sessionRatings, sessionSummaries } from "~/db/schema";

// What video meetings keep in D1 about a person: their recording-consent decisions, and the
// recordings of their meetings (the files are in R2: account deletion removes them first, in
// deleteRecordingFilesOf, recordings.server.ts). The meeting's chat lives in its room.

/** Who a person is, as their meetings know them: their account, and the address a guest booked with. */
export type MeetingPerson = Pick<DataSubject, "id" | "email">;

/** The meetings (bookings) a person took part in: as the coach, or as the client by account or by the address booked with. */
export function meetingsOf(user: MeetingPerson): SQL {
  const asClient = user.email
    ? (or(eq(bookings.clientId, user.id), sql`lower(${bookings.email}) = ${user.email.toLowerCase()}`) as SQL)
    : eq(bookings.clientId, user.id);
  return or(eq(bookings.coachId, user.id), asClient) as SQL;
}

/** The recordings of a person's meetings, and any they uploaded. */
export function recordingsOf({ db }: UserDataContext, user: MeetingPerson): SQL {
  const meetings = db.select({ id: bookings.id }).from(bookings).where(meetingsOf(user));
  return or(inArray(meetingRecordings.bookingId, meetings), eq(meetingRecordings.uploadedBy, user.id)) as SQL;
}

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
  // Who asked to record, accepted, declined, started and stopped, and when: the person's own steps.
  {
    table: meetingRecordingConsents,
    export: {
      key: "meetingRecordingConsents",
      read: ({ db }, user) =>
        db
          .select({
            meetingId: meetingRecordingConsents.bookingId,
            role: meetingRecordingConsents.role,
            decision: meetingRecordingConsents.decision,
            at: meetingRecordingConsents.at,
          })
          .from(meetingRecordingConsents)
          .where(eq(meetingRecordingConsents.userId, user.id))
          .orderBy(meetingRecordingConsents.seq),
    },
    erase: "cascade",
  },
  // The recordings of the person's meetings, with where to download each one that is complete.
  {
    table: meetingRecordings,
    export: {
      key: "meetingRecordings",
      read: async (context, user) => {
        const rows = await context.db
          .select({
            id: meetingRecordings.id,
            meetingId: meetingRecordings.bookingId,
            status: meetingRecordings.status,
            contentType: meetingRecordings.contentType,
            sizeBytes: meetingRecordings.sizeBytes,
            durationSeconds: meetingRecordings.durationSeconds,
            startedAt: meetingRecordings.startedAt,
            completedAt: meetingRecordings.completedAt,
            deleteAfter: meetingRecordings.deleteAfter,
            deletedAt: meetingRecordings.deletedAt,
          })
          .from(meetingRecordings)
          .where(recordingsOf(context, user))
          .orderBy(desc(meetingRecordings.startedAt));
        return rows.map((row) => ({
          ...row,
          downloadPath: row.status === "complete" ? `/meeting/${row.meetingId}/recordings/${row.id}?download=1` : null,
        }));
      },
    },
    // Their files are deleted from R2 before the batch (deleteRecordingFilesOf); the rows go with it.
    erase: async (context, user) => ({ statements: [context.db.delete(meetingRecordings).where(recordingsOf(context, user))] }),
  },
  // The parts of an upload in progress: sizes and R2's etags, nothing about the person; they go with their recording.
  {
    table: meetingRecordingParts,
    erase: async (context, user) => {
      const recordings = context.db.select({ id: meetingRecordings.id }).from(meetingRecordings).where(recordingsOf(context, user));
      return { statements: [context.db.delete(meetingRecordingParts).where(inArray(meetingRecordingParts.recordingId, recordings))] };
    },
  },
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
