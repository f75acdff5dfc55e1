-- Why a Stripe event was recorded without effect: it named an object Stripe could not find (or
-- refused to return), so applying it again would fail the same way. NULL when the event was applied.
ALTER TABLE stripe_events ADD COLUMN skipped TEXT;
