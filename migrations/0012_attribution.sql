-- Attribution and conversions: one row per conversion (recorded once per dedupe key) with the
-- browser session's attribution, and page views as daily counters per path and source.

CREATE TABLE conversions (
  id TEXT PRIMARY KEY NOT NULL,
  type TEXT NOT NULL CHECK (type IN ('BOOKING_SUBMISSION', 'PAYMENT_COMPLETION', 'DISCOVERY_CALL_BOOKING', 'BEGIN_CHECKOUT', 'CONTACT_FORM', 'SOFTWARE_INQUIRY', 'PACKAGE_INQUIRY', 'PACKAGE_CHECKOUT')),
  dedupe_key TEXT NOT NULL UNIQUE,
  label TEXT,
  value_cents INTEGER NOT NULL DEFAULT 0 CHECK (value_cents >= 0),
  currency TEXT NOT NULL DEFAULT 'AUD',
  user_id TEXT REFERENCES users(id) ON DELETE SET NULL,
  occurred_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  report_date TEXT NOT NULL,
  source TEXT NOT NULL,
  medium TEXT NOT NULL,
  campaign TEXT NOT NULL,
  first_source TEXT NOT NULL,
  first_medium TEXT NOT NULL,
  first_campaign TEXT NOT NULL,
  attribution TEXT,
  attribution_session TEXT,
  gpc INTEGER NOT NULL DEFAULT 0,
  forward_status TEXT NOT NULL DEFAULT 'not_forwarded' CHECK (forward_status IN ('pending', 'forwarded', 'partly_forwarded', 'failed', 'not_forwarded', 'withheld_gpc')),
  forward_detail TEXT,
  forwarded_at TEXT
);
CREATE INDEX conversions_report_idx ON conversions (report_date, source, medium, campaign, type, value_cents);
CREATE INDEX conversions_first_touch_idx ON conversions (report_date, first_source, first_medium, first_campaign, type, value_cents);
CREATE INDEX conversions_forward_idx ON conversions (report_date, forward_status, type);
CREATE INDEX conversions_user_idx ON conversions (user_id);
CREATE INDEX conversions_session_idx ON conversions (attribution_session);

CREATE TABLE page_view_counts (
  day TEXT NOT NULL,
  source TEXT NOT NULL,
  medium TEXT NOT NULL,
  campaign TEXT NOT NULL,
  path TEXT NOT NULL,
  views INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (day, source, medium, campaign, path)
);
