import { expect, test } from "vitest";
import { utcToZonedLocal, zonedLocalToUtc } from "~/content/admin/schedule-time";

test("a Sydney wall-clock time becomes its UTC instant in summer and in winter", () => {
  expect(zonedLocalToUtc("2026-12-01T09:00", "Australia/Sydney")?.toISOString()).toBe("2026-11-30T22:00:00.000Z");
  expect(zonedLocalToUtc("2026-07-01T09:00", "Australia/Sydney")?.toISOString()).toBe("2026-06-30T23:00:00.000Z");
  expect(zonedLocalToUtc("2026-07-01T09:00", "Australia/Perth")?.toISOString()).toBe("2026-07-01T01:00:00.000Z");
});

test("the hour skipped when daylight saving starts doesn't exist; the repeated hour is its first occurrence", () => {
  expect(zonedLocalToUtc("2026-10-04T02:30", "Australia/Sydney")).toBeNull();
  expect(zonedLocalToUtc("2026-04-05T02:30", "Australia/Sydney")?.toISOString()).toBe("2026-04-04T15:30:00.000Z");
});

test("nonsense is refused, and UTC reads back as the field's value", () => {
  expect(zonedLocalToUtc("2026-02-30T09:00", "Australia/Sydney")).toBeNull();
  expect(zonedLocalToUtc("tomorrow", "Australia/Sydney")).toBeNull();
  expect(utcToZonedLocal("2026-11-30T22:00:00.000Z", "Australia/Sydney")).toBe("2026-12-01T09:00");
});
