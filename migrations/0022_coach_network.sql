-- The coach network (app/coach-network/): each coach's profile and onboarding, the earnings ledger
-- (one line per completed session, one per refund that reverses a share) and the monthly statements
-- those lines are issued on. Applications (0023) and payouts (0025) have their own migrations.

-- A coach's public profile, tax details and onboarding. A coach is bookable only once
-- onboarding_completed_at is set (every checklist item done). Specialties and industries are JSON
-- arrays of the values in app/coach-network/specialties.ts.
CREATE TABLE coach_profiles (
  coach_id TEXT PRIMARY KEY NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  -- The name on tax paperwork: the coach's legal or business name as registered with their ABN.
  legal_name TEXT,
  phone TEXT,
  bio TEXT NOT NULL DEFAULT '',
  specialties TEXT NOT NULL DEFAULT '[]',
  industries TEXT NOT NULL DEFAULT '[]',
  -- The profile photo in the UPLOADS bucket, and when it last changed (cache-busting its URL).
  photo_key TEXT,
  photo_updated_at TEXT,
  -- Eleven digits; confirmed by the coach in onboarding (payouts are held until then).
  abn TEXT,
  gst_registered INTEGER NOT NULL DEFAULT 0,
  abn_confirmed_at TEXT,
  -- The coach agreement they accepted, and for a GST-registered coach the recipient-created tax
  -- invoice agreement (current while rcti_agreement_expires_at is in the future).
  agreement_version TEXT,
  agreement_accepted_at TEXT,
  rcti_agreement_accepted_at TEXT,
  rcti_agreement_expires_at TEXT,
  onboarding_completed_at TEXT,
  -- The portal's "new since your last visit": the visit before this one, and this one.
  portal_previous_visit_at TEXT,
  portal_last_visit_at TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- The monthly statement (Australia/Sydney calendar month) a coach's earnings lines are issued on:
-- a recipient-created tax invoice ('rcti') for a GST-registered coach with a current RCTI agreement,
-- otherwise a payment statement. Supplier and recipient details are copied as they were at issue.
-- Amounts in cents, AUD: gross_cents and gst_cents are what clients paid (GST-inclusive) and its GST;
-- share_cents is the coach's share excluding GST; share_gst_cents is GST on that share (RCTI only);
-- total_cents = share_cents + share_gst_cents is what the business owes the coach (never below 0;
-- a negative balance carries to the next statement as a line).
CREATE TABLE coach_statements (
  id TEXT PRIMARY KEY NOT NULL,
  number TEXT NOT NULL UNIQUE,
  coach_id TEXT NOT NULL REFERENCES users(id) ON DELETE RESTRICT,
  period TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('rcti', 'payment_statement')),
  supplier_name TEXT NOT NULL,
  supplier_abn TEXT,
  supplier_gst_registered INTEGER NOT NULL DEFAULT 0,
  recipient_name TEXT NOT NULL,
  recipient_abn TEXT NOT NULL,
  line_count INTEGER NOT NULL DEFAULT 0,
  gross_cents INTEGER NOT NULL DEFAULT 0,
  gst_cents INTEGER NOT NULL DEFAULT 0,
  fee_cents INTEGER NOT NULL DEFAULT 0,
  share_cents INTEGER NOT NULL DEFAULT 0,
  share_gst_cents INTEGER NOT NULL DEFAULT 0,
  total_cents INTEGER NOT NULL DEFAULT 0,
  issued_at TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE UNIQUE INDEX coach_statements_period_unique ON coach_statements (coach_id, period);

-- The earnings ledger: a 'session' line when a booking is completed (the share tier in force then,
-- the session's ordinal among the coach's completed sessions), a 'reversal' line for each refund of
-- a paid session (negative amounts). statement_id is set when the line is issued on a statement.
CREATE TABLE coach_earnings (
  id TEXT PRIMARY KEY NOT NULL,
  coach_id TEXT NOT NULL REFERENCES users(id) ON DELETE RESTRICT,
  booking_id TEXT NOT NULL REFERENCES bookings(id) ON DELETE RESTRICT,
  kind TEXT NOT NULL CHECK (kind IN ('session', 'reversal')),
  refund_id TEXT REFERENCES payment_refunds(id) ON DELETE RESTRICT,
  occurred_at TEXT NOT NULL,
  gross_cents INTEGER NOT NULL,
  gst_cents INTEGER NOT NULL,
  fee_cents INTEGER NOT NULL,
  share_cents INTEGER NOT NULL,
  share_rate_bp INTEGER NOT NULL,
  session_ordinal INTEGER,
  statement_id TEXT REFERENCES coach_statements(id) ON DELETE RESTRICT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE UNIQUE INDEX coach_earnings_session_unique ON coach_earnings (booking_id) WHERE kind = 'session';
CREATE UNIQUE INDEX coach_earnings_refund_unique ON coach_earnings (refund_id) WHERE refund_id IS NOT NULL;
CREATE INDEX coach_earnings_coach_idx ON coach_earnings (coach_id, occurred_at);
CREATE INDEX coach_earnings_statement_idx ON coach_earnings (statement_id);

-- Coaches who were taking bookings before onboarding existed keep taking them: their profile starts
-- complete (details they have not given stay empty; payouts wait for a confirmed ABN).
INSERT INTO coach_profiles (coach_id, onboarding_completed_at)
SELECT coach_id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM coach_schedules;
