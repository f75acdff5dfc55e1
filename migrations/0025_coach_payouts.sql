-- Coach payouts through Stripe Connect (app/coach-network/payout-*.ts): each coach's Express
-- connected account, and one payout per issued statement (a transfer to that account, then a payout
-- from it to the coach's bank account).

-- The coach's connected account as Stripe last told us: what its onboarding state is built from
-- (app/coach-network/payout-state.ts). last_event_at is the Stripe time (seconds) of the newest
-- account.updated applied, or of the last read from Stripe: an older event arriving later is ignored.
CREATE TABLE coach_payout_accounts (
  coach_id TEXT PRIMARY KEY NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  stripe_account_id TEXT NOT NULL UNIQUE,
  state TEXT NOT NULL CHECK (state IN ('details_needed', 'pending_verification', 'active', 'restricted')),
  details_submitted INTEGER NOT NULL DEFAULT 0,
  payouts_enabled INTEGER NOT NULL DEFAULT 0,
  transfers_active INTEGER NOT NULL DEFAULT 0,
  -- JSON arrays of Stripe's requirement names (requirements.currently_due and past_due), and why
  -- Stripe disabled the account, if it did (requirements.disabled_reason).
  requirements_due TEXT NOT NULL DEFAULT '[]',
  requirements_past_due TEXT NOT NULL DEFAULT '[]',
  disabled_reason TEXT,
  last_event_at INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- One payout per statement whose total is above zero: 'held' until the coach's ABN is confirmed
-- and their account is active (held_reason says which is missing), 'pending' once the transfer is
-- made (transfer_group = the statement id, idempotency_key derived from it), then 'paid' when the
-- payout to the coach's bank lands, or 'failed' (the payout failed or the transfer was reversed).
-- last_event_at: the Stripe time (seconds) of the newest transfer.* or payout.* event applied.
CREATE TABLE coach_payouts (
  id TEXT PRIMARY KEY NOT NULL,
  statement_id TEXT NOT NULL UNIQUE REFERENCES coach_statements(id) ON DELETE RESTRICT,
  coach_id TEXT NOT NULL REFERENCES users(id) ON DELETE RESTRICT,
  amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
  currency TEXT NOT NULL DEFAULT 'aud',
  status TEXT NOT NULL CHECK (status IN ('held', 'pending', 'paid', 'failed')),
  held_reason TEXT CHECK (held_reason IN ('abn_unconfirmed', 'account_not_active')),
  idempotency_key TEXT NOT NULL UNIQUE,
  stripe_account_id TEXT,
  stripe_transfer_id TEXT UNIQUE,
  stripe_payout_id TEXT UNIQUE,
  failure_message TEXT,
  transferred_at TEXT,
  paid_at TEXT,
  last_event_at INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX coach_payouts_coach_idx ON coach_payouts (coach_id, created_at);
CREATE INDEX coach_payouts_status_idx ON coach_payouts (status);
