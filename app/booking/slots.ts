// Bookable times: a coach's weekly hours in their own time zone, changed by date overrides, closed on
// public holidays (unless overridden) and during time off, minus existing bookings and live holds
// (with a buffer on both sides), limited per local day, and bounded by the minimum notice and the
// booking horizon. Pure and browser-safe: the server computes and re-checks slots with it, and the
// coach's editor validates weekly hours with its schemas.
//
// Every instant is UTC; wall-clock times are converted in the coach's zone with @date-fns/tz, so days
// of 23 or 25 hours come out right: a local time that does not exist (the hour skipped when daylight
// saving starts) never becomes a slot, and the hour repeated when it ends is offered once.

import { TZDate } from "@date-fns/tz";
import * as z from "zod";
import { offsetMinutes } from "./time-zones";

/** ["09:00", "12:30"]: local 24-hour times, end after start; "24:00" is allowed as an end (midnight). */
export type TimeInterval = [string, string];
export type Weekday = "0" | "1" | "2" | "3" | "4" | "5" | "6";
/** Intervals for each weekday, 0 = Sunday … 6 = Saturday, in the coach's time zone. */
export type WeeklyHours = Record<Weekday, TimeInterval[]>;

export type ScheduleRules = {
  /** IANA zone of the coach, e.g. Australia/Sydney. */
  timeZone: string;
  weeklyHours: WeeklyHours;
  /** Local YYYY-MM-DD → the intervals of that day instead of the weekly hours; [] closes the day. */
  dateOverrides: Record<string, TimeInterval[]>;
  /** UTC ranges without bookings. */
  timeOff: { startsAt: string; endsAt: string }[];
  /** Local YYYY-MM-DD dates that are off unless they have an override. */
  holidays: string[];
  /** Kept free before and after every busy range. */
  bufferMinutes: number;
  /** Most bookings (confirmed and held) starting on one local day; 0 means no limit. */
  dailyMax: number;
  /** How many days ahead of now slots are offered. */
  horizonDays: number;
};

/** A confirmed booking or an unexpired hold: UTC ISO. */
export type Busy = { startsAt: string; endsAt: string };
/** UTC ISO instants, in Date#toISOString form. */
export type Slot = { startsAt: string; endsAt: string };

export type SlotOptions = {
  durationMinutes: number;
  minNoticeMinutes: number;
  now: Date;
  /** Slots starting at or after this instant (and never before now + the minimum notice). */
  from?: Date;
  /** Slots starting before this instant (and never at or after now + the horizon). */
  to?: Date;
  /** Minutes between offered start times within an interval; 30 unless given. */
  stepMinutes?: number;
  /** Only the first `limit` slots are wanted: later days are not computed once they are found. */
  limit?: number;
};

export const DEFAULT_STEP_MINUTES = 30;
export const WEEKDAYS: readonly Weekday[] = ["0", "1", "2", "3", "4", "5", "6"];

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const DAY_MINUTES = 24 * 60;
const TIME_PATTERN = /^(?:([01]\d|2[0-3]):([0-5]\d)|(24):(00))$/;

/** Minutes after local midnight for "HH:mm" ("24:00" → 1440), or null when it is not such a time. */
export function timeToMinutes(value: string): number | null {
  const match = TIME_PATTERN.exec(value);
  if (!match) return null;
  return Number(match[1] ?? match[3]) * 60 + Number(match[2] ?? match[4]);
}

function intervalMinutes(interval: readonly [string, string]): [number, number] | null {
  const start = timeToMinutes(interval[0]);
  const end = timeToMinutes(interval[1]);
  if (start === null || end === null || start >= DAY_MINUTES || end <= start) return null;
  return [start, end];
}

// ---------------------------------------------------------------------------------------------
// Schemas for the coach's editor (and for the JSON stored in coach_schedules / coach_date_overrides).

const TimeSchema = z.string().trim().regex(TIME_PATTERN, "Enter a time as HH:MM in 24-hour time, for example 09:00 or 17:30");

export const TimeIntervalSchema = z
  .tuple([TimeSchema, TimeSchema])
  .refine(([start]) => start !== "24:00", "A start time must be before midnight (24:00)")
  .refine((interval) => intervalMinutes(interval) !== null, "The end time must be after the start time");

/** One day's intervals: at most 12, none overlapping. [] means unavailable. */
export const DayIntervalsSchema = z
  .array(TimeIntervalSchema)
  .max(12, "Add at most 12 time ranges to one day")
  .refine((intervals) => {
    const ranges = intervals.map(intervalMinutes).filter((range) => range !== null);
    ranges.sort((a, b) => a[0] - b[0]);
    return ranges.every((range, i) => i === 0 || range[0] >= ranges[i - 1]![1]);
  }, "Time ranges on the same day must not overlap");

export const WeeklyHoursSchema = z.object({
  "0": DayIntervalsSchema,
  "1": DayIntervalsSchema,
  "2": DayIntervalsSchema,
  "3": DayIntervalsSchema,
  "4": DayIntervalsSchema,
  "5": DayIntervalsSchema,
  "6": DayIntervalsSchema,
});

// ---------------------------------------------------------------------------------------------
// Blocked time: busy ranges widened by the buffer plus time off, merged into sorted disjoint ranges
// so that each candidate is checked with one binary search.

type Blocked = { starts: number[]; ends: number[] };

function mergeBlocked(ranges: [number, number][]): Blocked {
  ranges.sort((a, b) => a[0] - b[0]);
  const starts: number[] = [];
  const ends: number[] = [];
  for (const [start, end] of ranges) {
    const last = ends.length - 1;
    if (last >= 0 && start <= ends[last]!) {
      if (end > ends[last]!) ends[last] = end;
    } else {
      starts.push(start);
      ends.push(end);
    }
  }
  return { starts, ends };
}

/** Index of the first element greater than value (ascending array). */
function upperBound(values: number[], value: number): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (values[mid]! <= value) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Index of the first element at or above value (ascending array). */
function lowerBound(values: number[], value: number): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (values[mid]! < value) low = mid + 1;
    else high = mid;
  }
  return low;
}

function isBlocked(blocked: Blocked, start: number, end: number): boolean {
  // The first blocked range ending after the start is the only one that can overlap.
  const i = upperBound(blocked.ends, start);
  return i < blocked.starts.length && blocked.starts[i]! < end;
}

function parseRanges(ranges: readonly { startsAt: string; endsAt: string }[], widenMs: number): [number, number][] {
  const out: [number, number][] = [];
  for (const range of ranges) {
    const start = Date.parse(range.startsAt);
    const end = Date.parse(range.endsAt);
    if (Number.isNaN(start) || Number.isNaN(end) || end <= start) continue;
    out.push([start - widenMs, end + widenMs]);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Local calendar days in the coach's zone.

type LocalDay = { year: number; month: number; day: number; key: string; weekday: Weekday };

function localDayOf(instant: number, zone: string): LocalDay {
  const local = new Date(instant + offsetMinutes(zone, instant) * MINUTE_MS);
  return makeDay(local.getUTCFullYear(), local.getUTCMonth() + 1, local.getUTCDate());
}

function makeDay(year: number, month: number, day: number): LocalDay {
  // Calendar arithmetic only (no zone): normalises month and day overflow.
  const date = new Date(Date.UTC(year, month - 1, day));
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth() + 1;
  const d = date.getUTCDate();
  const key = `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
  return { year: y, month: m, day: d, key, weekday: String(date.getUTCDay()) as Weekday };
}

function nextDay(day: LocalDay): LocalDay {
  return makeDay(day.year, day.month, day.day + 1);
}

/**
 * The first instant of a local day. Away from any change of offset (within 12 hours either side)
 * midnight is the wall clock less the offset; near one, TZDate decides (it moves a midnight that
 * does not exist forward).
 */
function dayStart(day: LocalDay, zone: string): number {
  const wall = Date.UTC(day.year, day.month - 1, day.day);
  const offset = offsetMinutes(zone, wall - offsetMinutes(zone, wall) * MINUTE_MS);
  const start = wall - offset * MINUTE_MS;
  const steady = offsetMinutes(zone, start - DAY_MS / 2) === offset && offsetMinutes(zone, start + DAY_MS / 2) === offset;
  return steady ? start : new TZDate(day.year, day.month - 1, day.day, 0, 0, zone).getTime();
}

/**
 * Converts local wall-clock minutes of one day to UTC. On a day of exactly 24 hours the offset does
 * not change, so the instant is the day's start plus the minutes; on a changeover day TZDate does the
 * conversion. `exists` is false for a time in the gap when clocks go forward (TZDate moves it on by
 * the gap); a time repeated when clocks go back maps to one instant.
 */
function localInstant(day: LocalDay, minutes: number, zone: string, start: number, end: number): { at: number; exists: boolean } {
  if (minutes >= DAY_MINUTES) return { at: end, exists: true };
  if (end - start === DAY_MS) return { at: start + minutes * MINUTE_MS, exists: true };
  const hours = Math.floor(minutes / 60);
  const mins = minutes % 60;
  const local = new TZDate(day.year, day.month - 1, day.day, hours, mins, zone);
  const exists = local.getDate() === day.day && local.getHours() === hours && local.getMinutes() === mins;
  return { at: local.getTime(), exists };
}

/** Intervals as sorted minute ranges, malformed ones dropped. */
function minuteRanges(intervals: readonly TimeInterval[] | undefined): [number, number][] {
  const ranges = (intervals ?? []).map(intervalMinutes).filter((range) => range !== null);
  return ranges.sort((a, b) => a[0] - b[0]);
}

/** Each local day's open minute ranges, each weekday's and override's parsed once per computation. */
function dayIntervals(rules: ScheduleRules): (day: LocalDay) => [number, number][] {
  const holidays = new Set(rules.holidays);
  const weekly = new Map(WEEKDAYS.map((weekday) => [weekday, minuteRanges(rules.weeklyHours[weekday])]));
  return (day) => {
    if (Object.hasOwn(rules.dateOverrides, day.key)) return minuteRanges(rules.dateOverrides[day.key]);
    if (holidays.has(day.key)) return [];
    return weekly.get(day.weekday) ?? [];
  };
}

// ---------------------------------------------------------------------------------------------

function positiveWholeMinutes(value: number, name: string): number {
  if (!Number.isFinite(value) || value <= 0 || Math.floor(value) !== value) throw new RangeError(`${name} must be a positive whole number of minutes`);
  return value;
}

/**
 * Bookable start instants (ms since the epoch), ascending: what computeSlots offers, before it is
 * written out as text. Slot views count and group these numbers and write out only what they show.
 */
export function slotStarts(rules: ScheduleRules, busy: readonly Busy[], options: SlotOptions): number[] {
  const duration = positiveWholeMinutes(options.durationMinutes, "durationMinutes") * MINUTE_MS;
  const step = positiveWholeMinutes(options.stepMinutes ?? DEFAULT_STEP_MINUTES, "stepMinutes");
  const zone = rules.timeZone;
  const now = options.now.getTime();
  if (Number.isNaN(new TZDate(0, zone).getTime())) throw new RangeError(`Unknown time zone: ${zone}`);
  if (Number.isNaN(now)) throw new RangeError("now must be a valid date");

  const earliest = now + Math.max(0, options.minNoticeMinutes || 0) * MINUTE_MS;
  const latest = now + (rules.horizonDays || 0) * DAY_MS;
  const windowStart = Math.max(options.from?.getTime() ?? earliest, earliest);
  const windowEnd = Math.min(options.to?.getTime() ?? latest, latest);
  if (!(windowEnd > windowStart)) return [];

  const buffer = Math.max(0, rules.bufferMinutes || 0) * MINUTE_MS;
  const blocked = mergeBlocked([...parseRanges(busy, buffer), ...parseRanges(rules.timeOff, 0)]);
  const dailyMax = rules.dailyMax > 0 ? rules.dailyMax : 0;
  const busyStarts = dailyMax ? parseRanges(busy, 0).map(([start]) => start) : [];
  busyStarts.sort((a, b) => a - b);

  const intervalsOn = dayIntervals(rules);
  const starts: number[] = [];
  const lastKey = localDayOf(windowEnd - 1, zone).key;
  let day = localDayOf(windowStart, zone);
  let start = dayStart(day, zone);
  for (;;) {
    const following = nextDay(day);
    const end = dayStart(following, zone);
    const intervals = intervalsOn(day);
    const full = dailyMax > 0 && lowerBound(busyStarts, end) - lowerBound(busyStarts, start) >= dailyMax;
    if (intervals.length && !full) {
      for (const [from, to] of intervals) {
        const limit = localInstant(day, to, zone, start, end).at;
        for (let minutes = from; minutes < to; minutes += step) {
          const candidate = localInstant(day, minutes, zone, start, end);
          if (!candidate.exists) continue;
          const slotEnd = candidate.at + duration;
          if (slotEnd > limit || candidate.at >= windowEnd) break;
          if (candidate.at < windowStart || isBlocked(blocked, candidate.at, slotEnd)) continue;
          starts.push(candidate.at);
        }
      }
    }
    // Days come in order and a day's slots all start within it, so no later day can offer an earlier one.
    if (day.key >= lastKey || (options.limit !== undefined && starts.length >= options.limit)) break;
    day = following;
    start = end;
  }

  starts.sort((a, b) => a - b);
  const unique = starts.filter((value, i) => i === 0 || value !== starts[i - 1]);
  return options.limit === undefined ? unique : unique.slice(0, Math.max(0, options.limit));
}

/** Bookable slots of durationMinutes, sorted by start, within [max(from, now + notice), min(to, now + horizon)). */
export function computeSlots(rules: ScheduleRules, busy: readonly Busy[], options: SlotOptions): Slot[] {
  const duration = options.durationMinutes * MINUTE_MS;
  return slotStarts(rules, busy, options).map((start) => ({ startsAt: new Date(start).toISOString(), endsAt: new Date(start + duration).toISOString() }));
}

/** Whether this exact slot (start and duration) is offered under the same rules: the server's re-check before booking. */
export function isSlotOffered(rules: ScheduleRules, busy: readonly Busy[], slot: Slot, options: SlotOptions): boolean {
  const start = Date.parse(slot.startsAt);
  const end = Date.parse(slot.endsAt);
  if (Number.isNaN(start) || Number.isNaN(end) || end - start !== options.durationMinutes * MINUTE_MS) return false;
  const from = options.from && options.from.getTime() > start ? options.from : new Date(start);
  const to = options.to && options.to.getTime() < start + 1 ? options.to : new Date(start + 1);
  return slotStarts(rules, busy, { ...options, from, to, limit: undefined }).includes(start);
}

/** Up to `count` slots closest in time to target (ties: the earlier), in chronological order. */
export function nearestSlots(slots: readonly Slot[], target: string, count = 3): Slot[] {
  const at = Date.parse(target);
  if (Number.isNaN(at) || count <= 0) return [];
  const sorted = slots.map((slot) => ({ slot, start: Date.parse(slot.startsAt) })).filter((entry) => !Number.isNaN(entry.start));
  sorted.sort((a, b) => a.start - b.start);
  const starts = sorted.map((entry) => entry.start);
  let right = lowerBound(starts, at);
  let left = right - 1;
  const picked: number[] = [];
  while (picked.length < count && (left >= 0 || right < sorted.length)) {
    const leftGap = left >= 0 ? at - starts[left]! : Infinity;
    const rightGap = right < sorted.length ? starts[right]! - at : Infinity;
    if (leftGap <= rightGap) picked.push(left--);
    else picked.push(right++);
  }
  return picked.sort((a, b) => a - b).map((i) => sorted[i]!.slot);
}
