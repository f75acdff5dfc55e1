/**
 * Coach statement bench (part of `npm run bench`; flags: `--port <n>`, 8805 unless given; `--runs <n>`, 30).
 *
 * Measures a month's statement as its coach opens it, through the local server (scripts/serve.ts on
 * the build, as `npm start` serves it), not the functions alone in Node:
 *
 *   1. Fresh local state of its own (migrations and the seed), then for the seeded demo coach a
 *      GST-registered profile with a current RCTI agreement and a month of 120 completed A$150
 *      sessions (their bookings and ledger lines), issued on one statement (a recipient-created tax
 *      invoice: the most work per line).
 *   2. Signed in as that coach, GET /coach/statements/{id} `--runs` times after one warm-up: server
 *      time (sending the request to reading the whole page, on 127.0.0.1) and CPU time (the on-CPU
 *      time of the server's processes, as scripts/bench.ts measures it), median and p90. The PDF,
 *      the CSV, the Xero import and /coach/earnings the same way, for comparison.
 *
 * Target: the statement page ≤ 100 ms server time (median). Exit code 1 when it is missed or
 * something could not be measured.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { lineAmounts, shareRateFor } from "../app/coach-network/share-tiers";
import { DEMO_ACCOUNTS } from "../app/db/seed-data";
import { freshState, groupCpuNs, median, percentile, portFlag, signIn, startServer, type LocalServer } from "./bench-support";

const PORT = portFlag(8805);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const RUNS = (() => {
  const index = process.argv.indexOf("--runs");
  return index > -1 ? Number(process.argv[index + 1]) : 30;
})();
const SESSIONS = 120;
const TARGET_MS = 100;
const STATEMENT_ID = "be4c0000-0000-4000-8000-000000000120";
const PERIOD = "2026-10";
const COACH = DEMO_ACCOUNTS.find((account) => account.role === "coach")!;
const PASSWORD = "Demo-Coaching-2026!";

const q = (value: string | number | null) => (value === null ? "NULL" : typeof value === "number" ? String(value) : `'${value.replaceAll("'", "''")}'`);

/** The coach's profile, 120 sessions through October 2026 (Sydney) with their lines, and the issued statement. */
function monthSql(): string {
  const out: string[] = [
    `INSERT INTO coach_profiles (coach_id, legal_name, abn, gst_registered, abn_confirmed_at, rcti_agreement_accepted_at, rcti_agreement_expires_at, onboarding_completed_at)
     VALUES (${q(COACH.id)}, 'O''Connor Business Coaching Pty Ltd', '51824753556', 1, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', '2030-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')
     ON CONFLICT (coach_id) DO UPDATE SET legal_name = excluded.legal_name, abn = excluded.abn, gst_registered = 1,
       rcti_agreement_accepted_at = excluded.rcti_agreement_accepted_at, rcti_agreement_expires_at = excluded.rcti_agreement_expires_at;`,
    `INSERT INTO coach_statements (id, number, coach_id, period, kind, supplier_name, supplier_abn, supplier_gst_registered, recipient_name, recipient_abn, issued_at)
     VALUES (${q(STATEMENT_ID)}, 'CS-BENCH1', ${q(COACH.id)}, ${q(PERIOD)}, 'rcti', 'O''Connor Business Coaching Pty Ltd', '51824753556', 1, 'ClarityAI Coaching', '52674318905', '2026-10-31T16:00:00.000Z');`,
  ];
  for (let n = 1; n <= SESSIONS; n++) {
    const id = `be4c0000-0000-4000-8001-${String(n).padStart(12, "0")}`;
    const day = 1 + Math.floor((n - 1) / 4);
    const startsAt = new Date(Date.UTC(2026, 9, day, 22 + ((n - 1) % 4) * -3, 0)).toISOString();
    const endsAt = new Date(Date.parse(startsAt) + 3_600_000).toISOString();
    const rate = shareRateFor(n);
    const line = lineAmounts(15_000, rate);
    out.push(
      `INSERT INTO bookings (id, reference, coach_id, booking_type_id, starts_at, ends_at, status, name, email, client_time_zone, payment_method, price_cents)
       VALUES (${q(id)}, ${q(`CA-B${String(n).padStart(5, "0")}`)}, ${q(COACH.id)}, 'session-60', ${q(startsAt)}, ${q(endsAt)}, 'completed', 'Bench Client', 'bench.client@example.test', 'Australia/Sydney', 'card', 15000);`,
      `INSERT INTO coach_earnings (id, coach_id, booking_id, kind, occurred_at, gross_cents, gst_cents, fee_cents, share_cents, share_rate_bp, session_ordinal, statement_id)
       VALUES (${q(`be4c0000-0000-4000-8002-${String(n).padStart(12, "0")}`)}, ${q(COACH.id)}, ${q(id)}, 'session', ${q(endsAt)}, ${line.grossCents}, ${line.gstCents}, ${line.feeCents}, ${line.shareCents}, ${rate}, ${n}, ${q(STATEMENT_ID)});`,
    );
  }
  out.push(
    `UPDATE coach_statements SET (line_count, gross_cents, gst_cents, fee_cents, share_cents, share_gst_cents) = (
       SELECT COUNT(*), SUM(gross_cents), SUM(gst_cents), SUM(fee_cents), SUM(share_cents), SUM((share_cents + 5) / 10) FROM coach_earnings WHERE statement_id = ${q(STATEMENT_ID)})
     WHERE id = ${q(STATEMENT_ID)};`,
    `UPDATE coach_statements SET total_cents = share_cents + share_gst_cents WHERE id = ${q(STATEMENT_ID)};`,
  );
  return out.join("\n");
}

type Sample = { ms: number; cpuMs: number };

async function timed(server: LocalServer, url: string, cookie: string, expect: string): Promise<Sample> {
  const cpuBefore = await groupCpuNs(server.processGroup);
  const started = performance.now();
  const response = await fetch(url, { headers: { Cookie: cookie } });
  const body = new TextDecoder("latin1").decode(await response.arrayBuffer());
  const ms = performance.now() - started;
  const cpuMs = ((await groupCpuNs(server.processGroup)) - cpuBefore) / 1e6;
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  if (!body.includes(expect)) throw new Error(`${url} did not contain ${JSON.stringify(expect)}`);
  return { ms, cpuMs };
}

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
const stats = (values: number[]) => `median ${fmt(median(values))}, p90 ${fmt(percentile(values, 90))}`;

async function measure(server: LocalServer, url: string, cookie: string, expect: string) {
  await timed(server, url, cookie, expect);
  const samples: Sample[] = [];
  for (let run = 0; run < RUNS; run++) samples.push(await timed(server, url, cookie, expect));
  return { server: samples.map((s) => s.ms), cpu: samples.map((s) => s.cpuMs) };
}

async function main(): Promise<boolean> {
  const state = freshState("clarityai-bench-statement-");
  let server: LocalServer | undefined;
  try {
    const file = path.join(state.dir, "bench-statement.sql");
    writeFileSync(file, monthSql());
    state.run(["wrangler", "d1", "execute", "DB", "--local", "--file", file]);
    server = await startServer({ port: PORT, state });
    const cookie = await signIn(ORIGIN, { email: COACH.email, password: PASSWORD }, "/coach");
    const base = `${ORIGIN}/coach/statements/${STATEMENT_ID}`;
    const page = await measure(server, base, cookie, "CA-B00120");
    const pdf = await measure(server, `${base}.pdf`, cookie, "%PDF-");
    const csv = await measure(server, `${base}.csv`, cookie, "CA-B00120");
    const xero = await measure(server, `${base}/xero.csv`, cookie, "CA-B00120");
    const earnings = await measure(server, `${ORIGIN}/coach/earnings`, cookie, "Statements");
    // For scale on a shared machine: a small signed-in page of the same portal (its layout, no lines).
    const reference = await measure(server, `${ORIGIN}/coach/availability`, cookie, "availability");
    const ok = median(page.server) <= TARGET_MS;
    console.log(`\nCoach statement (${SESSIONS} sessions in a month, an RCTI; ${RUNS} runs after a warm-up, 127.0.0.1)`);
    console.log(`  statement page:  server ${stats(page.server)}; CPU ${stats(page.cpu)}  (target ≤ ${TARGET_MS} ms server: ${ok ? "met" : "MISSED"})`);
    console.log(`  PDF:             server ${stats(pdf.server)}; CPU ${stats(pdf.cpu)}`);
    console.log(`  CSV:             server ${stats(csv.server)}; CPU ${stats(csv.cpu)}`);
    console.log(`  Xero import:     server ${stats(xero.server)}; CPU ${stats(xero.cpu)}`);
    console.log(`  /coach/earnings: server ${stats(earnings.server)}; CPU ${stats(earnings.cpu)}`);
    console.log(`  for scale, /coach/availability: server ${stats(reference.server)}; CPU ${stats(reference.cpu)}`);
    return ok;
  } finally {
    server?.stop();
    state.remove();
  }
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (error: unknown) => {
    console.error("bench-coach-statement:", error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
