import { sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "~/db/client.server";
import { subscriptionMrrChanges } from "~/db/schema";
import type { AiTier } from "./plans";

// The MRR ledger's writer (subscription_mrr_changes, migration 0031). Each sync of a customer's
// subscription adds the statement below to its batch: it writes one row when the customer's MRR
// differs from the ledger's last row for them, and nothing otherwise, so a sync that changes nothing
// (or runs twice, or at the same time as another) adds nothing. The ledger is kept per customer, not
// per subscription: a customer who ends one subscription and later starts another is a
// reactivation, not a new customer. The kind follows from before and after:
// - 0 → x, the customer's first row: new; 0 → x after a churn: reactivation;
// - x → y: expansion when y > x, contraction when y < x; x → 0: churn.
// source_event_id is the Stripe event that caused it (unique: one row per event), or null for a
// sync without one (the checkout's success page, the billing tab).
//
// The rows chain: each row's before is the previous row's after, so MRR at an instant is the sum of
// (after − before) over the rows before it (app/admin/finance-figures.server.ts relies on this).

export type MrrChange = {
  customerId: string;
  subscriptionId: string;
  /** The subscription's MRR now, cents excluding GST (0 when it does not pay). */
  mrrCents: number;
  /** Its tier when it pays; null otherwise. */
  tier: AiTier | null;
  occurredAt: string;
  eventId?: string | null;
};

/** The statement that records a change in the customer's MRR, if it changed (a no-op otherwise). */
export function mrrChangeStatement(db: Db, change: MrrChange): BatchItem<"sqlite"> {
  const after = Math.max(0, Math.round(change.mrrCents));
  const tierAfter = after > 0 ? change.tier : null;
  // The select's columns are the table's, in its order (drizzle inserts into all of them).
  return db.insert(subscriptionMrrChanges).select(sql`
    WITH last AS (
      SELECT mrr_after_cents AS mrr, tier_after AS tier FROM subscription_mrr_changes
      WHERE stripe_customer_id = ${change.customerId}
      ORDER BY occurred_at DESC, rowid DESC LIMIT 1
    ),
    state AS (
      SELECT COALESCE((SELECT mrr FROM last), 0) AS before, (SELECT tier FROM last) AS tier, EXISTS (SELECT 1 FROM last) AS seen
    )
    SELECT ${crypto.randomUUID()}, ${change.subscriptionId}, ${change.customerId}, ${change.occurredAt},
      CASE
        WHEN before = 0 THEN CASE WHEN seen THEN 'reactivation' ELSE 'new' END
        WHEN ${after} = 0 THEN 'churn'
        WHEN ${after} > before THEN 'expansion'
        ELSE 'contraction'
      END,
      CASE WHEN before > 0 THEN tier END, ${tierAfter}, before, ${after}, ${change.eventId ?? null}
    FROM state
    WHERE before <> ${after}`);
}
