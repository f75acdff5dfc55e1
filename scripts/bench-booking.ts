/**
 * Booking slot views bench (part of `npm run bench`; flag: `--port <n>`, 8798 unless given).
 *
 * Measures the slot views as a visitor gets them, through the local server (scripts/serve.ts, as
 * `npm start` serves the build), not the slot function alone in Node:
 *
 *   1. Fresh local state of its own (migrations and the seed: five coaches in five time zones, a
 *      60-day booking horizon), plus three confirmed bookings for every coach on each of the next
 *      60 days, so each day's free times are cut up by bookings and their buffers.
 *   2. The slot view with a chosen day, anonymously: GET /booking?type=discovery&coach=any&day=…
 *      (the 14-day day picker around that day and the day's times, across all five coaches), once for
 *      each of the 60 days of the horizon, in a shuffled order. Every request is a different view, so
 *      none of them is answered by an earlier one. Server time (sending the request to reading the
 *      whole page, on 127.0.0.1) and CPU time (the on-CPU time of the server's processes, as
 *      scripts/bench.ts measures it), median and p90.
 *   3. The home page rendered (the edge cache stepping aside, as for a cache miss): its "next
 *      discovery call times" are computed on every render. CPU time, median of 40.
 *   4. For scale, a static file's CPU time (what every request costs here), and 200 requests for one day's view sent at once (the load a crawler or a burst of
 *      visitors makes): every answer must be a 200; the median and slowest times are reported.
 *
 * Targets: the slot view ≤ 20 ms server time (median), the home page ≤ 20 ms CPU (median).
 * Exit code 1 when a target is missed or something could not be measured.
 */
import { writeFileSync, mkdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freshState, groupCpuNs, median, percentile, portFlag, ROOT, startServer, type LocalServer } from "./bench-support";

const PORT = portFlag(8798);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const DAYS = 60;
const BOOKINGS_PER_DAY = 3;
const HOME_RUNS = 40;
const BURST = 200;
const SLOT_VIEW_TARGET_MS = 20;
const HOME_CPU_TARGET_MS = 20;
const ZONE = "Australia/Sydney";
/** A cookie the app never sets: the edge cache answers BYPASS and the home page is rendered (decision record 005). */
const RENDER_COOKIE = "bench=render";

/** Three bookings a day for every coach, on each of the next `days` days: 10:00, 12:00 and 14:00 in Sydney in summer (23:00, 01:00 and 03:00 UTC). */
function bookingsSql(days: number): string {
  return `
WITH RECURSIVE d(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM d WHERE n < ${days}),
slot(k, minutes) AS (VALUES (0, 1380), (1, 1500), (2, 1620))
INSERT INTO bookings (id, reference, coach_id, booking_type_id, starts_at, ends_at, status, name, email, client_time_zone, payment_method, price_cents)
SELECT 'bench-' || c.coach_id || '-' || n || '-' || k, 'CA-B' || upper(hex(randomblob(4))), c.coach_id, 'discovery',
  strftime('%Y-%m-%dT%H:%M:00.000Z', 'now', 'start of day', '+' || ((n - 1) * 1440 + minutes) || ' minutes'),
  strftime('%Y-%m-%dT%H:%M:00.000Z', 'now', 'start of day', '+' || ((n - 1) * 1440 + minutes + 20) || ' minutes'),
  'confirmed', 'Bench Visitor', 'bench@example.test', '${ZONE}', 'free', 0
FROM coach_schedules c, d, slot;`;
}

/** YYYY-MM-DD in Sydney, `days` after today. */
function sydneyDate(days: number): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: ZONE, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

type Sample = { ms: number; cpuMs: number; text: string };

async function timed(server: LocalServer, url: string, headers: Record<string, string>, expect: string): Promise<Sample> {
  const cpuBefore = await groupCpuNs(server.processGroup);
  const started = performance.now();
  const response = await fetch(url, { headers });
  const text = await response.text();
  const ms = performance.now() - started;
  const cpuMs = ((await groupCpuNs(server.processGroup)) - cpuBefore) / 1e6;
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  if (!text.includes(expect)) throw new Error(`${url} did not contain ${JSON.stringify(expect)}`);
  return { ms, cpuMs, text };
}

/** The view of day `n` (1 = tomorrow) as the day picker links to it: on its page of 14 days, that day chosen. */
function slotViewUrl(n: number): string {
  const page = Math.floor(n / 14) * 14;
  const from = page ? `&from=${sydneyDate(page)}` : "";
  return `${ORIGIN}/booking?type=discovery&coach=any&tz=${encodeURIComponent(ZONE)}${from}&day=${sydneyDate(n)}`;
}

function shuffled<T>(values: T[]): T[] {
  const out = [...values];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
const stats = (values: number[]) => `median ${fmt(median(values))}, p90 ${fmt(percentile(values, 90))}`;

async function main(): Promise<boolean> {
  const state = freshState("clarityai-bench-booking-");
  let server: LocalServer | undefined;
  try {
    const file = path.join(state.dir, "bench-bookings.sql");
    writeFileSync(file, bookingsSql(DAYS));
    state.run(["wrangler", "d1", "execute", "DB", "--local", "--file", file]);
    server = await startServer({ port: PORT, state });

    // Warm-up: the first requests compile the Worker and fill SQLite's page cache.
    for (let i = 0; i < 3; i++) await timed(server, slotViewUrl(DAYS), {}, "Choose a day");
    for (let i = 0; i < 3; i++) await timed(server, `${ORIGIN}/`, { Cookie: RENDER_COOKIE }, "discovery");

    const views: Sample[] = [];
    let withTimes = 0;
    for (const n of shuffled(Array.from({ length: DAYS }, (_, i) => i + 1))) {
      const sample = await timed(server, slotViewUrl(n), {}, "Choose a day");
      views.push(sample);
      if (sample.text.includes("slot-chip")) withTimes++;
    }
    if (withTimes === 0) throw new Error("no day of the horizon offered a time: the scenario measures nothing");
    const home: Sample[] = [];
    for (let i = 0; i < HOME_RUNS; i++) home.push(await timed(server, `${ORIGIN}/`, { Cookie: RENDER_COOKIE }, "discovery"));
    // What any request costs the local server (HTTP, the Worker's entry, a static file).
    const floor: Sample[] = [];
    for (let i = 0; i < HOME_RUNS; i++) floor.push(await timed(server, `${ORIGIN}/favicon.svg`, {}, "svg"));

    const burstUrl = slotViewUrl(7);
    const burstStarted = performance.now();
    const burst = await Promise.all(
      Array.from({ length: BURST }, async () => {
        const started = performance.now();
        try {
          const response = await fetch(burstUrl);
          await response.arrayBuffer();
          return { ms: performance.now() - started, status: response.status };
        } catch (error) {
          return { ms: performance.now() - started, status: 0, error: error instanceof Error ? error.message : String(error) };
        }
      }),
    );
    const burstSeconds = (performance.now() - burstStarted) / 1000;
    const failed = burst.filter((answer) => answer.status !== 200);

    const viewOk = median(views.map((s) => s.ms)) <= SLOT_VIEW_TARGET_MS;
    const homeOk = median(home.map((s) => s.cpuMs)) <= HOME_CPU_TARGET_MS;
    console.log(
      `\nBooking slot views (local server on 127.0.0.1; five coaches, ${BOOKINGS_PER_DAY} bookings each on each of the next ${DAYS} days; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} CPUs)`,
    );
    console.log(
      `  slot view with a chosen day, anonymous (/booking?type=discovery&coach=any&from=…&day=…, each of the ${DAYS} days once, ${withTimes} of them with free times): server time ${stats(views.map((s) => s.ms))} (target ≤ ${SLOT_VIEW_TARGET_MS} ms) ${viewOk ? "OK" : "MISSED"}; CPU ${stats(views.map((s) => s.cpuMs))}`,
    );
    console.log(
      `  home page rendered (edge cache bypassed), with its next discovery call times: CPU ${stats(home.map((s) => s.cpuMs))} (target ≤ ${HOME_CPU_TARGET_MS} ms) ${homeOk ? "OK" : "MISSED"}; server time ${stats(home.map((s) => s.ms))} (n=${HOME_RUNS})`,
    );
    console.log(`  (for scale: a static file, /favicon.svg, the floor every request pays here: CPU ${stats(floor.map((s) => s.cpuMs))})`);
    const burstTimes = burst.map((answer) => answer.ms);
    console.log(
      `  (for scale: ${BURST} requests at once for one day's view: median ${fmt(median(burstTimes))}, slowest ${fmt(Math.max(...burstTimes))}, all answered in ${burstSeconds.toFixed(1)} s; ${BURST - failed.length} answered 200)`,
    );
    if (failed.length) console.log(`  ${failed.length} of the ${BURST} requests at once failed, e.g. ${JSON.stringify(failed[0])}`);

    const dir = path.join(ROOT, "bench-results");
    mkdirSync(dir, { recursive: true });
    const results = {
      at: new Date().toISOString(),
      node: process.version,
      loadAverage: os.loadavg()[0],
      scenario: { coaches: 5, days: DAYS, bookingsPerCoachPerDay: BOOKINGS_PER_DAY },
      slotView: {
        serverMedianMs: median(views.map((s) => s.ms)),
        serverP90Ms: percentile(
          views.map((s) => s.ms),
          90,
        ),
        cpuMedianMs: median(views.map((s) => s.cpuMs)),
        targetMs: SLOT_VIEW_TARGET_MS,
        ok: viewOk,
        n: views.length,
      },
      homeRendered: {
        cpuMedianMs: median(home.map((s) => s.cpuMs)),
        serverMedianMs: median(home.map((s) => s.ms)),
        targetCpuMs: HOME_CPU_TARGET_MS,
        ok: homeOk,
        n: HOME_RUNS,
      },
      floorCpuMedianMs: median(floor.map((s) => s.cpuMs)),
      burst: { requests: BURST, medianMs: median(burstTimes), slowestMs: Math.max(...burstTimes), seconds: burstSeconds, failed: failed.length },
    };
    writeFileSync(path.join(dir, "booking.json"), `${JSON.stringify(results, null, 2)}\n`);
    if (!viewOk || !homeOk) console.log("  a target was missed");
    return viewOk && homeOk && failed.length === 0;
  } finally {
    server?.stop();
    state.remove();
  }
}

main().then(
  (ok) => {
    process.exitCode = ok ? 0 : 1;
  },
  (error: unknown) => {
    console.error("bench-booking:", error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
