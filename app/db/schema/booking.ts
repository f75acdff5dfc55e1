import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./auth";
import { now } from "./columns";

// Booking: what can be booked (types and packages, from configuration), the coaches' schedules, the
// bookings themselves (times in UTC), package credits as a ledger, payments with their GST tax
// invoices and credit notes, and money-back guarantee requests.

export const BOOKING_KINDS = ["discovery", "session"] as const;
export type BookingKind = (typeof BOOKING_KINDS)[number];

// What a visitor can book: the free discovery call and the paid virtual sessions. Seeded; prices in
// cents (AUD, GST included).
export const bookingTypes = sqliteTable("booking_types", {
  id: text("id").primaryKey(),
  kind: text("kind", { enum: BOOKING_KINDS }).notNull(),
  name: text("name").notNull(),
  description: text("description").notNull(),
  durationMinutes: integer("duration_minutes").notNull(),
  priceCents: integer("price_cents").notNull(),
  /** The least time between booking and the start (discovery 12 h, paid 24 h). */
  minNoticeMinutes: integer("min_notice_minutes").notNull(),
  active: integer("active", { mode: "boolean" }).notNull().default(true),
  sortOrder: integer("sort_order").notNull().default(0),
});

// Packages of paid sessions, bought once and spent as credits on sessions of `durationMinutes`.
export const bookingPackages = sqliteTable("booking_packages", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  description: text("description").notNull(),
  sessions: integer("sessions").notNull(),
  durationMinutes: integer("duration_minutes").notNull(),
  priceCents: integer("price_cents").notNull(),
  validityMonths: integer("validity_months").notNull(),
  active: integer("active", { mode: "boolean" }).notNull().default(true),
  sortOrder: integer("sort_order").notNull().default(0),
});

// A coach's booking schedule: one row per coach. weekly_hours is JSON, WeeklyHours of
// app/booking/slots.ts: for each weekday (0 Sunday … 6 Saturday) a list of ["09:00", "12:30"]
// intervals in the coach's own time zone.
export const coachSchedules = sqliteTable("coach_schedules", {
  coachId: text("coach_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** Shown to clients; the URL-safe name used in /booking?coach=… */
  slug: text("slug").notNull().unique(),
  displayName: text("display_name").notNull(),
  headline: text("headline").notNull().default(""),
  /** IANA zone, e.g. Australia/Sydney. */
  timeZone: text("time_zone").notNull(),
  /** State or territory code (NSW, VIC, QLD, WA, SA, TAS, ACT, NT): its public holidays are off. */
  state: text("state").notNull(),
  weeklyHours: text("weekly_hours").notNull(),
  bufferMinutes: integer("buffer_minutes").notNull().default(15),
  dailyMax: integer("daily_max").notNull().default(6),
  horizonDays: integer("horizon_days").notNull().default(60),
  observeHolidays: integer("observe_holidays", { mode: "boolean" }).notNull().default(true),
  acceptingBookings: integer("accepting_bookings", { mode: "boolean" }).notNull().default(true),
  updatedAt: text("updated_at").notNull().default(now),
});

// A day that differs from the weekly hours (local date in the coach's zone): intervals is JSON
// [["10:00", "14:00"]], and [] means unavailable all day. An override also opens a public holiday.
export const coachDateOverrides = sqliteTable(
  "coach_date_overrides",
  {
    coachId: text("coach_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    date: text("date").notNull(),
    intervals: text("intervals").notNull(),
  },
  (t) => [uniqueIndex("coach_date_overrides_unique").on(t.coachId, t.date)],
);

// Time off: a UTC range with no bookings (holidays, leave).
export const coachTimeOff = sqliteTable(
  "coach_time_off",
  {
    id: text("id").primaryKey(),
    coachId: text("coach_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    startsAt: text("starts_at").notNull(),
    endsAt: text("ends_at").notNull(),
    note: text("note"),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [index("coach_time_off_coach_idx").on(t.coachId, t.startsAt)],
);

export const BOOKING_STATUSES = ["held", "confirmed", "cancelled", "expired", "completed", "no_show"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const BOOKING_PAYMENT_METHODS = ["free", "card", "credit"] as const;
export type BookingPaymentMethod = (typeof BOOKING_PAYMENT_METHODS)[number];

// A booking. "held" while a paid slot waits for its checkout (until hold_expires_at), then
// "confirmed" or "expired". Its id is also the meeting id (/meeting/{id}). sequence counts the
// calendar updates sent (the .ics SEQUENCE).
export const bookings = sqliteTable(
  "bookings",
  {
    id: text("id").primaryKey(),
    /** Short reference shown to people, e.g. CA-7Q3F2C. */
    reference: text("reference").notNull().unique(),
    coachId: text("coach_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    /** The client's account, when they had one (a discovery call can be booked without). */
    clientId: text("client_id").references(() => users.id, { onDelete: "set null" }),
    bookingTypeId: text("booking_type_id")
      .notNull()
      .references(() => bookingTypes.id),
    startsAt: text("starts_at").notNull(),
    endsAt: text("ends_at").notNull(),
    status: text("status", { enum: BOOKING_STATUSES }).notNull(),
    holdExpiresAt: text("hold_expires_at"),
    /** While held: a salted hash of the visitor's source, so a source's unpaid holds can be counted (migration 0017). */
    holdSource: text("hold_source"),
    name: text("name").notNull(),
    email: text("email").notNull(),
    company: text("company"),
    phone: text("phone"),
    businessType: text("business_type"),
    notes: text("notes"),
    /** The time zone the client booked in (their times in emails). */
    clientTimeZone: text("client_time_zone").notNull(),
    paymentMethod: text("payment_method", { enum: BOOKING_PAYMENT_METHODS }).notNull(),
    priceCents: integer("price_cents").notNull().default(0),
    stripeCheckoutSessionId: text("stripe_checkout_session_id"),
    sequence: integer("sequence").notNull().default(0),
    cancelledAt: text("cancelled_at"),
    cancelledBy: text("cancelled_by"),
    cancelReason: text("cancel_reason"),
    createdAt: text("created_at").notNull().default(now),
    updatedAt: text("updated_at").notNull().default(now),
  },
  (t) => [
    index("bookings_coach_starts_idx").on(t.coachId, t.startsAt),
    index("bookings_coach_created_idx").on(t.coachId, t.createdAt),
    index("bookings_client_starts_idx").on(t.clientId, t.startsAt),
    index("bookings_email_idx").on(t.email),
    index("bookings_status_starts_idx").on(t.status, t.startsAt),
    index("bookings_hold_source_idx")
      .on(t.holdSource)
      .where(sql`hold_source IS NOT NULL`),
    uniqueIndex("bookings_checkout_unique").on(t.stripeCheckoutSessionId),
  ],
);

// Messages sent about a booking, once each: "confirmation:3" (sequence 3), "reminder-24h",
// "reminder-1h", "cancellation:4". The unique key makes a redelivered job a no-op.
export const bookingNotices = sqliteTable(
  "booking_notices",
  {
    bookingId: text("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    sentAt: text("sent_at").notNull().default(now),
  },
  (t) => [uniqueIndex("booking_notices_unique").on(t.bookingId, t.kind)],
);

export const PACKAGE_PURCHASE_STATUSES = ["pending", "paid", "refunded"] as const;

// A package bought (or being paid for) by a client; its credits are in the ledger below.
export const packagePurchases = sqliteTable(
  "package_purchases",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    packageId: text("package_id")
      .notNull()
      .references(() => bookingPackages.id),
    sessions: integer("sessions").notNull(),
    durationMinutes: integer("duration_minutes").notNull(),
    priceCents: integer("price_cents").notNull(),
    status: text("status", { enum: PACKAGE_PURCHASE_STATUSES }).notNull(),
    stripeCheckoutSessionId: text("stripe_checkout_session_id").unique(),
    paidAt: text("paid_at"),
    /** Credits not spent by then lapse (12 months after payment). */
    expiresAt: text("expires_at"),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [index("package_purchases_user_idx").on(t.userId, t.createdAt)],
);

// Package credits as a ledger: +sessions on payment, -1 per booking, +1 when a booking paid with a
// credit is cancelled. A purchase's balance is the sum of its rows and is never negative.
export const creditLedger = sqliteTable(
  "credit_ledger",
  {
    id: text("id").primaryKey(),
    purchaseId: text("purchase_id")
      .notNull()
      .references(() => packagePurchases.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    delta: integer("delta").notNull(),
    reason: text("reason", { enum: ["purchase", "booking", "cancellation", "refund"] }).notNull(),
    bookingId: text("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [index("credit_ledger_purchase_idx").on(t.purchaseId), uniqueIndex("credit_ledger_booking_reason_unique").on(t.bookingId, t.reason)],
);

export const PAYMENT_STATUSES = ["paid", "partially_refunded", "refunded"] as const;

// A one-off card payment (a session or a package), with its GST tax invoice number.
export const bookingPayments = sqliteTable(
  "booking_payments",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    bookingId: text("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    purchaseId: text("purchase_id").references(() => packagePurchases.id, { onDelete: "set null" }),
    /** Tax invoice number, e.g. INV-000042. */
    invoiceNumber: text("invoice_number").notNull().unique(),
    description: text("description").notNull(),
    customerName: text("customer_name").notNull(),
    customerEmail: text("customer_email").notNull(),
    amountCents: integer("amount_cents").notNull(),
    gstCents: integer("gst_cents").notNull(),
    refundedCents: integer("refunded_cents").notNull().default(0),
    status: text("status", { enum: PAYMENT_STATUSES }).notNull(),
    stripeCheckoutSessionId: text("stripe_checkout_session_id").notNull().unique(),
    stripePaymentIntentId: text("stripe_payment_intent_id"),
    paidAt: text("paid_at").notNull(),
  },
  (t) => [
    index("booking_payments_user_idx").on(t.userId, t.paidAt),
    // Migration 0032: the admin overview's sums by date.
    index("booking_payments_paid_idx").on(t.paidAt, t.amountCents, t.gstCents),
  ],
);

// A refund of a payment, with its credit note number.
export const paymentRefunds = sqliteTable(
  "payment_refunds",
  {
    id: text("id").primaryKey(),
    paymentId: text("payment_id")
      .notNull()
      .references(() => bookingPayments.id, { onDelete: "cascade" }),
    creditNoteNumber: text("credit_note_number").notNull().unique(),
    amountCents: integer("amount_cents").notNull(),
    gstCents: integer("gst_cents").notNull(),
    reason: text("reason").notNull(),
    stripeRefundId: text("stripe_refund_id").unique(),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [
    index("payment_refunds_payment_idx").on(t.paymentId),
    // Migration 0032: the admin overview's sums by date.
    index("payment_refunds_created_idx").on(t.createdAt, t.amountCents, t.gstCents),
  ],
);

export const REFUND_REQUEST_STATUSES = ["requested", "approved", "declined"] as const;

// The money-back guarantee: a client asks for a refund of their first paid consultation within 7
// days of it; an admin approves (the refund is issued) or declines.
export const refundRequests = sqliteTable(
  "refund_requests",
  {
    id: text("id").primaryKey(),
    bookingId: text("booking_id")
      .notNull()
      .unique()
      .references(() => bookings.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    status: text("status", { enum: REFUND_REQUEST_STATUSES }).notNull().default("requested"),
    decidedBy: text("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: text("decided_at"),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [index("refund_requests_status_idx").on(t.status, t.createdAt)],
);

// Invoice and credit-note numbers: one counter row per series.
export const documentCounters = sqliteTable("document_counters", {
  series: text("series").primaryKey(),
  value: integer("value").notNull(),
});

// The calendar version (migration 0018): one row whose number SQLite triggers bump on every write
// that can change which times are offered (bookings and holds, schedules, date overrides, time off,
// the coach role, booking types). Cached slot views are keyed on it (decision record 005).
export const calendarVersion = sqliteTable("calendar_version", {
  id: integer("id").primaryKey(),
  version: integer("version").notNull(),
});
