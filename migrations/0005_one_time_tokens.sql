-- One-time codes: a link carries a random token of its own (stored here only as its SHA-256), the
-- 6-digit code is looked up with the address it was sent to, and wrong codes are counted per row.
-- Outstanding codes live for an hour at most, so the table is rebuilt empty rather than migrated.
DROP TABLE one_time_tokens;

CREATE TABLE one_time_tokens (
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token_type TEXT NOT NULL,
  token_hash TEXT NOT NULL,
  link_hash TEXT NOT NULL,
  relates_to TEXT NOT NULL,
  failed_attempts INTEGER DEFAULT 0 NOT NULL,
  created_at TEXT DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
CREATE INDEX one_time_tokens_address_idx ON one_time_tokens (relates_to, token_type);
CREATE UNIQUE INDEX one_time_tokens_link_unique ON one_time_tokens (link_hash);
CREATE UNIQUE INDEX one_time_tokens_user_type_unique ON one_time_tokens (user_id, token_type);
