import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { users } from "./auth";
import { bookings, paymentRefunds } from "./booking";
import { now } from "./columns";

// The coach network (app/coach-network/): coaches' profiles and onboarding, the earnings ledger and
// the monthly statements it is issued on. Amounts are cents, AUD.

export const coachProfiles = sqliteTable("coach_profiles", {
  coachId: text("coach_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  legalName: text("legal_name"),
  phone: text("phone"),
  bio: text("bio").notNull().default(""),
  specialties: text("specialties").notNull().default("[]"),
  industries: text("industries").notNull().default("[]"),
  photoKey: text("photo_key"),
  photoUpdatedAt: text("photo_updated_at"),
  abn: text("abn"),
  gstRegistered: integer("gst_registered", { mode: "boolean" }).notNull().default(false),
  abnConfirmedAt: text("abn_confirmed_at"),
  agreementVersion: text("agreement_version"),
  agreementAcceptedAt: text("agreement_accepted_at"),
  rctiAgreementAcceptedAt: text("rcti_agreement_accepted_at"),
  rctiAgreementExpiresAt: text("rcti_agreement_expires_at"),
  onboardingCompletedAt: text("onboarding_completed_at"),
  portalPreviousVisitAt: text("portal_previous_visit_at"),
  portalLastVisitAt: text("portal_last_visit_at"),
  createdAt: text("created_at").notNull().default(now),
  updatedAt: text("updated_at").notNull().default(now),
});

export const COACH_STATEMENT_KINDS = ["rcti", "payment_statement"] as const;
export type CoachStatementKind = (typeof COACH_STATEMENT_KINDS)[number];

export const coachStatements = sqliteTable(
  "coach_statements",
  {
    id: text("id").primaryKey(),
    number: text("number").notNull().unique(),
    coachId: text("coach_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    period: text("period").notNull(),
    kind: text("kind", { enum: COACH_STATEMENT_KINDS }).notNull(),
    supplierName: text("supplier_name").notNull(),
    supplierAbn: text("supplier_abn"),
    supplierGstRegistered: integer("supplier_gst_registered", { mode: "boolean" }).notNull().default(false),
    recipientName: text("recipient_name").notNull(),
    recipientAbn: text("recipient_abn").notNull(),
    lineCount: integer("line_count").notNull().default(0),
    grossCents: integer("gross_cents").notNull().default(0),
    gstCents: integer("gst_cents").notNull().default(0),
    feeCents: integer("fee_cents").notNull().default(0),
    shareCents: integer("share_cents").notNull().default(0),
    shareGstCents: integer("share_gst_cents").notNull().default(0),
    totalCents: integer("total_cents").notNull().default(0),
    issuedAt: text("issued_at").notNull(),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [
    uniqueIndex("coach_statements_period_unique").on(t.coachId, t.period),
    // Migration 0032: the admin overview's GST credits by issue date.
    index("coach_statements_issued_idx").on(t.issuedAt, t.kind, t.shareGstCents),
  ],
);

export const COACH_EARNING_KINDS = ["session", "reversal"] as const;
export type CoachEarningKind = (typeof COACH_EARNING_KINDS)[number];

export const coachEarnings = sqliteTable(
  "coach_earnings",
  {
    id: text("id").primaryKey(),
    coachId: text("coach_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    bookingId: text("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "restrict" }),
    kind: text("kind", { enum: COACH_EARNING_KINDS }).notNull(),
    refundId: text("refund_id").references(() => paymentRefunds.id, { onDelete: "restrict" }),
    occurredAt: text("occurred_at").notNull(),
    grossCents: integer("gross_cents").notNull(),
    gstCents: integer("gst_cents").notNull(),
    feeCents: integer("fee_cents").notNull(),
    shareCents: integer("share_cents").notNull(),
    shareRateBp: integer("share_rate_bp").notNull(),
    sessionOrdinal: integer("session_ordinal"),
    statementId: text("statement_id").references((): AnySQLiteColumn => coachStatements.id, { onDelete: "restrict" }),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [
    uniqueIndex("coach_earnings_session_unique")
      .on(t.bookingId)
      .where(sql`kind = 'session'`),
    uniqueIndex("coach_earnings_refund_unique")
      .on(t.refundId)
      .where(sql`refund_id IS NOT NULL`),
    index("coach_earnings_coach_idx").on(t.coachId, t.occurredAt),
    index("coach_earnings_statement_idx").on(t.statementId),
  ],
);

// Coach applications (migration 0023): the application, the team's notes and its status history.

export const COACH_APPLICATION_STATUSES = ["submitted", "under_review", "approved", "rejected", "withdrawn"] as const;
export type CoachApplicationStatus = (typeof COACH_APPLICATION_STATUSES)[number];

export const coachApplications = sqliteTable(
  "coach_applications",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    phone: text("phone").notNull(),
    state: text("state").notNull(),
    timeZone: text("time_zone").notNull(),
    abn: text("abn"),
    gstRegistered: integer("gst_registered", { mode: "boolean" }).notNull().default(false),
    specialties: text("specialties").notNull().default("[]"),
    industries: text("industries").notNull().default("[]"),
    yearsExperience: integer("years_experience").notNull(),
    qualifications: text("qualifications").notNull(),
    memberships: text("memberships"),
    insurer: text("insurer"),
    insuranceExpiresOn: text("insurance_expires_on"),
    website: text("website"),
    bio: text("bio").notNull(),
    hoursPerWeek: integer("hours_per_week").notNull(),
    termsVersion: text("terms_version").notNull(),
    termsAcceptedAt: text("terms_accepted_at").notNull(),
    cvKey: text("cv_key"),
    cvName: text("cv_name"),
    cvType: text("cv_type"),
    cvSize: integer("cv_size"),
    status: text("status", { enum: COACH_APPLICATION_STATUSES }).notNull().default("submitted"),
    decisionReason: text("decision_reason"),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    submittedAt: text("submitted_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    decidedAt: text("decided_at"),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [
    uniqueIndex("coach_applications_open_email")
      .on(t.email)
      .where(sql`status IN ('submitted', 'under_review')`),
    index("coach_applications_status_idx").on(t.status, t.submittedAt),
    index("coach_applications_email_idx").on(t.email),
  ],
);

export const coachApplicationNotes = sqliteTable(
  "coach_application_notes",
  {
    id: text("id").primaryKey(),
    applicationId: text("application_id")
      .notNull()
      .references(() => coachApplications.id, { onDelete: "cascade" }),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [index("coach_application_notes_application_idx").on(t.applicationId, t.createdAt)],
);

export const coachApplicationEvents = sqliteTable(
  "coach_application_events",
  {
    id: text("id").primaryKey(),
    applicationId: text("application_id")
      .notNull()
      .references(() => coachApplications.id, { onDelete: "cascade" }),
    fromStatus: text("from_status"),
    toStatus: text("to_status").notNull(),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    reason: text("reason"),
    createdAt: text("created_at").notNull(),
  },
  (t) => [index("coach_application_events_application_idx").on(t.applicationId, t.createdAt)],
);

// Payouts through Stripe Connect (migration 0025): each coach's Express connected account as Stripe
// last told us, and one payout per issued statement.

export const PAYOUT_ACCOUNT_ROW_STATES = ["details_needed", "pending_verification", "active", "restricted"] as const;

export const coachPayoutAccounts = sqliteTable("coach_payout_accounts", {
  coachId: text("coach_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  stripeAccountId: text("stripe_account_id").notNull().unique(),
  state: text("state", { enum: PAYOUT_ACCOUNT_ROW_STATES }).notNull(),
  detailsSubmitted: integer("details_submitted", { mode: "boolean" }).notNull().default(false),
  payoutsEnabled: integer("payouts_enabled", { mode: "boolean" }).notNull().default(false),
  transfersActive: integer("transfers_active", { mode: "boolean" }).notNull().default(false),
  requirementsDue: text("requirements_due").notNull().default("[]"),
  requirementsPastDue: text("requirements_past_due").notNull().default("[]"),
  disabledReason: text("disabled_reason"),
  lastEventAt: integer("last_event_at").notNull().default(0),
  createdAt: text("created_at").notNull().default(now),
  updatedAt: text("updated_at").notNull().default(now),
});

export const COACH_PAYOUT_STATUSES = ["held", "pending", "paid", "failed"] as const;
export type CoachPayoutStatus = (typeof COACH_PAYOUT_STATUSES)[number];
export const COACH_PAYOUT_HELD_REASONS = ["abn_unconfirmed", "account_not_active"] as const;
export type CoachPayoutHeldReason = (typeof COACH_PAYOUT_HELD_REASONS)[number];

export const coachPayouts = sqliteTable(
  "coach_payouts",
  {
    id: text("id").primaryKey(),
    statementId: text("statement_id")
      .notNull()
      .unique()
      .references(() => coachStatements.id, { onDelete: "restrict" }),
    coachId: text("coach_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("aud"),
    status: text("status", { enum: COACH_PAYOUT_STATUSES }).notNull(),
    heldReason: text("held_reason", { enum: COACH_PAYOUT_HELD_REASONS }),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    stripeAccountId: text("stripe_account_id"),
    stripeTransferId: text("stripe_transfer_id").unique(),
    stripePayoutId: text("stripe_payout_id").unique(),
    failureMessage: text("failure_message"),
    transferredAt: text("transferred_at"),
    paidAt: text("paid_at"),
    lastEventAt: integer("last_event_at").notNull().default(0),
    createdAt: text("created_at").notNull().default(now),
    updatedAt: text("updated_at").notNull().default(now),
    /** 0 for the first try; each admin retry of a failed payout adds one (its Stripe keys and metadata carry it). */
    attempt: integer("attempt").notNull().default(0),
  },
  (t) => [index("coach_payouts_coach_idx").on(t.coachId, t.createdAt), index("coach_payouts_status_idx").on(t.status)],
);
