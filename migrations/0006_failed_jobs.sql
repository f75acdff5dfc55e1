-- Jobs that reached the dead-letter queue, the incidents the team was alerted about, the last error
-- of a job on its way to the dead-letter queue, and the outbox sweep's re-enqueue counts.
CREATE TABLE job_incidents (
  id TEXT PRIMARY KEY NOT NULL,
  open_key TEXT CHECK (open_key IN ('open')),
  opened_at TEXT DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  closed_at TEXT
);
CREATE UNIQUE INDEX job_incidents_open_key_unique ON job_incidents (open_key);

CREATE TABLE failed_jobs (
  id TEXT PRIMARY KEY NOT NULL,
  message_id TEXT NOT NULL,
  type TEXT NOT NULL,
  body TEXT NOT NULL,
  outbox_id TEXT,
  error TEXT,
  attempts INTEGER NOT NULL,
  queued_at TEXT NOT NULL,
  failed_at TEXT NOT NULL,
  recorded_at TEXT DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  status TEXT DEFAULT 'failed' NOT NULL CHECK (status IN ('failed', 'replayed', 'dismissed')),
  incident_id TEXT REFERENCES job_incidents(id) ON DELETE SET NULL,
  resolved_at TEXT,
  resolved_by TEXT REFERENCES users(id) ON DELETE SET NULL
);
CREATE UNIQUE INDEX failed_jobs_message_id_unique ON failed_jobs (message_id);
CREATE INDEX failed_jobs_status_idx ON failed_jobs (status, recorded_at);
CREATE INDEX failed_jobs_outbox_idx ON failed_jobs (outbox_id);

CREATE TABLE job_errors (
  message_id TEXT PRIMARY KEY NOT NULL,
  error TEXT NOT NULL,
  failed_at TEXT DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);

CREATE TABLE outbox_requeues (
  outbox_id TEXT PRIMARY KEY NOT NULL,
  count INTEGER NOT NULL,
  last_requeued_at TEXT NOT NULL
);
