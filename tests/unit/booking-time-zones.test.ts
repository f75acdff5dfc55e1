import { describe, expect, test } from "vitest";
import {
  AU_TIME_ZONES,
  formatDateTime,
  formatSlotDate,
  formatSlotTime,
  isAustralianZone,
  localDate,
  normaliseZone,
  zoneAbbreviation,
} from "~/booking/time-zones";

const SUMMER = "2026-12-02T22:30:00Z"; // Thursday 3 December 2026, 9:30 am in Sydney
const WINTER = "2026-07-15T23:30:00Z"; // Thursday 16 July 2026, 9:30 am in Sydney

describe("AU_TIME_ZONES", () => {
  test("the capital cities of every state and territory, each a zone Intl knows", () => {
    expect(AU_TIME_ZONES.map((zone) => zone.id)).toEqual([
      "Australia/Sydney",
      "Australia/Melbourne",
      "Australia/Brisbane",
      "Australia/Adelaide",
      "Australia/Darwin",
      "Australia/Perth",
      "Australia/Hobart",
      "Australia/Canberra",
    ]);
    for (const zone of AU_TIME_ZONES) {
      expect(isAustralianZone(zone.id)).toBe(true);
      expect(zone.label).toMatch(/^[A-Z][a-z]+ \((NSW|VIC|QLD|SA|NT|WA|TAS|ACT)\)$/);
    }
  });
});

describe("zoneAbbreviation", () => {
  test("eastern zones: AEDT in summer, AEST in winter; Queensland has no daylight saving", () => {
    for (const zone of ["Australia/Sydney", "Australia/Melbourne", "Australia/Hobart", "Australia/Canberra"]) {
      expect(zoneAbbreviation(zone, SUMMER)).toBe("AEDT");
      expect(zoneAbbreviation(zone, WINTER)).toBe("AEST");
    }
    for (const zone of ["Australia/Brisbane", "Australia/Lindeman"]) {
      expect(zoneAbbreviation(zone, SUMMER)).toBe("AEST");
      expect(zoneAbbreviation(zone, WINTER)).toBe("AEST");
    }
  });

  test("central zones: Adelaide and Broken Hill change, Darwin stays ACST", () => {
    expect(zoneAbbreviation("Australia/Adelaide", SUMMER)).toBe("ACDT");
    expect(zoneAbbreviation("Australia/Adelaide", WINTER)).toBe("ACST");
    expect(zoneAbbreviation("Australia/Broken_Hill", SUMMER)).toBe("ACDT");
    expect(zoneAbbreviation("Australia/Broken_Hill", WINTER)).toBe("ACST");
    expect(zoneAbbreviation("Australia/Darwin", SUMMER)).toBe("ACST");
    expect(zoneAbbreviation("Australia/Darwin", WINTER)).toBe("ACST");
  });

  test("Perth is AWST all year", () => {
    expect(zoneAbbreviation("Australia/Perth", SUMMER)).toBe("AWST");
    expect(zoneAbbreviation("Australia/Perth", WINTER)).toBe("AWST");
  });

  test("changes at the exact instant: Sydney and Hobart 4 October 2026 and 4 April 2027, Sydney 5 April 2026", () => {
    for (const zone of ["Australia/Sydney", "Australia/Hobart"]) {
      // 2:00 AEST on 4 October 2026 is 16:00 UTC on the 3rd.
      expect(zoneAbbreviation(zone, "2026-10-03T15:59:59Z")).toBe("AEST");
      expect(zoneAbbreviation(zone, "2026-10-03T16:00:00Z")).toBe("AEDT");
      // 3:00 AEDT on 4 April 2027 is 16:00 UTC on the 3rd.
      expect(zoneAbbreviation(zone, "2027-04-03T15:59:59Z")).toBe("AEDT");
      expect(zoneAbbreviation(zone, "2027-04-03T16:00:00Z")).toBe("AEST");
    }
    expect(zoneAbbreviation("Australia/Sydney", "2026-04-04T15:59:59Z")).toBe("AEDT");
    expect(zoneAbbreviation("Australia/Sydney", "2026-04-04T16:00:00Z")).toBe("AEST");
  });

  test("Adelaide changes half an hour after Sydney in UTC terms", () => {
    expect(zoneAbbreviation("Australia/Adelaide", "2026-10-03T16:29:59Z")).toBe("ACST");
    expect(zoneAbbreviation("Australia/Adelaide", "2026-10-03T16:30:00Z")).toBe("ACDT");
    expect(zoneAbbreviation("Australia/Adelaide", "2027-04-03T16:29:59Z")).toBe("ACDT");
    expect(zoneAbbreviation("Australia/Adelaide", "2027-04-03T16:30:00Z")).toBe("ACST");
  });

  test("no change for Brisbane, Darwin and Perth on the changeover nights", () => {
    for (const at of ["2026-10-03T15:00:00Z", "2026-10-03T17:00:00Z", "2027-04-03T15:00:00Z", "2027-04-03T17:00:00Z"]) {
      expect(zoneAbbreviation("Australia/Brisbane", at)).toBe("AEST");
      expect(zoneAbbreviation("Australia/Darwin", at)).toBe("ACST");
      expect(zoneAbbreviation("Australia/Perth", at)).toBe("AWST");
    }
  });

  test("takes a Date as well as an ISO string", () => {
    expect(zoneAbbreviation("Australia/Sydney", new Date(SUMMER))).toBe("AEDT");
  });

  test("any other zone gets Intl's short name", () => {
    expect(zoneAbbreviation("UTC", SUMMER)).toBe("UTC");
    const london = new Intl.DateTimeFormat("en-AU", { timeZone: "Europe/London", timeZoneName: "short" }).formatToParts(new Date(WINTER));
    expect(zoneAbbreviation("Europe/London", WINTER)).toBe(london.find((part) => part.type === "timeZoneName")!.value);
  });

  test("an invalid instant is refused", () => {
    expect(() => zoneAbbreviation("Australia/Sydney", "tomorrow")).toThrow(RangeError);
  });
});

describe("formatting", () => {
  test("times in en-AU with a lower-case am/pm and a plain space", () => {
    expect(formatSlotTime(SUMMER, "Australia/Sydney")).toBe("9:30 am");
    expect(formatSlotTime(SUMMER, "Australia/Adelaide")).toBe("9:00 am");
    expect(formatSlotTime(SUMMER, "Australia/Brisbane")).toBe("8:30 am");
    expect(formatSlotTime(SUMMER, "Australia/Darwin")).toBe("8:00 am");
    expect(formatSlotTime(SUMMER, "Australia/Perth")).toBe("6:30 am");
    expect(formatSlotTime("2026-12-03T02:05:00Z", "Australia/Sydney")).toBe("1:05 pm");
    expect(formatSlotTime("2026-12-03T01:00:00Z", "Australia/Sydney")).toBe("12:00 pm");
    expect(formatSlotTime("2026-12-02T13:00:00Z", "Australia/Sydney")).toBe("12:00 am");
  });

  test("dates: weekday, day, month, year", () => {
    expect(formatSlotDate(SUMMER, "Australia/Sydney")).toBe("Thursday 3 December 2026");
    // 2:30 am on Friday in Sydney is still Thursday evening in Perth.
    expect(formatSlotDate("2026-12-03T15:30:00Z", "Australia/Sydney")).toBe("Friday 4 December 2026");
    expect(formatSlotDate("2026-12-03T15:30:00Z", "Australia/Perth")).toBe("Thursday 3 December 2026");
  });

  test("date and time with the zone's abbreviation", () => {
    expect(formatDateTime(SUMMER, "Australia/Sydney")).toBe("Thursday 3 December 2026, 9:30 am AEDT");
    expect(formatDateTime(SUMMER, "Australia/Melbourne")).toBe("Thursday 3 December 2026, 9:30 am AEDT");
    expect(formatDateTime(SUMMER, "Australia/Brisbane")).toBe("Thursday 3 December 2026, 8:30 am AEST");
    expect(formatDateTime(SUMMER, "Australia/Adelaide")).toBe("Thursday 3 December 2026, 9:00 am ACDT");
    expect(formatDateTime(SUMMER, "Australia/Darwin")).toBe("Thursday 3 December 2026, 8:00 am ACST");
    expect(formatDateTime(SUMMER, "Australia/Perth")).toBe("Thursday 3 December 2026, 6:30 am AWST");
    expect(formatDateTime(WINTER, "Australia/Sydney")).toBe("Thursday 16 July 2026, 9:30 am AEST");
  });

  test("either side of the Sydney changes", () => {
    expect(formatDateTime("2026-10-03T15:30:00Z", "Australia/Sydney")).toBe("Sunday 4 October 2026, 1:30 am AEST");
    expect(formatDateTime("2026-10-03T16:00:00Z", "Australia/Sydney")).toBe("Sunday 4 October 2026, 3:00 am AEDT");
    // 2:30 am happens twice on 4 April 2027, told apart by the abbreviation.
    expect(formatDateTime("2027-04-03T15:30:00Z", "Australia/Sydney")).toBe("Sunday 4 April 2027, 2:30 am AEDT");
    expect(formatDateTime("2027-04-03T16:30:00Z", "Australia/Sydney")).toBe("Sunday 4 April 2027, 2:30 am AEST");
  });

  test("localDate is the zone's calendar date", () => {
    expect(localDate(SUMMER, "Australia/Sydney")).toBe("2026-12-03");
    expect(localDate(SUMMER, "UTC")).toBe("2026-12-02");
    expect(localDate("2026-12-03T15:30:00Z", "Australia/Sydney")).toBe("2026-12-04");
    expect(localDate("2026-12-03T15:30:00Z", "Australia/Perth")).toBe("2026-12-03");
    expect(localDate("2026-12-31T12:59:59Z", "Australia/Sydney")).toBe("2026-12-31");
    expect(localDate("2026-12-31T13:00:00Z", "Australia/Sydney")).toBe("2027-01-01");
  });
});

describe("remembered offsets agree with Intl", () => {
  // localDate and formatSlotTime look a zone's offset up once per quarter hour and remember it. Intl
  // is the reference: every 53 minutes over a year (both hemispheres' changes in it), and every
  // minute for an hour either side of each change of offset.
  const MINUTE = 60_000;
  const formats = new Map<string, Intl.DateTimeFormat>();
  const wallClock = (zone: string, at: number) => {
    let format = formats.get(zone);
    if (!format) {
      format = new Intl.DateTimeFormat("en-AU", {
        timeZone: zone,
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "numeric",
        minute: "2-digit",
        hour12: true,
      });
      formats.set(zone, format);
    }
    const p = Object.fromEntries(format.formatToParts(new Date(at)).map((part) => [part.type, part.value]));
    const hour24 = (Number(p.hour) % 12) + (p.dayPeriod!.toLowerCase() === "pm" ? 12 : 0);
    return {
      date: `${p.year}-${p.month}-${p.day}`,
      time: `${p.hour}:${p.minute} ${p.dayPeriod!.toLowerCase()}`,
      offset: Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), hour24, Number(p.minute)) - Math.floor(at / MINUTE) * MINUTE,
    };
  };

  test.each(["Australia/Sydney", "Australia/Adelaide", "Australia/Perth", "Australia/Lord_Howe", "Pacific/Chatham"])("%s", (zone) => {
    const instants: number[] = [];
    const step = 53 * MINUTE;
    let offset = wallClock(zone, Date.UTC(2026, 6, 1)).offset;
    for (let at = Date.UTC(2026, 6, 1); at < Date.UTC(2027, 6, 1); at += step) {
      instants.push(at);
      const now = wallClock(zone, at).offset;
      if (now !== offset) for (let m = -60; m <= 60 + 53; m++) instants.push(at - step + m * MINUTE);
      offset = now;
    }
    const disagreements: string[] = [];
    for (const at of instants) {
      const iso = new Date(at).toISOString();
      const expected = wallClock(zone, at);
      const actual = `${localDate(iso, zone)} ${formatSlotTime(iso, zone)}`;
      if (actual !== `${expected.date} ${expected.time}`) disagreements.push(`${iso}: ${actual}, Intl ${expected.date} ${expected.time}`);
    }
    expect(instants.length).toBeGreaterThan(9_000);
    expect(disagreements).toEqual([]);
  });
});

describe("isAustralianZone", () => {
  test("Australian zones Intl knows", () => {
    expect(isAustralianZone("Australia/Sydney")).toBe(true);
    expect(isAustralianZone("Australia/Broken_Hill")).toBe(true);
    expect(isAustralianZone("Australia/Lord_Howe")).toBe(true);
  });

  test("anything else", () => {
    expect(isAustralianZone("Pacific/Auckland")).toBe(false);
    expect(isAustralianZone("UTC")).toBe(false);
    expect(isAustralianZone("Australia/Gondwana")).toBe(false);
    expect(isAustralianZone("")).toBe(false);
  });
});

describe("normaliseZone", () => {
  test("listed zones in any letter case, trimmed", () => {
    expect(normaliseZone("australia/perth")).toBe("Australia/Perth");
    expect(normaliseZone(" Australia/Darwin ")).toBe("Australia/Darwin");
    expect(normaliseZone("Australia/Canberra")).toBe("Australia/Canberra");
  });

  test("other zones Intl knows are kept, so a visitor abroad sees their own time", () => {
    expect(normaliseZone("Europe/London")).toBe("Europe/London");
    expect(normaliseZone("Australia/Broken_Hill")).toBe("Australia/Broken_Hill");
    expect(normaliseZone("UTC")).toBe("UTC");
  });

  test("missing or unusable input gives the fallback", () => {
    expect(normaliseZone(null)).toBe("Australia/Sydney");
    expect(normaliseZone(undefined)).toBe("Australia/Sydney");
    expect(normaliseZone("")).toBe("Australia/Sydney");
    expect(normaliseZone("Mars/Olympus_Mons")).toBe("Australia/Sydney");
    expect(normaliseZone("<script>alert(1)</script>")).toBe("Australia/Sydney");
    expect(normaliseZone(`Australia/${"x".repeat(100)}`)).toBe("Australia/Sydney");
    expect(normaliseZone("+10:00")).toBe("Australia/Sydney");
    expect(normaliseZone("nowhere", "Australia/Perth")).toBe("Australia/Perth");
  });
});
