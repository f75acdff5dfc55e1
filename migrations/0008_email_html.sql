-- Emails carry an HTML part beside the plain-text one, and a category. Marketing mail carries an
-- unsubscribe link and is never sent to an address that opted out: such a message is recorded as
-- "suppressed". SQLite cannot change a CHECK constraint in place, so the outbox is rebuilt (no
-- table refers to it); existing rows keep their text and get no HTML part.
CREATE TABLE email_outbox_next (
  id TEXT PRIMARY KEY NOT NULL,
  dedupe_key TEXT NOT NULL,
  to_address TEXT NOT NULL,
  subject TEXT NOT NULL,
  text_body TEXT NOT NULL,
  html_body TEXT,
  category TEXT DEFAULT 'transactional' NOT NULL CHECK (category IN ('transactional', 'marketing')),
  status TEXT NOT NULL CHECK (status IN ('pending', 'sent', 'stored', 'suppressed')),
  provider TEXT NOT NULL,
  created_at TEXT DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  sent_at TEXT
);
INSERT INTO email_outbox_next (id, dedupe_key, to_address, subject, text_body, status, provider, created_at, sent_at)
  SELECT id, dedupe_key, to_address, subject, text_body, status, provider, created_at, sent_at FROM email_outbox;
DROP TABLE email_outbox;
ALTER TABLE email_outbox_next RENAME TO email_outbox;
CREATE UNIQUE INDEX email_outbox_dedupe_key_unique ON email_outbox (dedupe_key);
CREATE INDEX email_outbox_status_created_idx ON email_outbox (status, created_at);

-- Addresses that unsubscribed from marketing mail, lower-case. Kept after an account is deleted,
-- so the opt-out keeps being honoured.
CREATE TABLE email_suppressions (
  email TEXT PRIMARY KEY NOT NULL,
  reason TEXT NOT NULL CHECK (reason IN ('unsubscribed')),
  created_at TEXT DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
