import { describe, expect, test } from "vitest";
import type { Figure } from "~/admin/figures";
import { formatFigure, groupFigures, overviewCsv, sparkline } from "~/admin/overview";
import { periodFor } from "~/admin/periods";
import { offeredMinutes, type CoachOffer } from "~/admin/utilisation";

const NOW = new Date("2026-11-28T09:00:00Z");

function figure(partial: Partial<Figure> & { key: string; group: string }): Figure {
  return { label: partial.key, value: 0, unit: "count", href: "/admin", trend: [], ...partial };
}

describe("formatFigure", () => {
  test("money, counts, percentages and days read the Australian way", () => {
    expect(formatFigure(123450, "cents")).toBe("$1,234.50");
    expect(formatFigure(12034, "count")).toBe("12,034");
    expect(formatFigure(12.5, "percent")).toBe("12.5%");
    expect(formatFigure(1, "days")).toBe("1 day");
    expect(formatFigure(3.5, "days")).toBe("3.5 days");
  });
});

describe("groupFigures", () => {
  test("groups in the overview's order, empty groups left out, unknown groups last", () => {
    const groups = groupFigures([
      figure({ key: "failed", group: "operations" }),
      figure({ key: "mystery", group: "elsewhere" }),
      figure({ key: "revenue", group: "money" }),
    ]);
    expect(groups.map((g) => [g.key, g.figures.map((f) => f.key)])).toEqual([
      ["money", ["revenue"]],
      ["operations", ["failed"]],
      ["other", ["mystery"]],
    ]);
  });
});

describe("sparkline", () => {
  test("scales from zero at the bottom to the largest value at the top, oldest on the left", () => {
    const spark = sparkline([0, 5, 10], 100, 20, 0);
    expect(spark.points).toBe("0,20 50,10 100,0");
    expect(spark.last).toEqual({ x: 100, y: 0 });
  });

  test("a flat line of zeros sits on the bottom and an empty trend draws nothing", () => {
    expect(sparkline([0, 0], 10, 10, 0).points).toBe("0,10 10,10");
    expect(sparkline([]).points).toBe("");
  });
});

describe("overviewCsv", () => {
  test("one row per figure with the trend's columns, money in dollars, point-in-time trends blank, formulas defused", () => {
    const period = periodFor("quarter", NOW);
    const csv = overviewCsv(
      [
        figure({ key: "revenue", group: "money", label: "Revenue", unit: "cents", value: 123456, trend: [1, 2, 3, 4, 123456] }),
        figure({ key: "escalations", group: "coaching", label: "=cmd", value: 2 }),
      ],
      period,
    );
    const lines = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("period,from,to,group,key,figure,unit,value,trend Q2 25–26,trend Q3 25–26,trend Q4 25–26,trend Q1 26–27,trend Q2 26–27");
    expect(lines[1]).toBe("Q2 2026–27 (October–December 2026),2026-10-01,2026-12-31,money,revenue,Revenue,AUD,1234.56,0.01,0.02,0.03,0.04,1234.56");
    expect(lines[2]).toBe("Q2 2026–27 (October–December 2026),2026-10-01,2026-12-31,coaching,escalations,'=cmd,count,2,,,,,");
  });
});

describe("offeredMinutes", () => {
  const weekdays: CoachOffer = {
    timeZone: "Australia/Sydney",
    weeklyHours: {
      "1": [["09:00", "17:00"]],
      "2": [
        ["09:00", "12:00"],
        ["13:00", "17:00"],
      ],
    },
    overrides: {},
    holidays: [],
    timeOff: [],
  };
  // Monday 23 November to Monday 30 November 2026 in Sydney (AEDT).
  const week = { start: "2026-11-22T13:00:00.000Z", end: "2026-11-29T13:00:00.000Z" };

  test("the weekly hours of each local day in the range", () => {
    expect(offeredMinutes(weekdays, week)).toBe(8 * 60 + 7 * 60);
  });

  test("an override replaces a day, a holiday closes it, time off comes out", () => {
    expect(offeredMinutes({ ...weekdays, overrides: { "2026-11-24": [["10:00", "11:00"]] } }, week)).toBe(8 * 60 + 60);
    expect(offeredMinutes({ ...weekdays, holidays: ["2026-11-23"] }, week)).toBe(7 * 60);
    // Monday 2 pm to 4 pm off (03:00–05:00 UTC).
    expect(offeredMinutes({ ...weekdays, timeOff: [{ startsAt: "2026-11-23T03:00:00Z", endsAt: "2026-11-23T05:00:00Z" }] }, week)).toBe(13 * 60);
  });

  test("a Perth coach's day is counted on Perth's clock and clipped to the range", () => {
    const perth: CoachOffer = { ...weekdays, timeZone: "Australia/Perth", weeklyHours: { "1": [["06:00", "10:00"]] } };
    // Monday 6–10 am in Perth is 9 am – 1 pm in Sydney: inside the week.
    expect(offeredMinutes(perth, week)).toBe(240);
    // A range ending at 11 am Sydney time on that Monday takes 2 of the 4 hours.
    expect(offeredMinutes(perth, { start: week.start, end: "2026-11-23T00:00:00.000Z" })).toBe(120);
  });

  test("malformed hours count for nothing", () => {
    expect(offeredMinutes({ ...weekdays, weeklyHours: { "1": [["nine", "5"]], "2": "x" as never } }, week)).toBe(0);
  });
});
