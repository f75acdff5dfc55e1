// Australian time for the whole site: the zones a visitor can choose, their abbreviations (AEST, AEDT,
// ACST, ACDT, AWST) and en-AU formatting of UTC instants in a zone. The one place that turns an
// instant into words: every time shown names its zone through it. Browser-safe.
//
// Intl's short zone names for Australia depend on the runtime's locale data (often "GMT+10"), so the
// Australian abbreviations are derived from the zone and its UTC offset at that instant.

import { tzOffset } from "@date-fns/tz";

export const DEFAULT_TIME_ZONE = "Australia/Sydney";

export const AU_TIME_ZONES: { id: string; label: string }[] = [
  { id: "Australia/Sydney", label: "Sydney (NSW)" },
  { id: "Australia/Melbourne", label: "Melbourne (VIC)" },
  { id: "Australia/Brisbane", label: "Brisbane (QLD)" },
  { id: "Australia/Adelaide", label: "Adelaide (SA)" },
  { id: "Australia/Darwin", label: "Darwin (NT)" },
  { id: "Australia/Perth", label: "Perth (WA)" },
  { id: "Australia/Hobart", label: "Hobart (TAS)" },
  { id: "Australia/Canberra", label: "Canberra (ACT)" },
];

// Zones (with their older alias names) that use Australian Eastern, Central and Western time.
const EASTERN = new Set([
  "Australia/Sydney",
  "Australia/Melbourne",
  "Australia/Hobart",
  "Australia/Canberra",
  "Australia/Brisbane",
  "Australia/Lindeman",
  "Australia/ACT",
  "Australia/NSW",
  "Australia/Victoria",
  "Australia/Tasmania",
  "Australia/Queensland",
  "Australia/Currie",
]);
const CENTRAL = new Set(["Australia/Adelaide", "Australia/Darwin", "Australia/Broken_Hill", "Australia/South", "Australia/North", "Australia/Yancowinna"]);
const WESTERN = new Set(["Australia/Perth", "Australia/West"]);

/** Abbreviation by UTC offset in minutes for each group: standard time, then daylight saving time. */
const ABBREVIATIONS: [Set<string>, Record<number, string>][] = [
  [EASTERN, { 600: "AEST", 660: "AEDT" }],
  [CENTRAL, { 570: "ACST", 630: "ACDT" }],
  [WESTERN, { 480: "AWST", 540: "AWDT" }],
];

const formatters = new Map<string, Intl.DateTimeFormat>();

// A zone's UTC offset changes a few times a year at most, and slot views ask for it for hundreds of
// instants a request: it is looked up (one Intl call) once per quarter hour of UTC and zone, and
// remembered. Real offset changes fall on quarter hours; a quarter hour whose two ends disagree is
// never remembered, so an instant in it is looked up exactly.
const QUARTER_HOUR_MS = 15 * 60_000;
/** Quarter hours remembered per zone before starting afresh: about 200 days' worth. */
const OFFSETS_KEPT = 20_000;
const offsets = new Map<string, Map<number, number | null>>();

function exactOffset(zone: string, ms: number): number {
  const offset = tzOffset(zone, new Date(ms));
  if (Number.isNaN(offset)) throw new RangeError(`Unknown time zone: ${zone}`);
  return offset;
}

/** Minutes the zone's clock is ahead of UTC at an instant (ms since the epoch), e.g. 660 for Sydney in summer. */
export function offsetMinutes(zone: string, ms: number): number {
  let byQuarter = offsets.get(zone);
  if (!byQuarter) offsets.set(zone, (byQuarter = new Map()));
  const quarter = Math.floor(ms / QUARTER_HOUR_MS);
  let offset = byQuarter.get(quarter);
  if (offset === undefined) {
    const start = exactOffset(zone, quarter * QUARTER_HOUR_MS);
    offset = start === exactOffset(zone, (quarter + 1) * QUARTER_HOUR_MS - 1) ? start : null;
    if (byQuarter.size >= OFFSETS_KEPT) byQuarter.clear();
    byQuarter.set(quarter, offset);
  }
  return offset ?? exactOffset(zone, ms);
}

/** The zone's wall clock at an instant, as a Date whose UTC fields read that wall clock. */
function wallClock(zone: string, date: Date): Date {
  const ms = date.getTime();
  return new Date(ms + offsetMinutes(zone, ms) * 60_000);
}

function formatter(kind: string, zone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${kind}|${zone}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat("en-AU", { ...options, timeZone: zone });
    formatters.set(key, format);
  }
  return format;
}

function toDate(at: Date | string): Date {
  const date = typeof at === "string" ? new Date(at) : at;
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid date: ${String(at)}`);
  return date;
}

function parts(format: Intl.DateTimeFormat, date: Date): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of format.formatToParts(date)) out[part.type] = part.value;
  return out;
}

/** The time zone of each Australian state and territory, for a profile that names its state. */
export const STATE_TIME_ZONES: Record<string, string> = {
  NSW: "Australia/Sydney",
  ACT: "Australia/Canberra",
  VIC: "Australia/Melbourne",
  QLD: "Australia/Brisbane",
  SA: "Australia/Adelaide",
  NT: "Australia/Darwin",
  WA: "Australia/Perth",
  TAS: "Australia/Hobart",
};

/** The zone of a profile's state or territory ("QLD" → "Australia/Brisbane"), or null when it names none. */
export function zoneForState(state: string | null | undefined): string | null {
  return (state && STATE_TIME_ZONES[state.toUpperCase()]) || null;
}

/** Whether Intl knows this IANA zone name. */
function isKnownZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-AU", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** "AEST", "AEDT", "ACST", "ACDT" or "AWST" for Australian zones; Intl's short name for any other zone. */
export function zoneAbbreviation(zone: string, at: Date | string): string {
  const date = toDate(at);
  for (const [zones, byOffset] of ABBREVIATIONS) {
    if (!zones.has(zone)) continue;
    const abbreviation = byOffset[offsetMinutes(zone, date.getTime())];
    if (abbreviation) return abbreviation;
  }
  return parts(formatter("zone", zone, { timeZoneName: "short" }), date).timeZoneName ?? zone;
}

/** "9:30 am" on the zone's clock (as en-AU writes it: "12:05 am" just after midnight, "12:00 pm" at noon). */
export function formatSlotTime(iso: string, zone: string): string {
  const clock = wallClock(zone, toDate(iso));
  const hours = clock.getUTCHours();
  return `${hours % 12 || 12}:${String(clock.getUTCMinutes()).padStart(2, "0")} ${hours < 12 ? "am" : "pm"}`;
}

/** "Thursday 3 December 2026" on the zone's calendar. */
export function formatSlotDate(iso: string, zone: string): string {
  const p = parts(formatter("date", zone, { weekday: "long", day: "numeric", month: "long", year: "numeric" }), toDate(iso));
  return `${p.weekday} ${p.day} ${p.month} ${p.year}`;
}

/** "9:30 am AEST": a time on the zone's clock, named with the abbreviation that applies then. */
export function formatTime(iso: string, zone: string): string {
  return `${formatSlotTime(iso, zone)} ${zoneAbbreviation(zone, iso)}`;
}

/** "3 Dec 2026, 9:30 am AEDT": the compact form for lists and tables. */
export function formatShortDateTime(iso: string, zone: string): string {
  const p = parts(formatter("short-date", zone, { day: "numeric", month: "short", year: "numeric" }), toDate(iso));
  return `${p.day} ${p.month} ${p.year}, ${formatTime(iso, zone)}`;
}

/** A stored timestamp as formatShortDateTime writes it (Sydney time unless a zone is given), or "—" when there is none. */
export function formatTimestamp(iso: string | null | undefined, zone?: string | null): string {
  if (!iso || Number.isNaN(Date.parse(iso))) return "—";
  return formatShortDateTime(iso, zone ?? DEFAULT_TIME_ZONE);
}

/** "Brisbane", "Perth", "Broken Hill", "UTC": the place a zone is named after. */
export function zoneCity(zone: string): string {
  const listed = AU_TIME_ZONES.find((candidate) => candidate.id === zone);
  if (listed) return listed.label.replace(/ \(.*\)$/, "");
  return (zone.split("/").at(-1) ?? zone).replace(/_/g, " ");
}

const WEEK_MS = 7 * 86_400_000;

/** The next instant within a year at which the zone's clock changes (daylight saving starts or ends), or null. */
export function nextOffsetChange(zone: string, at: Date | string): Date | null {
  const from = toDate(at).getTime();
  const offset = offsetMinutes(zone, from);
  // Changes are months apart: step a week at a time, then narrow the week down to the millisecond.
  for (let end = from + WEEK_MS; end <= from + 53 * WEEK_MS; end += WEEK_MS) {
    if (offsetMinutes(zone, end) === offset) continue;
    let low = end - WEEK_MS;
    let high = end;
    while (high - low > 1) {
      const middle = low + Math.floor((high - low) / 2);
      if (offsetMinutes(zone, middle) === offset) low = middle;
      else high = middle;
    }
    return new Date(high);
  }
  return null;
}

/**
 * A zone named for a label that covers more than one date, such as weekly hours: "Brisbane time
 * (AEST)" where the clock never changes, "Sydney time (AEDT until 5 April 2026, then AEST)" where
 * daylight saving starts or ends within the year.
 */
export function describeZone(zone: string, at: Date | string): string {
  const now = zoneAbbreviation(zone, at);
  const change = nextOffsetChange(zone, at);
  if (!change) return `${zoneCity(zone)} time (${now})`;
  const changeIso = change.toISOString();
  const day = parts(formatter("day-month-year", zone, { day: "numeric", month: "long", year: "numeric" }), change);
  return `${zoneCity(zone)} time (${now} until ${day.day} ${day.month} ${day.year}, then ${zoneAbbreviation(zone, changeIso)})`;
}

/** "Thursday 3 December 2026, 9:30 am AEDT". */
export function formatDateTime(iso: string, zone: string): string {
  return `${formatSlotDate(iso, zone)}, ${formatSlotTime(iso, zone)} ${zoneAbbreviation(zone, iso)}`;
}

/** "2026-12-03": the date on the zone's calendar. */
export function localDate(iso: string, zone: string): string {
  return wallClock(zone, toDate(iso)).toISOString().slice(0, 10);
}

const DAY_MS = 86_400_000;

/** The date on the zone's calendar at an instant (ms since the epoch), as a day number: days since 1970-01-01. */
export function localDayNumber(ms: number, zone: string): number {
  return Math.floor((ms + offsetMinutes(zone, ms) * 60_000) / DAY_MS);
}

/** The day number of a YYYY-MM-DD date (localDayNumber's numbering). */
export function dateDayNumber(date: string): number {
  return Math.floor(Date.parse(`${date}T00:00:00.000Z`) / DAY_MS);
}

/** Whether this is a time zone of an Australian state or territory (Australia/…), known to Intl. */
export function isAustralianZone(zone: string): boolean {
  return /^Australia\/[A-Za-z_]+$/.test(zone) && isKnownZone(zone);
}

/**
 * A time zone from a query string, form or browser: one of AU_TIME_ZONES (any letter case), or another
 * IANA zone Intl knows (in its canonical spelling); anything else gives the fallback.
 */
export function normaliseZone(input: string | null | undefined, fallback = DEFAULT_TIME_ZONE): string {
  const value = (input ?? "").trim();
  if (!value || value.length > 64 || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(value)) return fallback;
  const listed = AU_TIME_ZONES.find((zone) => zone.id.toLowerCase() === value.toLowerCase());
  if (listed) return listed.id;
  try {
    return new Intl.DateTimeFormat("en-AU", { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return fallback;
  }
}
