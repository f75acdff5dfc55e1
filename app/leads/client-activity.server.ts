import type { Db } from "~/db/client.server";

// People who book or pay are leads too: one lead per person (matched by email), with an activity
// per booking ("booked a discovery call", "booked a paid session") and one "became a paying client"
// at their first payment (a session, a package or a ClarityAI invoice). Migration 0021 ran these
// statements for every address; the booking and payment code runs them for one address as it
// confirms a booking or records a payment. Each statement is idempotent (an activity is keyed by
// its event), and a lead that exists keeps its details, owner and consent: a booking or payment is
// not marketing consent, and what a booking form says can't overwrite what the person told us.

/** A booking counts once it was confirmed: a hold never paid for is not a booking. */
const BOOKED = `(b.status IN ('confirmed', 'completed', 'no_show')
    OR (b.status = 'cancelled' AND (b.payment_method <> 'card' OR EXISTS (SELECT 1 FROM booking_payments p WHERE p.booking_id = b.id))))
  AND b.email NOT LIKE '%@invalid'`;

/**
 * A payment is kept as a tax record after its payer deletes their account: it counts only while it
 * is still someone's (an account's, or a guest booking's that still has the address).
 */
const STILL_THEIRS = `(p.user_id IS NOT NULL
    OR EXISTS (SELECT 1 FROM bookings pb WHERE pb.id = p.booking_id AND lower(trim(pb.email)) = lower(trim(p.customer_email))))`;

const PAYMENTS = (only: string, onlyUser: string) => `
  SELECT lower(trim(p.customer_email)) AS email, p.customer_name AS name, p.description AS what, p.paid_at AS at
  FROM booking_payments p WHERE ${STILL_THEIRS}${only}
  UNION ALL
  SELECT lower(trim(u.email)), coalesce(nullif(trim(coalesce(pr.first_name, '') || ' ' || coalesce(pr.last_name, '')), ''), u.email),
    i.description, coalesce(i.paid_at, i.created_at)
  FROM billing_invoices i JOIN users u ON u.id = i.user_id LEFT JOIN profiles pr ON pr.user_id = u.id
  WHERE i.status = 'paid' AND i.total_cents > 0 AND u.email IS NOT NULL${onlyUser}`;

/** The statements, for every address (`forOne` false) or for the address bound as ?1. */
export function clientActivityStatements(forOne: boolean): string[] {
  const only = (column: string) => (forOne ? ` AND ${column} = ?1` : "");
  return [
    `INSERT INTO leads (id, email, name, company, phone, source, created_at, updated_at, last_activity_at)
    SELECT lower(hex(randomblob(16))), lower(trim(b.email)), b.name, nullif(trim(b.company), ''), nullif(trim(b.phone), ''), 'booking',
      min(b.created_at), min(b.created_at), min(b.created_at)
    FROM bookings b
    WHERE ${BOOKED}${only("lower(trim(b.email))")}
    GROUP BY lower(trim(b.email))
    ON CONFLICT DO NOTHING`,
    `INSERT INTO lead_activities (id, lead_id, source, kind, event_key, message, details, created_at, updated_at)
    SELECT lower(hex(randomblob(16))), l.id, 'booking', iif(t.kind = 'discovery', 'discovery-call', 'paid-session'), 'booking:' || b.id,
      t.name || ' (booking ' || b.reference || ')', json_object('name', b.name, 'company', nullif(trim(b.company), ''), 'phone', nullif(trim(b.phone), '')),
      b.created_at, b.created_at
    FROM bookings b
    JOIN booking_types t ON t.id = b.booking_type_id
    JOIN leads l ON l.email = lower(trim(b.email))
    WHERE ${BOOKED}${only("lower(trim(b.email))")}
    ON CONFLICT DO NOTHING`,
    `INSERT INTO leads (id, email, name, source, created_at, updated_at, last_activity_at)
    SELECT lower(hex(randomblob(16))), payer.email, payer.name, 'booking', min(payer.at), min(payer.at), min(payer.at)
    FROM (${PAYMENTS(only("lower(trim(p.customer_email))"), only("lower(trim(u.email))"))}) payer
    WHERE payer.email <> ''
    GROUP BY payer.email
    ON CONFLICT DO NOTHING`,
    `INSERT INTO lead_activities (id, lead_id, source, kind, event_key, message, created_at, updated_at)
    SELECT lower(hex(randomblob(16))), l.id, 'booking', 'paying-client', 'paying-client', 'First payment: ' || payer.what, min(payer.at), min(payer.at)
    FROM (${PAYMENTS(only("lower(trim(p.customer_email))"), only("lower(trim(u.email))"))}) payer
    JOIN leads l ON l.email = payer.email
    WHERE true
    GROUP BY l.id
    ON CONFLICT DO NOTHING`,
    `UPDATE leads SET last_activity_at = (SELECT max(a.created_at) FROM lead_activities a WHERE a.lead_id = leads.id)
    WHERE (SELECT max(a.created_at) FROM lead_activities a WHERE a.lead_id = leads.id) > last_activity_at${only("leads.email")}`,
  ];
}

const FOR_ONE = clientActivityStatements(true);

/**
 * Records what this address booked and paid in its lead (creating the lead if there is none), in
 * one batch. Never fails the booking or payment that called it: a failure is logged, and the next
 * booking or payment of the address records what was missed.
 */
export async function recordClientActivity(db: Db, emails: (string | null | undefined)[]): Promise<void> {
  const addresses = [...new Set(emails.map((email) => email?.trim().toLowerCase()).filter((email): email is string => Boolean(email)))];
  if (!addresses.length) return;
  try {
    await db.$client.batch(addresses.flatMap((email) => FOR_ONE.map((statement) => db.$client.prepare(statement).bind(email))));
  } catch (error) {
    console.error("leads: could not record a booking or payment in the leads list:", error instanceof Error ? error.message : "unknown error");
  }
}
