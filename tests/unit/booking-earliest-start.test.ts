import { describe, expect, test } from "vitest";
import { earliestStartLabel, earliestStartMinutes, lateEnoughStarts, localMinutesOf, startsLateEnough } from "~/booking/earliest-start";

// The earliest local start of the booking pages (BOOKING_EARLIEST_START), on the visitor's clock.

const PERTH = "Australia/Perth";
const SYDNEY = "Australia/Sydney";
const BRISBANE = "Australia/Brisbane";
const at = (iso: string) => Date.parse(iso);

describe("earliestStartMinutes", () => {
  test("reads a 24-hour time; anything else means no rule", () => {
    expect(earliestStartMinutes("07:00")).toBe(420);
    expect(earliestStartMinutes("06:30")).toBe(390);
    expect(earliestStartMinutes("00:00")).toBe(0);
    expect(earliestStartMinutes(undefined)).toBe(0);
    expect(earliestStartMinutes("7am")).toBe(0);
    expect(earliestStartMinutes("24:00")).toBe(0);
  });

  test("is said as the pages say times", () => {
    expect(earliestStartLabel(420)).toBe("7 am");
    expect(earliestStartLabel(450)).toBe("7:30 am");
    expect(earliestStartLabel(780)).toBe("1 pm");
  });
});

describe("a time starts late enough on the visitor's clock, whichever coach it is with", () => {
  test("a Sydney coach's 9 am in summer is 6 am in Perth: kept from the Perth visitor, offered to the Sydney one", () => {
    const nineAedt = at("2026-12-02T09:00:00+11:00");
    expect(localMinutesOf(nineAedt, PERTH)).toBe(6 * 60);
    expect(startsLateEnough(nineAedt, PERTH, 420)).toBe(false);
    expect(startsLateEnough(nineAedt, SYDNEY, 420)).toBe(true);
    // Brisbane has no daylight saving: 8 am AEST.
    expect(startsLateEnough(nineAedt, BRISBANE, 420)).toBe(true);
  });

  test("in winter the same 9 am is 7 am in Perth, which is offered", () => {
    const nineAest = at("2026-06-03T09:00:00+10:00");
    expect(localMinutesOf(nineAest, PERTH)).toBe(7 * 60);
    expect(startsLateEnough(nineAest, PERTH, 420)).toBe(true);
  });

  test("on the day daylight saving starts in Sydney, each start is judged by the clock of its own instant", () => {
    // 4 October 2026: Sydney moves from AEST to AEDT at 2 am. 6:30 am the day before (AEST) and that day (AEDT).
    const before = at("2026-10-03T06:30:00+10:00");
    const after = at("2026-10-04T06:30:00+11:00");
    expect(localMinutesOf(before, SYDNEY)).toBe(6 * 60 + 30);
    expect(localMinutesOf(after, SYDNEY)).toBe(6 * 60 + 30);
    expect(lateEnoughStarts([before, after, at("2026-10-04T07:00:00+11:00")], SYDNEY, 420)).toEqual([at("2026-10-04T07:00:00+11:00")]);
  });

  test("no rule keeps every start", () => {
    const starts = [at("2026-12-02T02:00:00+08:00"), at("2026-12-02T06:00:00+08:00")];
    expect(lateEnoughStarts(starts, PERTH, 0)).toBe(starts);
  });
});
