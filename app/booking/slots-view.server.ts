import type { Db } from "~/db/client.server";
import { nearestSlots } from "~/booking/slots";
import { loadCatalogue, type BookableCoach, type BookingTypeRow } from "~/booking/catalogue.server";
import { BookingError } from "~/booking/errors";
import {
  calendarsFor,
  calendarStarts,
  firstAvailableStarts,
  offerSlot,
  type CoachCalendar,
  type Offer,
  type SlotAudience,
  type SlotWindow,
  type SlotWithCoach,
} from "~/booking/slots.server";
import { lateEnoughStarts } from "~/booking/earliest-start";
import { dateDayNumber, formatSlotDate, formatSlotTime, localDate, localDayNumber, zoneAbbreviation } from "~/booking/time-zones";

// The day and time pickers of the booking flow and of the manage page: the coach's free times,
// computed on the server and formatted there in the visitor's time zone, so the page needs no
// date library in the browser and works without JavaScript.

/** How many days one page of the day picker covers. */
export const DAYS_PER_PAGE = 14;
const DAY_MS = 86_400_000;
/** Australian zones are 8 to 11 hours ahead of UTC: this margin covers a whole local day either side. */
const ZONE_MARGIN_MS = 14 * 3_600_000;

export type DayChoice = { date: string; label: string; times: number };
/** A time of the picker: what its link shows. */
export type PickerTime = { startsAt: string; time: string; abbreviation: string; coachName: string };
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
  /** Who the times are for (a card payer is not offered a coach's day at the hold limit); anyone unless given. */
  audience?: SlotAudience;
  /**
   * The coaches' calendars when the caller has read them already (with the catalogue, in one round
   * trip), covering the windows the view reads: pickerWindows or findWindow.
   */
  calendars?: CoachCalendar[];
  /** The earliest local start in the visitor's zone (minutes after midnight; see earliest-start.ts); none unless given. */
  earliestMinutes?: number;
};

/** The type and coaches of the query: from the catalogue the caller read, or reading it. Throws BookingError 404 for an unknown type or coach. */
async function catalogueOf(db: Db, query: SlotQuery): Promise<{ type: BookingTypeRow; coaches: BookableCoach[] }> {
  if (query.catalogue) return query.catalogue;
  const catalogue = await loadCatalogue(db);
  const type = catalogue.types.find((t) => t.id === query.typeId);
  if (!type) throw new BookingError(404, "unknown_type", "That kind of booking isn't available.");
  const coaches = query.coach ? catalogue.coaches.filter((coach) => coach.slug === query.coach) : catalogue.coaches;
  if (query.coach && coaches.length === 0) throw new BookingError(404, "unknown_coach", "That coach isn't taking bookings.");
  return { type, coaches };
}

/** The coaches' calendars covering the windows: as the caller read them, or reading them. */
async function calendarsOf(db: Db, query: SlotQuery, coaches: BookableCoach[], windows: SlotWindow[]): Promise<CoachCalendar[]> {
  return query.calendars ?? calendarsFor(db, { coaches, now: query.now }, windows);
}

/** A coach's start instants of the query in a window, as the visitor is offered them (no earlier than the earliest local start). */
function offeredStarts(calendar: CoachCalendar, type: BookingTypeRow, query: SlotQuery, window: SlotWindow): number[] {
  return lateEnoughStarts(calendarStarts(calendar, type, { ...window, now: query.now }, query.audience), query.zone, query.earliestMinutes ?? 0);
}

/** The slots of the query in each window. */
async function slotsIn(db: Db, query: SlotQuery, windows: SlotWindow[]): Promise<SlotWithCoach[][]> {
  const { type, coaches } = await catalogueOf(db, query);
  const calendars = await calendarsOf(db, query, coaches, windows);
  return windows.map((w) =>
    firstAvailableStarts(calendars.map((calendar) => ({ calendar, starts: offeredStarts(calendar, type, query, w) }))).map((offer) =>
      offerSlot(offer, type.durationMinutes),
    ),
  );
}

/** The windows the day picker reads: one page of days from `first`, and the chosen day when it is not on that page. */
export function pickerWindows(now: Date, first: string, day: string | null): SlotWindow[] {
  const page = windowOfDays(now, first, DAYS_PER_PAGE);
  return day && !onPage(first, day) ? [page, windowOfDays(now, day, 1)] : [page];
}

/** The window findSlot reads: a week either side of the time. */
export function findWindow(now: Date, startsAt: string): SlotWindow {
  const target = Date.parse(startsAt);
  return { from: new Date(Math.max(target - 7 * DAY_MS, now.getTime())), to: new Date(target + 7 * DAY_MS) };
}

/** The span of several windows. */
export function spanOf(windows: SlotWindow[]): SlotWindow {
  return { from: new Date(Math.min(...windows.map((w) => w.from.getTime()))), to: new Date(Math.max(...windows.map((w) => w.to.getTime()))) };
}

function onPage(first: string, day: string): boolean {
  return day >= first && day <= addDays(first, DAYS_PER_PAGE - 1);
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
function windowOfDays(now: Date, first: string, count: number): SlotWindow {
  return {
    from: new Date(Math.max(utcMidnight(first) - ZONE_MARGIN_MS, now.getTime())),
    to: new Date(utcMidnight(first) + count * DAY_MS + ZONE_MARGIN_MS),
  };
}

/** A time of the picker, in the visitor's zone. */
function pickerTime(offer: Offer, zone: string): PickerTime {
  const startsAt = new Date(offer.start).toISOString();
  return { startsAt, time: formatSlotTime(startsAt, zone), abbreviation: zoneAbbreviation(zone, startsAt), coachName: offer.coach.displayName };
}

/**
 * The times of one local day (the visitor's zone) with their coaches, from each coach's start
 * instants: only that day's instants are given to a coach and written out.
 */
function timesOf(perCoach: { calendar: CoachCalendar; starts: number[] }[], zone: string, day: string): PickerTime[] {
  const dayNumber = dateDayNumber(day);
  const onDay = perCoach.map(({ calendar, starts }) => ({ calendar, starts: starts.filter((start) => localDayNumber(start, zone) === dayNumber) }));
  return firstAvailableStarts(onDay).map((offer) => pickerTime(offer, zone));
}

/**
 * The day and time pickers: one page of days from `first` with how many free times each has (days
 * without any left out), and, when a day is chosen, that day's free times. The coaches' calendars
 * are read once for both; the page's times are counted as instants, and only the chosen day's are
 * given their coach and written out. With `firstDayWhenNone`, a page without a chosen day shows the
 * times of its first day that has any (`day` in the answer: the day whose times are shown).
 */
export async function dayPicker(
  db: Db,
  query: SlotQuery,
  first: string,
  chosenDay: string | null,
  options: { firstDayWhenNone?: boolean } = {},
): Promise<{ days: DayChoice[]; times: PickerTime[]; day: string | null }> {
  const { type, coaches } = await catalogueOf(db, query);
  // A day on the page (the usual case: its link was followed) is read from the page's own slots.
  const windows = pickerWindows(query.now, first, chosenDay);
  const [pageWindow, dayWindow] = windows as [SlotWindow, SlotWindow?];
  const calendars = await calendarsOf(db, query, coaches, windows);
  const startsIn = (window: SlotWindow) => calendars.map((calendar) => ({ calendar, starts: offeredStarts(calendar, type, query, window) }));
  const page = startsIn(pageWindow);

  // Each instant once, however many coaches offer it, counted on its day in the visitor's zone.
  const firstDay = dateDayNumber(first);
  const counts = new Array<number>(DAYS_PER_PAGE).fill(0);
  const firstStarts = new Array<number>(DAYS_PER_PAGE).fill(0);
  const instants = new Set<number>();
  for (const { starts } of page) for (const start of starts) instants.add(start);
  for (const start of instants) {
    const index = localDayNumber(start, query.zone) - firstDay;
    if (index < 0 || index >= DAYS_PER_PAGE) continue;
    if (counts[index] === 0 || start < firstStarts[index]!) firstStarts[index] = start;
    counts[index]!++;
  }
  const days: DayChoice[] = [];
  for (let index = 0; index < DAYS_PER_PAGE; index++) {
    if (!counts[index]) continue;
    const startsAt = new Date(firstStarts[index]!).toISOString();
    days.push({ date: addDays(first, index), label: formatSlotDate(startsAt, query.zone), times: counts[index]! });
  }
  const day = chosenDay ?? (options.firstDayWhenNone ? (days[0]?.date ?? null) : null);
  const times = day ? timesOf(dayWindow ? startsIn(dayWindow) : page, query.zone, day) : [];
  return { days, times, day };
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
  const slots = (await slotsIn(db, query, [findWindow(query.now, startsAt)]))[0]!;
  const slot = slots.find((s) => s.startsAt === startsAt);
  if (slot) return { slot, alternatives: [] };
  const nearest = new Set(nearestSlots(slots, startsAt, 3).map((s) => s.startsAt));
  return { slot: null, alternatives: slots.filter((s) => nearest.has(s.startsAt)) };
}
