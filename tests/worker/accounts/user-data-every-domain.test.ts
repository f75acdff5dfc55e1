import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { collectUserData } from "~/accounts/data-export.server";
import { deleteUserData } from "~/accounts/deletion.server";
import { createDb } from "~/db/client.server";

// A user with rows in every table that export and deletion cover, written with fixed ids and times,
// so the whole export file and every row deletion leaves behind can be compared with the files in
// __snapshots__/ byte for byte. A change to either shows up there as a diff to review.

const db = createDb(env.DB);

const USER = "golden-user";
const EMAIL = "golden.client@example.com.au";
const PHONE = "+61400000001";
const COACH = "golden-coach";
const ADMIN = "golden-admin";
const T = "2026-10-01T01:02:03.000Z";

const SEED: [string, ...unknown[]][] = [
  // auth
  [
    `INSERT INTO users (id, email, phone, password_hash, email_confirmed_at, phone_confirmed_at, user_metadata, app_metadata, last_sign_in_at,
       created_at, updated_at, banned_until, email_change, phone_change, confirmation_sent_at, recovery_sent_at, email_change_sent_at,
       reauthentication_sent_at, onboarding_enqueued_at)
     VALUES (?, ?, ?, 'scrypt$secret-hash', ?, NULL, '{"first_name":"Golden","last_name":"Client"}', '{"provider":"email","providers":["email"]}', ?,
       ?, ?, NULL, NULL, NULL, ?, NULL, NULL, NULL, ?)`,
    USER,
    EMAIL,
    PHONE,
    T,
    T,
    T,
    T,
    T,
    T,
  ],
  ["INSERT INTO users (id, email, created_at, updated_at) VALUES (?, 'golden.coach@example.com.au', ?, ?)", COACH, T, T],
  ["INSERT INTO users (id, email, created_at, updated_at) VALUES (?, 'golden.admin@example.com.au', ?, ?)", ADMIN, T, T],
  ["INSERT INTO user_roles (user_id, role, created_at) VALUES (?, 'client', ?), (?, 'coach', ?)", USER, T, USER, T],
  [
    `INSERT INTO identities (id, user_id, provider, provider_id, identity_data, email, last_sign_in_at, created_at, updated_at)
     VALUES ('golden-identity', ?, 'email', ?, '{"sub":"golden-user","email":"golden.client@example.com.au"}', ?, ?, ?, ?)`,
    USER,
    USER,
    EMAIL,
    T,
    T,
    T,
  ],
  [
    `INSERT INTO auth_sessions (id, user_id, aal, amr, factor_id, user_agent, ip_hash, created_at, updated_at, refreshed_at, revoked_at)
     VALUES ('golden-session', ?, 'aal2', '[{"method":"password","timestamp":1790000000}]', 'golden-factor', 'Mozilla/5.0 (Golden)', 'iphash-session', ?, ?, ?, NULL)`,
    USER,
    T,
    T,
    T,
  ],
  [
    "INSERT INTO refresh_tokens (token_hash, session_id, user_id, parent_hash, revoked_at, created_at) VALUES ('golden-refresh', 'golden-session', ?, NULL, NULL, ?)",
    USER,
    T,
  ],
  [
    `INSERT INTO mfa_factors (id, user_id, friendly_name, factor_type, status, secret, phone, last_challenged_at, created_at, updated_at, last_totp_step)
     VALUES ('golden-factor', ?, 'Phone app', 'totp', 'verified', 'GOLDENTOTPSECRET', NULL, ?, ?, ?, 59666666)`,
    USER,
    T,
    T,
    T,
  ],
  [
    "INSERT INTO mfa_challenges (id, factor_id, ip_hash, otp_code_hash, created_at, verified_at) VALUES ('golden-challenge', 'golden-factor', 'iphash-challenge', NULL, ?, ?)",
    T,
    T,
  ],
  [
    `INSERT INTO one_time_tokens (id, user_id, token_type, token_hash, link_hash, relates_to, failed_attempts, created_at)
     VALUES ('golden-ott', ?, 'recovery', 'golden-token-hash', 'golden-link-hash', ?, 1, ?)`,
    USER,
    EMAIL,
    T,
  ],
  [
    `INSERT INTO flow_states (id, user_id, auth_code, code_challenge, code_challenge_method, provider_type, authentication_method, redirect_to, auth_code_issued_at, created_at)
     VALUES ('golden-flow', ?, 'golden-auth-code', 'golden-challenge', 's256', 'email', 'magiclink', '/profile', ?, ?)`,
    USER,
    T,
    T,
  ],
  [
    "INSERT INTO audit_log (id, actor_id, action, target_id, ip_hash, detail, created_at) VALUES ('golden-audit-1', ?, 'login', ?, 'iphash-login', '{\"method\":\"password\"}', ?)",
    USER,
    USER,
    T,
  ],
  [
    "INSERT INTO audit_log (id, actor_id, action, target_id, ip_hash, detail, created_at) VALUES ('golden-audit-2', ?, 'role_granted', ?, 'iphash-admin', '{\"role\":\"coach\"}', '2026-10-01T01:02:04.000Z')",
    ADMIN,
    USER,
  ],
  [
    "INSERT INTO audit_log (id, actor_id, action, target_id, ip_hash, detail, created_at) VALUES ('golden-audit-3', ?, 'login', ?, 'iphash-stranger', '{}', ?)",
    ADMIN,
    ADMIN,
    T,
  ],
  // accounts
  [
    `INSERT INTO profiles (user_id, first_name, last_name, company, industry, created_at, updated_at, business_type, state, abn)
     VALUES (?, 'Golden', 'Client', 'Golden Bakery', 'Food', ?, ?, 'Hospitality and food', 'NSW', '51824753556')`,
    USER,
    T,
    T,
  ],
  // leads
  [
    `INSERT INTO leads (id, email, name, company, phone, business_type, source, status, owner_id, notes, marketing_consent_at, marketing_consent_source, created_at, updated_at, last_activity_at)
     VALUES ('golden-lead', ?, 'Golden Client', 'Golden Bakery', ?, 'Hospitality and food', 'contact', 'contacted', ?, 'Called back', ?, 'Contact form', ?, ?, ?)`,
    EMAIL,
    PHONE,
    ADMIN,
    T,
    T,
    T,
    T,
  ],
  [
    `INSERT INTO leads (id, email, name, source, created_at, updated_at, last_activity_at)
     VALUES ('golden-stranger-lead', 'stranger@example.com.au', 'Stranger', 'contact', ?, ?, ?)`,
    T,
    T,
    T,
  ],
  [
    `INSERT INTO lead_activities (id, lead_id, source, message, resource_slug, conversation_key, transcript, details, page_path, attribution, created_at, updated_at)
     VALUES ('golden-activity-1', 'golden-lead', 'contact', 'Help with cash flow', NULL, NULL, NULL, '{"name":"Golden Client","company":"Golden Bakery"}', '/contact',
       '{"v":1,"sessionId":"golden-attribution","first":{"source":"google"},"last":{"source":"google"},"touches":1,"gpc":false}', ?, ?)`,
    T,
    T,
  ],
  [
    `INSERT INTO lead_activities (id, lead_id, source, message, conversation_key, transcript, page_path, created_at, updated_at)
     VALUES ('golden-activity-2', 'golden-lead', 'service-chat', NULL, 'golden-chat', '[{"role":"user","content":"I run a bakery","origin":"server"}]', '/', '2026-10-02T01:02:03.000Z', '2026-10-02T01:02:03.000Z')`,
  ],
  [
    "INSERT INTO lead_activities (id, lead_id, source, message, page_path, created_at, updated_at) VALUES ('golden-stranger-activity', 'golden-stranger-lead', 'contact', 'Hello', '/contact', ?, ?)",
    T,
    T,
  ],
  [
    `INSERT INTO marketing_consent_requests (id, lead_id, source, page_path, requested_at, expires_at, confirmed_at, confirmed_by)
     VALUES ('golden-consent', 'golden-lead', 'Contact form', '/contact', ?, '2026-10-08T01:02:03.000Z', ?, 'email-link'),
            ('golden-stranger-consent', 'golden-stranger-lead', 'Contact form', '/contact', ?, '2026-10-08T01:02:03.000Z', NULL, NULL)`,
    T,
    T,
    T,
  ],
  // email
  [
    `INSERT INTO email_outbox (id, dedupe_key, to_address, subject, text_body, html_body, attachments, category, status, provider, created_at, sent_at)
     VALUES ('golden-email-1', 'golden-dedupe-1', 'Golden.Client@example.com.au', 'Welcome', 'Hello Golden', '<p>Hello Golden</p>', NULL, 'transactional', 'stored', 'outbox', ?, NULL),
            ('golden-email-2', 'golden-dedupe-2', ?, 'Your code', '123456', NULL, NULL, 'transactional', 'sent', 'provider', ?, ?),
            ('golden-email-3', 'golden-dedupe-3', 'stranger@example.com.au', 'Hi', 'Hi', NULL, NULL, 'marketing', 'stored', 'outbox', ?, NULL)`,
    T,
    `sms:${PHONE}`,
    T,
    T,
    T,
  ],
  ["INSERT INTO email_suppressions (email, reason, created_at) VALUES (?, 'unsubscribed', ?)", EMAIL, T],
  // platform
  [
    `INSERT INTO failed_jobs (id, message_id, type, body, outbox_id, error, attempts, queued_at, failed_at, recorded_at, status, incident_id, resolved_at, resolved_by)
     VALUES ('golden-failed-1', 'golden-message-1', 'user.onboarding', '{"v":1,"type":"user.onboarding","userId":"golden-user"}', NULL, 'timeout', 4, ?, ?, ?, 'failed', NULL, NULL, NULL),
            ('golden-failed-2', 'golden-message-2', 'email.send', '{"v":1,"type":"email.send","outboxId":"x"}', 'x', 'refused', 4, ?, ?, ?, 'dismissed', NULL, ?, ?),
            ('golden-failed-3', 'golden-message-3', 'email.send', 'not json', NULL, 'refused', 4, ?, ?, ?, 'failed', NULL, NULL, NULL)`,
    T,
    T,
    T,
    T,
    T,
    T,
    T,
    USER,
    T,
    T,
    T,
  ],
  // billing
  ["INSERT INTO billing_customers (user_id, stripe_customer_id, created_at) VALUES (?, 'cus_golden', ?)", USER, T],
  [
    `INSERT INTO ai_subscriptions (user_id, stripe_customer_id, stripe_subscription_id, tier, billing_interval, status, current_period_end, cancel_at_period_end, past_due_since, updated_at)
     VALUES (?, 'cus_golden', 'sub_golden', 'pro', 'month', 'active', '2026-11-01T01:02:03.000Z', 0, NULL, ?)`,
    USER,
    T,
  ],
  [
    `INSERT INTO billing_invoices (id, user_id, stripe_customer_id, number, status, currency, total_cents, tax_cents, description, period_start, period_end, paid_at, created_at)
     VALUES ('in_golden', ?, 'cus_golden', 'GOLD-0001', 'paid', 'aud', 4900, 445, 'ClarityAI Pro (monthly)', ?, '2026-11-01T01:02:03.000Z', ?, ?)`,
    USER,
    T,
    T,
    T,
  ],
  [
    `INSERT INTO payments_sandbox_objects (id, object, customer, data, created_at)
     VALUES ('cus_golden', 'customer', NULL, '{"id":"cus_golden","object":"customer"}', ?),
            ('sub_golden', 'subscription', 'cus_golden', '{"id":"sub_golden","object":"subscription"}', ?),
            ('cus_golden_stranger', 'customer', NULL, '{"id":"cus_golden_stranger","object":"customer"}', ?)`,
    T,
    T,
    T,
  ],
  // booking
  [
    `INSERT INTO booking_types (id, kind, name, description, duration_minutes, price_cents, min_notice_minutes, active, sort_order)
     VALUES ('golden-type', 'session', 'Golden session', 'One hour', 60, 15000, 1440, 1, 99)`,
  ],
  [
    `INSERT INTO booking_packages (id, name, description, sessions, duration_minutes, price_cents, validity_months, active, sort_order)
     VALUES ('golden-package', 'Golden pack', 'Five sessions', 5, 60, 67500, 12, 1, 99)`,
  ],
  [
    `INSERT INTO coach_schedules (coach_id, slug, display_name, headline, time_zone, state, weekly_hours, buffer_minutes, daily_max, horizon_days, observe_holidays, accepting_bookings, updated_at)
     VALUES (?, 'golden-client', 'Golden Client', 'Bakery mentor', 'Australia/Sydney', 'NSW', '{"1":[["09:00","12:00"]]}', 15, 6, 60, 1, 0, ?)`,
    USER,
    T,
  ],
  ["INSERT INTO coach_date_overrides (coach_id, date, intervals) VALUES (?, '2026-12-24', '[]')", USER],
  [
    "INSERT INTO coach_time_off (id, coach_id, starts_at, ends_at, note, created_at) VALUES ('golden-time-off', ?, '2026-12-25T00:00:00.000Z', '2027-01-02T00:00:00.000Z', 'Holidays', ?)",
    USER,
    T,
  ],
  [
    `INSERT INTO bookings (id, reference, coach_id, client_id, booking_type_id, starts_at, ends_at, status, hold_expires_at, hold_source, name, email, company, phone, business_type, notes,
       client_time_zone, payment_method, price_cents, stripe_checkout_session_id, sequence, cancelled_at, cancelled_by, cancel_reason, created_at, updated_at)
     VALUES ('golden-booking-future', 'CA-GOLD01', ?, ?, 'golden-type', '2036-03-02T00:00:00.000Z', '2036-03-02T01:00:00.000Z', 'confirmed', NULL, NULL, 'Golden Client', ?, 'Golden Bakery', ?,
       'Hospitality and food', 'Cash flow', 'Australia/Sydney', 'card', 15000, 'cs_golden_future', 2, NULL, NULL, NULL, ?, ?),
            ('golden-booking-past', 'CA-GOLD02', ?, NULL, 'golden-type', '2026-09-01T00:00:00.000Z', '2026-09-01T01:00:00.000Z', 'completed', NULL, NULL, 'Golden C', 'GOLDEN.client@example.com.au', NULL, NULL,
       NULL, NULL, 'Australia/Perth', 'credit', 0, NULL, 0, NULL, NULL, NULL, ?, ?),
            ('golden-booking-held', 'CA-GOLD03', ?, ?, 'golden-type', '2036-03-03T00:00:00.000Z', '2036-03-03T01:00:00.000Z', 'held', '2036-01-01T00:00:00.000Z', 'holdsource-golden', 'Golden Client', ?, NULL, NULL,
       NULL, NULL, 'Australia/Sydney', 'card', 15000, 'cs_golden_held', 0, NULL, NULL, NULL, ?, ?),
            ('golden-booking-stranger', 'CA-GOLD04', ?, NULL, 'golden-type', '2036-03-04T00:00:00.000Z', '2036-03-04T01:00:00.000Z', 'confirmed', NULL, NULL, 'Stranger', 'stranger@example.com.au', NULL, NULL,
       NULL, NULL, 'Australia/Sydney', 'free', 0, NULL, 0, NULL, NULL, NULL, ?, ?)`,
    COACH,
    USER,
    EMAIL,
    PHONE,
    T,
    T,
    COACH,
    T,
    T,
    COACH,
    USER,
    EMAIL,
    T,
    T,
    COACH,
    T,
    T,
  ],
  ["INSERT INTO booking_notices (booking_id, kind, sent_at) VALUES ('golden-booking-future', 'confirmation:2', ?)", T],
  [
    `INSERT INTO package_purchases (id, user_id, package_id, sessions, duration_minutes, price_cents, status, stripe_checkout_session_id, paid_at, expires_at, created_at)
     VALUES ('golden-purchase', ?, 'golden-package', 5, 60, 67500, 'paid', 'cs_golden_package', ?, '2027-10-01T01:02:03.000Z', ?)`,
    USER,
    T,
    T,
  ],
  [
    `INSERT INTO credit_ledger (id, purchase_id, user_id, delta, reason, booking_id, created_at)
     VALUES ('golden-credit-1', 'golden-purchase', ?, 5, 'purchase', NULL, ?), ('golden-credit-2', 'golden-purchase', ?, -1, 'booking', 'golden-booking-past', ?)`,
    USER,
    T,
    USER,
    T,
  ],
  [
    `INSERT INTO booking_payments (id, user_id, booking_id, purchase_id, invoice_number, description, customer_name, customer_email, amount_cents, gst_cents, refunded_cents, status,
       stripe_checkout_session_id, stripe_payment_intent_id, paid_at)
     VALUES ('golden-payment', ?, 'golden-booking-future', NULL, 'INV-GOLD01', 'Golden session', 'Golden Client', ?, 15000, 1364, 5000, 'partially_refunded', 'cs_golden_future', 'pi_golden', ?)`,
    USER,
    EMAIL,
    T,
  ],
  [
    `INSERT INTO payment_refunds (id, payment_id, credit_note_number, amount_cents, gst_cents, reason, stripe_refund_id, created_at)
     VALUES ('golden-refund', 'golden-payment', 'CN-GOLD01', 5000, 455, 'Goodwill', 're_golden', ?)`,
    T,
  ],
  [
    `INSERT INTO refund_requests (id, booking_id, user_id, reason, status, decided_by, decided_at, created_at)
     VALUES ('golden-refund-request', 'golden-booking-past', ?, 'Not what I expected', 'declined', ?, ?, ?)`,
    USER,
    ADMIN,
    T,
    T,
  ],
  // meetings: the coach's private note and the summary sent after the past session (made with the
  // user's address), a draft not sent yet, the user's rating; and a stranger's session, untouched.
  [
    `INSERT INTO session_notes (booking_id, coach_id, body, updated_at) VALUES ('golden-booking-past', ?, 'golden private note: nervous about pricing', ?),
       ('golden-booking-stranger', ?, 'golden note on a stranger', ?)`,
    COACH,
    T,
    COACH,
    T,
  ],
  [
    `INSERT INTO session_summaries (booking_id, coach_id, summary, action_items, draft_source, sent_at, updated_at)
     VALUES ('golden-booking-past', ?, 'golden summary: price by the loaf', '[{"text":"Cost the sourdough","due":"2026-09-15"}]', 'model', ?, ?),
            ('golden-booking-future', ?, 'golden draft not sent', '[]', NULL, NULL, ?)`,
    COACH,
    T,
    T,
    COACH,
    T,
  ],
  [
    `INSERT INTO session_ratings (booking_id, client_id, rating, comment, publish_consent, consent_at, attribution, edits, created_at, updated_at)
     VALUES ('golden-booking-past', ?, 5, 'golden comment', 1, ?, 'Golden, Hospitality and food', 0, ?, ?)`,
    USER,
    T,
    T,
    T,
  ],
  // ai-coach
  [
    `INSERT INTO ai_conversations (id, user_id, title, tier, message_count, created_at, last_activity_at)
     VALUES ('golden-conversation', ?, 'Pricing my bread', 'pro', 4, ?, ?)`,
    USER,
    T,
    T,
  ],
  ["INSERT INTO ai_usage (user_id, day, messages) VALUES (?, '2026-10-01', 4), (?, '2026-10-02', 1)", USER, USER],
  [
    `INSERT INTO ai_escalations (id, user_id, conversation_id, message_id, trigger, reason, question, transcript, status, assigned_to, reply, replied_at, resolved_at, transcript_purged_at, created_at, updated_at)
     VALUES ('golden-escalation', ?, 'golden-conversation', 'golden-message', 'user', 'Needs an expert', 'How do I price sourdough?',
       '[{"role":"user","content":"How do I price sourdough?"}]', 'resolved', ?, 'Cost plus margin', ?, ?, NULL, ?, ?)`,
    USER,
    ADMIN,
    T,
    T,
    T,
    T,
  ],
  // attribution
  [
    `INSERT INTO conversions (id, type, dedupe_key, label, value_cents, currency, user_id, occurred_at, report_date, source, medium, campaign, first_source, first_medium, first_campaign,
       attribution, attribution_session, gpc, forward_status, forward_detail, forwarded_at)
     VALUES ('golden-conversion-1', 'PAYMENT_COMPLETION', 'golden-key-1', 'Golden session', 15000, 'AUD', ?, ?, '2026-10-01', 'google', 'cpc', 'bakeries', 'google', 'cpc', 'bakeries',
       '{"v":1,"sessionId":"golden-attribution","gclid":"golden-gclid"}', 'golden-attribution', 0, 'forwarded', '{"ga4":"sent"}', ?),
            ('golden-conversion-2', 'CONTACT_FORM', 'golden-key-2', NULL, 0, 'AUD', NULL, '2026-09-30T01:02:03.000Z', '2026-09-30', 'google', 'cpc', 'bakeries', 'google', 'cpc', 'bakeries',
       '{"v":1,"sessionId":"golden-attribution"}', 'golden-attribution', 0, 'not_forwarded', NULL, NULL),
            ('golden-conversion-3', 'CONTACT_FORM', 'golden-key-3', NULL, 0, 'AUD', NULL, ?, '2026-10-01', 'bing', 'organic', '(none)', 'bing', 'organic', '(none)',
       NULL, 'stranger-attribution', 1, 'withheld_gpc', NULL, NULL)`,
    USER,
    T,
    T,
    T,
  ],
  // meetings: recording consent and recordings (a finished one, one still uploading, and one of a stranger's meeting)
  [
    `INSERT INTO meeting_recording_consents (seq, booking_id, user_id, role, decision, at) VALUES
       (90001, 'golden-booking-past', ?, 'coach', 'requested', ?),
       (90002, 'golden-booking-past', ?, 'client', 'accepted', ?),
       (90003, 'golden-booking-future', ?, 'coach', 'requested', ?),
       (90004, 'golden-booking-future', ?, 'client', 'accepted', ?),
       (90005, 'golden-booking-stranger', ?, 'coach', 'requested', ?)`,
    COACH,
    T,
    USER,
    T,
    COACH,
    T,
    USER,
    T,
    COACH,
    T,
  ],
  [
    `INSERT INTO meeting_recordings (id, booking_id, uploaded_by, consent_seq, r2_key, upload_id, status, part_size, size_bytes, content_type, duration_seconds,
       started_at, completed_at, delete_after, deleted_at) VALUES
       ('golden-recording', 'golden-booking-past', ?, 90002, 'meetings/golden-booking-past/golden-recording.webm', NULL, 'complete', 5242880, 7340032, 'video/webm', 1800,
        ?, ?, '2026-12-30T01:02:03.000Z', NULL),
       ('golden-recording-uploading', 'golden-booking-future', ?, 90004, 'meetings/golden-booking-future/golden-recording-uploading.webm', 'golden-upload', 'uploading', 5242880, 0, 'video/webm', NULL,
        ?, NULL, '2026-12-30T01:02:03.000Z', NULL),
       ('golden-recording-stranger', 'golden-booking-stranger', ?, NULL, 'meetings/golden-booking-stranger/golden-recording-stranger.webm', NULL, 'complete', 5242880, 1024, 'video/mp4', NULL,
        ?, ?, '2026-12-30T01:02:03.000Z', NULL)`,
    COACH,
    T,
    T,
    COACH,
    T,
    COACH,
    T,
    T,
  ],
  [
    "INSERT INTO meeting_recording_parts (recording_id, part_number, etag, size_bytes, uploaded_at) VALUES ('golden-recording-uploading', 1, 'golden-etag', 5242880, ?)",
    T,
  ],
];

// Every table the seed writes to, read back whole after the deletion.
const TABLES = [
  ["users", "id"],
  ["user_roles", "user_id, role"],
  ["identities", "id"],
  ["auth_sessions", "id"],
  ["refresh_tokens", "token_hash"],
  ["mfa_factors", "id"],
  ["mfa_challenges", "id"],
  ["one_time_tokens", "id"],
  ["flow_states", "id"],
  ["audit_log", "created_at, id"],
  ["profiles", "user_id"],
  ["leads", "id"],
  ["lead_activities", "id"],
  ["marketing_consent_requests", "id"],
  ["email_outbox", "id"],
  ["email_suppressions", "email"],
  ["failed_jobs", "id"],
  ["billing_customers", "user_id"],
  ["ai_subscriptions", "user_id"],
  ["billing_invoices", "id"],
  ["payments_sandbox_objects", "id"],
  ["coach_schedules", "coach_id"],
  ["coach_date_overrides", "coach_id, date"],
  ["coach_time_off", "id"],
  ["bookings", "id"],
  ["booking_notices", "booking_id, kind"],
  ["package_purchases", "id"],
  ["credit_ledger", "id"],
  ["booking_payments", "id"],
  ["payment_refunds", "id"],
  ["refund_requests", "id"],
  ["ai_conversations", "id"],
  ["ai_usage", "user_id, day"],
  ["ai_escalations", "id"],
  ["conversions", "id"],
  ["session_notes", "booking_id"],
  ["session_summaries", "booking_id"],
  ["session_ratings", "booking_id"],
  ["meeting_recording_consents", "seq"],
  ["meeting_recordings", "id"],
  ["meeting_recording_parts", "recording_id, part_number"],
] as const;

async function seed() {
  await env.DB.batch(SEED.map(([query, ...values]) => env.DB.prepare(query).bind(...values)));
}

// What deletion writes that differs from run to run: its own time, and the random stand-in address.
function stable(text: string, now: { from: string; to: string }) {
  return text
    .replace(/deleted-[0-9a-f]{16}@invalid/g, "deleted-<random>@invalid")
    .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z/g, (time) => (time >= now.from && time <= now.to ? "<deletion time>" : time))
    .replace(/"id": "[0-9a-f-]{36}"/g, '"id": "<uuid>"');
}

// The seeded rows (each names "golden" somewhere), and, apart, the rest of each table.
async function readTables() {
  const ours: Record<string, unknown[]> = {};
  const others: Record<string, string[]> = {};
  for (const [table, order] of TABLES) {
    const rows = (await env.DB.prepare(`SELECT * FROM ${table} ORDER BY ${order}`).all()).results;
    ours[table] = rows.filter((row) => JSON.stringify(row).includes("golden"));
    others[table] = rows.map((row) => JSON.stringify(row)).filter((row) => !row.includes("golden"));
  }
  return { ours, others };
}

test("a user with data in every domain: the export file and the rows deletion leaves are exactly the pinned files", async () => {
  await seed();
  const exported = await collectUserData({ db }, USER);
  expect(exported).not.toBeNull();
  const { exportedAt, ...rest } = exported!;
  expect(Date.parse(exportedAt)).not.toBeNaN();
  await expect(JSON.stringify({ exportedAt: "<time>", ...rest }, null, 2) + "\n").toMatchFileSnapshot("./__snapshots__/every-domain.export.json");

  const before = await readTables();
  const from = new Date().toISOString();
  const deleted = await deleteUserData({ db }, USER);
  const to = new Date().toISOString();
  expect(deleted).toEqual({ sessionIds: ["golden-session"] });
  const after = await readTables();
  // Nobody else's rows change.
  expect(after.others).toEqual(before.others);
  await expect(stable(JSON.stringify(after.ours, null, 2), { from, to }) + "\n").toMatchFileSnapshot("./__snapshots__/every-domain.after-deletion.json");
});
