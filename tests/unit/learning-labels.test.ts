import { describe, expect, test } from "vitest";
import { formatCalendarDay, formatMinutes } from "~/learning/ui/labels";

// The learning hub's wording of durations and due dates.

describe("formatMinutes", () => {
  test("minutes, whole hours, and hours with minutes", () => {
    expect(formatMinutes(45)).toBe("45 min");
    expect(formatMinutes(60)).toBe("1 hr");
    expect(formatMinutes(90)).toBe("1 hr 30 min");
    expect(formatMinutes(0)).toBe("0 min");
    expect(formatMinutes(-5)).toBe("0 min");
  });
});

describe("formatCalendarDay", () => {
  test("a due date reads as the same calendar day in Australia, whatever the server's zone", () => {
    expect(formatCalendarDay("2026-12-05")).toBe("Sat 5 December 2026");
    expect(formatCalendarDay("2020-01-31")).toBe("Fri 31 January 2020");
  });

  test("text that is not a date is shown as it is", () => {
    expect(formatCalendarDay("soon")).toBe("soon");
  });
});
