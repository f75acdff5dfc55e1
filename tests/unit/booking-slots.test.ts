import { describe, expect, test } from "vitest";
import { publicHolidays } from "~/booking/holidays.server";
import {
  computeSlots,
  DayIntervalsSchema,
  isSlotOffered,
  nearestSlots,
  TimeIntervalSchema,
  WeeklyHoursSchema,
  type Busy,
  type ScheduleRules,
  type Slot,
  type SlotOptions,
  type TimeInterval,
  type WeeklyHours,
} from "~/booking/slots";

const NINE_TO_FIVE: TimeInterval[] = [["09:00", "17:00"]];
const WEEKDAYS_NINE_TO_FIVE: WeeklyHours = { "0": [], "1": NINE_TO_FIVE, "2": NINE_TO_FIVE, "3": NINE_TO_FIVE, "4": NINE_TO_FIVE, "5": NINE_TO_FIVE, "6": [] };
const EVERY_DAY_ALL_DAY: TimeInterval[] = [["00:00", "24:00"]];
const ALL_WEEK_ALL_DAY: WeeklyHours = {
  "0": EVERY_DAY_ALL_DAY,
  "1": EVERY_DAY_ALL_DAY,
  "2": EVERY_DAY_ALL_DAY,
  "3": EVERY_DAY_ALL_DAY,
  "4": EVERY_DAY_ALL_DAY,
  "5": EVERY_DAY_ALL_DAY,
  "6": EVERY_DAY_ALL_DAY,
};

// Tuesday 1 September 2026, 10:00 in Sydney (AEST).
const NOW = new Date("2026-09-01T00:00:00Z");

function rules(overrides: Partial<ScheduleRules> = {}): ScheduleRules {
  return {
    timeZone: "Australia/Sydney",
    weeklyHours: WEEKDAYS_NINE_TO_FIVE,
    dateOverrides: {},
    timeOff: [],
    holidays: [],
    bufferMinutes: 0,
    dailyMax: 0,
    horizonDays: 60,
    ...overrides,
  };
}

function options(overrides: Partial<SlotOptions> = {}): SlotOptions {
  return { durationMinutes: 60, minNoticeMinutes: 0, now: NOW, ...overrides };
}

const clocks = new Map<string, Intl.DateTimeFormat>();

/** "HH:mm" on the zone's 24-hour clock. */
function wallClock(iso: string, zone: string): string {
  let clock = clocks.get(zone);
  if (!clock) clocks.set(zone, (clock = new Intl.DateTimeFormat("en-GB", { timeZone: zone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" })));
  return clock.format(new Date(iso));
}

function zoneOffsetLabel(iso: string, zone: string): string {
  return new Intl.DateTimeFormat("en-GB", { timeZone: zone, timeZoneName: "longOffset" }).formatToParts(new Date(iso)).find((p) => p.type === "timeZoneName")!
    .value;
}

/** Slots of one local day (given by its midnight with the zone's offset, e.g. 2026-09-07T00:00:00+10:00), as local "HH:mm". */
function timesOn(r: ScheduleRules, midnight: string, busy: Busy[] = [], extra: Partial<SlotOptions> = {}, hours = 24): string[] {
  const from = new Date(midnight);
  const to = new Date(from.getTime() + hours * 3_600_000);
  return computeSlots(r, busy, options({ from, to, ...extra })).map((slot) => wallClock(slot.startsAt, r.timeZone));
}

function halfHours(from: string, to: string): string[] {
  const out: string[] = [];
  const [fh, fm] = from.split(":").map(Number) as [number, number];
  const [th, tm] = to.split(":").map(Number) as [number, number];
  for (let m = fh * 60 + fm; m <= th * 60 + tm; m += 30) out.push(`${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`);
  return out;
}

// Monday 7 September 2026 in Sydney (AEST, +10:00).
const MONDAY = "2026-09-07T00:00:00+10:00";
const TUESDAY = "2026-09-08T00:00:00+10:00";
const AT = (local: string) => new Date(`2026-09-07T${local}:00+10:00`).toISOString();

describe("weekly hours", () => {
  test("slots start at the interval's start and every 30 minutes while the whole session fits", () => {
    expect(timesOn(rules(), MONDAY)).toEqual(halfHours("09:00", "16:00"));
  });

  test("slots are UTC instants in toISOString form, sorted, each exactly the session long", () => {
    const slots = computeSlots(rules(), [], options({ from: new Date(MONDAY), to: new Date(TUESDAY) }));
    expect(slots[0]).toEqual({ startsAt: "2026-09-06T23:00:00.000Z", endsAt: "2026-09-07T00:00:00.000Z" });
    for (const slot of slots) expect(Date.parse(slot.endsAt) - Date.parse(slot.startsAt)).toBe(3_600_000);
    const starts = slots.map((slot) => slot.startsAt);
    expect([...starts].sort()).toEqual(starts);
  });

  test("days without intervals have no slots (Sunday 0 and Saturday 6)", () => {
    expect(timesOn(rules(), "2026-09-06T00:00:00+10:00")).toEqual([]);
    expect(timesOn(rules(), "2026-09-05T00:00:00+10:00")).toEqual([]);
  });

  test("the weekday keys follow the coach's local calendar: 0 is Sunday", () => {
    const sundayOnly = rules({ weeklyHours: { ...WEEKDAYS_NINE_TO_FIVE, "0": [["10:00", "11:00"]], "1": [] } });
    expect(timesOn(sundayOnly, "2026-09-06T00:00:00+10:00")).toEqual(["10:00"]);
    expect(timesOn(sundayOnly, MONDAY)).toEqual([]);
  });

  test("several intervals in a day: no session spans the gap between them", () => {
    const split = rules({
      weeklyHours: {
        ...WEEKDAYS_NINE_TO_FIVE,
        "1": [
          ["13:00", "17:00"],
          ["09:00", "12:00"],
        ],
      },
    });
    expect(timesOn(split, MONDAY)).toEqual([...halfHours("09:00", "11:00"), ...halfHours("13:00", "16:00")]);
  });

  test("a longer session needs the whole duration inside the interval", () => {
    const morning = rules({ weeklyHours: { ...WEEKDAYS_NINE_TO_FIVE, "1": [["09:00", "12:00"]] } });
    expect(timesOn(morning, MONDAY, [], { durationMinutes: 90 })).toEqual(["09:00", "09:30", "10:00", "10:30"]);
    expect(timesOn(morning, MONDAY, [], { durationMinutes: 180 })).toEqual(["09:00"]);
    expect(timesOn(morning, MONDAY, [], { durationMinutes: 181 })).toEqual([]);
  });

  test("an interval may end at 24:00", () => {
    const evening = rules({ weeklyHours: { ...WEEKDAYS_NINE_TO_FIVE, "1": [["22:00", "24:00"]] } });
    const slots = computeSlots(evening, [], options({ from: new Date(MONDAY), to: new Date(TUESDAY) }));
    expect(slots.map((slot) => wallClock(slot.startsAt, "Australia/Sydney"))).toEqual(["22:00", "22:30", "23:00"]);
    expect(slots.at(-1)!.endsAt).toBe(new Date(TUESDAY).toISOString());
  });

  test("overlapping stored intervals give each start once", () => {
    const overlapping = rules({
      weeklyHours: {
        ...WEEKDAYS_NINE_TO_FIVE,
        "1": [
          ["09:00", "12:00"],
          ["10:00", "13:00"],
        ],
      },
    });
    expect(timesOn(overlapping, MONDAY)).toEqual(halfHours("09:00", "12:00"));
  });

  test("malformed stored intervals are ignored rather than producing slots", () => {
    const broken = rules({
      weeklyHours: {
        ...WEEKDAYS_NINE_TO_FIVE,
        "1": [
          ["12:00", "10:00"],
          ["9am", "5pm"],
          ["15:00", "16:00"],
        ],
      },
    });
    expect(timesOn(broken, MONDAY)).toEqual(["15:00"]);
  });
});

describe("step", () => {
  test("30 minutes unless given", () => {
    expect(timesOn(rules(), MONDAY, [], { durationMinutes: 20 }).slice(0, 3)).toEqual(["09:00", "09:30", "10:00"]);
  });

  test("a 15-minute and a 60-minute step", () => {
    expect(timesOn(rules(), MONDAY, [], { durationMinutes: 60, stepMinutes: 15 }).slice(0, 5)).toEqual(["09:00", "09:15", "09:30", "09:45", "10:00"]);
    expect(timesOn(rules(), MONDAY, [], { durationMinutes: 60, stepMinutes: 15 }).at(-1)).toBe("16:00");
    expect(timesOn(rules(), MONDAY, [], { durationMinutes: 60, stepMinutes: 60 })).toEqual([
      "09:00",
      "10:00",
      "11:00",
      "12:00",
      "13:00",
      "14:00",
      "15:00",
      "16:00",
    ]);
  });

  test("steps count from each interval's own start", () => {
    const odd = rules({ weeklyHours: { ...WEEKDAYS_NINE_TO_FIVE, "1": [["09:10", "11:00"]] } });
    expect(timesOn(odd, MONDAY, [], { durationMinutes: 30 })).toEqual(["09:10", "09:40", "10:10"]);
  });

  test("a step or duration that is not a positive whole number of minutes is refused", () => {
    expect(() => computeSlots(rules(), [], options({ stepMinutes: 0 }))).toThrow(RangeError);
    expect(() => computeSlots(rules(), [], options({ durationMinutes: 0 }))).toThrow(RangeError);
    expect(() => computeSlots(rules(), [], options({ durationMinutes: 12.5 }))).toThrow(RangeError);
  });

  test("an unknown time zone is refused", () => {
    expect(() => computeSlots(rules({ timeZone: "Australia/Atlantis" }), [], options())).toThrow(RangeError);
    expect(() => computeSlots(rules(), [], options({ now: new Date("not a date") }))).toThrow(RangeError);
  });
});

describe("limit", () => {
  test("the first few slots are the first few of the whole window, across days, bookings and a daylight saving change", () => {
    // Sydney clocks go forward on Sunday 4 October 2026: the window crosses it.
    const schedule = rules({ weeklyHours: ALL_WEEK_ALL_DAY, bufferMinutes: 15, dailyMax: 20 });
    const busy = [
      { startsAt: "2026-10-03T14:00:00.000Z", endsAt: "2026-10-03T17:00:00.000Z" },
      { startsAt: "2026-10-01T01:00:00.000Z", endsAt: "2026-10-01T02:00:00.000Z" },
    ];
    const window = options({ from: new Date("2026-09-30T12:00:00Z"), to: new Date("2026-10-10T00:00:00Z") });
    const all = computeSlots(schedule, busy, window);
    for (const limit of [0, 1, 3, 40, 200, all.length + 5]) {
      expect(computeSlots(schedule, busy, { ...window, limit })).toEqual(all.slice(0, limit));
    }
  });

  test("a slot beyond the limit is still offered when re-checked", () => {
    const all = computeSlots(rules(), [], options());
    expect(isSlotOffered(rules(), [], all.at(-1)!, options({ limit: 1 }))).toBe(true);
  });
});

describe("date overrides and holidays", () => {
  test("an override replaces that date's weekly hours", () => {
    const r = rules({ dateOverrides: { "2026-09-07": [["10:00", "12:00"]] } });
    expect(timesOn(r, MONDAY)).toEqual(["10:00", "10:30", "11:00"]);
    expect(timesOn(r, TUESDAY)).toEqual(halfHours("09:00", "16:00"));
  });

  test("an empty override closes a working day", () => {
    expect(timesOn(rules({ dateOverrides: { "2026-09-07": [] } }), MONDAY)).toEqual([]);
  });

  test("an override opens a day that has no weekly hours", () => {
    expect(timesOn(rules({ dateOverrides: { "2026-09-06": [["10:00", "11:00"]] } }), "2026-09-06T00:00:00+10:00")).toEqual(["10:00"]);
  });

  test("a holiday is off; only that local date", () => {
    const r = rules({ holidays: ["2026-09-07"] });
    expect(timesOn(r, MONDAY)).toEqual([]);
    expect(timesOn(r, TUESDAY)).toEqual(halfHours("09:00", "16:00"));
  });

  test("an override opens a holiday", () => {
    const r = rules({ holidays: ["2026-09-07"], dateOverrides: { "2026-09-07": [["09:00", "11:00"]] } });
    expect(timesOn(r, MONDAY)).toEqual(["09:00", "09:30", "10:00"]);
  });

  test("NSW public holidays close Boxing Day and its substitute Monday, and Australia Day 2027", () => {
    const nsw = rules({ holidays: publicHolidays("NSW", 2026, 2027), weeklyHours: ALL_WEEK_ALL_DAY, horizonDays: 400 });
    expect(timesOn(nsw, "2026-12-26T00:00:00+11:00")).toEqual([]);
    expect(timesOn(nsw, "2026-12-28T00:00:00+11:00")).toEqual([]);
    expect(timesOn(nsw, "2027-01-26T00:00:00+11:00")).toEqual([]);
    expect(timesOn(nsw, "2026-12-27T00:00:00+11:00")).toEqual(halfHours("00:00", "23:00"));
    expect(timesOn(nsw, "2027-01-27T00:00:00+11:00")).toEqual(halfHours("00:00", "23:00"));
  });

  test("WA Day closes a Perth coach's Monday but not a Sydney coach's", () => {
    const perth = rules({ timeZone: "Australia/Perth", holidays: publicHolidays("WA", 2026, 2026), horizonDays: 400 });
    const sydney = rules({ holidays: publicHolidays("NSW", 2026, 2026), horizonDays: 400 });
    const now = new Date("2026-05-01T00:00:00Z");
    expect(timesOn(perth, "2026-06-01T00:00:00+08:00", [], { now })).toEqual([]);
    expect(timesOn(sydney, "2026-06-01T00:00:00+10:00", [], { now })).toEqual(halfHours("09:00", "16:00"));
    expect(timesOn(perth, "2026-06-02T00:00:00+08:00", [], { now })).toEqual(halfHours("09:00", "16:00"));
  });

  test("QLD: Labour Day in May and the King's Birthday in October", () => {
    const brisbane = rules({ timeZone: "Australia/Brisbane", holidays: publicHolidays("QLD", 2026, 2026), horizonDays: 400 });
    const now = new Date("2026-04-01T00:00:00Z");
    expect(timesOn(brisbane, "2026-05-04T00:00:00+10:00", [], { now })).toEqual([]);
    expect(timesOn(brisbane, "2026-10-05T00:00:00+10:00", [], { now })).toEqual([]);
    expect(timesOn(brisbane, "2026-06-08T00:00:00+10:00", [], { now })).toEqual(halfHours("09:00", "16:00"));
  });
});

describe("public holidays by state", () => {
  test("NSW", () => {
    const nsw = publicHolidays("NSW", 2026, 2027);
    expect(nsw).toEqual(
      expect.arrayContaining(["2026-01-26", "2026-04-03", "2026-04-06", "2026-10-05", "2026-12-25", "2026-12-26", "2026-12-28", "2027-01-26"]),
    );
    // The August bank holiday is not a public holiday, and observances such as Mother's Day are not either.
    expect(nsw).not.toContain("2026-08-03");
    expect(nsw).not.toContain("2026-05-10");
    expect([...nsw].sort()).toEqual(nsw);
    expect(new Set(nsw).size).toBe(nsw.length);
    expect(nsw.every((date) => date >= "2026-01-01" && date <= "2027-12-31")).toBe(true);
  });

  test("WA: WA Day, its own Labour Day and King's Birthday", () => {
    const wa = publicHolidays("WA", 2026, 2027);
    expect(wa).toEqual(expect.arrayContaining(["2026-06-01", "2027-06-07", "2026-03-02", "2026-09-28"]));
    expect(wa).not.toContain("2026-06-08");
  });

  test("the other states and territories", () => {
    expect(publicHolidays("QLD", 2026, 2026)).toEqual(expect.arrayContaining(["2026-05-04", "2026-10-05"]));
    expect(publicHolidays("VIC", 2026, 2026)).toEqual(expect.arrayContaining(["2026-03-09", "2026-11-03", "2026-09-25"]));
    expect(publicHolidays("SA", 2026, 2026)).toEqual(expect.arrayContaining(["2026-03-09", "2026-10-05"]));
    expect(publicHolidays("TAS", 2026, 2026)).toEqual(expect.arrayContaining(["2026-03-09", "2026-12-28"]));
    expect(publicHolidays("ACT", 2026, 2026)).toEqual(expect.arrayContaining(["2026-03-09", "2026-06-01"]));
    expect(publicHolidays("NT", 2026, 2026)).toEqual(expect.arrayContaining(["2026-05-04", "2026-08-03"]));
    expect(publicHolidays("NSW", 2026, 2026)).not.toContain("2026-11-03");
  });

  test("part-day holidays (Christmas Eve evening in QLD) leave the day open", () => {
    expect(publicHolidays("QLD", 2026, 2026)).not.toContain("2026-12-24");
    expect(publicHolidays("SA", 2026, 2026)).not.toContain("2026-12-31");
  });

  test("state codes in any case; unknown states and bad year ranges are refused", () => {
    expect(publicHolidays("wa", 2026, 2026)).toEqual(publicHolidays("WA", 2026, 2026));
    expect(() => publicHolidays("XYZ", 2026, 2026)).toThrow(RangeError);
    expect(() => publicHolidays("NSW", 2027, 2026)).toThrow(RangeError);
    expect(() => publicHolidays("NSW", 2026.5, 2027)).toThrow(RangeError);
  });
});

describe("time off", () => {
  // 11:00–13:00 on Monday in Sydney.
  const timeOff = [{ startsAt: AT("11:00"), endsAt: AT("13:00") }];

  test("no session overlaps time off; sessions may touch its edges", () => {
    expect(timesOn(rules({ timeOff }), MONDAY)).toEqual(["09:00", "09:30", "10:00", ...halfHours("13:00", "16:00")]);
  });

  test("the buffer does not apply to time off", () => {
    expect(timesOn(rules({ timeOff, bufferMinutes: 15 }), MONDAY)).toEqual(["09:00", "09:30", "10:00", ...halfHours("13:00", "16:00")]);
  });

  test("time off over several days closes them", () => {
    const leave = [{ startsAt: "2026-09-06T14:00:00Z", endsAt: "2026-09-09T14:00:00Z" }];
    expect(timesOn(rules({ timeOff: leave }), MONDAY)).toEqual([]);
    expect(timesOn(rules({ timeOff: leave }), TUESDAY)).toEqual([]);
    expect(timesOn(rules({ timeOff: leave }), "2026-09-10T00:00:00+10:00")).toEqual(halfHours("09:00", "16:00"));
  });
});

describe("busy ranges and the buffer", () => {
  const booking: Busy = { startsAt: AT("11:00"), endsAt: AT("12:00") };

  test("without a buffer, sessions may end when a booking starts and start when it ends", () => {
    expect(timesOn(rules(), MONDAY, [booking])).toEqual(["09:00", "09:30", "10:00", ...halfHours("12:00", "16:00")]);
  });

  test("the buffer applies on both sides of a booking", () => {
    const times = timesOn(rules({ bufferMinutes: 15 }), MONDAY, [booking], { stepMinutes: 15 });
    // Before: the session must end by 10:45. After: it may start from 12:15.
    expect(times).toContain("09:45");
    expect(times).not.toContain("10:00");
    expect(times).not.toContain("12:00");
    expect(times).toContain("12:15");
    expect(times.filter((t) => t > "09:45" && t < "12:15")).toEqual([]);
  });

  test("a busy range overlapping a session by one minute blocks it", () => {
    const times = timesOn(rules(), MONDAY, [{ startsAt: AT("10:59"), endsAt: AT("11:01") }]);
    expect(times).not.toContain("10:00");
    expect(times).not.toContain("10:30");
    expect(times).not.toContain("11:00");
    expect(times).toContain("09:30");
    expect(times).toContain("11:30");
  });

  test("overlapping and unsorted busy ranges (including one inside another) all block", () => {
    const busy: Busy[] = [
      { startsAt: AT("15:00"), endsAt: AT("15:30") },
      { startsAt: AT("10:00"), endsAt: AT("14:00") },
      { startsAt: AT("11:00"), endsAt: AT("12:00") },
      { startsAt: AT("13:30"), endsAt: AT("14:30") },
    ];
    // Blocked 10:00–14:30 as one range (the 11:00 booking inside it must not end the block at 12:00) and 15:00–15:30.
    expect(timesOn(rules(), MONDAY, busy)).toEqual(["09:00", "15:30", "16:00"]);
  });

  test("busy ranges that cannot be read are ignored", () => {
    expect(timesOn(rules(), MONDAY, [{ startsAt: "soon", endsAt: "later" }])).toEqual(halfHours("09:00", "16:00"));
  });
});

describe("daily maximum", () => {
  const two: Busy[] = [
    { startsAt: AT("09:00"), endsAt: AT("10:00") },
    { startsAt: AT("14:00"), endsAt: AT("15:00") },
  ];

  test("a day with dailyMax bookings (confirmed or held) has no more slots; other days keep theirs", () => {
    expect(timesOn(rules({ dailyMax: 2 }), MONDAY, two)).toEqual([]);
    expect(timesOn(rules({ dailyMax: 2 }), TUESDAY, two)).toEqual(halfHours("09:00", "16:00"));
  });

  test("below the maximum the day stays open around its bookings", () => {
    expect(timesOn(rules({ dailyMax: 3 }), MONDAY, two)).toEqual(["10:00", "10:30", "11:00", "11:30", "12:00", "12:30", "13:00", "15:00", "15:30", "16:00"]);
  });

  test("0 means no limit", () => {
    expect(timesOn(rules({ dailyMax: 0 }), MONDAY, two)).toHaveLength(10);
  });

  test("bookings count on the coach's local day, not the UTC date", () => {
    // 00:30 on Tuesday in Sydney is still Monday in UTC.
    const early: Busy[] = [
      { startsAt: "2026-09-07T14:30:00.000Z", endsAt: "2026-09-07T15:00:00.000Z" },
      { startsAt: "2026-09-07T20:00:00.000Z", endsAt: "2026-09-07T21:00:00.000Z" },
    ];
    expect(timesOn(rules({ dailyMax: 2 }), MONDAY, early)).toEqual(halfHours("09:00", "16:00"));
    expect(timesOn(rules({ dailyMax: 2 }), TUESDAY, early)).toEqual([]);
  });
});

describe("minimum notice and horizon", () => {
  // Monday 7 September 2026, 15:00 in Sydney.
  const now = new Date(AT("15:00"));

  test("12 hours' notice: the next morning is bookable", () => {
    expect(timesOn(rules(), MONDAY, [], { now, minNoticeMinutes: 720 }, 48)).toEqual(halfHours("09:00", "16:00"));
  });

  test("24 hours' notice: slots from exactly 24 hours after now", () => {
    const times = timesOn(rules(), TUESDAY, [], { now, minNoticeMinutes: 1440 });
    expect(times).toEqual(["15:00", "15:30", "16:00"]);
    expect(timesOn(rules(), MONDAY, [], { now, minNoticeMinutes: 1440 })).toEqual([]);
  });

  test("without notice, nothing before now", () => {
    expect(timesOn(rules(), MONDAY, [], { now })).toEqual(["15:00", "15:30", "16:00"]);
  });

  test("the horizon: nothing starts 60 days or more after now", () => {
    // Now is Tuesday 1 September 10:00 AEST; 60 days later is Saturday 31 October 11:00 AEDT.
    const open = rules({ weeklyHours: { ...WEEKDAYS_NINE_TO_FIVE, "6": NINE_TO_FIVE } });
    const slots = computeSlots(open, [], options());
    expect(slots[0]!.startsAt).toBe("2026-09-01T00:00:00.000Z");
    expect(slots.at(-1)!.startsAt).toBe("2026-10-30T23:30:00.000Z"); // 10:30 AEDT, the last start before 11:00
    expect(slots.every((slot) => slot.startsAt < "2026-10-31T00:00:00.000Z")).toBe(true);
    expect(computeSlots(open, [], options({ from: new Date("2026-11-01T00:00:00Z") }))).toEqual([]);
  });

  test("a shorter horizon", () => {
    const slots = computeSlots(rules({ horizonDays: 7 }), [], options());
    expect(slots.at(-1)!.startsAt).toBe("2026-09-07T23:30:00.000Z"); // Tuesday 8 September 09:30, the last start before 10:00
  });

  test("from and to narrow the window; an empty window gives nothing", () => {
    const slots = computeSlots(rules(), [], options({ from: new Date(AT("10:00")), to: new Date(AT("12:00")) }));
    expect(slots.map((slot) => wallClock(slot.startsAt, "Australia/Sydney"))).toEqual(["10:00", "10:30", "11:00", "11:30"]);
    expect(computeSlots(rules(), [], options({ from: new Date(AT("12:00")), to: new Date(AT("12:00")) }))).toEqual([]);
    expect(computeSlots(rules({ horizonDays: 0 }), [], options())).toEqual([]);
  });

  test("a from before now + notice is moved up to it", () => {
    const slots = computeSlots(rules(), [], options({ now: new Date(AT("08:00")), minNoticeMinutes: 120, from: new Date(MONDAY), to: new Date(TUESDAY) }));
    expect(wallClock(slots[0]!.startsAt, "Australia/Sydney")).toBe("10:00");
  });
});

describe("daylight saving changeovers", () => {
  function dayInZone(zone: string, midnight: string, now = new Date("2026-03-01T00:00:00Z")): Slot[] {
    const r = rules({ timeZone: zone, weeklyHours: ALL_WEEK_ALL_DAY, horizonDays: 800 });
    const from = new Date(midnight);
    // To the next local midnight: whatever the day's length, stop at 26 hours and keep this date's slots.
    const to = new Date(from.getTime() + 26 * 3_600_000);
    const date = new Intl.DateTimeFormat("en-CA", { timeZone: zone }).format(from);
    return computeSlots(r, [], options({ durationMinutes: 30, from, to, now })).filter(
      (slot) => new Intl.DateTimeFormat("en-CA", { timeZone: zone }).format(new Date(slot.startsAt)) === date,
    );
  }

  function expectNoDuplicates(slots: Slot[]) {
    const starts = slots.map((slot) => Date.parse(slot.startsAt));
    expect(new Set(starts).size).toBe(starts.length);
    expect(starts.every((start, i) => i === 0 || start > starts[i - 1]!)).toBe(true);
    for (const slot of slots) expect(Date.parse(slot.endsAt) - Date.parse(slot.startsAt)).toBe(30 * 60_000);
  }

  for (const zone of ["Australia/Sydney", "Australia/Melbourne", "Australia/Hobart", "Australia/Canberra"]) {
    test(`${zone}: Sunday 4 October 2026 is 23 hours; 2:00–2:59 does not exist and gives no slot`, () => {
      const slots = dayInZone(zone, "2026-10-04T00:00:00+10:00");
      const times = slots.map((slot) => wallClock(slot.startsAt, zone));
      expect(slots).toHaveLength(46);
      expect(times.slice(0, 6)).toEqual(["00:00", "00:30", "01:00", "01:30", "03:00", "03:30"]);
      expect(times.filter((t) => t.startsWith("02:"))).toEqual([]);
      expect(zoneOffsetLabel(slots[3]!.startsAt, zone)).toBe("GMT+10:00");
      expect(zoneOffsetLabel(slots[4]!.startsAt, zone)).toBe("GMT+11:00");
      // 1:30 AEST is immediately followed by 3:00 AEDT: the same instant the 30-minute session ends.
      expect(slots[3]!.endsAt).toBe(slots[4]!.startsAt);
      expectNoDuplicates(slots);
    });

    test(`${zone}: Sunday 4 April 2027 is 25 hours; the repeated hour gives no duplicate`, () => {
      const slots = dayInZone(zone, "2027-04-04T00:00:00+11:00");
      const times = slots.map((slot) => wallClock(slot.startsAt, zone));
      expect(new Set(times).size).toBe(times.length);
      expect(times).toEqual(halfHours("00:00", "23:30"));
      expectNoDuplicates(slots);
    });
  }

  test("Sydney: Sunday 5 April 2026, daylight saving ends", () => {
    const slots = dayInZone("Australia/Sydney", "2026-04-05T00:00:00+11:00", new Date("2026-01-01T00:00:00Z"));
    const times = slots.map((slot) => wallClock(slot.startsAt, "Australia/Sydney"));
    expect(times).toEqual(halfHours("00:00", "23:30"));
    expect(zoneOffsetLabel(slots[0]!.startsAt, "Australia/Sydney")).toBe("GMT+11:00");
    expect(zoneOffsetLabel(slots.at(-1)!.startsAt, "Australia/Sydney")).toBe("GMT+10:00");
    expectNoDuplicates(slots);
  });

  test("Adelaide: 4 October 2026 (23 hours) and 4 April 2027 (25 hours)", () => {
    const spring = dayInZone("Australia/Adelaide", "2026-10-04T00:00:00+09:30");
    expect(spring).toHaveLength(46);
    expect(spring.map((slot) => wallClock(slot.startsAt, "Australia/Adelaide")).filter((t) => t.startsWith("02:"))).toEqual([]);
    expect(zoneOffsetLabel(spring.at(-1)!.startsAt, "Australia/Adelaide")).toBe("GMT+10:30");
    expectNoDuplicates(spring);
    const autumn = dayInZone("Australia/Adelaide", "2027-04-04T00:00:00+10:30");
    expect(autumn.map((slot) => wallClock(slot.startsAt, "Australia/Adelaide"))).toEqual(halfHours("00:00", "23:30"));
    expectNoDuplicates(autumn);
  });

  for (const [zone, offset] of [
    ["Australia/Brisbane", "+10:00"],
    ["Australia/Darwin", "+09:30"],
    ["Australia/Perth", "+08:00"],
  ] as const) {
    test(`${zone} has no daylight saving: 48 slots on both changeover Sundays`, () => {
      for (const date of ["2026-10-04", "2027-04-04"]) {
        const slots = dayInZone(zone, `${date}T00:00:00${offset}`);
        expect(slots.map((slot) => wallClock(slot.startsAt, zone))).toEqual(halfHours("00:00", "23:30"));
        expect(new Set(slots.map((slot) => zoneOffsetLabel(slot.startsAt, zone)))).toEqual(new Set([`GMT${offset}`]));
      }
    });
  }

  test("a session must fit in real time: 1:30 AEST + 60 minutes is 3:30 AEDT, past a 3:00 end", () => {
    const r = rules({ weeklyHours: { ...WEEKDAYS_NINE_TO_FIVE, "0": [["01:00", "03:00"]] }, horizonDays: 800 });
    const slots = computeSlots(
      r,
      [],
      options({ now: new Date("2026-09-01T00:00:00Z"), from: new Date("2026-10-04T00:00:00+10:00"), to: new Date("2026-10-05T00:00:00+11:00") }),
    );
    expect(slots).toEqual([{ startsAt: "2026-10-03T15:00:00.000Z", endsAt: "2026-10-03T16:00:00.000Z" }]);
  });

  test("an interval starting inside the skipped hour offers the first times that exist", () => {
    const r = rules({ weeklyHours: { ...WEEKDAYS_NINE_TO_FIVE, "0": [["02:30", "04:00"]] }, horizonDays: 800 });
    const slots = computeSlots(r, [], options({ durationMinutes: 30, from: new Date("2026-10-04T00:00:00+10:00"), to: new Date("2026-10-05T00:00:00+11:00") }));
    expect(slots.map((slot) => wallClock(slot.startsAt, "Australia/Sydney"))).toEqual(["03:00", "03:30"]);
  });

  test("an interval wholly inside the skipped hour gives no slot", () => {
    const r = rules({ weeklyHours: { ...WEEKDAYS_NINE_TO_FIVE, "0": [["02:15", "02:45"]] }, horizonDays: 800 });
    const window = { from: new Date("2026-10-04T00:00:00+10:00"), to: new Date("2026-10-05T00:00:00+11:00") };
    expect(computeSlots(r, [], options({ durationMinutes: 30, ...window }))).toEqual([]);
    expect(computeSlots(r, [], options({ durationMinutes: 15, stepMinutes: 15, ...window }))).toEqual([]);
  });

  test("times in the skipped hour are not moved onto the hour after it", () => {
    // With a 45-minute step from 02:00: 02:00 and 02:45 do not exist; 03:30 is the first time that does.
    const r = rules({ weeklyHours: { ...WEEKDAYS_NINE_TO_FIVE, "0": [["02:00", "04:00"]] }, horizonDays: 800 });
    const slots = computeSlots(
      r,
      [],
      options({ durationMinutes: 30, stepMinutes: 45, from: new Date("2026-10-04T00:00:00+10:00"), to: new Date("2026-10-05T00:00:00+11:00") }),
    );
    expect(slots).toEqual([{ startsAt: "2026-10-03T16:30:00.000Z", endsAt: "2026-10-03T17:00:00.000Z" }]);
  });

  test("business hours keep their local times either side of a change; the UTC times move by an hour", () => {
    const slots = computeSlots(rules(), [], options({ durationMinutes: 30 }));
    const firstOfDay = new Map<string, string>();
    const sydneyDate = new Intl.DateTimeFormat("en-CA", { timeZone: "Australia/Sydney" });
    for (const slot of slots) {
      const date = sydneyDate.format(new Date(slot.startsAt));
      if (!firstOfDay.has(date)) firstOfDay.set(date, slot.startsAt);
    }
    const times = new Set(slots.map((slot) => wallClock(slot.startsAt, "Australia/Sydney")));
    expect([...times].sort()).toEqual(halfHours("09:00", "16:30"));
    expect(firstOfDay.get("2026-10-02")).toBe("2026-10-01T23:00:00.000Z"); // Friday 9:00 AEST
    expect(firstOfDay.get("2026-10-05")).toBe("2026-10-04T22:00:00.000Z"); // Monday 9:00 AEDT
  });

  test("Adelaide business hours: 9:00 ACST, then 9:00 ACDT", () => {
    const slots = computeSlots(rules({ timeZone: "Australia/Adelaide" }), [], options({ durationMinutes: 30 }));
    const starts = slots.map((slot) => slot.startsAt);
    expect(starts).toContain("2026-10-01T23:30:00.000Z");
    expect(starts).toContain("2026-10-04T22:30:00.000Z");
  });

  test("the coach's autumn change in April 2027", () => {
    const now = new Date("2027-03-20T00:00:00Z");
    const slots = computeSlots(rules(), [], options({ now, durationMinutes: 30 }));
    const starts = slots.map((slot) => slot.startsAt);
    expect(starts).toContain("2027-04-01T22:00:00.000Z"); // Friday 2 April 9:00 AEDT
    expect(starts).toContain("2027-04-04T23:00:00.000Z"); // Monday 5 April 9:00 AEST
    expect(starts).not.toContain("2027-04-04T22:00:00.000Z");
  });
});

describe("isSlotOffered", () => {
  const r = rules({ bufferMinutes: 15, dailyMax: 4, holidays: ["2026-09-08"] });
  const busy: Busy[] = [{ startsAt: AT("11:00"), endsAt: AT("12:00") }];
  const opts = options({ minNoticeMinutes: 1440 });

  test("agrees with computeSlots for every offered slot", () => {
    const slots = computeSlots(r, busy, opts);
    expect(slots.length).toBeGreaterThan(100);
    for (const slot of slots) expect(isSlotOffered(r, busy, slot, opts)).toBe(true);
  });

  test("refuses slots the rules do not offer", () => {
    const slot = (local: string, minutes = 60) => ({ startsAt: AT(local), endsAt: new Date(Date.parse(AT(local)) + minutes * 60_000).toISOString() });
    expect(isSlotOffered(r, busy, slot("09:00"), opts)).toBe(true);
    expect(isSlotOffered(r, busy, slot("09:15"), opts)).toBe(false); // off the 30-minute grid
    expect(isSlotOffered(r, busy, slot("09:00", 30), opts)).toBe(false); // wrong length
    expect(isSlotOffered(r, busy, slot("10:00"), opts)).toBe(false); // inside the buffer
    expect(isSlotOffered(r, busy, slot("16:30"), opts)).toBe(false); // runs past 17:00
    expect(isSlotOffered(r, busy, slot("07:00"), opts)).toBe(false); // outside the hours
    expect(isSlotOffered(r, busy, { startsAt: "2026-09-08T00:00:00.000Z", endsAt: "2026-09-08T01:00:00.000Z" }, opts)).toBe(false); // holiday
    expect(isSlotOffered(r, busy, slot("09:00"), { ...opts, now: new Date(AT("08:00")) })).toBe(false); // inside the notice
    expect(isSlotOffered(r, busy, { startsAt: "not a time", endsAt: "2026-09-07T00:00:00.000Z" }, opts)).toBe(false);
  });

  test("reads any ISO form of the same instant", () => {
    expect(isSlotOffered(r, busy, { startsAt: "2026-09-07T09:00:00+10:00", endsAt: "2026-09-07T10:00:00+10:00" }, opts)).toBe(true);
  });

  test("respects a daily maximum reached by holds", () => {
    const held: Busy[] = [...busy, ...["13:00", "14:00", "15:00"].map((t) => ({ startsAt: AT(t), endsAt: AT(`${t.slice(0, 2)}:30`) }))];
    expect(isSlotOffered(r, held, { startsAt: AT("09:00"), endsAt: AT("10:00") }, opts)).toBe(false);
  });
});

describe("nearestSlots", () => {
  const slots = computeSlots(rules(), [], options({ from: new Date(MONDAY), to: new Date(TUESDAY) }));

  test("the three closest in time, in chronological order", () => {
    const nearest = nearestSlots(slots, AT("12:10"));
    expect(nearest.map((slot) => wallClock(slot.startsAt, "Australia/Sydney"))).toEqual(["11:30", "12:00", "12:30"]);
  });

  test("ties go to the earlier slot; count is honoured", () => {
    expect(nearestSlots(slots, AT("12:15"), 2).map((slot) => wallClock(slot.startsAt, "Australia/Sydney"))).toEqual(["12:00", "12:30"]);
    expect(nearestSlots(slots, AT("12:15"), 1).map((slot) => wallClock(slot.startsAt, "Australia/Sydney"))).toEqual(["12:00"]);
  });

  test("before the first or after the last slot", () => {
    expect(nearestSlots(slots, AT("06:00")).map((slot) => wallClock(slot.startsAt, "Australia/Sydney"))).toEqual(["09:00", "09:30", "10:00"]);
    expect(nearestSlots(slots, AT("23:00")).map((slot) => wallClock(slot.startsAt, "Australia/Sydney"))).toEqual(["15:00", "15:30", "16:00"]);
  });

  test("unsorted input, too few slots, nothing to pick from", () => {
    expect(nearestSlots([...slots].reverse(), AT("12:10"))).toEqual(nearestSlots(slots, AT("12:10")));
    expect(nearestSlots(slots.slice(0, 2), AT("12:00"))).toEqual(slots.slice(0, 2));
    expect(nearestSlots([], AT("12:00"))).toEqual([]);
    expect(nearestSlots(slots, "whenever")).toEqual([]);
  });
});

describe("schemas for the editor", () => {
  test("a time interval is two 24-hour times, end after start; 24:00 only as an end", () => {
    expect(TimeIntervalSchema.parse(["09:00", "17:30"])).toEqual(["09:00", "17:30"]);
    expect(TimeIntervalSchema.safeParse(["22:00", "24:00"]).success).toBe(true);
    expect(TimeIntervalSchema.safeParse(["24:00", "24:00"]).success).toBe(false);
    expect(TimeIntervalSchema.safeParse(["17:00", "09:00"]).success).toBe(false);
    expect(TimeIntervalSchema.safeParse(["09:00", "09:00"]).success).toBe(false);
    expect(TimeIntervalSchema.safeParse(["9:00", "17:00"]).success).toBe(false);
    expect(TimeIntervalSchema.safeParse(["09:00", "25:00"]).success).toBe(false);
    expect(TimeIntervalSchema.safeParse(["09:00"]).success).toBe(false);
  });

  test("a day's intervals must not overlap; touching is fine", () => {
    expect(
      DayIntervalsSchema.safeParse([
        ["09:00", "12:00"],
        ["12:00", "17:00"],
      ]).success,
    ).toBe(true);
    const overlap = DayIntervalsSchema.safeParse([
      ["13:00", "17:00"],
      ["09:00", "13:30"],
    ]);
    expect(overlap.success).toBe(false);
    expect(overlap.error?.issues[0]?.message).toBe("Time ranges on the same day must not overlap");
  });

  test("weekly hours need all seven days", () => {
    expect(WeeklyHoursSchema.parse(WEEKDAYS_NINE_TO_FIVE)).toEqual(WEEKDAYS_NINE_TO_FIVE);
    const { "3": _wednesday, ...missing } = WEEKDAYS_NINE_TO_FIVE;
    expect(WeeklyHoursSchema.safeParse(missing).success).toBe(false);
    expect(WeeklyHoursSchema.safeParse({ ...WEEKDAYS_NINE_TO_FIVE, "1": [["17:00", "09:00"]] }).success).toBe(false);
  });
});
