-- The outbox sweep (every 15 minutes) looks for rows still pending after a while: an index on
-- (status, created_at) keeps that a range scan as the outbox grows.
CREATE INDEX email_outbox_status_created_idx ON email_outbox (status, created_at);
