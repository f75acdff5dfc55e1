/**
 * Admin overview bench (`npm run bench:admin`; flag: `--port <n>`, 8802 unless given).
 *
 * Measures /admin (the overview) as an admin gets it, through the local server (scripts/serve.ts, as
 * `npm start` serves the build):
 *
 *   1. Fresh local state of its own (migrations and the seed) plus a year of business: BOOKINGS
 *      bookings (a third discovery calls, the rest sessions; completed, no-shows, cancellations and
 *      upcoming ones) with their card payments, some refunds and the coaches' earnings and monthly
 *      statements; SUBSCRIBERS ClarityAI subscribers with monthly invoices and their MRR ledger (new,
 *      expansions, contractions, churn); CONVERSIONS attribution conversions; LEADS leads; open
 *      escalations, pending coach applications and dead letters.
 *   2. The admin signs in; GET /admin (this month), /admin?period=quarter and /admin?period=fy (the
 *      widest window: three financial years of trend) RUNS times each after a warm-up: server time
 *      (sending the request to reading the whole page, on 127.0.0.1) and CPU time (on-CPU time of the
 *      server's processes), median and p90; and the CSV once per period for scale.
 *
 * Flags: `--port <n>`; `--keep` leaves the seeded state behind and prints where.
 *
 * Target: every period's median server time ≤ 150 ms. Exit code 1 when the target is missed or
 * something could not be measured. Uses the existing build (`npm run build` first).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { DEMO_ADMIN, freshState, groupCpuNs, median, percentile, portFlag, ROOT, signIn, startServer, type LocalServer } from "./bench-support";

const PORT = portFlag(8802);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const BOOKINGS = 10_000;
const SUBSCRIBERS = 2_000;
const CONVERSIONS = 50_000;
const LEADS = 3_000;
const RUNS = 30;
const TARGET_MS = 150;
/** `--keep`: leave the seeded state directory behind (its path is printed) to look into the queries. */
const KEEP = process.argv.includes("--keep");

const ISO = (modifiers: string) => `strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ${modifiers})`;

/** A year of business, written with recursive CTEs (a few statements, not one per row). */
function yearSql(): string {
  return `
-- Bookings over the last 365 days and the next 30, spread over the seeded coaches, with clients who
-- come back (one address per three bookings on average), so discovery calls convert.
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${BOOKINGS}),
coaches AS (SELECT coach_id, row_number() OVER (ORDER BY coach_id) - 1 AS k FROM coach_schedules),
rows AS (
  SELECT i, (SELECT coach_id FROM coaches WHERE k = i % (SELECT count(*) FROM coaches)) AS coach_id,
    CASE WHEN i % 3 = 0 THEN 'discovery' WHEN i % 7 = 0 THEN 'session-90' ELSE 'session-60' END AS type_id,
    ${ISO("'+30 days', '-' || (i % 395) || ' days', '-' || (i % 10) || ' hours'")} AS starts_at
  FROM n
)
INSERT INTO bookings (id, reference, coach_id, booking_type_id, starts_at, ends_at, status, name, email, client_time_zone, payment_method, price_cents, created_at, updated_at)
SELECT 'bench-booking-' || i, 'BN-' || i, coach_id, type_id, starts_at,
  strftime('%Y-%m-%dT%H:%M:%fZ', starts_at, CASE type_id WHEN 'discovery' THEN '+20 minutes' WHEN 'session-90' THEN '+90 minutes' ELSE '+60 minutes' END),
  CASE WHEN starts_at > ${ISO("'+0 seconds'")} THEN 'confirmed' WHEN i % 20 = 0 THEN 'no_show' WHEN i % 15 = 0 THEN 'cancelled' ELSE 'completed' END,
  'Bench Client ' || (i % 3331), 'client' || (i % 3331) || '@bench.test', 'Australia/Sydney',
  CASE WHEN type_id = 'discovery' THEN 'free' WHEN i % 4 = 0 THEN 'credit' ELSE 'card' END,
  CASE WHEN type_id = 'discovery' OR i % 4 = 0 THEN 0 WHEN type_id = 'session-90' THEN 22500 ELSE 15000 END,
  strftime('%Y-%m-%dT%H:%M:%fZ', starts_at, '-' || (i % 14) || ' days'), strftime('%Y-%m-%dT%H:%M:%fZ', starts_at, '-' || (i % 14) || ' days')
FROM rows;

INSERT INTO booking_payments (id, booking_id, invoice_number, description, customer_name, customer_email, amount_cents, gst_cents, refunded_cents, status, stripe_checkout_session_id, paid_at)
SELECT 'bench-pay-' || b.id, b.id, 'BINV-' || b.reference, '60-minute virtual session', b.name, b.email, b.price_cents, b.price_cents / 11,
  CASE WHEN substr(b.reference, 4) % 50 = 0 THEN b.price_cents ELSE 0 END,
  CASE WHEN substr(b.reference, 4) % 50 = 0 THEN 'refunded' ELSE 'paid' END, 'cs_bench_' || b.id, b.created_at
FROM bookings b WHERE b.id LIKE 'bench-booking-%' AND b.payment_method = 'card' AND b.status <> 'cancelled';

INSERT INTO payment_refunds (id, payment_id, credit_note_number, amount_cents, gst_cents, reason, created_at)
SELECT 'bench-refund-' || p.id, p.id, 'BCN-' || p.invoice_number, p.amount_cents, p.gst_cents, 'Money-back guarantee', strftime('%Y-%m-%dT%H:%M:%fZ', p.paid_at, '+3 days')
FROM booking_payments p WHERE p.id LIKE 'bench-pay-%' AND p.status = 'refunded';

-- Coaches' monthly statements (RCTIs) and their earnings from the completed paid sessions.
WITH RECURSIVE m(j) AS (SELECT 0 UNION ALL SELECT j + 1 FROM m WHERE j < 12)
INSERT INTO coach_statements (id, number, coach_id, period, kind, supplier_name, supplier_abn, supplier_gst_registered, recipient_name, recipient_abn,
  line_count, gross_cents, gst_cents, fee_cents, share_cents, share_gst_cents, total_cents, issued_at)
SELECT 'bench-statement-' || s.coach_id || '-' || j, 'BRCTI-' || s.coach_id || '-' || j, s.coach_id, strftime('%Y-%m', 'now', 'start of month', '-' || j || ' months'),
  'rcti', s.display_name, '51824753556', (j % 2), 'ClarityAI Coaching', '52674318905', 40, 600000, 54545, 60000, 490000, CASE WHEN j % 2 = 1 THEN 49000 ELSE 0 END,
  CASE WHEN j % 2 = 1 THEN 539000 ELSE 490000 END, ${ISO("'start of month', '-' || j || ' months', '+2 days'")}
FROM coach_schedules s, m;

INSERT INTO coach_earnings (id, coach_id, booking_id, kind, occurred_at, gross_cents, gst_cents, fee_cents, share_cents, share_rate_bp, statement_id)
SELECT 'bench-earning-' || b.id, b.coach_id, b.id, 'session', b.ends_at, b.price_cents, b.price_cents / 11, b.price_cents / 10, b.price_cents * 85 / 100, 8500,
  (SELECT s.id FROM coach_statements s WHERE s.coach_id = b.coach_id AND s.period = strftime('%Y-%m', b.starts_at) AND s.period < strftime('%Y-%m', 'now'))
FROM bookings b WHERE b.id LIKE 'bench-booking-%' AND b.status = 'completed' AND b.price_cents > 0;

INSERT INTO coach_payouts (id, statement_id, coach_id, amount_cents, status, idempotency_key, paid_at)
SELECT 'bench-payout-' || s.id, s.id, s.coach_id, s.total_cents, CASE WHEN s.period >= strftime('%Y-%m', 'now', '-1 months') THEN 'pending' ELSE 'paid' END,
  'bench-' || s.id, CASE WHEN s.period >= strftime('%Y-%m', 'now', '-1 months') THEN NULL ELSE s.issued_at END
FROM coach_statements s WHERE s.id LIKE 'bench-statement-%';

-- ClarityAI subscribers: accounts, subscriptions (a tenth cancelled), monthly invoices and the MRR ledger.
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${SUBSCRIBERS})
INSERT INTO users (id, email, created_at, updated_at) SELECT 'bench-subscriber-' || i, 'subscriber' || i || '@bench.test', ${ISO("'-' || (i % 365) || ' days'")}, ${ISO("'-' || (i % 365) || ' days'")} FROM n;
INSERT INTO billing_customers (user_id, stripe_customer_id) SELECT id, 'cus_' || id FROM users WHERE id LIKE 'bench-subscriber-%';
INSERT INTO ai_subscriptions (user_id, stripe_customer_id, stripe_subscription_id, tier, billing_interval, status, current_period_end)
SELECT id, 'cus_' || id, 'sub_' || id, CASE WHEN substr(id, 18) % 3 = 0 THEN 'pro' ELSE 'lite' END, CASE WHEN substr(id, 18) % 5 = 0 THEN 'year' ELSE 'month' END,
  CASE WHEN substr(id, 18) % 10 = 0 THEN 'canceled' ELSE 'active' END, ${ISO("'+20 days'")}
FROM users WHERE id LIKE 'bench-subscriber-%';

WITH RECURSIVE m(j) AS (SELECT 0 UNION ALL SELECT j + 1 FROM m WHERE j < 11)
INSERT INTO billing_invoices (id, user_id, stripe_customer_id, number, status, currency, total_cents, tax_cents, description, period_start, period_end, paid_at, created_at)
SELECT 'in_' || u.id || '_' || j, u.id, 'cus_' || u.id, 'BSUB-' || substr(u.id, 18) || '-' || j, 'paid', 'aud',
  CASE WHEN substr(u.id, 18) % 3 = 0 THEN 7900 ELSE 2900 END, CASE WHEN substr(u.id, 18) % 3 = 0 THEN 718 ELSE 264 END, 'ClarityAI subscription',
  strftime('%Y-%m-%dT%H:%M:%fZ', u.created_at, '+' || j || ' months'), strftime('%Y-%m-%dT%H:%M:%fZ', u.created_at, '+' || (j + 1) || ' months'),
  strftime('%Y-%m-%dT%H:%M:%fZ', u.created_at, '+' || j || ' months'), strftime('%Y-%m-%dT%H:%M:%fZ', u.created_at, '+' || j || ' months')
FROM users u, m WHERE u.id LIKE 'bench-subscriber-%' AND strftime('%Y-%m-%dT%H:%M:%fZ', u.created_at, '+' || j || ' months') < ${ISO("'+0 seconds'")};

INSERT INTO subscription_mrr_changes (id, stripe_subscription_id, stripe_customer_id, occurred_at, kind, tier_before, tier_after, mrr_before_cents, mrr_after_cents, source_event_id)
SELECT 'bench-mrr-new-' || u.id, 'sub_' || u.id, 'cus_' || u.id, u.created_at, 'new', NULL, CASE WHEN substr(u.id, 18) % 3 = 0 THEN 'pro' ELSE 'lite' END, 0,
  CASE WHEN substr(u.id, 18) % 3 = 0 THEN 7182 ELSE 2636 END, 'evt_bench_new_' || u.id
FROM users u WHERE u.id LIKE 'bench-subscriber-%'
UNION ALL
SELECT 'bench-mrr-up-' || u.id, 'sub_' || u.id, 'cus_' || u.id, strftime('%Y-%m-%dT%H:%M:%fZ', u.created_at, '+20 days'), 'expansion', 'lite', 'pro', 2636, 7182, 'evt_bench_up_' || u.id
FROM users u WHERE u.id LIKE 'bench-subscriber-%' AND substr(u.id, 18) % 20 = 1
UNION ALL
SELECT 'bench-mrr-down-' || u.id, 'sub_' || u.id, 'cus_' || u.id, strftime('%Y-%m-%dT%H:%M:%fZ', u.created_at, '+25 days'), 'contraction', 'pro', 'lite', 7182, 2636, 'evt_bench_down_' || u.id
FROM users u WHERE u.id LIKE 'bench-subscriber-%' AND substr(u.id, 18) % 30 = 3
UNION ALL
SELECT 'bench-mrr-churn-' || u.id, 'sub_' || u.id, 'cus_' || u.id, strftime('%Y-%m-%dT%H:%M:%fZ', u.created_at, '+40 days'), 'churn', CASE WHEN substr(u.id, 18) % 3 = 0 THEN 'pro' ELSE 'lite' END, NULL,
  CASE WHEN substr(u.id, 18) % 3 = 0 THEN 7182 ELSE 2636 END, 0, 'evt_bench_churn_' || u.id
FROM users u WHERE u.id LIKE 'bench-subscriber-%' AND substr(u.id, 18) % 10 = 0;

-- Attribution conversions over the year, and leads.
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${CONVERSIONS})
INSERT INTO conversions (id, type, dedupe_key, value_cents, occurred_at, report_date, source, medium, campaign, first_source, first_medium, first_campaign)
SELECT 'bench-conversion-' || i, CASE i % 4 WHEN 0 THEN 'CONTACT_FORM' WHEN 1 THEN 'DISCOVERY_CALL_BOOKING' WHEN 2 THEN 'BEGIN_CHECKOUT' ELSE 'PAYMENT_COMPLETION' END,
  'bench:' || i, CASE WHEN i % 4 = 3 THEN 15000 ELSE 0 END, ${ISO("'-' || (i % 365) || ' days'")}, date('now', '-' || (i % 365) || ' days'),
  CASE i % 3 WHEN 0 THEN 'google' WHEN 1 THEN 'linkedin' ELSE '(direct)' END, CASE i % 3 WHEN 0 THEN 'cpc' WHEN 1 THEN 'social' ELSE '(none)' END, 'bench',
  'google', 'organic', '(none)'
FROM n;

WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${LEADS})
INSERT INTO leads (id, email, name, source, status, created_at, updated_at, last_activity_at)
SELECT 'bench-lead-' || i, 'lead' || i || '@bench.test', 'Bench Lead ' || i, CASE i % 3 WHEN 0 THEN 'contact' WHEN 1 THEN 'booking' ELSE 'resource' END,
  CASE i % 4 WHEN 0 THEN 'new' WHEN 1 THEN 'contacted' WHEN 2 THEN 'won' ELSE 'lost' END, ${ISO("'-' || (i % 365) || ' days'")}, ${ISO("'-' || (i % 365) || ' days'")}, ${ISO("'-' || (i % 365) || ' days'")}
FROM n;

-- What needs attention: open escalations, pending applications and dead letters.
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 40)
INSERT INTO ai_escalations (id, user_id, conversation_id, message_id, trigger, status, created_at, updated_at)
SELECT 'bench-escalation-' || i, 'bench-subscriber-' || (i * 3), 'bench-conversation-' || i, 'm1', 'user', CASE i % 3 WHEN 0 THEN 'assigned' WHEN 1 THEN 'open' ELSE 'resolved' END,
  ${ISO("'-' || i || ' hours'")}, ${ISO("'-' || i || ' hours'")} FROM n;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20)
INSERT INTO failed_jobs (id, message_id, type, body, outbox_id, attempts, queued_at, failed_at, status)
SELECT 'bench-failed-' || i, 'bench-message-' || i, CASE WHEN i % 2 = 0 THEN 'email.send' ELSE 'booking.notice' END, '{}', CASE WHEN i % 2 = 0 THEN 'bench-outbox-' || i END, 4,
  ${ISO("'-' || i || ' days'")}, ${ISO("'-' || i || ' days'")}, CASE WHEN i % 5 = 0 THEN 'dismissed' ELSE 'failed' END FROM n;`;
}

type Sample = { ms: number; cpuMs: number };

async function timed(server: LocalServer, url: string, cookie: string, expect: string[]): Promise<Sample> {
  const cpuBefore = await groupCpuNs(server.processGroup);
  const started = performance.now();
  const response = await fetch(url, { headers: { Cookie: cookie }, redirect: "manual" });
  const text = await response.text();
  const ms = performance.now() - started;
  const cpuMs = ((await groupCpuNs(server.processGroup)) - cpuBefore) / 1e6;
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  for (const phrase of expect) if (!text.includes(phrase)) throw new Error(`${url} did not contain ${JSON.stringify(phrase)}`);
  return { ms, cpuMs };
}

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
const stats = (values: number[]) => `median ${fmt(median(values))}, p90 ${fmt(percentile(values, 90))}`;

const PAGES = [
  { name: "this month", path: "/admin", expect: ["<strong>This month</strong>", "Discovery calls held"] },
  { name: "this quarter (BAS)", path: "/admin?period=quarter", expect: ["<strong>This quarter</strong>"] },
  { name: "this financial year", path: "/admin?period=fy", expect: ["<strong>This financial year</strong>"] },
];

async function main(): Promise<boolean> {
  const state = freshState("clarityai-bench-admin-");
  let server: LocalServer | undefined;
  try {
    const file = path.join(state.dir, "bench-admin.sql");
    writeFileSync(file, yearSql());
    state.run(["wrangler", "d1", "execute", "DB", "--local", "--file", file]);
    server = await startServer({ port: PORT, state });
    const cookie = await signIn(ORIGIN, DEMO_ADMIN, "/admin");

    const results: Record<string, { serverMedianMs: number; serverP90Ms: number; cpuMedianMs: number; ok: boolean; n: number }> = {};
    let ok = true;
    console.log(
      `\nAdmin overview (local server on 127.0.0.1; a year of ${BOOKINGS} bookings, ${SUBSCRIBERS} subscribers with invoices and the MRR ledger, ${CONVERSIONS} conversions, ${LEADS} leads; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} CPUs)`,
    );
    for (const page of PAGES) {
      for (let i = 0; i < 3; i++) await timed(server, `${ORIGIN}${page.path}`, cookie, page.expect);
      const samples: Sample[] = [];
      for (let i = 0; i < RUNS; i++) samples.push(await timed(server, `${ORIGIN}${page.path}`, cookie, page.expect));
      const serverMedian = median(samples.map((s) => s.ms));
      const pageOk = serverMedian <= TARGET_MS;
      ok &&= pageOk;
      results[page.name] = {
        serverMedianMs: serverMedian,
        serverP90Ms: percentile(
          samples.map((s) => s.ms),
          90,
        ),
        cpuMedianMs: median(samples.map((s) => s.cpuMs)),
        ok: pageOk,
        n: RUNS,
      };
      console.log(
        `  ${page.path} (${page.name}): server time ${stats(samples.map((s) => s.ms))} (target ≤ ${TARGET_MS} ms) ${pageOk ? "OK" : "MISSED"}; CPU ${stats(samples.map((s) => s.cpuMs))} (n=${RUNS})`,
      );
    }
    const csv: Sample[] = [];
    for (let i = 0; i < 10; i++) csv.push(await timed(server, `${ORIGIN}/admin/overview.csv?period=fy`, cookie, ["discovery_held"]));
    console.log(`  (for scale: /admin/overview.csv?period=fy: server time ${stats(csv.map((s) => s.ms))})`);
    const small: Sample[] = [];
    for (let i = 0; i < 20; i++) small.push(await timed(server, `${ORIGIN}/admin/jobs`, cookie, ["Failed jobs"]));
    console.log(`  (for scale: a small admin page, /admin/jobs: server time ${stats(small.map((s) => s.ms))}; CPU ${stats(small.map((s) => s.cpuMs))})`);
    const floor: Sample[] = [];
    for (let i = 0; i < 20; i++) floor.push(await timed(server, `${ORIGIN}/favicon.svg`, "", ["svg"]));
    console.log(`  (for scale: a static file, /favicon.svg, the floor every request pays here: server time ${stats(floor.map((s) => s.ms))})`);

    const dir = path.join(ROOT, "bench-results");
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      path.join(dir, "admin.json"),
      `${JSON.stringify(
        {
          at: new Date().toISOString(),
          node: process.version,
          loadAverage: os.loadavg()[0],
          scenario: { bookings: BOOKINGS, subscribers: SUBSCRIBERS, conversions: CONVERSIONS, leads: LEADS },
          targetMs: TARGET_MS,
          pages: results,
          csvMedianMs: median(csv.map((s) => s.ms)),
          smallAdminPage: { serverMedianMs: median(small.map((s) => s.ms)), cpuMedianMs: median(small.map((s) => s.cpuMs)) },
          floorMedianMs: median(floor.map((s) => s.ms)),
        },
        null,
        2,
      )}\n`,
    );
    if (!ok) console.log("  the target was missed");
    return ok;
  } finally {
    server?.stop();
    if (KEEP) console.log(`  state kept in ${state.dir}`);
    else state.remove();
  }
}

main().then(
  (ok) => {
    process.exitCode = ok ? 0 : 1;
  },
  (error: unknown) => {
    console.error("bench-admin:", error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
