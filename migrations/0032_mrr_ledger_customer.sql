-- The MRR ledger's writer reads a customer's last change on every subscription sync (the row's
-- MRR before the change is the previous row's after): look it up by customer, newest first.
CREATE INDEX subscription_mrr_changes_customer_idx ON subscription_mrr_changes (stripe_customer_id, occurred_at);

-- The ledger's opening rows: each subscription that pays when the ledger starts (active or past
-- due) gets a 'new' row dated at its customer's first paid invoice (else its last sync), at the
-- plans' standard prices (A$49 and A$149 a month, a year for ten months, GST included; MRR excludes
-- GST and a yearly plan counts a twelfth). Changes from then on come from the syncs.
INSERT INTO subscription_mrr_changes
  (id, stripe_subscription_id, stripe_customer_id, occurred_at, kind, tier_before, tier_after, mrr_before_cents, mrr_after_cents, source_event_id)
SELECT lower(hex(randomblob(16))), s.stripe_subscription_id, s.stripe_customer_id,
  COALESCE((SELECT MIN(i.paid_at) FROM billing_invoices i WHERE i.stripe_customer_id = s.stripe_customer_id AND i.status = 'paid'), s.updated_at),
  'new', NULL, s.tier, 0,
  CASE s.tier || '/' || s.billing_interval
    WHEN 'lite/month' THEN 4455
    WHEN 'lite/year' THEN 3712
    WHEN 'pro/month' THEN 13545
    WHEN 'pro/year' THEN 11288
  END,
  NULL
FROM ai_subscriptions s
WHERE s.status IN ('active', 'past_due')
  AND s.stripe_subscription_id IS NOT NULL
  AND s.tier || '/' || s.billing_interval IN ('lite/month', 'lite/year', 'pro/month', 'pro/year')
  AND NOT EXISTS (SELECT 1 FROM subscription_mrr_changes c WHERE c.stripe_customer_id = s.stripe_customer_id);
