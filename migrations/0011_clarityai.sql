-- ClarityAI: subscriptions through Stripe, the AI coach's conversation index, usage, expert
-- escalations, and the full-text index of the site's own content the coach links to.

CREATE TABLE billing_customers (
  user_id TEXT PRIMARY KEY NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  stripe_customer_id TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE ai_subscriptions (
  user_id TEXT PRIMARY KEY NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  stripe_customer_id TEXT NOT NULL,
  stripe_subscription_id TEXT,
  tier TEXT CHECK (tier IN ('lite', 'pro')),
  billing_interval TEXT CHECK (billing_interval IN ('month', 'year')),
  status TEXT NOT NULL,
  current_period_end TEXT,
  cancel_at_period_end INTEGER NOT NULL DEFAULT 0,
  past_due_since TEXT,
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX ai_subscriptions_customer_idx ON ai_subscriptions (stripe_customer_id);

CREATE TABLE stripe_events (
  id TEXT PRIMARY KEY NOT NULL,
  type TEXT NOT NULL,
  received_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE billing_invoices (
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  stripe_customer_id TEXT NOT NULL,
  number TEXT,
  status TEXT NOT NULL,
  currency TEXT NOT NULL,
  total_cents INTEGER NOT NULL,
  tax_cents INTEGER NOT NULL,
  description TEXT NOT NULL,
  period_start TEXT,
  period_end TEXT,
  paid_at TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX billing_invoices_user_created_idx ON billing_invoices (user_id, created_at);

CREATE TABLE payments_sandbox_objects (
  id TEXT PRIMARY KEY NOT NULL,
  object TEXT NOT NULL,
  customer TEXT,
  data TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX payments_sandbox_objects_customer_idx ON payments_sandbox_objects (object, customer);

CREATE TABLE ai_conversations (
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  title TEXT NOT NULL,
  tier TEXT NOT NULL CHECK (tier IN ('lite', 'pro')),
  message_count INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  last_activity_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX ai_conversations_user_activity_idx ON ai_conversations (user_id, last_activity_at);
CREATE INDEX ai_conversations_activity_idx ON ai_conversations (last_activity_at);

CREATE TABLE ai_usage (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  day TEXT NOT NULL,
  messages INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, day)
);

CREATE TABLE ai_escalations (
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  conversation_id TEXT NOT NULL,
  message_id TEXT NOT NULL,
  "trigger" TEXT NOT NULL CHECK ("trigger" IN ('model', 'user')),
  reason TEXT,
  question TEXT,
  transcript TEXT,
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'assigned', 'resolved')),
  assigned_to TEXT REFERENCES users(id) ON DELETE SET NULL,
  reply TEXT,
  replied_at TEXT,
  resolved_at TEXT,
  transcript_purged_at TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE UNIQUE INDEX ai_escalations_message_unique ON ai_escalations (conversation_id, message_id);
CREATE INDEX ai_escalations_status_created_idx ON ai_escalations (status, created_at);
CREATE INDEX ai_escalations_user_created_idx ON ai_escalations (user_id, created_at);

-- The site's own articles, resources and service pages, searched by the AI coach to link to them
-- and by the offline coach to answer from them. Rebuilt from the content by the seed.
CREATE VIRTUAL TABLE content_search USING fts5(kind UNINDEXED, path UNINDEXED, title, body, tokenize = 'porter unicode61');
