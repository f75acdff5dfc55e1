-- Every account is a client (SPEC §6), and the people who book or pay show in the leads list.

-- Accounts made before new accounts were given the client role: those with no role at all become
-- clients. Coach and admin accounts keep exactly the roles they have. Idempotent.
INSERT INTO user_roles (user_id, role)
SELECT u.id, 'client' FROM users u
WHERE NOT EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = u.id)
ON CONFLICT DO NOTHING;

-- What a booking or payment activity of a lead is ("booked a discovery call", "booked a paid
-- session", "became a paying client"), and the key that records each once per lead
-- ('booking:<id>', 'paying-client'). Enquiries have neither.
ALTER TABLE lead_activities ADD COLUMN kind TEXT CHECK (kind IN ('discovery-call', 'paid-session', 'paying-client'));
ALTER TABLE lead_activities ADD COLUMN event_key TEXT;
CREATE UNIQUE INDEX lead_activities_event_unique ON lead_activities (lead_id, event_key);

-- The backfill of app/leads/client-activity.server.ts (the same statements, for every address):
-- a lead per person who booked (a booking that was confirmed) or paid, matched by email; an
-- activity per booking and one "became a paying client" at their first payment. A lead that
-- exists keeps its details and consent: a booking or payment is not marketing consent. Idempotent.
INSERT INTO leads (id, email, name, company, phone, source, created_at, updated_at, last_activity_at)
SELECT lower(hex(randomblob(16))), lower(trim(b.email)), b.name, nullif(trim(b.company), ''), nullif(trim(b.phone), ''), 'booking',
  min(b.created_at), min(b.created_at), min(b.created_at)
FROM bookings b
WHERE (b.status IN ('confirmed', 'completed', 'no_show')
    OR (b.status = 'cancelled' AND (b.payment_method <> 'card' OR EXISTS (SELECT 1 FROM booking_payments p WHERE p.booking_id = b.id))))
  AND b.email NOT LIKE '%@invalid'
GROUP BY lower(trim(b.email))
ON CONFLICT DO NOTHING;

INSERT INTO lead_activities (id, lead_id, source, kind, event_key, message, details, created_at, updated_at)
SELECT lower(hex(randomblob(16))), l.id, 'booking', iif(t.kind = 'discovery', 'discovery-call', 'paid-session'), 'booking:' || b.id,
  t.name || ' (booking ' || b.reference || ')', json_object('name', b.name, 'company', nullif(trim(b.company), ''), 'phone', nullif(trim(b.phone), '')),
  b.created_at, b.created_at
FROM bookings b
JOIN booking_types t ON t.id = b.booking_type_id
JOIN leads l ON l.email = lower(trim(b.email))
WHERE (b.status IN ('confirmed', 'completed', 'no_show')
    OR (b.status = 'cancelled' AND (b.payment_method <> 'card' OR EXISTS (SELECT 1 FROM booking_payments p WHERE p.booking_id = b.id))))
  AND b.email NOT LIKE '%@invalid'
ON CONFLICT DO NOTHING;

INSERT INTO leads (id, email, name, source, created_at, updated_at, last_activity_at)
SELECT lower(hex(randomblob(16))), payer.email, payer.name, 'booking', min(payer.at), min(payer.at), min(payer.at)
FROM (
  SELECT lower(trim(p.customer_email)) AS email, p.customer_name AS name, p.paid_at AS at FROM booking_payments p
  WHERE (p.user_id IS NOT NULL
    OR EXISTS (SELECT 1 FROM bookings pb WHERE pb.id = p.booking_id AND lower(trim(pb.email)) = lower(trim(p.customer_email))))
  UNION ALL
  SELECT lower(trim(u.email)), coalesce(nullif(trim(coalesce(pr.first_name, '') || ' ' || coalesce(pr.last_name, '')), ''), u.email), coalesce(i.paid_at, i.created_at)
  FROM billing_invoices i JOIN users u ON u.id = i.user_id LEFT JOIN profiles pr ON pr.user_id = u.id
  WHERE i.status = 'paid' AND i.total_cents > 0 AND u.email IS NOT NULL
) payer
WHERE payer.email <> ''
GROUP BY payer.email
ON CONFLICT DO NOTHING;

INSERT INTO lead_activities (id, lead_id, source, kind, event_key, message, created_at, updated_at)
SELECT lower(hex(randomblob(16))), l.id, 'booking', 'paying-client', 'paying-client', 'First payment: ' || payer.what, min(payer.at), min(payer.at)
FROM (
  SELECT lower(trim(p.customer_email)) AS email, p.description AS what, p.paid_at AS at FROM booking_payments p
  WHERE (p.user_id IS NOT NULL
    OR EXISTS (SELECT 1 FROM bookings pb WHERE pb.id = p.booking_id AND lower(trim(pb.email)) = lower(trim(p.customer_email))))
  UNION ALL
  SELECT lower(trim(u.email)), i.description, coalesce(i.paid_at, i.created_at)
  FROM billing_invoices i JOIN users u ON u.id = i.user_id
  WHERE i.status = 'paid' AND i.total_cents > 0 AND u.email IS NOT NULL
) payer
JOIN leads l ON l.email = payer.email
WHERE true
GROUP BY l.id
ON CONFLICT DO NOTHING;

UPDATE leads SET last_activity_at = (SELECT max(a.created_at) FROM lead_activities a WHERE a.lead_id = leads.id)
WHERE (SELECT max(a.created_at) FROM lead_activities a WHERE a.lead_id = leads.id) > last_activity_at;
