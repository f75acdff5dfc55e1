import { env } from "cloudflare:workers";

// Statements and coaches' tax details for the payouts tests. The statements are written straight
// into D1 (the earnings ledger makes them in the app): one per call, each for a period of its own.

let serial = 0;

/** The ATO's example ABN: it passes the checksum. */
export const EXAMPLE_ABN = "51824753556";

export type TestStatement = { id: string; number: string; period: string; totalCents: number };

/** An issued statement owing the coach `totalCents`. */
export async function createStatement(coachId: string, { totalCents = 12_345 }: { totalCents?: number } = {}): Promise<TestStatement> {
  serial += 1;
  const id = crypto.randomUUID();
  const suffix = id.slice(0, 8).toUpperCase();
  // A period no other statement of this coach has (the table allows one a month per coach).
  const period = `${2100 + serial}-${String((serial % 12) + 1).padStart(2, "0")}`;
  const number = `CS-${period.replace("-", "")}-${suffix}`;
  await env.DB.prepare(
    `INSERT INTO coach_statements (id, number, coach_id, period, kind, supplier_name, supplier_abn, recipient_name, recipient_abn, line_count, gross_cents, share_cents, total_cents, issued_at)
     VALUES (?, ?, ?, ?, 'payment_statement', 'Test Coach', ?, 'ClarityAI Coaching Pty Ltd', '11000000000', 1, ?, ?, ?, ?)`,
  )
    .bind(id, number, coachId, period, EXAMPLE_ABN, totalCents, totalCents, totalCents, new Date().toISOString())
    .run();
  return { id, number, period, totalCents };
}

/** The coach's profile with their ABN confirmed (or, with `confirmed: false`, given but not confirmed). */
export async function setAbn(coachId: string, { confirmed = true }: { confirmed?: boolean } = {}) {
  await env.DB.prepare(
    `INSERT INTO coach_profiles (coach_id, legal_name, abn, abn_confirmed_at) VALUES (?, 'Test Coach', ?, ?)
     ON CONFLICT (coach_id) DO UPDATE SET abn = excluded.abn, abn_confirmed_at = excluded.abn_confirmed_at`,
  )
    .bind(coachId, EXAMPLE_ABN, confirmed ? new Date().toISOString() : null)
    .run();
}

export type PayoutRow = {
  id: string;
  statement_id: string;
  status: string;
  held_reason: string | null;
  idempotency_key: string;
  stripe_transfer_id: string | null;
  stripe_payout_id: string | null;
  failure_message: string | null;
  paid_at: string | null;
  last_event_at: number;
  attempt: number;
};

export async function payoutRowOf(statementId: string) {
  return env.DB.prepare("SELECT * FROM coach_payouts WHERE statement_id = ?").bind(statementId).first<PayoutRow>();
}

export async function payoutAccountRowOf(coachId: string) {
  return env.DB.prepare("SELECT * FROM coach_payout_accounts WHERE coach_id = ?").bind(coachId).first<{
    stripe_account_id: string;
    state: string;
    details_submitted: number;
    payouts_enabled: number;
    last_event_at: number;
  }>();
}
