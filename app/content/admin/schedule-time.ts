import { offsetMinutes } from "~/booking/time-zones";

// A scheduled time as the admin types it (a datetime-local value, "2026-12-01T09:00", in their own
// zone) to the UTC instant stored, and back for the field's value.

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** The UTC instant of a wall-clock time in `zone`; null when it isn't a valid time or doesn't exist there (the hour skipped when daylight saving starts). */
export function zonedLocalToUtc(local: string, zone: string): Date | null {
  const m = LOCAL.exec(local);
  if (!m) return null;
  const [, y, mo, d, h, mi] = m.map(Number) as [number, number, number, number, number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  const check = new Date(wall);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59) return null;
  // Try the offsets either side of the instant; take the earlier that reads back as the wall clock (an hour repeated when daylight saving ends is the first one).
  const candidates = [offsetMinutes(zone, wall - 14 * 3_600_000), offsetMinutes(zone, wall + 14 * 3_600_000)]
    .map((offset) => wall - offset * 60_000)
    .filter((utc) => utc + offsetMinutes(zone, utc) * 60_000 === wall)
    .sort((a, b) => a - b);
  return candidates.length > 0 ? new Date(candidates[0]!) : null;
}

/** The datetime-local value for a UTC instant in `zone`. */
export function utcToZonedLocal(iso: string, zone: string): string {
  const ms = Date.parse(iso);
  return new Date(ms + offsetMinutes(zone, ms) * 60_000).toISOString().slice(0, 16);
}
