import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./auth";
import { now } from "./columns";

// Fixed-window counters keyed by purpose and a salted hash of the client address.
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: integer("window_start").notNull(),
  count: integer("count").notNull(),
});

// A run of failed jobs that the team was told about once. At most one is open at a time: the open
// one has open_key "open", a closed one NULL (the unique index allows any number of NULLs).
export const jobIncidents = sqliteTable(
  "job_incidents",
  {
    id: text("id").primaryKey(),
    openKey: text("open_key", { enum: ["open"] }),
    openedAt: text("opened_at").notNull().default(now),
    closedAt: text("closed_at"),
  },
  (t) => [uniqueIndex("job_incidents_open_key_unique").on(t.openKey)],
);

export const FAILED_JOB_STATUSES = ["failed", "replayed", "dismissed"] as const;

export type FailedJobStatus = (typeof FAILED_JOB_STATUSES)[number];

// Jobs that used up their retries and reached the dead-letter queue: one row per queue message,
// kept for admins to replay or dismiss.
export const failedJobs = sqliteTable(
  "failed_jobs",
  {
    id: text("id").primaryKey(),
    messageId: text("message_id").notNull(),
    type: text("type").notNull(),
    // The queue message as JSON (ids and short fields; never an email's text).
    body: text("body").notNull(),
    // For email.send jobs: the outbox row it delivers, so the outbox sweep can leave it to admins.
    outboxId: text("outbox_id"),
    error: text("error"),
    attempts: integer("attempts").notNull(),
    queuedAt: text("queued_at").notNull(),
    failedAt: text("failed_at").notNull(),
    recordedAt: text("recorded_at").notNull().default(now),
    status: text("status", { enum: FAILED_JOB_STATUSES }).notNull().default("failed"),
    incidentId: text("incident_id").references(() => jobIncidents.id, { onDelete: "set null" }),
    resolvedAt: text("resolved_at"),
    resolvedBy: text("resolved_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("failed_jobs_message_id_unique").on(t.messageId),
    index("failed_jobs_status_idx").on(t.status, t.recordedAt),
    index("failed_jobs_outbox_idx").on(t.outboxId),
  ],
);

// The error of a job's last attempt, written by the main consumer as the message goes to the
// dead-letter queue, and read (then removed) when the dead-letter consumer records the failure.
export const jobErrors = sqliteTable("job_errors", {
  messageId: text("message_id").primaryKey(),
  error: text("error").notNull(),
  failedAt: text("failed_at").notNull().default(now),
});

// How often the outbox sweep has re-enqueued a row stuck in "pending", so it gives up in time.
export const outboxRequeues = sqliteTable("outbox_requeues", {
  outboxId: text("outbox_id").primaryKey(),
  count: integer("count").notNull(),
  lastRequeuedAt: text("last_requeued_at").notNull(),
});
