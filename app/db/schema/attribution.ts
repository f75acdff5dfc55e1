import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { FORWARD_STATUSES, RECORDED_CONVERSION_TYPES } from "~/attribution/types";
import { users } from "./auth";
import { now } from "./columns";

// Conversions (app/attribution/): one row per conversion, recorded once per dedupe key, with the
// attribution of the browser session it happened in. Source, medium and campaign of the last and
// the first touch are columns so the report groups them from an index; the whole snapshot is JSON.
export const conversions = sqliteTable(
  "conversions",
  {
    id: text("id").primaryKey(),
    type: text("type", { enum: RECORDED_CONVERSION_TYPES as unknown as [string, ...string[]] }).notNull(),
    dedupeKey: text("dedupe_key").notNull().unique(),
    label: text("label"),
    /** AUD cents, GST included. */
    valueCents: integer("value_cents").notNull().default(0),
    currency: text("currency").notNull().default("AUD"),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    occurredAt: text("occurred_at").notNull().default(now),
    /** YYYY-MM-DD in Sydney: the report's day. */
    reportDate: text("report_date").notNull(),
    source: text("source").notNull(),
    medium: text("medium").notNull(),
    campaign: text("campaign").notNull(),
    firstSource: text("first_source").notNull(),
    firstMedium: text("first_medium").notNull(),
    firstCampaign: text("first_campaign").notNull(),
    /** The AttributionRecord at the time, as JSON; null for a direct visit or after erasure. */
    attribution: text("attribution"),
    /** The browser session's id (its KV key), so the session record can go with the account. */
    attributionSession: text("attribution_session"),
    gpc: integer("gpc", { mode: "boolean" }).notNull().default(false),
    forwardStatus: text("forward_status", { enum: FORWARD_STATUSES }).notNull().default("not_forwarded"),
    /** Per destination: "sent", "skipped: …" or "failed: …" (JSON object). */
    forwardDetail: text("forward_detail"),
    forwardedAt: text("forwarded_at"),
  },
  (t) => [
    index("conversions_report_idx").on(t.reportDate, t.source, t.medium, t.campaign, t.type, t.valueCents),
    index("conversions_first_touch_idx").on(t.reportDate, t.firstSource, t.firstMedium, t.firstCampaign, t.type, t.valueCents),
    index("conversions_forward_idx").on(t.reportDate, t.forwardStatus, t.type),
    index("conversions_user_idx").on(t.userId),
    index("conversions_session_idx").on(t.attributionSession),
  ],
);

// PAGE_VIEW: daily counters per path and last-touch source, medium and campaign (no row per view).
export const pageViewCounts = sqliteTable(
  "page_view_counts",
  {
    day: text("day").notNull(),
    source: text("source").notNull(),
    medium: text("medium").notNull(),
    campaign: text("campaign").notNull(),
    path: text("path").notNull(),
    views: integer("views").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.source, t.medium, t.campaign, t.path] })],
);
