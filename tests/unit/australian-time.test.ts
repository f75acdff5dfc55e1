import { describe, expect, test } from "vitest";
import { usageLimitMessage } from "~/ai-coach/usage.server";
import { usageResetText } from "~/ai-coach/usage-text";
import { describeZone, formatShortDateTime, formatTime, formatTimestamp, nextOffsetChange, zoneCity, zoneForState } from "~/booking/time-zones";
import { nextSydneyMidnight } from "~/utils/sydney-time";

// The site's one formatter of Australian time, as Brisbane, Darwin and Perth readers meet it on each
// side of Sydney's daylight-saving change: it starts at 2 am AEST on Sunday 5 October 2025 (16:00 UTC
// on the 4th) and ends at 3 am AEDT on Sunday 5 April 2026 (16:00 UTC on the 4th).

const BEFORE = "2025-10-03T00:30:00.000Z"; // Friday 3 October 2025: Sydney on AEST
const AFTER = "2025-10-06T00:30:00.000Z"; // Monday 6 October 2025: Sydney on AEDT

const READERS = { brisbane: "Australia/Brisbane", darwin: "Australia/Darwin", perth: "Australia/Perth", sydney: "Australia/Sydney" };

test("a profile's state gives its zone; anything else gives none", () => {
  expect([zoneForState("QLD"), zoneForState("NT"), zoneForState("WA"), zoneForState("NSW")]).toEqual(Object.values(READERS));
  expect(zoneForState("sa")).toBe("Australia/Adelaide");
  for (const state of [null, undefined, "", "XYZ"]) expect(zoneForState(state)).toBeNull();
});

describe("a time names the zone it is in, with the abbreviation of that date", () => {
  test("Brisbane stays AEST, Darwin ACST and Perth AWST while Sydney moves to AEDT", () => {
    expect(formatTime(BEFORE, READERS.brisbane)).toBe("10:30 am AEST");
    expect(formatTime(AFTER, READERS.brisbane)).toBe("10:30 am AEST");
    expect(formatTime(BEFORE, READERS.darwin)).toBe("10:00 am ACST");
    expect(formatTime(AFTER, READERS.darwin)).toBe("10:00 am ACST");
    expect(formatTime(BEFORE, READERS.perth)).toBe("8:30 am AWST");
    expect(formatTime(AFTER, READERS.perth)).toBe("8:30 am AWST");
    expect(formatTime(BEFORE, READERS.sydney)).toBe("10:30 am AEST");
    expect(formatTime(AFTER, READERS.sydney)).toBe("11:30 am AEDT");
  });

  test("around the April change Sydney's own clock names each side", () => {
    expect(formatTime("2026-04-04T15:30:00.000Z", READERS.sydney)).toBe("2:30 am AEDT");
    expect(formatTime("2026-04-04T16:30:00.000Z", READERS.sydney)).toBe("2:30 am AEST");
    expect(formatTime("2026-04-04T16:30:00.000Z", READERS.brisbane)).toBe("2:30 am AEST");
  });

  test("the compact date and time for lists, and a dash for a missing timestamp", () => {
    expect(formatShortDateTime(AFTER, READERS.brisbane)).toBe("6 Oct 2025, 10:30 am AEST");
    expect(formatShortDateTime(AFTER, READERS.perth)).toBe("6 Oct 2025, 8:30 am AWST");
    expect(formatTimestamp(AFTER)).toBe("6 Oct 2025, 11:30 am AEDT");
    expect(formatTimestamp(null)).toBe("—");
    expect(formatTimestamp("not a date")).toBe("—");
  });
});

describe("the AI coach's daily limit resets at midnight in Sydney, said on the reader's clock", () => {
  const meterAt = (now: string) => ({ used: 20, limit: 20, resetsAt: nextSydneyMidnight(new Date(now)).toISOString() });

  test("before the change, Brisbane's midnight is Sydney's", () => {
    const meter = meterAt("2025-10-03T05:00:00.000Z");
    expect(meter.resetsAt).toBe("2025-10-03T14:00:00.000Z");
    expect(usageResetText(meter.resetsAt, READERS.brisbane)).toBe("midnight AEST");
    expect(usageResetText(meter.resetsAt, READERS.darwin)).toBe("11:30 pm ACST (midnight in Sydney)");
    expect(usageResetText(meter.resetsAt, READERS.perth)).toBe("10:00 pm AWST (midnight in Sydney)");
  });

  test("after the change, a Brisbane reader is told 11 pm AEST, never AEDT", () => {
    const meter = meterAt("2025-10-06T05:00:00.000Z");
    expect(meter.resetsAt).toBe("2025-10-06T13:00:00.000Z");
    expect(usageLimitMessage(meter, READERS.brisbane)).toBe(
      "You've used all 20 messages for today. Your limit resets at 11:00 pm AEST (midnight in Sydney), so you can pick this conversation up again then.",
    );
    expect(usageLimitMessage(meter, READERS.darwin)).toContain("resets at 10:30 pm ACST (midnight in Sydney)");
    expect(usageLimitMessage(meter, READERS.perth)).toContain("resets at 9:00 pm AWST (midnight in Sydney)");
    expect(usageLimitMessage(meter, READERS.sydney)).toContain("resets at midnight AEDT,");
    // A reader with no state on their profile is told Sydney's time.
    expect(usageLimitMessage(meter)).toContain("resets at midnight AEDT,");
  });
});

describe("a label that covers the whole year (weekly hours) names the zone and any change ahead", () => {
  test("zones without daylight saving name one abbreviation", () => {
    expect(describeZone(READERS.brisbane, BEFORE)).toBe("Brisbane time (AEST)");
    expect(describeZone(READERS.brisbane, AFTER)).toBe("Brisbane time (AEST)");
    expect(describeZone(READERS.darwin, AFTER)).toBe("Darwin time (ACST)");
    expect(describeZone(READERS.perth, AFTER)).toBe("Perth time (AWST)");
    expect(nextOffsetChange(READERS.perth, AFTER)).toBeNull();
  });

  test("Sydney and Adelaide name today's abbreviation and the date it changes", () => {
    expect(describeZone(READERS.sydney, BEFORE)).toBe("Sydney time (AEST until 5 October 2025, then AEDT)");
    expect(describeZone(READERS.sydney, AFTER)).toBe("Sydney time (AEDT until 5 April 2026, then AEST)");
    expect(describeZone("Australia/Adelaide", AFTER)).toBe("Adelaide time (ACDT until 5 April 2026, then ACST)");
    expect(nextOffsetChange(READERS.sydney, BEFORE)?.toISOString()).toBe("2025-10-04T16:00:00.000Z");
    expect(nextOffsetChange(READERS.sydney, AFTER)?.toISOString()).toBe("2026-04-04T16:00:00.000Z");
  });

  test("zones outside Australia are named after their place", () => {
    expect(zoneCity("America/Los_Angeles")).toBe("Los Angeles");
    expect(zoneCity("Australia/Broken_Hill")).toBe("Broken Hill");
    expect(zoneCity("Australia/Perth")).toBe("Perth");
  });
});
