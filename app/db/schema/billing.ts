import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./auth";
import { now } from "./columns";

export const AI_SUBSCRIPTION_TIERS = ["lite", "pro"] as const;

// One Stripe customer per user, created before their first checkout.
export const billingCustomers = sqliteTable("billing_customers", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  stripeCustomerId: text("stripe_customer_id").notNull().unique(),
  createdAt: text("created_at").notNull().default(now),
});

// The user's ClarityAI subscription as Stripe last reported it (syncSubscription writes it).
// status is Stripe's: incomplete, incomplete_expired, trialing, active, past_due, canceled, unpaid, paused.
export const aiSubscriptions = sqliteTable(
  "ai_subscriptions",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    stripeCustomerId: text("stripe_customer_id").notNull(),
    stripeSubscriptionId: text("stripe_subscription_id"),
    tier: text("tier", { enum: AI_SUBSCRIPTION_TIERS }),
    billingInterval: text("billing_interval", { enum: ["month", "year"] }),
    status: text("status").notNull(),
    currentPeriodEnd: text("current_period_end"),
    cancelAtPeriodEnd: integer("cancel_at_period_end", { mode: "boolean" }).notNull().default(false),
    // When the subscription first became past_due in its current run of failed renewals: the grace
    // period counts from here.
    pastDueSince: text("past_due_since"),
    updatedAt: text("updated_at").notNull().default(now),
  },
  (t) => [index("ai_subscriptions_customer_idx").on(t.stripeCustomerId)],
);

// Each Stripe event id is applied once, however often or in whatever order it is delivered.
export const stripeEvents = sqliteTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: text("received_at").notNull().default(now),
  // Why it had no effect (it named an object Stripe could not find or return); null when applied.
  skipped: text("skipped"),
});

// Paid and open invoices, kept to show GST tax invoices on the Billing tab. Amounts in cents (AUD).
export const billingInvoices = sqliteTable(
  "billing_invoices",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    stripeCustomerId: text("stripe_customer_id").notNull(),
    number: text("number"),
    status: text("status").notNull(),
    currency: text("currency").notNull(),
    totalCents: integer("total_cents").notNull(),
    taxCents: integer("tax_cents").notNull(),
    description: text("description").notNull(),
    periodStart: text("period_start"),
    periodEnd: text("period_end"),
    paidAt: text("paid_at"),
    createdAt: text("created_at").notNull(),
  },
  (t) => [index("billing_invoices_user_created_idx").on(t.userId, t.createdAt)],
);

// The local payments sandbox's objects (customers, checkout sessions, subscriptions, invoices…) as
// Stripe-shaped JSON. Only used without a Stripe key, and never in production.
export const paymentsSandboxObjects = sqliteTable(
  "payments_sandbox_objects",
  {
    id: text("id").primaryKey(),
    object: text("object").notNull(),
    customer: text("customer"),
    data: text("data").notNull(),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [index("payments_sandbox_objects_customer_idx").on(t.object, t.customer)],
);

export const STRIPE_EVENT_FAILURE_STATUSES = ["failed", "replayed", "dismissed", "applied"] as const;

// A verified Stripe event whose effect could not be applied, kept as received for inspect and replay
// (migration 0031). resolved_by has no foreign key, as audit_log.actor_id.
export const stripeEventFailures = sqliteTable(
  "stripe_event_failures",
  {
    eventId: text("event_id").primaryKey(),
    type: text("type").notNull(),
    payload: text("payload").notNull(),
    error: text("error").notNull(),
    attempts: integer("attempts").notNull().default(1),
    firstFailedAt: text("first_failed_at").notNull(),
    lastFailedAt: text("last_failed_at").notNull(),
    status: text("status", { enum: STRIPE_EVENT_FAILURE_STATUSES }).notNull().default("failed"),
    resolvedAt: text("resolved_at"),
    resolvedBy: text("resolved_by"),
  },
  (t) => [index("stripe_event_failures_status_idx").on(t.status, t.lastFailedAt)],
);

export const MRR_CHANGE_KINDS = ["new", "expansion", "contraction", "churn", "reactivation"] as const;
export type MrrChangeKind = (typeof MRR_CHANGE_KINDS)[number];

// The MRR ledger (ex GST, a yearly plan counts a twelfth): one row per change, once per Stripe event.
export const subscriptionMrrChanges = sqliteTable(
  "subscription_mrr_changes",
  {
    id: text("id").primaryKey(),
    stripeSubscriptionId: text("stripe_subscription_id").notNull(),
    stripeCustomerId: text("stripe_customer_id").notNull(),
    occurredAt: text("occurred_at").notNull(),
    kind: text("kind", { enum: MRR_CHANGE_KINDS }).notNull(),
    tierBefore: text("tier_before"),
    tierAfter: text("tier_after"),
    mrrBeforeCents: integer("mrr_before_cents").notNull(),
    mrrAfterCents: integer("mrr_after_cents").notNull(),
    sourceEventId: text("source_event_id"),
  },
  (t) => [
    index("subscription_mrr_changes_occurred_idx").on(t.occurredAt),
    uniqueIndex("subscription_mrr_changes_event_unique").on(t.sourceEventId),
    // Migration 0032: a customer's last change, for the writer (app/billing/mrr-ledger.server.ts).
    index("subscription_mrr_changes_customer_idx").on(t.stripeCustomerId, t.occurredAt),
  ],
);
