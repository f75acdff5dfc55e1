-- Invitations (app/auth/invitations.server.ts): when an admin last invited the account (GoTrue's
-- users.invited_at, shown in its user object). An invited account has no password until its owner
-- follows the emailed link and chooses one; the link itself is a one-time token of type 'invite'.
ALTER TABLE users ADD COLUMN invited_at TEXT;
