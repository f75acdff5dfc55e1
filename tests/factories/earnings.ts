import { env } from "cloudflare:workers";
import { lineAmounts, shareRateFor } from "~/coach-network/share-tiers";

// The coach network's earnings: a coach's tax profile, and completed sessions with their ledger
// lines written straight into D1 (for tier and statement tests that need many of them).

export type CoachTaxOptions = {
  legalName?: string;
  abn?: string | null;
  gstRegistered?: boolean;
  /** An RCTI agreement accepted, current until this instant (null: none). */
  rctiUntil?: string | null;
};

/** Gives the coach a completed profile with these tax details (replacing any). */
export async function setCoachTaxProfile(coachId: string, options: CoachTaxOptions = {}) {
  const rcti = options.rctiUntil ?? null;
  await env.DB.prepare(
    `INSERT INTO coach_profiles (coach_id, legal_name, abn, gst_registered, abn_confirmed_at, rcti_agreement_accepted_at, rcti_agreement_expires_at, onboarding_completed_at)
     VALUES (?1, ?2, ?3, ?4, '2026-01-01T00:00:00.000Z', ?5, ?6, '2026-01-01T00:00:00.000Z')
     ON CONFLICT (coach_id) DO UPDATE SET legal_name = ?2, abn = ?3, gst_registered = ?4, rcti_agreement_accepted_at = ?5, rcti_agreement_expires_at = ?6`,
  )
    .bind(
      coachId,
      options.legalName ?? "Casey Coach Consulting Pty Ltd",
      options.abn === undefined ? "51824753556" : options.abn,
      options.gstRegistered ? 1 : 0,
      rcti ? "2026-01-01T00:00:00.000Z" : null,
      rcti,
    )
    .run();
}

/**
 * `count` completed 60-minute card sessions of A$150 for the coach, each with its session line
 * (ordinals continuing from what the coach has), occurring at `occurredAt`. Answers the booking ids.
 */
export async function seedCompletedSessions(coachId: string, count: number, occurredAt: string, priceCents = 15_000): Promise<string[]> {
  const existing = await env.DB.prepare("SELECT COUNT(*) AS n FROM coach_earnings WHERE coach_id = ? AND kind = 'session'")
    .bind(coachId)
    .first<{ n: number }>();
  const start = existing?.n ?? 0;
  const ids: string[] = [];
  const statements: D1PreparedStatement[] = [];
  for (let i = 0; i < count; i++) {
    const id = crypto.randomUUID();
    ids.push(id);
    const ordinal = start + i + 1;
    const rate = shareRateFor(ordinal);
    const line = lineAmounts(priceCents, rate);
    const startsAt = new Date(Date.parse(occurredAt) - 2 * 3_600_000).toISOString();
    statements.push(
      env.DB.prepare(
        `INSERT INTO bookings (id, reference, coach_id, booking_type_id, starts_at, ends_at, status, name, email, client_time_zone, payment_method, price_cents)
         VALUES (?, ?, ?, 'session-60', ?, ?, 'completed', 'Jordan Client', ?, 'Australia/Sydney', 'card', ?)`,
      ).bind(
        id,
        `CA-${id.slice(0, 6).toUpperCase()}`,
        coachId,
        startsAt,
        new Date(Date.parse(startsAt) + 3_600_000).toISOString(),
        `client.${id.slice(0, 8)}@example.com.au`,
        priceCents,
      ),
      env.DB.prepare(
        `INSERT INTO coach_earnings (id, coach_id, booking_id, kind, occurred_at, gross_cents, gst_cents, fee_cents, share_cents, share_rate_bp, session_ordinal)
         VALUES (?, ?, ?, 'session', ?, ?, ?, ?, ?, ?, ?)`,
      ).bind(crypto.randomUUID(), coachId, id, occurredAt, line.grossCents, line.gstCents, line.feeCents, line.shareCents, rate, ordinal),
    );
  }
  for (let i = 0; i < statements.length; i += 100) await env.DB.batch(statements.slice(i, i + 100));
  return ids;
}

export type EarningDbRow = {
  id: string;
  kind: string;
  booking_id: string;
  refund_id: string | null;
  occurred_at: string;
  gross_cents: number;
  gst_cents: number;
  fee_cents: number;
  share_cents: number;
  share_rate_bp: number;
  session_ordinal: number | null;
  statement_id: string | null;
};

/** A booking's ledger lines, session first. */
export async function earningLines(bookingId: string): Promise<EarningDbRow[]> {
  return (
    await env.DB.prepare("SELECT * FROM coach_earnings WHERE booking_id = ? ORDER BY kind = 'reversal', created_at, rowid").bind(bookingId).all<EarningDbRow>()
  ).results;
}
