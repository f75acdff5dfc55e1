import { expect, test } from "vitest";
import { DEFAULT_MEETING_WINDOW, describeRoomHours, meetingWindow, meetingWindowSettings, roomState } from "~/meetings/window";
import { EnvError, readEnv } from "~/platform/env.server";

// Thursday 3 December 2026, 9:30–10:30 am in Sydney (AEDT, UTC+11).
const SESSION = { startsAt: "2026-12-02T22:30:00.000Z", endsAt: "2026-12-02T23:30:00.000Z" };

test("the room opens 10 minutes before the start and closes 30 minutes after the end by default", () => {
  const window = meetingWindow(SESSION);
  expect(window.opensAt.toISOString()).toBe("2026-12-02T22:20:00.000Z");
  expect(window.closesAt.toISOString()).toBe("2026-12-03T00:00:00.000Z");
  expect(DEFAULT_MEETING_WINDOW).toEqual({ opensBeforeMinutes: 10, closesAfterMinutes: 30 });
});

test("the window follows the settings", () => {
  const window = meetingWindow(SESSION, { opensBeforeMinutes: 0, closesAfterMinutes: 120 });
  expect(window.opensAt.toISOString()).toBe(SESSION.startsAt);
  expect(window.closesAt.toISOString()).toBe("2026-12-03T01:30:00.000Z");
});

test("the settings come from the env with the defaults, and out-of-range values are refused", () => {
  const env = readEnv({} as Env);
  expect(meetingWindowSettings(env)).toEqual(DEFAULT_MEETING_WINDOW);
  const configured = readEnv({ MEETING_OPENS_BEFORE_MINUTES: "15", MEETING_CLOSES_AFTER_MINUTES: "0" } as unknown as Env);
  expect(meetingWindowSettings(configured)).toEqual({ opensBeforeMinutes: 15, closesAfterMinutes: 0 });
  expect(() => readEnv({ MEETING_OPENS_BEFORE_MINUTES: "-5" } as unknown as Env)).toThrow(EnvError);
  expect(() => readEnv({ MEETING_CLOSES_AFTER_MINUTES: "ten" } as unknown as Env)).toThrow(/MEETING_CLOSES_AFTER_MINUTES/);
});

test("a meeting that ends before it starts, or has an unreadable time, is an error", () => {
  expect(() => meetingWindow({ startsAt: SESSION.endsAt, endsAt: SESSION.startsAt })).toThrow(RangeError);
  expect(() => meetingWindow({ startsAt: "soon", endsAt: SESSION.endsAt })).toThrow(/Invalid date/);
});

test("the room is open from its opening (inclusive) to its closing (exclusive)", () => {
  const window = meetingWindow(SESSION);
  expect(roomState(window, new Date("2026-12-02T22:19:59.999Z"))).toBe("not_open_yet");
  expect(roomState(window, new Date("2026-12-02T22:20:00.000Z"))).toBe("open");
  expect(roomState(window, new Date("2026-12-02T23:59:59.999Z"))).toBe("open");
  expect(roomState(window, new Date("2026-12-03T00:00:00.000Z"))).toBe("closed");
});

test("the opening is described in the viewer's time zone, with its abbreviation and day", () => {
  const window = meetingWindow(SESSION);
  // 8 am in Sydney on the day: "today".
  expect(describeRoomHours(window, new Date("2026-12-02T21:00:00.000Z"), "Australia/Sydney")).toBe("The room opens at 9:20 am AEDT today.");
  // Perth is three hours behind Sydney in summer, and does not observe daylight saving.
  expect(describeRoomHours(window, new Date("2026-12-02T21:00:00.000Z"), "Australia/Perth")).toBe("The room opens at 6:20 am AWST today.");
  // Brisbane has no daylight saving: AEST, an hour behind Sydney.
  expect(describeRoomHours(window, new Date("2026-12-02T12:00:00.000Z"), "Australia/Brisbane")).toBe("The room opens at 8:20 am AEST tomorrow.");
  expect(describeRoomHours(window, new Date("2026-11-28T00:00:00.000Z"), "Australia/Adelaide")).toBe(
    "The room opens at 8:50 am ACDT on Thursday 3 December 2026.",
  );
});

test("an open room says until when, and a closed one when it closed", () => {
  const window = meetingWindow(SESSION);
  expect(describeRoomHours(window, new Date("2026-12-02T22:45:00.000Z"), "Australia/Melbourne")).toBe("The room is open until 11:00 am AEDT today.");
  expect(describeRoomHours(window, new Date("2026-12-03T02:00:00.000Z"), "Australia/Sydney")).toBe(
    "The room closed on Thursday 3 December 2026, 11:00 am AEDT.",
  );
});

test("a winter session is described in standard time", () => {
  // Thursday 16 July 2026, 9:30 am in Sydney (AEST, UTC+10).
  const window = meetingWindow({ startsAt: "2026-07-15T23:30:00.000Z", endsAt: "2026-07-16T00:30:00.000Z" });
  expect(describeRoomHours(window, new Date("2026-07-15T23:00:00.000Z"), "Australia/Sydney")).toBe("The room opens at 9:20 am AEST today.");
  expect(describeRoomHours(window, new Date("2026-07-15T23:00:00.000Z"), "Australia/Darwin")).toBe("The room opens at 8:50 am ACST today.");
});
