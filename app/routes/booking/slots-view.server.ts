import type { Db } from "~/db/client.server";
import { nearestSlots } from "~/booking/slots";
import type { BookableCoach, BookingTypeRow } from "~/booking/catalogue.server";
import { availableSlotsIn, slotsOfCoaches, type SlotWindow, type SlotWithCoach } from "~/booking/slots.server";
import { formatSlotDate, formatSlotTime, localDate, zoneAbbreviation } from "~/booking/time-zones";

// The day and time pickers of the booking flow and of the manage page: the coach's free times,
// computed on the server and formatted there in the visitor's time zone, so the page needs no
// date library in the browser and works without JavaScript.

/** How many days one page of the day picker covers. */
export const DAYS_PER_PAGE = 14;
const DAY_MS = 86_400_000;
/** Australian zones are 8 to 11 hours ahead of UTC: this margin covers a whole local day either side. */
const ZONE_MARGIN_MS = 14 * 3_600_000;

export type DayChoice = { date: string; label: string; times: number };
export type TimeChoice = {
  startsAt: string;
  /** "9:30 am" in the visitor's zone. */
  time: string;
  abbreviation: string;
  coachSlug: string;
  coachName: string;
  /** "11:30 am AEDT": the same moment in the coach's zone. */
  coachTime: string;
};

export type SlotQuery = {
  typeId: string;
  coach: string | null;
  zone: string;
  now: Date;
  /** The type and the coaches (the one chosen, or all for "first available") when the caller has read them already. */
  catalogue?: { type: BookingTypeRow; coaches: BookableCoach[] };
};

/** The slots of the query in each window: from the catalogue the caller read, or reading it. */
function slotsIn(db: Db, query: SlotQuery, windows: SlotWindow[]): Promise<SlotWithCoach[][]> {
  if (query.catalogue) return slotsOfCoaches(db, { ...query.catalogue, now: query.now }, windows);
  return availableSlotsIn(db, { typeId: query.typeId, coach: query.coach, now: query.now }, windows);
}

/** A local date moved by whole days ("2026-12-31" + 1 → "2027-01-01"). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) + days * DAY_MS).toISOString().slice(0, 10);
}

function utcMidnight(date: string): number {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d);
}

/** A real calendar date written YYYY-MM-DD, or null. */
export function parseLocalDate(value: string | null | undefined): string | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const time = utcMidnight(value);
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === value ? value : null;
}

/** A UTC instant exactly as the flow writes it (toISOString form), or null. */
export function parseInstant(value: string | null | undefined): string | null {
  if (!value || value.length > 30) return null;
  const time = Date.parse(value);
  return Number.isFinite(time) && new Date(time).toISOString() === value ? value : null;
}

export function today(zone: string, now: Date): string {
  return localDate(now.toISOString(), zone);
}

export function timeChoice(slot: SlotWithCoach, zone: string): TimeChoice {
  return {
    startsAt: slot.startsAt,
    time: formatSlotTime(slot.startsAt, zone),
    abbreviation: zoneAbbreviation(zone, slot.startsAt),
    coachSlug: slot.coachSlug,
    coachName: slot.coachName,
    coachTime: `${formatSlotTime(slot.startsAt, slot.coachTimeZone)} ${zoneAbbreviation(slot.coachTimeZone, slot.startsAt)}`,
  };
}

/** The window of instants that can fall on the local days [first, first + count) in any Australian zone, from now on. */
function windowOfDays(query: SlotQuery, first: string, count: number): SlotWindow {
  return {
    from: new Date(Math.max(utcMidnight(first) - ZONE_MARGIN_MS, query.now.getTime())),
    to: new Date(utcMidnight(first) + count * DAY_MS + ZONE_MARGIN_MS),
  };
}

/** The slots on the local days [first, first + count) in the visitor's zone. */
function onDays(slots: SlotWithCoach[], zone: string, first: string, count: number): { slot: SlotWithCoach; date: string }[] {
  const last = addDays(first, count - 1);
  const out: { slot: SlotWithCoach; date: string }[] = [];
  for (const slot of slots) {
    const date = localDate(slot.startsAt, zone);
    if (date >= first && date <= last) out.push({ slot, date });
  }
  return out;
}

/**
 * The day and time pickers: one page of days from `first` with at least one free time each, and,
 * when a day is chosen, that day's free times. The coaches' calendars are read once for both.
 */
export async function dayPicker(db: Db, query: SlotQuery, first: string, day: string | null): Promise<{ days: DayChoice[]; times: TimeChoice[] }> {
  // A day on the page (the usual case: its link was followed) is read from the page's own slots.
  const dayOnPage = day !== null && day >= first && day <= addDays(first, DAYS_PER_PAGE - 1);
  const windows = [windowOfDays(query, first, DAYS_PER_PAGE), ...(day && !dayOnPage ? [windowOfDays(query, day, 1)] : [])];
  const [pageSlots, daySlots] = await slotsIn(db, query, windows);
  const days = new Map<string, DayChoice>();
  const times: TimeChoice[] = [];
  for (const { slot, date } of onDays(pageSlots!, query.zone, first, DAYS_PER_PAGE)) {
    const choice = days.get(date);
    if (choice) choice.times++;
    else days.set(date, { date, label: formatSlotDate(slot.startsAt, query.zone), times: 1 });
    if (dayOnPage && date === day) times.push(timeChoice(slot, query.zone));
  }
  if (day && !dayOnPage) for (const { slot } of onDays(daySlots!, query.zone, day, 1)) times.push(timeChoice(slot, query.zone));
  return { days: [...days.values()].sort((a, b) => (a.date < b.date ? -1 : 1)), times };
}

/** One page of the day picker: the days from `first` with at least one free time. */
export async function daysWithTimes(db: Db, query: SlotQuery, first: string): Promise<DayChoice[]> {
  return (await dayPicker(db, query, first, null)).days;
}

/** The free times on one local day. */
export async function timesOnDay(db: Db, query: SlotQuery, date: string): Promise<TimeChoice[]> {
  const [slots] = await slotsIn(db, query, [windowOfDays(query, date, 1)]);
  return onDays(slots!, query.zone, date, 1).map(({ slot }) => timeChoice(slot, query.zone));
}

/**
 * The slot starting at `startsAt` if it is still free, else up to three free times nearest to it
 * (within a week either side).
 */
export async function findSlot(
  db: Db,
  query: SlotQuery,
  startsAt: string,
): Promise<{ slot: SlotWithCoach; alternatives: [] } | { slot: null; alternatives: SlotWithCoach[] }> {
  const target = Date.parse(startsAt);
  const slots = (await slotsIn(db, query, [{ from: new Date(Math.max(target - 7 * DAY_MS, query.now.getTime())), to: new Date(target + 7 * DAY_MS) }]))[0]!;
  const slot = slots.find((s) => s.startsAt === startsAt);
  if (slot) return { slot, alternatives: [] };
  const nearest = new Set(nearestSlots(slots, startsAt, 3).map((s) => s.startsAt));
  return { slot: null, alternatives: slots.filter((s) => nearest.has(s.startsAt)) };
}
