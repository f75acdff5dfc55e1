-- One lead per person, with its enquiries as activities (contact and booking requests, resource
-- downloads, Service Assistant conversations), a sales status, an owner and notes.
-- Existing leads with the same email address (in any case) merge into the oldest one: it keeps its
-- id and first source and takes the newest name and details; every old row becomes an activity.

CREATE TABLE leads_merged (
  id TEXT PRIMARY KEY NOT NULL,
  email TEXT NOT NULL,
  name TEXT NOT NULL,
  company TEXT,
  phone TEXT,
  business_type TEXT,
  source TEXT NOT NULL CHECK (source IN ('contact', 'booking', 'resource', 'service-chat')),
  status TEXT DEFAULT 'new' NOT NULL CHECK (status IN ('new', 'contacted', 'won', 'lost')),
  owner_id TEXT REFERENCES users(id) ON DELETE SET NULL,
  notes TEXT,
  marketing_consent_at TEXT,
  marketing_consent_source TEXT,
  created_at TEXT DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  updated_at TEXT DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  last_activity_at TEXT DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);

WITH ranked AS (
  SELECT *, lower(trim(email)) AS email_key,
    row_number() OVER (PARTITION BY lower(trim(email)) ORDER BY created_at, id) AS oldest,
    row_number() OVER (PARTITION BY lower(trim(email)) ORDER BY created_at DESC, id DESC) AS newest
  FROM leads
)
INSERT INTO leads_merged (id, email, name, company, phone, business_type, source, marketing_consent_at, marketing_consent_source, created_at, updated_at, last_activity_at)
SELECT o.id, o.email_key, n.name, coalesce(n.company, o.company), coalesce(n.phone, o.phone), coalesce(n.business_type, o.business_type), o.source,
  (SELECT c.marketing_consent_at FROM leads c WHERE lower(trim(c.email)) = o.email_key AND c.marketing_consent_at IS NOT NULL ORDER BY c.marketing_consent_at DESC LIMIT 1),
  (SELECT c.marketing_consent_source FROM leads c WHERE lower(trim(c.email)) = o.email_key AND c.marketing_consent_at IS NOT NULL ORDER BY c.marketing_consent_at DESC LIMIT 1),
  o.created_at, n.created_at, n.created_at
FROM ranked o JOIN ranked n ON n.email_key = o.email_key AND n.newest = 1
WHERE o.oldest = 1;

CREATE TABLE lead_activities (
  id TEXT PRIMARY KEY NOT NULL,
  lead_id TEXT NOT NULL REFERENCES leads_merged(id) ON DELETE CASCADE,
  source TEXT NOT NULL CHECK (source IN ('contact', 'booking', 'resource', 'service-chat')),
  message TEXT,
  resource_slug TEXT,
  conversation_key TEXT,
  transcript TEXT,
  page_path TEXT,
  attribution TEXT,
  created_at TEXT DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  updated_at TEXT DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);

INSERT INTO lead_activities (id, lead_id, source, message, resource_slug, created_at, updated_at)
SELECT l.id, m.id, l.source, l.message, l.resource_slug, l.created_at, l.created_at
FROM leads l JOIN leads_merged m ON m.email = lower(trim(l.email));

DROP TABLE leads;
ALTER TABLE leads_merged RENAME TO leads;

CREATE UNIQUE INDEX leads_email_unique ON leads (email);
CREATE INDEX leads_last_activity_idx ON leads (last_activity_at);
CREATE INDEX lead_activities_lead_idx ON lead_activities (lead_id, created_at);
CREATE UNIQUE INDEX lead_activities_conversation_unique ON lead_activities (lead_id, conversation_key);
