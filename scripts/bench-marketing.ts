/**
 * Marketing report bench (part of `npm run bench`; flag: `--port <n>`, 8797 unless given).
 *
 *   1. Fresh local state of its own (migrations and the seed, as scripts/e2e-server.sh does), then
 *      100,000 conversions spread over the last 13 months (about 250 a day, every type, six
 *      channels with four campaigns each, a realistic attribution snapshot per row) and the daily
 *      page view counters for the same days and sources.
 *   2. The local server (scripts/serve.ts) on the current build; signs in as the demo admin through /auth.
 *   3. Times GET /admin/marketing (the whole page: the guard, the report's one D1 batch, rendering)
 *      for the default 30 days and for the full 13 months in both models; median and p90 of 30 each.
 *      For scale, the CSV of all 100,000 conversions (median of 5).
 *
 * Target: the report's queries ≤ 200 ms (median, from the page's Server-Timing) over 100,000 conversions; the whole page's time is printed beside it. A report: the exit code is 0
 * when a target is missed and 1 only when something could not be measured.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { addDays, addMonths } from "../app/attribution/report";
import { sydneyDay } from "../app/utils/sydney-time";
import { DEMO_ADMIN, freshState, median, percentile, portFlag, signIn, startServer, type LocalServer } from "./bench-support";

const PORT = portFlag(8797);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const CONVERSIONS = 100_000;
const RUNS = 30;
const CSV_RUNS = 5;
const TARGET_MS = 200;
const p90 = (values: number[]) => percentile(values, 90);

/**
 * The bulk rows, generated inside SQLite (a recursive sequence) rather than sent as 100,000
 * statements. Channels, campaigns, types, values and forwarding statuses follow fixed shares.
 */
function bulkSql(from: string, days: number): string {
  const channels = `(VALUES (0, 'google', 'cpc'), (1, 'facebook', 'social'), (2, 'newsletter', 'email'), (3, 'linkedin.com', 'social'), (4, 'google', 'organic'), (5, '(direct)', '(none)'))`;
  return `
WITH RECURSIVE seq(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM seq WHERE n < ${CONVERSIONS - 1}),
channel(k, source, medium) AS ${channels},
rows AS (
  SELECT n,
    date('${from}', '+' || (n % ${days}) || ' days') AS day,
    (n * 31) % 6 AS k,
    'campaign-' || ((n * 17) % 4) AS campaign,
    (n * 7919) % 100 AS roll
  FROM seq
)
INSERT INTO conversions (id, type, dedupe_key, label, value_cents, occurred_at, report_date, source, medium, campaign,
  first_source, first_medium, first_campaign, attribution, attribution_session, gpc, forward_status)
SELECT 'bench-' || n,
  CASE WHEN roll < 20 THEN 'CONTACT_FORM' WHEN roll < 30 THEN 'DISCOVERY_CALL_BOOKING' WHEN roll < 38 THEN 'BOOKING_SUBMISSION'
       WHEN roll < 46 THEN 'PACKAGE_INQUIRY' WHEN roll < 52 THEN 'SOFTWARE_INQUIRY' WHEN roll < 66 THEN 'BEGIN_CHECKOUT'
       WHEN roll < 76 THEN 'PACKAGE_CHECKOUT' ELSE 'PAYMENT_COMPLETION' END,
  'bench:' || n,
  CASE WHEN roll >= 52 THEN 'ClarityAI Pro (monthly)' ELSE 'Contact form' END,
  CASE WHEN roll >= 52 THEN (CASE n % 3 WHEN 0 THEN 9900 WHEN 1 THEN 149500 ELSE 22000 END) ELSE 0 END,
  day || 'T' || printf('%02d', (n % 13)) || ':' || printf('%02d', n % 60) || ':00.000Z',
  day,
  channel.source, channel.medium, CASE WHEN k >= 3 THEN '(not set)' ELSE campaign END,
  CASE WHEN n % 4 = 0 AND k < 4 THEN 'google' ELSE channel.source END,
  CASE WHEN n % 4 = 0 AND k < 4 THEN 'organic' ELSE channel.medium END,
  CASE WHEN n % 4 = 0 AND k < 4 THEN '(not set)' WHEN k >= 3 THEN '(not set)' ELSE campaign END,
  CASE WHEN k = 5 THEN NULL ELSE json_object('v', 1, 'sessionId', 'bench-session-' || n,
    'first', json_object('source', channel.source, 'medium', channel.medium, 'campaign', campaign, 'gclid', 'Cj0KCQjw' || hex(randomblob(12)), 'landingPage', '/services/clarityai', 'at', day || 'T00:00:00.000Z'),
    'last', json_object('source', channel.source, 'medium', channel.medium, 'campaign', campaign, 'landingPage', '/contact', 'at', day || 'T01:00:00.000Z'),
    'touches', 1 + n % 3, 'gpc', json('false')) END,
  CASE WHEN k = 5 THEN NULL ELSE 'bench-session-' || n END,
  CASE WHEN n % 13 = 0 THEN 1 ELSE 0 END,
  CASE WHEN n % 13 = 0 THEN 'withheld_gpc' WHEN n % 10 < 6 THEN 'forwarded' WHEN n % 10 = 6 THEN 'failed' ELSE 'not_forwarded' END
FROM rows JOIN channel USING (k);

WITH RECURSIVE d(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM d WHERE i < ${days - 1}),
channel(k, source, medium) AS ${channels},
campaign(c) AS (VALUES ('campaign-0'), ('campaign-1'), ('campaign-2'), ('campaign-3')),
page(p) AS (VALUES ('/'), ('/services'), ('/services/clarityai'), ('/contact'), ('/booking'))
INSERT OR IGNORE INTO page_view_counts (day, source, medium, campaign, path, views)
SELECT date('${from}', '+' || i || ' days'), channel.source, channel.medium, CASE WHEN k >= 3 THEN '(not set)' ELSE c END, p, 5 + (i * 7 + k * 3 + length(p)) % 40
FROM d, channel, campaign, page;
`;
}

type Timing = { page: number; query: number | null };

/** The whole page's time, and the report queries' own time from the page's Server-Timing header. */
async function timeGet(cookie: string, url: string, expect: string): Promise<Timing> {
  const started = performance.now();
  const response = await fetch(url, { headers: { Cookie: cookie } });
  const text = await response.text();
  const page = performance.now() - started;
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  if (!text.includes(expect)) throw new Error(`${url} did not contain ${JSON.stringify(expect)}`);
  const duration = /(?:^|,)\s*report;dur=([0-9.]+)/.exec(response.headers.get("Server-Timing") ?? "")?.[1];
  return { page, query: duration === undefined ? null : Number(duration) };
}

async function main() {
  const state = freshState("clarityai-bench-marketing-");
  let server: LocalServer | undefined;
  try {
    const today = sydneyDay(new Date());
    // The longest range the report allows: 13 months, ending today.
    const from = addDays(addMonths(today, -13), 1);
    const days = Math.round((Date.parse(today) - Date.parse(from)) / 86_400_000) + 1;
    const file = path.join(state.dir, "bench-marketing.sql");
    writeFileSync(file, bulkSql(from, days));
    const seeding = performance.now();
    state.run(["wrangler", "d1", "execute", "DB", "--local", "--file", file]);
    console.log(
      `  (${CONVERSIONS.toLocaleString("en-AU")} conversions and the page view counters of ${days} days seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s)`,
    );

    server = await startServer({ port: PORT, state });
    const cookie = await signIn(ORIGIN, DEMO_ADMIN, "/admin");

    const views = [
      { name: "default view (last 30 days, last touch)", url: `${ORIGIN}/admin/marketing` },
      { name: `13 months, last touch (${CONVERSIONS.toLocaleString("en-AU")} conversions)`, url: `${ORIGIN}/admin/marketing?from=${from}&to=${today}` },
      { name: "13 months, first touch", url: `${ORIGIN}/admin/marketing?from=${from}&to=${today}&model=first` },
      { name: "13 months, one type (payments)", url: `${ORIGIN}/admin/marketing?from=${from}&to=${today}&type=PAYMENT_COMPLETION` },
    ];
    // Warm up: the first requests compile the Worker and fill SQLite's page cache.
    for (const view of views) for (let i = 0; i < 3; i++) await timeGet(cookie, view.url, "marketing-table");

    const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
    // For scale: the admin overview, a page with the same guard and layout and a few small queries.
    const baseline: number[] = [];
    for (let i = 0; i < RUNS; i++) baseline.push((await timeGet(cookie, `${ORIGIN}/admin`, "Overview")).page);
    console.log("\nMarketing report (local server on 127.0.0.1, GET /admin/marketing as the demo admin)");
    let missed = false;
    for (const view of views) {
      const pages: number[] = [];
      const queries: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const timing = await timeGet(cookie, view.url, "marketing-table");
        if (timing.query === null) throw new Error(`${view.url} has no Server-Timing for the report queries`);
        pages.push(timing.page);
        queries.push(timing.query);
      }
      const ok = median(queries) <= TARGET_MS;
      missed ||= !ok;
      console.log(
        `  ${view.name}: report queries median ${fmt(median(queries))}, p90 ${fmt(p90(queries))} (target ≤ ${TARGET_MS} ms) ${ok ? "OK" : "MISSED"}; whole page median ${fmt(median(pages))}, p90 ${fmt(p90(pages))} (n=${RUNS})`,
      );
    }
    console.log(`  (for scale: GET /admin, the overview, median ${fmt(median(baseline))}, p90 ${fmt(p90(baseline))})`);
    const csv: number[] = [];
    let rows = 0;
    for (let i = 0; i < CSV_RUNS; i++) {
      const started = performance.now();
      const response = await fetch(`${ORIGIN}/admin/marketing.csv?from=${from}&to=${today}`, { headers: { Cookie: cookie } });
      const text = await response.text();
      csv.push(performance.now() - started);
      if (response.status !== 200) throw new Error(`the CSV answered ${response.status}`);
      rows = text.split("\r\n").length - 2;
    }
    console.log(
      `  (for scale: the CSV of ${rows.toLocaleString("en-AU")} conversions downloads in a median ${fmt(median(csv))}, p90 ${fmt(p90(csv))}, n=${CSV_RUNS})`,
    );
    if (missed) console.log("  a target was missed");
  } finally {
    server?.stop();
    state.remove();
  }
}

main().catch((error) => {
  console.error("bench-marketing:", error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
