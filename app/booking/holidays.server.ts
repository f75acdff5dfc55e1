// Public holidays of an Australian state or territory (from the date-holidays data), as local
// YYYY-MM-DD dates: a coach who observes holidays takes no bookings on them unless they add an
// override for the date. Substitute days (a holiday falling on a weekend moved to Monday) count.
// Part-day holidays (Christmas Eve and New Year's Eve evenings in some states) leave the working day
// open, so only whole-day public holidays are returned; bank holidays and observances are not.

import Holidays from "date-holidays";

export const AU_STATES = ["ACT", "NSW", "NT", "QLD", "SA", "TAS", "VIC", "WA"] as const;
export type AustralianState = (typeof AU_STATES)[number];

const MAX_YEARS = 20;
// Holiday dates never change for a state and year: computed once per isolate.
const byStateYear = new Map<string, string[]>();

export function isAustralianState(value: string): value is AustralianState {
  return (AU_STATES as readonly string[]).includes(value);
}

function holidaysOf(state: AustralianState, year: number): string[] {
  const key = `${state}:${year}`;
  let dates = byStateYear.get(key);
  if (!dates) {
    const calendar = new Holidays("AU", state);
    const found = calendar
      .getHolidays(year)
      .filter((holiday) => holiday.type === "public" && holiday.date.endsWith(" 00:00:00"))
      .map((holiday) => holiday.date.slice(0, 10));
    dates = [...new Set(found)].sort();
    byStateYear.set(key, dates);
  }
  return dates;
}

/** Sorted whole-day public holidays of the state (ACT, NSW, NT, QLD, SA, TAS, VIC, WA; any case) from fromYear to toYear inclusive. */
export function publicHolidays(state: string, fromYear: number, toYear: number): string[] {
  const code = state.trim().toUpperCase();
  if (!isAustralianState(code)) throw new RangeError(`Unknown Australian state or territory: ${state}`);
  if (!Number.isInteger(fromYear) || !Number.isInteger(toYear) || toYear < fromYear || toYear - fromYear >= MAX_YEARS) {
    throw new RangeError(`Invalid year range: ${fromYear}–${toYear}`);
  }
  const dates: string[] = [];
  for (let year = fromYear; year <= toYear; year++) dates.push(...holidaysOf(code, year));
  return dates;
}
