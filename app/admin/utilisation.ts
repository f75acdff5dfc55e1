import { offsetMinutes } from "~/booking/time-zones";
import type { TimeInterval, WeeklyHours } from "~/booking/slots";
import type { Range } from "./figures";

// The hours a coach offers in a range: each of their local days' open intervals (a date override
// instead of the weekly hours; a public holiday they observe closes the day unless overridden), as
// UTC instants clipped to the range, less their time off. Pure, for the overview's coach utilisation.

export type CoachOffer = {
  timeZone: string;
  weeklyHours: Partial<WeeklyHours>;
  /** Local YYYY-MM-DD → that day's intervals ([] closes it). */
  overrides: Record<string, TimeInterval[]>;
  /** Local YYYY-MM-DD dates closed unless overridden. */
  holidays: string[];
  /** UTC ranges without bookings. */
  timeOff: { startsAt: string; endsAt: string }[];
};

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

function minutesOf(value: unknown): number | null {
  if (typeof value !== "string") return null;
  const match = /^(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return minutes <= 24 * 60 ? minutes : null;
}

function intervalsOf(list: unknown): [number, number][] {
  if (!Array.isArray(list)) return [];
  const out: [number, number][] = [];
  for (const item of list) {
    if (!Array.isArray(item)) continue;
    const start = minutesOf(item[0]);
    const end = minutesOf(item[1]);
    if (start !== null && end !== null && end > start) out.push([start, end]);
  }
  return out;
}

/** The UTC instant of a wall-clock time on a local date (the offset of that moment; a time skipped when clocks go forward lands an hour on). */
function instant(date: number, minutes: number, zone: string): number {
  const wall = date + minutes * MINUTE_MS;
  const guess = wall - offsetMinutes(zone, wall) * MINUTE_MS;
  return wall - offsetMinutes(zone, guess) * MINUTE_MS;
}

/** Minutes offered in [range.start, range.end). */
export function offeredMinutes(offer: CoachOffer, range: Range): number {
  const from = Date.parse(range.start);
  const to = Date.parse(range.end);
  if (!(to > from)) return 0;
  const holidays = new Set(offer.holidays);
  const weekly = new Map<number, [number, number][]>();
  for (let weekday = 0; weekday < 7; weekday++) weekly.set(weekday, intervalsOf(offer.weeklyHours[String(weekday) as keyof WeeklyHours]));
  const off = offer.timeOff.map((t) => [Date.parse(t.startsAt), Date.parse(t.endsAt)] as const).filter(([s, e]) => e > s);
  // Local midnight (as a UTC-fields date) of the day containing the range's start, a day early to be safe.
  const firstLocal = from + offsetMinutes(offer.timeZone, from) * MINUTE_MS;
  let total = 0;
  for (let date = Math.floor(firstLocal / DAY_MS) * DAY_MS - DAY_MS; instant(date, 0, offer.timeZone) < to; date += DAY_MS) {
    const key = new Date(date).toISOString().slice(0, 10);
    const intervals = Object.hasOwn(offer.overrides, key)
      ? intervalsOf(offer.overrides[key])
      : holidays.has(key)
        ? []
        : weekly.get(new Date(date).getUTCDay())!;
    for (const [startMinutes, endMinutes] of intervals) {
      const start = Math.max(from, instant(date, startMinutes, offer.timeZone));
      const end = Math.min(to, instant(date, endMinutes, offer.timeZone));
      if (end <= start) continue;
      let open = end - start;
      for (const [offStart, offEnd] of off) open -= Math.max(0, Math.min(end, offEnd) - Math.max(start, offStart));
      total += Math.max(0, open);
    }
  }
  return Math.round(total / MINUTE_MS);
}
