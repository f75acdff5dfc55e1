import Holidays from "date-holidays";
import { describe, expect, test } from "vitest";
import { HOLIDAY_TABLE } from "~/booking/holiday-table";
import { AU_STATES, publicHolidays } from "~/booking/holidays.server";

// The Worker reads public holidays from a table generated at build time (scripts/holiday-table.ts),
// not from the date-holidays engine, which is a devDependency used here and by the generator only.

/** Years ahead the table must still cover this year's and next year's holidays (what bookings ask for). */
const YEARS_AHEAD = 3;

describe("the holiday table", () => {
  test(`covers this year and the next for every state, for each of the next ${YEARS_AHEAD} years`, () => {
    const thisYear = new Date().getUTCFullYear();
    for (let year = thisYear; year <= thisYear + YEARS_AHEAD; year++) {
      for (const state of AU_STATES) {
        // A message, not just a failure: the fix is one command.
        expect(() => publicHolidays(state, year, year + 1), `${state} ${year}–${year + 1}: run \`npm run holidays\``).not.toThrow();
        expect(publicHolidays(state, year, year + 1).length, `${state} ${year}–${year + 1}`).toBeGreaterThan(15);
      }
    }
  });

  test("asked for a year it does not cover, it fails loudly and says how to regenerate it", () => {
    const after = HOLIDAY_TABLE.lastYear + 1;
    expect(() => publicHolidays("NSW", HOLIDAY_TABLE.lastYear, after)).toThrow(RangeError);
    expect(() => publicHolidays("NSW", after, after)).toThrow(
      `No public holidays for ${after} in app/booking/holiday-table.ts (it covers ${HOLIDAY_TABLE.firstYear}–${HOLIDAY_TABLE.lastYear}): run \`npm run holidays\` to regenerate it.`,
    );
    expect(() => publicHolidays("VIC", 2100, 2100)).toThrow(/npm run holidays/);
    expect(() => publicHolidays("QLD", HOLIDAY_TABLE.firstYear - 1, HOLIDAY_TABLE.firstYear)).toThrow(/npm run holidays/);
  });

  test("holds what date-holidays gives: whole-day public holidays, substitute days included", () => {
    for (const state of AU_STATES) {
      const calendar = new Holidays("AU", state);
      for (let year = HOLIDAY_TABLE.firstYear; year <= HOLIDAY_TABLE.lastYear; year++) {
        const expected = [
          ...new Set(
            calendar
              .getHolidays(year)
              .filter((holiday) => holiday.type === "public" && holiday.date.endsWith(" 00:00:00"))
              .map((holiday) => holiday.date.slice(0, 10)),
          ),
        ].sort();
        expect(publicHolidays(state, year, year), `${state} ${year}`).toEqual(expected);
      }
    }
  });
});
