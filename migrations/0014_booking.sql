-- Booking: what can be booked, the coaches' schedules, bookings (UTC), the notices sent about them,
-- package credits as a ledger, one-off payments with their tax invoices, refunds with their credit
-- notes, money-back guarantee requests, and email attachments (calendar invites).

CREATE TABLE booking_types (
  id TEXT PRIMARY KEY NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('discovery', 'session')),
  name TEXT NOT NULL,
  description TEXT NOT NULL,
  duration_minutes INTEGER NOT NULL,
  price_cents INTEGER NOT NULL,
  min_notice_minutes INTEGER NOT NULL,
  active INTEGER NOT NULL DEFAULT 1,
  sort_order INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE booking_packages (
  id TEXT PRIMARY KEY NOT NULL,
  name TEXT NOT NULL,
  description TEXT NOT NULL,
  sessions INTEGER NOT NULL,
  duration_minutes INTEGER NOT NULL,
  price_cents INTEGER NOT NULL,
  validity_months INTEGER NOT NULL,
  active INTEGER NOT NULL DEFAULT 1,
  sort_order INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE coach_schedules (
  coach_id TEXT PRIMARY KEY NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  slug TEXT NOT NULL UNIQUE,
  display_name TEXT NOT NULL,
  headline TEXT NOT NULL DEFAULT '',
  time_zone TEXT NOT NULL,
  state TEXT NOT NULL,
  weekly_hours TEXT NOT NULL,
  buffer_minutes INTEGER NOT NULL DEFAULT 15,
  daily_max INTEGER NOT NULL DEFAULT 6,
  horizon_days INTEGER NOT NULL DEFAULT 60,
  observe_holidays INTEGER NOT NULL DEFAULT 1,
  accepting_bookings INTEGER NOT NULL DEFAULT 1,
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE coach_date_overrides (
  coach_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  date TEXT NOT NULL,
  intervals TEXT NOT NULL
);
CREATE UNIQUE INDEX coach_date_overrides_unique ON coach_date_overrides (coach_id, date);

CREATE TABLE coach_time_off (
  id TEXT PRIMARY KEY NOT NULL,
  coach_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  starts_at TEXT NOT NULL,
  ends_at TEXT NOT NULL,
  note TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX coach_time_off_coach_idx ON coach_time_off (coach_id, starts_at);

CREATE TABLE bookings (
  id TEXT PRIMARY KEY NOT NULL,
  reference TEXT NOT NULL UNIQUE,
  coach_id TEXT NOT NULL REFERENCES users(id) ON DELETE RESTRICT,
  client_id TEXT REFERENCES users(id) ON DELETE SET NULL,
  booking_type_id TEXT NOT NULL REFERENCES booking_types(id),
  starts_at TEXT NOT NULL,
  ends_at TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('held', 'confirmed', 'cancelled', 'expired', 'completed', 'no_show')),
  hold_expires_at TEXT,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  company TEXT,
  phone TEXT,
  business_type TEXT,
  notes TEXT,
  client_time_zone TEXT NOT NULL,
  payment_method TEXT NOT NULL CHECK (payment_method IN ('free', 'card', 'credit')),
  price_cents INTEGER NOT NULL DEFAULT 0,
  stripe_checkout_session_id TEXT,
  sequence INTEGER NOT NULL DEFAULT 0,
  cancelled_at TEXT,
  cancelled_by TEXT,
  cancel_reason TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX bookings_coach_starts_idx ON bookings (coach_id, starts_at);
CREATE INDEX bookings_client_starts_idx ON bookings (client_id, starts_at);
CREATE INDEX bookings_email_idx ON bookings (email);
CREATE INDEX bookings_status_starts_idx ON bookings (status, starts_at);
CREATE UNIQUE INDEX bookings_checkout_unique ON bookings (stripe_checkout_session_id);

CREATE TABLE booking_notices (
  booking_id TEXT NOT NULL REFERENCES bookings(id) ON DELETE CASCADE,
  kind TEXT NOT NULL,
  sent_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE UNIQUE INDEX booking_notices_unique ON booking_notices (booking_id, kind);

CREATE TABLE package_purchases (
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  package_id TEXT NOT NULL REFERENCES booking_packages(id),
  sessions INTEGER NOT NULL,
  duration_minutes INTEGER NOT NULL,
  price_cents INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'paid', 'refunded')),
  stripe_checkout_session_id TEXT UNIQUE,
  paid_at TEXT,
  expires_at TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX package_purchases_user_idx ON package_purchases (user_id, created_at);

CREATE TABLE credit_ledger (
  id TEXT PRIMARY KEY NOT NULL,
  purchase_id TEXT NOT NULL REFERENCES package_purchases(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  delta INTEGER NOT NULL,
  reason TEXT NOT NULL CHECK (reason IN ('purchase', 'booking', 'cancellation', 'refund')),
  booking_id TEXT REFERENCES bookings(id) ON DELETE SET NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX credit_ledger_purchase_idx ON credit_ledger (purchase_id);
CREATE UNIQUE INDEX credit_ledger_booking_reason_unique ON credit_ledger (booking_id, reason);

CREATE TABLE booking_payments (
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT REFERENCES users(id) ON DELETE SET NULL,
  booking_id TEXT REFERENCES bookings(id) ON DELETE SET NULL,
  purchase_id TEXT REFERENCES package_purchases(id) ON DELETE SET NULL,
  invoice_number TEXT NOT NULL UNIQUE,
  description TEXT NOT NULL,
  customer_name TEXT NOT NULL,
  customer_email TEXT NOT NULL,
  amount_cents INTEGER NOT NULL,
  gst_cents INTEGER NOT NULL,
  refunded_cents INTEGER NOT NULL DEFAULT 0,
  status TEXT NOT NULL CHECK (status IN ('paid', 'partially_refunded', 'refunded')),
  stripe_checkout_session_id TEXT NOT NULL UNIQUE,
  stripe_payment_intent_id TEXT,
  paid_at TEXT NOT NULL
);
CREATE INDEX booking_payments_user_idx ON booking_payments (user_id, paid_at);

CREATE TABLE payment_refunds (
  id TEXT PRIMARY KEY NOT NULL,
  payment_id TEXT NOT NULL REFERENCES booking_payments(id) ON DELETE CASCADE,
  credit_note_number TEXT NOT NULL UNIQUE,
  amount_cents INTEGER NOT NULL,
  gst_cents INTEGER NOT NULL,
  reason TEXT NOT NULL,
  stripe_refund_id TEXT UNIQUE,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX payment_refunds_payment_idx ON payment_refunds (payment_id);

CREATE TABLE refund_requests (
  id TEXT PRIMARY KEY NOT NULL,
  booking_id TEXT NOT NULL UNIQUE REFERENCES bookings(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  reason TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'requested' CHECK (status IN ('requested', 'approved', 'declined')),
  decided_by TEXT REFERENCES users(id) ON DELETE SET NULL,
  decided_at TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX refund_requests_status_idx ON refund_requests (status, created_at);

CREATE TABLE document_counters (
  series TEXT PRIMARY KEY NOT NULL,
  value INTEGER NOT NULL
);

-- Calendar invites travel with their email: JSON [{ filename, contentType, content }].
ALTER TABLE email_outbox ADD COLUMN attachments TEXT;
