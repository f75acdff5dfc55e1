import { formatDateTime, formatSlotDate, formatSlotTime, localDayNumber, zoneAbbreviation } from "~/booking/time-zones";

// When a meeting's room is open: from a few minutes before the session starts (time to check the
// camera in the lobby) until a while after it ends (a session that runs over is not cut off).
// Browser-safe: the room page and the server agree on the same instants.

/** How far the room's opening and closing sit from the session's start and end. */
export type MeetingWindowSettings = { opensBeforeMinutes: number; closesAfterMinutes: number };

export const DEFAULT_MEETING_WINDOW: MeetingWindowSettings = { opensBeforeMinutes: 10, closesAfterMinutes: 30 };

/** The settings as the parsed env holds them (MEETING_OPENS_BEFORE_MINUTES, MEETING_CLOSES_AFTER_MINUTES). */
export function meetingWindowSettings(env: { MEETING_OPENS_BEFORE_MINUTES: number; MEETING_CLOSES_AFTER_MINUTES: number }): MeetingWindowSettings {
  return { opensBeforeMinutes: env.MEETING_OPENS_BEFORE_MINUTES, closesAfterMinutes: env.MEETING_CLOSES_AFTER_MINUTES };
}

export type MeetingWindow = { opensAt: Date; closesAt: Date };

export type RoomState = "not_open_yet" | "open" | "closed";

const MINUTE_MS = 60_000;

function instant(iso: string): number {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw new RangeError(`Invalid date: ${iso}`);
  return ms;
}

/** The instants the room of a session (its booking's start and end) opens and closes. */
export function meetingWindow(meeting: { startsAt: string; endsAt: string }, settings: MeetingWindowSettings = DEFAULT_MEETING_WINDOW): MeetingWindow {
  const startsAt = instant(meeting.startsAt);
  const endsAt = instant(meeting.endsAt);
  if (endsAt < startsAt) throw new RangeError(`A meeting cannot end (${meeting.endsAt}) before it starts (${meeting.startsAt})`);
  return {
    opensAt: new Date(startsAt - settings.opensBeforeMinutes * MINUTE_MS),
    closesAt: new Date(endsAt + settings.closesAfterMinutes * MINUTE_MS),
  };
}

/** Whether the room is open at `now`: open from opensAt (inclusive) until closesAt (exclusive). */
export function roomState(window: MeetingWindow, now: Date): RoomState {
  const ms = now.getTime();
  if (ms < window.opensAt.getTime()) return "not_open_yet";
  if (ms >= window.closesAt.getTime()) return "closed";
  return "open";
}

/**
 * What the room page says about the room's hours to a viewer in `zone`, with the zone's abbreviation:
 * "The room opens at 9:20 am AEDT today." / "… tomorrow." / "… on Thursday 3 December 2026.",
 * "The room is open until 10:30 am AEDT." and "The room closed on Thursday 3 December 2026, 10:30 am AEDT."
 */
export function describeRoomHours(window: MeetingWindow, now: Date, zone: string): string {
  const state = roomState(window, now);
  if (state === "closed") return `The room closed on ${formatDateTime(window.closesAt.toISOString(), zone)}.`;
  if (state === "open") return `The room is open until ${clockTime(window.closesAt, zone)}${onDay(window.closesAt, now, zone)}.`;
  return `The room opens at ${clockTime(window.opensAt, zone)}${onDay(window.opensAt, now, zone)}.`;
}

/** "9:20 am AEDT" on the zone's clock. */
function clockTime(at: Date, zone: string): string {
  const iso = at.toISOString();
  return `${formatSlotTime(iso, zone)} ${zoneAbbreviation(zone, iso)}`;
}

/** " today", " tomorrow" or " on Thursday 3 December 2026", by the zone's calendar. */
function onDay(at: Date, now: Date, zone: string): string {
  const days = localDayNumber(at.getTime(), zone) - localDayNumber(now.getTime(), zone);
  if (days === 0) return " today";
  if (days === 1) return " tomorrow";
  return ` on ${formatSlotDate(at.toISOString(), zone)}`;
}
