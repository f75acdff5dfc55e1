// Public holidays of an Australian state or territory, as local YYYY-MM-DD dates: a coach who
// observes holidays takes no bookings on them unless they add an override for the date. Substitute
// days (a holiday falling on a weekend moved to Monday) count. Part-day holidays (Christmas Eve and
// New Year's Eve evenings in some states) leave the working day open, so only whole-day public
// holidays are returned; bank holidays and observances are not.
//
// The dates come from app/booking/holiday-table.ts, generated at build time from the date-holidays
// data (scripts/holiday-table.ts). A year outside the table is an error that names the command that
// regenerates it, never an empty list that would quietly open every holiday for booking.

import { HOLIDAY_TABLE } from "./holiday-table";

export const AU_STATES = ["ACT", "NSW", "NT", "QLD", "SA", "TAS", "VIC", "WA"] as const;
export type AustralianState = (typeof AU_STATES)[number];

// Holiday dates never change for a state and year: expanded once per isolate.
const byStateYear = new Map<string, string[]>();

export function isAustralianState(value: string): value is AustralianState {
  return (AU_STATES as readonly string[]).includes(value);
}

function holidaysOf(state: AustralianState, year: number): string[] {
  const key = `${state}:${year}`;
  let dates = byStateYear.get(key);
  if (!dates) {
    const days = HOLIDAY_TABLE.states[state][year];
    if (days === undefined) {
      throw new RangeError(
        `No public holidays for ${year} in app/booking/holiday-table.ts (it covers ${HOLIDAY_TABLE.firstYear}–${HOLIDAY_TABLE.lastYear}): run \`npm run holidays\` to regenerate it.`,
      );
    }
    dates = days ? days.split(" ").map((day) => `${year}-${day}`) : [];
    byStateYear.set(key, dates);
  }
  return dates;
}

/** Sorted whole-day public holidays of the state (ACT, NSW, NT, QLD, SA, TAS, VIC, WA; any case) from fromYear to toYear inclusive. */
export function publicHolidays(state: string, fromYear: number, toYear: number): string[] {
  const code = state.trim().toUpperCase();
  if (!isAustralianState(code)) throw new RangeError(`Unknown Australian state or territory: ${state}`);
  if (!Number.isInteger(fromYear) || !Number.isInteger(toYear) || toYear < fromYear) throw new RangeError(`Invalid year range: ${fromYear}–${toYear}`);
  const dates: string[] = [];
  for (let year = fromYear; year <= toYear; year++) dates.push(...holidaysOf(code, year));
  return dates;
}
