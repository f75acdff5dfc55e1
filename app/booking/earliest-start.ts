import { timeToMinutes } from "./slots";
import { offsetMinutes } from "./time-zones";

// The earliest local start (BOOKING_EARLIEST_START): a time is offered to a visitor, and booked, only
// when it starts at or after that time on the visitor's own clock, whichever coach's hours it falls
// in. An east-coast coach's 9 am is 6 am in Perth for half the year; the rule keeps it off the Perth
// visitor's page while a Sydney visitor still sees it at 9 am. Pure and browser-safe.

const MINUTE_MS = 60_000;
const DAY_MINUTES = 24 * 60;

/** "07:00" as minutes after midnight (420); 0 (no rule) for anything that is not such a time. */
export function earliestStartMinutes(setting: string | undefined): number {
  const minutes = setting ? timeToMinutes(setting) : null;
  return minutes === null || minutes >= DAY_MINUTES ? 0 : minutes;
}

/** Minutes after local midnight of an instant (ms since the epoch) in a zone. */
export function localMinutesOf(ms: number, zone: string): number {
  const minutes = Math.floor((ms + offsetMinutes(zone, ms) * MINUTE_MS) / MINUTE_MS);
  return ((minutes % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
}

/** Whether a start instant is at or after the earliest local start in the visitor's zone. */
export function startsLateEnough(ms: number, zone: string, earliestMinutes: number): boolean {
  return earliestMinutes <= 0 || localMinutesOf(ms, zone) >= earliestMinutes;
}

/** The start instants at or after the earliest local start in the visitor's zone. */
export function lateEnoughStarts(starts: number[], zone: string, earliestMinutes: number): number[] {
  return earliestMinutes <= 0 ? starts : starts.filter((start) => startsLateEnough(start, zone, earliestMinutes));
}

/** "7 am", "7:30 am": the setting as the page says it. */
export function earliestStartLabel(earliestMinutes: number): string {
  const hours = Math.floor(earliestMinutes / 60);
  const minutes = earliestMinutes % 60;
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}${minutes ? `:${String(minutes).padStart(2, "0")}` : ""} ${hours < 12 ? "am" : "pm"}`;
}
