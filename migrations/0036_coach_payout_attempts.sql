-- How many times an admin has retried a failed coach payout (/admin/payouts/{id}). Attempt 0 is the
-- first try and keeps its idempotency keys; attempt n > 0 suffixes them with ":retry-n" (Stripe
-- would answer a reused key with the failed object for 24 hours) and tags its Stripe objects with
-- metadata.attempt, so a late event about an earlier attempt's transfer or payout never lands on the row.
ALTER TABLE coach_payouts ADD COLUMN attempt INTEGER NOT NULL DEFAULT 0;
