import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./auth";
import { bookings } from "./booking";
import { now } from "./columns";

// Meetings: what stays after a coaching session (migration 0020). The outcome is the booking's
// status; the notes, the shared summary and the client's rating belong to the booking (its id is
// the meeting id).

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
