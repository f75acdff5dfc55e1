-- The admin cockpit: content publishing, uploads, Stripe events that failed to apply and the MRR
-- ledger. Staff columns (author_id, uploaded_by, resolved_by) hold a user id without a foreign key,
-- as audit_log.actor_id does: the record outlives the account and names no one once it is gone.

-- Content may be scheduled: status 'scheduled' with scheduled_at (UTC ISO) is published by the cron
-- at that time, once. Statuses: draft | scheduled | published.
ALTER TABLE blog_posts ADD COLUMN scheduled_at TEXT;
ALTER TABLE case_studies ADD COLUMN scheduled_at TEXT;
ALTER TABLE resources ADD COLUMN scheduled_at TEXT;
CREATE INDEX blog_posts_scheduled_idx ON blog_posts (status, scheduled_at);
CREATE INDEX case_studies_scheduled_idx ON case_studies (status, scheduled_at);
CREATE INDEX resources_scheduled_idx ON resources (status, scheduled_at);

-- Every saved version of an editable piece of content, numbered from 1 per item. data is the JSON
-- snapshot of the item's editable fields; restoring copies it back and saves a new revision.
-- content_type: blog_post | case_study | resource | learning_module | learning_lesson | page_copy.
CREATE TABLE content_revisions (
  id TEXT PRIMARY KEY NOT NULL,
  content_type TEXT NOT NULL,
  content_id TEXT NOT NULL,
  number INTEGER NOT NULL,
  data TEXT NOT NULL,
  note TEXT NOT NULL DEFAULT '',
  author_id TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE UNIQUE INDEX content_revisions_item_number_unique ON content_revisions (content_type, content_id, number);

-- A slug an item used to have: its old public URL answers 301 to the item's current one.
CREATE TABLE content_redirects (
  content_type TEXT NOT NULL,
  from_slug TEXT NOT NULL,
  content_id TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (content_type, from_slug)
);

-- An uploaded image or file in the UPLOADS bucket. content_type is sniffed from the bytes, never
-- taken from the browser. variants (JSON [{ width, format, key, bytes }]) are an image's responsive
-- sizes (SPEC §9 widths).
CREATE TABLE media_assets (
  id TEXT PRIMARY KEY NOT NULL,
  kind TEXT NOT NULL,
  key TEXT NOT NULL,
  content_type TEXT NOT NULL,
  bytes INTEGER NOT NULL,
  width INTEGER,
  height INTEGER,
  variants TEXT NOT NULL DEFAULT '[]',
  original_name TEXT NOT NULL,
  alt TEXT NOT NULL DEFAULT '',
  uploaded_by TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE UNIQUE INDEX media_assets_key_unique ON media_assets (key);
CREATE INDEX media_assets_created_idx ON media_assets (created_at);

-- A verified Stripe event whose effect could not be applied (the handler threw). The payload is
-- kept as received so an admin can inspect it (personal data hidden on screen) and replay it; the
-- stripe_events id check keeps a replay to one effect. status: failed | replayed | dismissed |
-- applied (a later delivery from Stripe succeeded).
CREATE TABLE stripe_event_failures (
  event_id TEXT PRIMARY KEY NOT NULL,
  type TEXT NOT NULL,
  payload TEXT NOT NULL,
  error TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 1,
  first_failed_at TEXT NOT NULL,
  last_failed_at TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'failed',
  resolved_at TEXT,
  resolved_by TEXT
);
CREATE INDEX stripe_event_failures_status_idx ON stripe_event_failures (status, last_failed_at);

-- The MRR ledger: one row per change in a ClarityAI subscription's monthly recurring revenue
-- (excluding GST; a yearly plan counts a twelfth), written when a Stripe event changes it, once per
-- event. kind: new | expansion | contraction | churn | reactivation. No user column: the figures
-- stay true after an account is deleted.
CREATE TABLE subscription_mrr_changes (
  id TEXT PRIMARY KEY NOT NULL,
  stripe_subscription_id TEXT NOT NULL,
  stripe_customer_id TEXT NOT NULL,
  occurred_at TEXT NOT NULL,
  kind TEXT NOT NULL,
  tier_before TEXT,
  tier_after TEXT,
  mrr_before_cents INTEGER NOT NULL,
  mrr_after_cents INTEGER NOT NULL,
  source_event_id TEXT
);
CREATE INDEX subscription_mrr_changes_occurred_idx ON subscription_mrr_changes (occurred_at);
CREATE UNIQUE INDEX subscription_mrr_changes_event_unique ON subscription_mrr_changes (source_event_id);
