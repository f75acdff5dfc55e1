-- Marketing consent by double opt-in (Spam Act 2003: consent must be provable). A form that asks
-- for consent records a request (when, from which form and page); consent is given only when the
-- address confirms it through the signed link emailed to it, or when the person is signed in with
-- that address, confirmed. leads.marketing_consent_at/source then hold the confirmation.
CREATE TABLE marketing_consent_requests (
  id TEXT PRIMARY KEY NOT NULL,
  lead_id TEXT NOT NULL REFERENCES leads(id) ON DELETE CASCADE,
  source TEXT NOT NULL,
  page_path TEXT,
  requested_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  confirmed_at TEXT,
  confirmed_by TEXT CHECK (confirmed_by IN ('email-link', 'signed-in'))
);

CREATE INDEX marketing_consent_requests_lead_idx ON marketing_consent_requests (lead_id, requested_at);

-- The name, company, phone and business type an enquiry gave (JSON): kept with the enquiry, since
-- an enquiry that cannot prove it comes from the address's owner never changes the lead's details.
ALTER TABLE lead_activities ADD COLUMN details TEXT;

-- Consent recorded before confirmation was required came from a form anyone could fill in with any
-- address: it cannot be proved. It becomes a request that was never confirmed, so the team still
-- sees that it was asked for, and the lead has no consent until the address confirms a new one.
INSERT INTO marketing_consent_requests (id, lead_id, source, requested_at, expires_at)
SELECT lower(hex(randomblob(16))), id,
  coalesce(marketing_consent_source, 'unknown form') || ' (recorded before confirmation by email was required)',
  marketing_consent_at, marketing_consent_at
FROM leads WHERE marketing_consent_at IS NOT NULL;

UPDATE leads SET marketing_consent_at = NULL, marketing_consent_source = NULL WHERE marketing_consent_at IS NOT NULL;
