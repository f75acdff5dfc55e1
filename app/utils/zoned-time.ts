import { TZDate } from "@date-fns/tz";

// Reading a date and time typed into a datetime-local field as a time in a given zone. Browser-safe.

/** "2026-12-24T09:30" on `zone`'s clock as a UTC instant (toISOString form), or null when it is not a real date and time. */
export function zonedToUtc(value: string, zone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  const zoned = new TZDate(year, month - 1, day, hour, minute, zone);
  // 31 February would roll over into March: refuse rather than guess.
  if (Number.isNaN(zoned.getTime()) || zoned.getDate() !== day || zoned.getMonth() !== month - 1) return null;
  return new Date(zoned.getTime()).toISOString();
}

/** A UTC instant as a datetime-local value on `zone`'s clock ("2026-12-24T09:30"). */
export function utcToZonedInput(iso: string, zone: string): string {
  const zoned = new TZDate(new Date(iso).getTime(), zone);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${zoned.getFullYear()}-${pad(zoned.getMonth() + 1)}-${pad(zoned.getDate())}T${pad(zoned.getHours())}:${pad(zoned.getMinutes())}`;
}
