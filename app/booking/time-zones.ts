// Time zones for booking: the Australian zones a visitor can choose, their abbreviations (AEST, AEDT,
// ACST, ACDT, AWST) and en-AU formatting of UTC instants in a zone. Browser-safe.
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

/** "Thursday 3 December 2026, 9:30 am AEDT". */
export function formatDateTime(iso: string, zone: string): string {
  return `${formatSlotDate(iso, zone)}, ${formatSlotTime(iso, zone)} ${zoneAbbreviation(zone, iso)}`;
}

/** "2026-12-03": the date on the zone's calendar. */
export function localDate(iso: string, zone: string): string {
  return wallClock(zone, toDate(iso)).toISOString().slice(0, 10);
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
