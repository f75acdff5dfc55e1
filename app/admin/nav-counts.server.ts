import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";

// What needs an admin's attention, counted for the admin navigation on every admin page: one
// statement (one round trip to D1) of scalar subqueries, each on an indexed status column except
// leads.status (the leads table is small: one row per enquirer).

export type AdminNavCounts = {
  /** Dead-lettered jobs (failed emails among them) and Stripe events that failed to apply. */
  attention: number;
  /** Escalations waiting for an expert: open or assigned. */
  escalations: number;
  /** Leads nobody has contacted yet. */
  leads: number;
  /** Money-back guarantee requests waiting for a decision (on the bookings page). */
  refunds: number;
  /** Coach applications submitted or under review. */
  applications: number;
  /** Coach payouts that failed (the bank returned them or the transfer was reversed), to retry. */
  failedPayouts: number;
};

export async function adminNavCounts(db: Db): Promise<AdminNavCounts> {
  const row = await db.get<Record<keyof AdminNavCounts, number | null>>(sql`
    SELECT
      (SELECT count(*) FROM failed_jobs WHERE status = 'failed')
        + (SELECT count(*) FROM stripe_event_failures WHERE status = 'failed') AS attention,
      (SELECT count(*) FROM ai_escalations WHERE status IN ('open', 'assigned')) AS escalations,
      (SELECT count(*) FROM leads WHERE status = 'new') AS leads,
      (SELECT count(*) FROM refund_requests WHERE status = 'requested') AS refunds,
      (SELECT count(*) FROM coach_applications WHERE status IN ('submitted', 'under_review')) AS applications,
      (SELECT count(*) FROM coach_payouts WHERE status = 'failed') AS failedPayouts
  `);
  return {
    attention: Number(row?.attention ?? 0),
    escalations: Number(row?.escalations ?? 0),
    leads: Number(row?.leads ?? 0),
    refunds: Number(row?.refunds ?? 0),
    applications: Number(row?.applications ?? 0),
    failedPayouts: Number(row?.failedPayouts ?? 0),
  };
}
