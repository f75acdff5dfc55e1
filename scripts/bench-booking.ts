/**
 * Booking slots bench (part of `npm run bench`; runs in Node, no server).
 *
 * One coach in Sydney (weekdays 07:00–21:00, Saturday mornings, NSW public holidays, a week of leave,
 * a few date overrides, a 15-minute buffer) with six bookings or holds on every day of the next 60 days,
 * given in no particular order. Times computeSlots for the whole 60-day horizon (60-minute sessions,
 * 30-minute step) and isSlotOffered for one slot: median and p90 of many runs after a warm-up.
 *
 * Target: computeSlots ≤ 20 ms (median). Prints one line per measure and writes
 * bench-results/booking.json. A report: the exit code is 0 when a target is missed and 1 only when
 * something could not be measured.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { publicHolidays } from "../app/booking/holidays.server";
import { computeSlots, isSlotOffered, type Busy, type ScheduleRules, type TimeInterval } from "../app/booking/slots";
import { median, percentile, ROOT } from "./bench-support";

const TARGET_MS = 20;
const WARM_UP = 30;
const RUNS = 300;
const DAYS = 60;
const BOOKINGS_PER_DAY = 6;

const WORKDAY: TimeInterval[] = [["07:00", "21:00"]];

function scenario(now: Date): { rules: ScheduleRules; busy: Busy[] } {
  const year = now.getUTCFullYear();
  const rules: ScheduleRules = {
    timeZone: "Australia/Sydney",
    weeklyHours: { "0": [], "1": WORKDAY, "2": WORKDAY, "3": WORKDAY, "4": WORKDAY, "5": WORKDAY, "6": [["09:00", "13:00"]] },
    dateOverrides: {},
    timeOff: [],
    holidays: publicHolidays("NSW", year, year + 1),
    bufferMinutes: 15,
    dailyMax: 8,
    horizonDays: DAYS,
  };
  const busy: Busy[] = [];
  for (let day = 0; day < DAYS; day++) {
    // Bookings every two hours from about 08:00 in Sydney (22:00 UTC is 08:00 AEST, 09:00 AEDT).
    const base = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + day, 22);
    for (let i = 0; i < BOOKINGS_PER_DAY; i++) {
      const startsAt = base + (i * 120 + (day % 3) * 15) * 60_000;
      busy.push({ startsAt: new Date(startsAt).toISOString(), endsAt: new Date(startsAt + (i % 2 ? 90 : 60) * 60_000).toISOString() });
    }
    if (day % 11 === 5) {
      const date = new Date(base + 12 * 3_600_000).toISOString().slice(0, 10);
      rules.dateOverrides[date] = day % 2 ? [] : [["10:00", "14:00"]];
    }
  }
  const leave = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 30, 14);
  rules.timeOff.push({ startsAt: new Date(leave).toISOString(), endsAt: new Date(leave + 7 * 86_400_000).toISOString() });
  // In no particular order, as rows from several queries would be.
  busy.sort((a, b) => (a.startsAt.slice(-8) < b.startsAt.slice(-8) ? -1 : 1));
  return { rules, busy };
}

function time(run: () => unknown): number[] {
  for (let i = 0; i < WARM_UP; i++) run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    run();
    times.push(performance.now() - started);
  }
  return times;
}

function main() {
  const now = new Date();
  const { rules, busy } = scenario(now);
  const options = { durationMinutes: 60, minNoticeMinutes: 1440, now };
  const slots = computeSlots(rules, busy, options);
  if (slots.length === 0) throw new Error("the scenario offers no slots");
  const probe = slots[Math.floor(slots.length / 2)]!;
  if (!isSlotOffered(rules, busy, probe, options)) throw new Error("isSlotOffered disagrees with computeSlots");

  const compute = time(() => computeSlots(rules, busy, options));
  const recheck = time(() => isSlotOffered(rules, busy, probe, options));
  const fmt = (ms: number) => `${ms.toFixed(2)} ms`;
  const ok = median(compute) <= TARGET_MS;

  console.log(`\nBooking slots (Node, one coach, ${DAYS} days, ${busy.length} bookings and holds, ${slots.length} slots offered)`);
  console.log(
    `  computeSlots, ${DAYS}-day horizon: median ${fmt(median(compute))}, p90 ${fmt(percentile(compute, 90))} (target ≤ ${TARGET_MS} ms) ${ok ? "OK" : "MISSED"} (n=${RUNS})`,
  );
  console.log(`  isSlotOffered, one slot: median ${fmt(median(recheck))}, p90 ${fmt(percentile(recheck, 90))} (n=${RUNS})`);
  if (!ok) console.log("  a target was missed");

  const dir = path.join(ROOT, "bench-results");
  mkdirSync(dir, { recursive: true });
  const results = {
    at: now.toISOString(),
    node: process.version,
    scenario: { days: DAYS, busy: busy.length, slots: slots.length, runs: RUNS },
    computeSlots: { medianMs: median(compute), p90Ms: percentile(compute, 90), targetMs: TARGET_MS, ok },
    isSlotOffered: { medianMs: median(recheck), p90Ms: percentile(recheck, 90) },
  };
  writeFileSync(path.join(dir, "booking.json"), `${JSON.stringify(results, null, 2)}\n`);
}

try {
  main();
} catch (error) {
  console.error("bench-booking:", error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
