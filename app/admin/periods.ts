import { TZDate } from "@date-fns/tz";
import type { FigureQuery, Range } from "./figures";

// The overview's periods, in Australia/Sydney time whatever the admin's own zone: this week (Monday
// to Sunday), this month, this quarter (the BAS quarters Jul–Sep, Oct–Dec, Jan–Mar, Apr–Jun) and this
// financial year (from 1 July). Each is a half-open UTC range, so daylight saving moves its edges:
// 1 October 00:00 in Sydney is 2026-09-30T14:00:00Z (AEST), 1 January is 2025-12-31T13:00:00Z (AEDT).
// Browser-safe and pure: the page, the CSV export and the tests share it.

export const PERIOD_ZONE = "Australia/Sydney";

export const PERIOD_KEYS = ["week", "month", "quarter", "fy"] as const;
export type PeriodKey = (typeof PERIOD_KEYS)[number];

export const DEFAULT_PERIOD: PeriodKey = "month";

/** How many buckets each period's trend shows, the period itself last: 8 weeks, 12 months, 5 quarters (so the same quarter last year is there), 3 financial years. */
export const TREND_BUCKETS: Record<PeriodKey, number> = { week: 8, month: 12, quarter: 5, fy: 3 };

export const PERIOD_NAMES: Record<PeriodKey, string> = { week: "Week", month: "Month", quarter: "Quarter (BAS)", fy: "Financial year" };

export type Period = {
  key: PeriodKey;
  /** "This month", "Last quarter"… or the period's own name when further back. */
  title: string;
  /** The period in words: "1–30 November 2026", "Q2 2026–27 (October–December 2026)", "2026–27 (1 July 2026 – 30 June 2027)". */
  label: string;
  range: Range;
  /** Oldest first; the last is `range`. */
  buckets: Range[];
  /** A short name per bucket for charts and tables: "16 Nov", "Nov 2026", "Q2 26–27", "FY26–27". */
  bucketLabels: string[];
  /** The Sydney dates of the period, first and last day inclusive (YYYY-MM-DD), for list filters. */
  firstDay: string;
  lastDay: string;
  /** A Sydney date inside the previous and the next period (null when the next would start after now). */
  previous: string;
  next: string | null;
  /** True when the period contains now. */
  current: boolean;
};

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

type Day = { year: number; month: number; day: number };

function pad(n: number): string {
  return String(n).padStart(2, "0");
}

function dayKey(d: Day): string {
  return `${d.year}-${pad(d.month + 1)}-${pad(d.day)}`;
}

/** Calendar arithmetic on a date without a zone (normalises overflow: 32 January → 1 February). */
function normalise(year: number, month: number, day: number): Day {
  const date = new Date(Date.UTC(year, month, day));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth(), day: date.getUTCDate() };
}

/** Midnight in Sydney at the start of a date, as UTC ISO. */
function midnight(d: Day): string {
  return new Date(new TZDate(d.year, d.month, d.day, 0, 0, PERIOD_ZONE).getTime()).toISOString();
}

/** The Sydney date of an instant. */
export function sydneyDate(at: Date): Day {
  const local = new TZDate(at.getTime(), PERIOD_ZONE);
  return { year: local.getFullYear(), month: local.getMonth(), day: local.getDate() };
}

/** The first day of the period containing a date. */
function periodStart(key: PeriodKey, d: Day): Day {
  switch (key) {
    case "week": {
      const weekday = new Date(Date.UTC(d.year, d.month, d.day)).getUTCDay(); // 0 Sunday
      return normalise(d.year, d.month, d.day - ((weekday + 6) % 7));
    }
    case "month":
      return { year: d.year, month: d.month, day: 1 };
    case "quarter":
      return { year: d.year, month: Math.floor(d.month / 3) * 3, day: 1 };
    case "fy":
      return { year: d.month >= 6 ? d.year : d.year - 1, month: 6, day: 1 };
  }
}

/** The first day of the period `steps` periods after the one starting on `start` (negative: before). */
function shift(key: PeriodKey, start: Day, steps: number): Day {
  switch (key) {
    case "week":
      return normalise(start.year, start.month, start.day + 7 * steps);
    case "month":
      return normalise(start.year, start.month + steps, 1);
    case "quarter":
      return normalise(start.year, start.month + 3 * steps, 1);
    case "fy":
      return normalise(start.year + steps, 6, 1);
  }
}

/** "2026–27" for the financial year starting 1 July 2026. */
function fyName(startYear: number, short = false): string {
  return short ? `${String(startYear).slice(2)}–${String(startYear + 1).slice(2)}` : `${startYear}–${String(startYear + 1).slice(2)}`;
}

/** The BAS quarter number in the financial year: Jul–Sep is Q1. */
function basQuarter(start: Day): number {
  return ((Math.floor(start.month / 3) + 2) % 4) + 1;
}

function fyOf(start: Day): number {
  return start.month >= 6 ? start.year : start.year - 1;
}

function describe(key: PeriodKey, start: Day, last: Day): string {
  switch (key) {
    case "week":
      return start.month === last.month
        ? `${start.day}–${last.day} ${MONTHS[last.month]} ${last.year}`
        : start.year === last.year
          ? `${start.day} ${MONTHS[start.month]} – ${last.day} ${MONTHS[last.month]} ${last.year}`
          : `${start.day} ${MONTHS[start.month]} ${start.year} – ${last.day} ${MONTHS[last.month]} ${last.year}`;
    case "month":
      return `${MONTHS[start.month]} ${start.year}`;
    case "quarter":
      return `Q${basQuarter(start)} ${fyName(fyOf(start))} (${MONTHS[start.month]}–${MONTHS[last.month]} ${last.year})`;
    case "fy":
      return `${fyName(start.year)} (1 July ${start.year} – 30 June ${start.year + 1})`;
  }
}

function bucketLabel(key: PeriodKey, start: Day): string {
  switch (key) {
    case "week":
      return `${start.day} ${MONTHS[start.month]!.slice(0, 3)}`;
    case "month":
      return `${MONTHS[start.month]!.slice(0, 3)} ${start.year}`;
    case "quarter":
      return `Q${basQuarter(start)} ${fyName(fyOf(start), true)}`;
    case "fy":
      return `FY${fyName(start.year, true)}`;
  }
}

const TITLES: Record<PeriodKey, [string, string]> = {
  week: ["This week", "Last week"],
  month: ["This month", "Last month"],
  quarter: ["This quarter", "Last quarter"],
  fy: ["This financial year", "Last financial year"],
};

/** Reads ?period=; anything else is the default (a bad value is not an error worth a 400). */
export function parsePeriodKey(value: string | null | undefined): PeriodKey {
  return (PERIOD_KEYS as readonly string[]).includes(value ?? "") ? (value as PeriodKey) : DEFAULT_PERIOD;
}

/** Reads ?at= (a Sydney date inside the period wanted); null when absent, malformed, before 2000 or after now. */
export function parseAnchor(value: string | null | undefined, now: Date): Day | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? "");
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const d = normalise(year, month - 1, day);
  if (d.year !== year || d.month !== month - 1 || d.day !== day || year < 2000) return null;
  return dayKey(d) > dayKey(sydneyDate(now)) ? null : d;
}

/** The period of kind `key` containing `at` (a Sydney date; today when absent), with its trend buckets. */
export function periodFor(key: PeriodKey, now: Date, at?: Day | null): Period {
  const today = sydneyDate(now);
  const start = periodStart(key, at ?? today);
  const end = shift(key, start, 1);
  const last = normalise(end.year, end.month, end.day - 1);
  const count = TREND_BUCKETS[key];
  const starts = Array.from({ length: count + 1 }, (_, i) => shift(key, start, i - count + 1));
  const buckets = starts.slice(0, count).map((s, i) => ({ start: midnight(s), end: midnight(starts[i + 1]!) }));
  const currentStart = periodStart(key, today);
  const current = dayKey(start) === dayKey(currentStart);
  const previousStart = dayKey(shift(key, currentStart, -1));
  const title = current ? TITLES[key][0] : dayKey(start) === previousStart ? TITLES[key][1] : describe(key, start, last);
  return {
    key,
    title,
    label: describe(key, start, last),
    range: { start: midnight(start), end: midnight(end) },
    buckets,
    bucketLabels: starts.slice(0, count).map((s) => bucketLabel(key, s)),
    firstDay: dayKey(start),
    lastDay: dayKey(last),
    previous: dayKey(shift(key, start, -1)),
    next: current ? null : dayKey(end),
    current,
  };
}

/** The figures' query for a period. */
export function figureQuery(period: Period, now: Date): FigureQuery {
  return { range: period.range, buckets: period.buckets, now };
}
