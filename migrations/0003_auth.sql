-- Accounts: the GoTrue-compatible auth service (identities, sessions, refresh tokens, MFA,
-- one-time tokens, PKCE flow state), the audit log, and the local signing key.
ALTER TABLE users ADD COLUMN banned_until TEXT;
ALTER TABLE users ADD COLUMN email_change TEXT;
ALTER TABLE users ADD COLUMN phone_change TEXT;
ALTER TABLE users ADD COLUMN confirmation_sent_at TEXT;
ALTER TABLE users ADD COLUMN recovery_sent_at TEXT;
ALTER TABLE users ADD COLUMN email_change_sent_at TEXT;
ALTER TABLE users ADD COLUMN reauthentication_sent_at TEXT;
-- Set once, when the onboarding email is enqueued (SPEC §7: at most once per user).
ALTER TABLE users ADD COLUMN onboarding_enqueued_at TEXT;

ALTER TABLE profiles ADD COLUMN business_type TEXT;
ALTER TABLE profiles ADD COLUMN state TEXT;
ALTER TABLE profiles ADD COLUMN abn TEXT;

CREATE TABLE identities (
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  provider TEXT NOT NULL,
  provider_id TEXT NOT NULL,
  identity_data TEXT DEFAULT '{}' NOT NULL,
  email TEXT,
  last_sign_in_at TEXT,
  created_at TEXT DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  updated_at TEXT DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
CREATE UNIQUE INDEX identities_provider_unique ON identities (provider, provider_id);
CREATE INDEX identities_user_idx ON identities (user_id);

CREATE TABLE auth_sessions (
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  aal TEXT DEFAULT 'aal1' NOT NULL CHECK (aal IN ('aal1', 'aal2')),
  amr TEXT DEFAULT '[]' NOT NULL,
  factor_id TEXT,
  user_agent TEXT,
  ip_hash TEXT,
  created_at TEXT DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  updated_at TEXT DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  refreshed_at TEXT,
  revoked_at TEXT
);
CREATE INDEX auth_sessions_user_idx ON auth_sessions (user_id);

-- Refresh tokens are stored as SHA-256 hashes; each use rotates to a child token.
CREATE TABLE refresh_tokens (
  token_hash TEXT PRIMARY KEY NOT NULL,
  session_id TEXT NOT NULL REFERENCES auth_sessions(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  parent_hash TEXT,
  revoked_at TEXT,
  created_at TEXT DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
CREATE INDEX refresh_tokens_session_idx ON refresh_tokens (session_id);
CREATE INDEX refresh_tokens_parent_idx ON refresh_tokens (parent_hash);

CREATE TABLE mfa_factors (
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  friendly_name TEXT,
  factor_type TEXT NOT NULL CHECK (factor_type IN ('totp', 'phone')),
  status TEXT DEFAULT 'unverified' NOT NULL CHECK (status IN ('unverified', 'verified')),
  secret TEXT,
  phone TEXT,
  last_challenged_at TEXT,
  created_at TEXT DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  updated_at TEXT DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
CREATE INDEX mfa_factors_user_idx ON mfa_factors (user_id);
CREATE UNIQUE INDEX mfa_factors_user_name_unique ON mfa_factors (user_id, friendly_name);

CREATE TABLE mfa_challenges (
  id TEXT PRIMARY KEY NOT NULL,
  factor_id TEXT NOT NULL REFERENCES mfa_factors(id) ON DELETE CASCADE,
  ip_hash TEXT,
  otp_code_hash TEXT,
  created_at TEXT DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  verified_at TEXT
);
CREATE INDEX mfa_challenges_factor_idx ON mfa_challenges (factor_id);

-- Confirmation, recovery, magic-link, email/phone change and reauthentication codes, hashed.
CREATE TABLE one_time_tokens (
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token_type TEXT NOT NULL,
  token_hash TEXT NOT NULL,
  relates_to TEXT NOT NULL,
  created_at TEXT DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
CREATE INDEX one_time_tokens_hash_idx ON one_time_tokens (token_hash);
CREATE UNIQUE INDEX one_time_tokens_user_type_unique ON one_time_tokens (user_id, token_type);

-- PKCE: the code challenge of a flow, and the auth code issued when it completes.
CREATE TABLE flow_states (
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT REFERENCES users(id) ON DELETE CASCADE,
  auth_code TEXT NOT NULL,
  code_challenge TEXT NOT NULL,
  code_challenge_method TEXT NOT NULL CHECK (code_challenge_method IN ('s256', 'plain')),
  provider_type TEXT NOT NULL,
  authentication_method TEXT NOT NULL,
  redirect_to TEXT,
  auth_code_issued_at TEXT,
  created_at TEXT DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
CREATE UNIQUE INDEX flow_states_auth_code_unique ON flow_states (auth_code);

CREATE TABLE audit_log (
  id TEXT PRIMARY KEY NOT NULL,
  actor_id TEXT,
  action TEXT NOT NULL,
  target_id TEXT,
  ip_hash TEXT,
  detail TEXT DEFAULT '{}' NOT NULL,
  created_at TEXT DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
CREATE INDEX audit_log_created_idx ON audit_log (created_at);
CREATE INDEX audit_log_actor_idx ON audit_log (actor_id);

-- Without AUTH_JWT_PRIVATE_KEY in env (local development only) the service keeps its own ES256 key here.
CREATE TABLE signing_keys (
  kid TEXT PRIMARY KEY NOT NULL,
  private_jwk TEXT NOT NULL,
  public_jwk TEXT NOT NULL,
  created_at TEXT DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
