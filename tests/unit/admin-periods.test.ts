import { describe, expect, test } from "vitest";
import { parseAnchor, parsePeriodKey, periodFor } from "~/admin/periods";

// Saturday 28 November 2026, 8 pm in Sydney (AEDT, UTC+11).
const NOW = new Date("2026-11-28T09:00:00Z");

describe("periodFor", () => {
  test("this week runs Monday to Sunday in Sydney, across the UTC date line", () => {
    const week = periodFor("week", NOW);
    expect(week.range).toEqual({ start: "2026-11-22T13:00:00.000Z", end: "2026-11-29T13:00:00.000Z" });
    expect(week.title).toBe("This week");
    expect(week.label).toBe("23–29 November 2026");
    expect([week.firstDay, week.lastDay]).toEqual(["2026-11-23", "2026-11-29"]);
    expect(week.buckets).toHaveLength(8);
    expect(week.buckets.at(-1)).toEqual(week.range);
    expect(week.bucketLabels[0]).toBe("5 Oct");
    expect(week.next).toBeNull();
    expect(week.current).toBe(true);
  });

  test("a Sunday evening in Sydney is still that week, though it is Sunday morning in UTC", () => {
    const week = periodFor("week", new Date("2026-11-29T12:59:59Z"));
    expect(week.firstDay).toBe("2026-11-23");
    expect(periodFor("week", new Date("2026-11-29T13:00:00Z")).firstDay).toBe("2026-11-30");
  });

  test("the week in which daylight saving starts is an hour shorter", () => {
    // Daylight saving starts on Sunday 4 October 2026 at 2 am.
    const week = periodFor("week", NOW, { year: 2026, month: 9, day: 1 });
    expect(week.range).toEqual({ start: "2026-09-27T14:00:00.000Z", end: "2026-10-04T13:00:00.000Z" });
    expect(Date.parse(week.range.end) - Date.parse(week.range.start)).toBe((7 * 24 - 1) * 3600_000);
  });

  test("this month and its twelve months of trend, each bucket ending where the next starts", () => {
    const month = periodFor("month", NOW);
    expect(month.range).toEqual({ start: "2026-10-31T13:00:00.000Z", end: "2026-11-30T13:00:00.000Z" });
    expect(month.label).toBe("November 2026");
    expect(month.buckets).toHaveLength(12);
    expect(month.buckets[0]!.start).toBe("2025-11-30T13:00:00.000Z"); // 1 December 2025, AEDT
    expect(month.bucketLabels[0]).toBe("Dec 2025");
    for (let i = 1; i < month.buckets.length; i++) expect(month.buckets[i]!.start).toBe(month.buckets[i - 1]!.end);
    // June 2026 is winter: midnight is 14:00 UTC the day before.
    expect(month.buckets[6]).toEqual({ start: "2026-05-31T14:00:00.000Z", end: "2026-06-30T14:00:00.000Z" });
  });

  test("BAS quarters: 30 September 23:59 AEST is Q1, 1 October 00:00 AEST is Q2", () => {
    const q1 = periodFor("quarter", new Date("2026-09-30T13:59:00Z"));
    expect(q1.range).toEqual({ start: "2026-06-30T14:00:00.000Z", end: "2026-09-30T14:00:00.000Z" });
    expect(q1.label).toBe("Q1 2026–27 (July–September 2026)");
    const q2 = periodFor("quarter", new Date("2026-09-30T14:00:00Z"));
    expect(q2.range).toEqual({ start: "2026-09-30T14:00:00.000Z", end: "2026-12-31T13:00:00.000Z" });
    expect(q2.label).toBe("Q2 2026–27 (October–December 2026)");
    expect(q2.buckets).toHaveLength(5);
    expect(q2.bucketLabels).toEqual(["Q2 25–26", "Q3 25–26", "Q4 25–26", "Q1 26–27", "Q2 26–27"]);
  });

  test("January to March is Q3 and April to June Q4 of the financial year that began the July before", () => {
    expect(periodFor("quarter", new Date("2027-02-10T00:00:00Z")).label).toBe("Q3 2026–27 (January–March 2027)");
    expect(periodFor("quarter", new Date("2027-05-10T00:00:00Z")).label).toBe("Q4 2026–27 (April–June 2027)");
  });

  test("the financial year starts on 1 July in Sydney", () => {
    const fy = periodFor("fy", NOW);
    expect(fy.range).toEqual({ start: "2026-06-30T14:00:00.000Z", end: "2027-06-30T14:00:00.000Z" });
    expect(fy.label).toBe("2026–27 (1 July 2026 – 30 June 2027)");
    expect(fy.bucketLabels).toEqual(["FY24–25", "FY25–26", "FY26–27"]);
    // 30 June 11:59 pm AEST still belongs to the year before.
    expect(periodFor("fy", new Date("2026-06-30T13:59:59Z")).firstDay).toBe("2025-07-01");
    expect(periodFor("fy", new Date("2026-06-30T14:00:00Z")).firstDay).toBe("2026-07-01");
  });

  test("an earlier period is named, and steps back and forth", () => {
    const last = periodFor("quarter", NOW, { year: 2026, month: 8, day: 15 });
    expect(last.title).toBe("Last quarter");
    expect(last.current).toBe(false);
    expect(last.previous).toBe("2026-04-01");
    expect(last.next).toBe("2026-10-01");
    const older = periodFor("month", NOW, { year: 2026, month: 1, day: 3 });
    expect(older.title).toBe("February 2026");
  });
});

describe("parsing the address", () => {
  test("an unknown period is the month", () => {
    expect(parsePeriodKey("fy")).toBe("fy");
    expect(parsePeriodKey("decade")).toBe("month");
    expect(parsePeriodKey(null)).toBe("month");
  });

  test("an anchor must be a real Sydney date not after today", () => {
    expect(parseAnchor("2026-09-30", NOW)).toEqual({ year: 2026, month: 8, day: 30 });
    expect(parseAnchor("2026-11-28", NOW)).not.toBeNull();
    expect(parseAnchor("2026-11-29", NOW)).toBeNull();
    expect(parseAnchor("2026-02-30", NOW)).toBeNull();
    expect(parseAnchor("1999-12-31", NOW)).toBeNull();
    expect(parseAnchor("yesterday", NOW)).toBeNull();
  });
});
