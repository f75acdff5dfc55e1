-- The MRR ledger's writer reads a customer's last change on every subscription sync (the row's
-- MRR before the change is the previous row's after): look it up by customer, newest first.
CREATE INDEX subscription_mrr_changes_customer_idx ON subscription_mrr_changes (stripe_customer_id, occurred_at);
