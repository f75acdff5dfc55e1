import { index, integer, primaryKey, sqliteTable, text, type AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { users } from "./auth";
import { bookings } from "./booking";
import { now } from "./columns";

// Video meetings (a meeting is a booking: the same id). What D1 keeps of a meeting besides its
// booking: every step of a recording's consent, and the recordings themselves (their files in R2).
// The call's signalling and chat live in the meeting's room (workers/meeting-room.ts).

export const RECORDING_CONSENT_DECISIONS = ["requested", "accepted", "declined", "started", "stopped"] as const;
export type RecordingConsentDecision = (typeof RECORDING_CONSENT_DECISIONS)[number];

export const MEETING_PARTICIPANT_ROLES = ["coach", "client"] as const;

// Who asked for, accepted, declined, started and stopped a recording, and when, in order (seq).
export const meetingRecordingConsents = sqliteTable(
  "meeting_recording_consents",
  {
    seq: integer("seq").primaryKey({ autoIncrement: true }),
    bookingId: text("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: MEETING_PARTICIPANT_ROLES }).notNull(),
    decision: text("decision", { enum: RECORDING_CONSENT_DECISIONS }).notNull(),
    at: text("at").notNull(),
  },
  (t) => [index("meeting_recording_consents_booking_idx").on(t.bookingId, t.seq), index("meeting_recording_consents_user_idx").on(t.userId)],
);

export const MEETING_RECORDING_STATUSES = ["uploading", "complete", "deleted"] as const;
export type MeetingRecordingStatus = (typeof MEETING_RECORDING_STATUSES)[number];

// A recording uploaded by the coach's browser in parts (an R2 multipart upload), attached to the booking.
export const meetingRecordings = sqliteTable(
  "meeting_recordings",
  {
    id: text("id").primaryKey(),
    bookingId: text("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    uploadedBy: text("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    /** The client's acceptance this recording was made under: one recording per acceptance. */
    consentSeq: integer("consent_seq")
      .unique()
      .references((): AnySQLiteColumn => meetingRecordingConsents.seq, { onDelete: "set null" }),
    r2Key: text("r2_key").notNull().unique(),
    /** The R2 multipart upload's id while parts arrive; null once completed or aborted. */
    uploadId: text("upload_id"),
    status: text("status", { enum: MEETING_RECORDING_STATUSES }).notNull().default("uploading"),
    /** Every part but the last has exactly this many bytes (R2 requires equal parts). */
    partSize: integer("part_size").notNull(),
    sizeBytes: integer("size_bytes").notNull().default(0),
    contentType: text("content_type").notNull(),
    durationSeconds: integer("duration_seconds"),
    startedAt: text("started_at").notNull(),
    completedAt: text("completed_at"),
    /** When the retention cron deletes it (RECORDING_RETENTION_DAYS after it started). */
    deleteAfter: text("delete_after").notNull(),
    deletedAt: text("deleted_at"),
  },
  (t) => [
    index("meeting_recordings_booking_idx").on(t.bookingId, t.startedAt),
    index("meeting_recordings_status_delete_idx").on(t.status, t.deleteAfter),
    index("meeting_recordings_uploaded_by_idx").on(t.uploadedBy),
  ],
);

// The parts uploaded so far (R2's binding cannot list them): for resuming, and for completing.
export const meetingRecordingParts = sqliteTable(
  "meeting_recording_parts",
  {
    recordingId: text("recording_id")
      .notNull()
      .references(() => meetingRecordings.id, { onDelete: "cascade" }),
    partNumber: integer("part_number").notNull(),
    etag: text("etag").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    uploadedAt: text("uploaded_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.recordingId, t.partNumber] })],
);

// After a session (migration 0020): the coach's private notes, the summary shared with the client
// and the client's rating. The outcome itself is the booking's status.

/** One action item of a session summary: what to do, and by when if the coach set a date. */
export type ActionItem = { text: string; due: string | null };

export const SUMMARY_DRAFT_SOURCES = ["model", "template"] as const;

// The coach's private notes: never shown to the client, nor in the client's data export.
export const sessionNotes = sqliteTable(
  "session_notes",
  {
    bookingId: text("booking_id")
      .primaryKey()
      .references(() => bookings.id, { onDelete: "cascade" }),
    coachId: text("coach_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    updatedAt: text("updated_at").notNull().default(now),
  },
  (t) => [index("session_notes_coach_idx").on(t.coachId)],
);

// The summary and action items shared with the client: a draft until sent_at, then sent once.
export const sessionSummaries = sqliteTable(
  "session_summaries",
  {
    bookingId: text("booking_id")
      .primaryKey()
      .references(() => bookings.id, { onDelete: "cascade" }),
    coachId: text("coach_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    summary: text("summary").notNull(),
    /** JSON ActionItem[]. */
    actionItems: text("action_items").notNull().default("[]"),
    draftSource: text("draft_source", { enum: SUMMARY_DRAFT_SOURCES }),
    sentAt: text("sent_at"),
    updatedAt: text("updated_at").notNull().default(now),
  },
  (t) => [index("session_summaries_coach_idx").on(t.coachId)],
);

// The client's 1–5 rating and comment, editable once; a testimonial only with publish_consent.
export const sessionRatings = sqliteTable(
  "session_ratings",
  {
    bookingId: text("booking_id")
      .primaryKey()
      .references(() => bookings.id, { onDelete: "cascade" }),
    clientId: text("client_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rating: integer("rating").notNull(),
    comment: text("comment"),
    publishConsent: integer("publish_consent", { mode: "boolean" }).notNull().default(false),
    consentAt: text("consent_at"),
    /** How a published testimonial names the client, as they saw it when they agreed. */
    attribution: text("attribution"),
    edits: integer("edits").notNull().default(0),
    createdAt: text("created_at").notNull().default(now),
    updatedAt: text("updated_at").notNull().default(now),
  },
  (t) => [index("session_ratings_client_idx").on(t.clientId)],
);
