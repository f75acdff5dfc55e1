import { TZDate } from "@date-fns/tz";
import { and, gt, inArray, lt, ne, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { bookings, type BookingStatus } from "~/db/schema";
import { scheduleRulesOf, scheduleRulesQueries, type CoachIds, type LoadedScheduleRules, type ScheduleRulesRows } from "./availability.server";
import { bookableCoachIdsQuery, catalogueQueries, loadCatalogue, type BookableCoach, type BookingTypeRow, type Catalogue } from "./catalogue.server";
import { BookingError } from "./errors";
import { HOLDS_PER_COACH_DAY } from "./policy";
import { slotStarts, type Busy, type Slot, type TimeInterval } from "./slots";
import { localDate, localDayNumber } from "./time-zones";

// Bookable times as the server sees them: each coach's rules (availability.server.ts) minus what
// already occupies their calendar, computed with the pure rules of slots.ts. The same "what
// occupies a calendar" condition is used by the atomic booking write (bookings.server.ts).

export type SlotWithCoach = Slot & { coachId: string; coachSlug: string; coachName: string; coachTimeZone: string };

/**
 * What occupies a coach's time, as SQL on the bookings table (or an alias of it): a confirmed,
 * completed or no-show booking, or a hold that has not expired at `now`.
 */
export function occupyingSql(now: Date, alias = "bookings"): SQL {
  const table = sql.identifier(alias);
  return sql`(${table}.status IN ('confirmed', 'completed', 'no_show') OR (${table}.status = 'held' AND ${table}.hold_expires_at > ${now.toISOString()}))`;
}

/** The UTC bounds of the coach's local day containing an instant: [start, end). */
export function localDayBounds(iso: string, zone: string): { start: string; end: string; date: string } {
  const local = new TZDate(new Date(iso).getTime(), zone);
  const start = new TZDate(local.getFullYear(), local.getMonth(), local.getDate(), 0, 0, zone);
  const end = new TZDate(local.getFullYear(), local.getMonth(), local.getDate() + 1, 0, 0, zone);
  return { start: new Date(start.getTime()).toISOString(), end: new Date(end.getTime()).toISOString(), date: localDate(iso, zone) };
}

/** The query for coaches' occupied ranges overlapping [from, to), optionally leaving one booking out (the one being moved). */
function busyQuery(db: Db, coachIds: CoachIds, from: Date, to: Date, now: Date, excludeBookingId?: string) {
  return db
    .select({ coachId: bookings.coachId, startsAt: bookings.startsAt, endsAt: bookings.endsAt, status: bookings.status })
    .from(bookings)
    .where(
      and(
        inArray(bookings.coachId, coachIds),
        lt(bookings.startsAt, to.toISOString()),
        gt(bookings.endsAt, from.toISOString()),
        occupyingSql(now),
        excludeBookingId ? ne(bookings.id, excludeBookingId) : undefined,
      ),
    );
}

/** A coach's occupied ranges overlapping [from, to), optionally leaving one booking out (the one being moved). */
export async function loadBusy(db: Db, coachId: string, from: Date, to: Date, now: Date, excludeBookingId?: string): Promise<Busy[]> {
  const rows = await busyQuery(db, [coachId], from, to, now, excludeBookingId).all();
  return rows.map(({ startsAt, endsAt }) => ({ startsAt, endsAt }));
}

/** How many occupying bookings start on each of the coach's local days (day numbers). */
function countsByLocalDay(busy: Busy[], zone: string): Map<number, number> {
  const counts = new Map<number, number>();
  for (const range of busy) {
    const day = localDayNumber(Date.parse(range.startsAt), zone);
    counts.set(day, (counts.get(day) ?? 0) + 1);
  }
  return counts;
}

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/**
 * A coach taking bookings, with the rules and the occupied time their slots are computed from, and
 * the start of each live card hold among that time (the hold limits of holds.server.ts).
 */
export type CoachCalendar = { coach: BookableCoach; rules: LoadedScheduleRules; busy: Busy[]; holds: string[] };
export type CoachSlots = CoachCalendar & { slots: Slot[] };

/**
 * Who the times are for. A visitor who would pay by card (a paid type, and no package credit to use)
 * is offered no time on a coach's local day that already has as many live card holds as allowed:
 * their hold would be refused (409, holds.server.ts). Free calls and credit bookings are not holds.
 */
export type SlotAudience = { cardHold: boolean };

/**
 * The calendars of several coaches for slots in [from, to): each one's rules, and what occupies their
 * time from a day before to a day after (buffers and the daily maximum look past the window's
 * edges). One D1 round trip, however many coaches. Coaches without a schedule, or not taking
 * bookings, are left out.
 */
export async function loadCalendars(db: Db, coaches: BookableCoach[], from: Date, to: Date, now: Date): Promise<CoachCalendar[]> {
  if (coaches.length === 0) return [];
  const rows = await db.batch(
    calendarQueries(
      db,
      coaches.map((coach) => coach.coachId),
      from,
      to,
      now,
    ),
  );
  return calendarsOf(rows, coaches, now);
}

/**
 * The catalogue and, in the same D1 round trip, the calendars of the coaches a slot view names (one
 * by slug, or every coach taking bookings for "first available", `coach` null) for slots in [from, to).
 */
export async function loadCatalogueAndCalendars(
  db: Db,
  input: { coach: string | null; from: Date; to: Date; now: Date },
): Promise<{ catalogue: Catalogue; calendars: CoachCalendar[] }> {
  const [types, packages, coaches, ...rows] = await db.batch([
    ...catalogueQueries(db),
    ...calendarQueries(db, bookableCoachIdsQuery(db, input.coach), input.from, input.to, input.now),
  ]);
  const named = input.coach === null ? coaches : coaches.filter((coach) => coach.slug === input.coach);
  return { catalogue: { types, packages, coaches }, calendars: calendarsOf(rows, named, input.now) };
}

/** The queries for the coaches' calendars for slots in [from, to), to run in one D1 batch. */
function calendarQueries(db: Db, coachIds: CoachIds, from: Date, to: Date, now: Date) {
  return [
    ...scheduleRulesQueries(db, coachIds, now),
    busyQuery(db, coachIds, new Date(from.getTime() - DAY_MS), new Date(to.getTime() + DAY_MS), now),
  ] as const;
}

type CalendarRows = readonly [...ScheduleRulesRows, { coachId: string; startsAt: string; endsAt: string; status: BookingStatus }[]];

/** The calendars of these coaches (in their order) from the rows of calendarQueries. */
function calendarsOf([schedules, overrides, timeOff, busy]: CalendarRows, coaches: BookableCoach[], now: Date): CoachCalendar[] {
  const rules = scheduleRulesOf([schedules, overrides, timeOff], now);
  const byCoach = new Map<string, { busy: Busy[]; holds: string[] }>();
  for (const { coachId, startsAt, endsAt, status } of busy) {
    let entry = byCoach.get(coachId);
    if (!entry) byCoach.set(coachId, (entry = { busy: [], holds: [] }));
    entry.busy.push({ startsAt, endsAt });
    // Occupying and held: a hold that has not lapsed (occupyingSql).
    if (status === "held") entry.holds.push(startsAt);
  }
  const calendars: CoachCalendar[] = [];
  for (const coach of coaches) {
    const coachRules = rules.get(coach.coachId);
    if (coachRules?.acceptingBookings)
      calendars.push({ coach, rules: coachRules, busy: byCoach.get(coach.coachId)?.busy ?? [], holds: byCoach.get(coach.coachId)?.holds ?? [] });
  }
  return calendars;
}

/** The coach's rules for this audience: a card payer finds the coach's days at the hold limit closed. */
function rulesFor(calendar: CoachCalendar, type: BookingTypeRow, audience: SlotAudience | undefined): LoadedScheduleRules {
  if (!audience?.cardHold || type.priceCents === 0 || calendar.holds.length < HOLDS_PER_COACH_DAY) return calendar.rules;
  const holdsByDay = new Map<string, number>();
  for (const startsAt of calendar.holds) {
    const day = localDate(startsAt, calendar.rules.timeZone);
    holdsByDay.set(day, (holdsByDay.get(day) ?? 0) + 1);
  }
  const closed = [...holdsByDay].filter(([, holds]) => holds >= HOLDS_PER_COACH_DAY).map(([day]): [string, TimeInterval[]] => [day, []]);
  return closed.length ? { ...calendar.rules, dateOverrides: { ...calendar.rules.dateOverrides, ...Object.fromEntries(closed) } } : calendar.rules;
}

/**
 * A coach's bookable start instants of a type in [from, to) (ms since the epoch, ascending) from their
 * calendar; `limit`: only the first few are wanted.
 */
export function calendarStarts(
  calendar: CoachCalendar,
  type: BookingTypeRow,
  window: { from: Date; to: Date; now: Date; limit?: number },
  audience?: SlotAudience,
): number[] {
  return slotStarts(rulesFor(calendar, type, audience), calendar.busy, {
    durationMinutes: type.durationMinutes,
    minNoticeMinutes: type.minNoticeMinutes,
    now: window.now,
    from: window.from,
    to: window.to,
    limit: window.limit,
  });
}

/** A coach's slots of a type in [from, to) from their calendar; `limit`: only the first few are wanted. */
export function calendarSlots(
  calendar: CoachCalendar,
  type: BookingTypeRow,
  from: Date,
  to: Date,
  now: Date,
  limit?: number,
  audience?: SlotAudience,
): CoachSlots {
  const duration = type.durationMinutes * MINUTE_MS;
  const starts = calendarStarts(calendar, type, { from, to, now, limit }, audience);
  return { ...calendar, slots: starts.map((start) => ({ startsAt: new Date(start).toISOString(), endsAt: new Date(start + duration).toISOString() })) };
}

/** One coach's slots of a type in [from, to) with what they were computed from. */
export async function coachSlots(db: Db, coach: BookableCoach, type: BookingTypeRow, from: Date, to: Date, now: Date): Promise<CoachSlots | null> {
  const [calendar] = await loadCalendars(db, [coach], from, to, now);
  return calendar ? calendarSlots(calendar, type, from, to, now) : null;
}

// Ties between coaches go to the name first in en-AU order: one collator for the isolate, rather
// than one made by every localeCompare call with a locale.
const NAME_ORDER = new Intl.Collator("en-AU");

/** A start instant offered by several coaches, given to one of them. */
export type Offer = { start: number; coach: BookableCoach };

/**
 * Several coaches' start instants as one list, one offer per instant, ascending: the coach with the
 * fewest bookings on that local day, ties by name.
 */
export function firstAvailableStarts(perCoach: { calendar: CoachCalendar; starts: readonly number[] }[]): Offer[] {
  const best = new Map<number, { coach: BookableCoach; load: number }>();
  for (const { calendar, starts } of perCoach) {
    if (starts.length === 0) continue;
    const { coach, busy } = calendar;
    const counts = countsByLocalDay(busy, coach.timeZone);
    for (const start of starts) {
      const load = counts.size ? (counts.get(localDayNumber(start, coach.timeZone)) ?? 0) : 0;
      const current = best.get(start);
      if (!current || load < current.load || (load === current.load && NAME_ORDER.compare(coach.displayName, current.coach.displayName) < 0)) {
        best.set(start, { coach, load });
      }
    }
  }
  return [...best].map(([start, { coach }]) => ({ start, coach })).sort((a, b) => a.start - b.start);
}

/**
 * Offers several coaches' slots as one list, one entry per start time: the coach with the fewest
 * bookings on that local day, ties by name.
 */
export function firstAvailable(perCoach: CoachSlots[]): SlotWithCoach[] {
  const ends = new Map<number, string>();
  const offers = firstAvailableStarts(
    perCoach.map((calendar) => ({
      calendar,
      starts: calendar.slots.map((slot) => {
        const start = Date.parse(slot.startsAt);
        ends.set(start, slot.endsAt);
        return start;
      }),
    })),
  );
  return offers.map(({ start, coach }) => withCoach({ startsAt: new Date(start).toISOString(), endsAt: ends.get(start)! }, coach));
}

/** An offer as a slot of `durationMinutes` with its coach. */
export function offerSlot(offer: Offer, durationMinutes: number): SlotWithCoach {
  return withCoach({ startsAt: new Date(offer.start).toISOString(), endsAt: new Date(offer.start + durationMinutes * MINUTE_MS).toISOString() }, offer.coach);
}

export function withCoach(slot: Slot, coach: BookableCoach): SlotWithCoach {
  return { ...slot, coachId: coach.coachId, coachSlug: coach.slug, coachName: coach.displayName, coachTimeZone: coach.timeZone };
}

export type SlotWindow = { from: Date; to: Date };

/**
 * The bookable times of a booking type with any of these coaches in each of several windows
 * [from, to), as firstAvailable offers them. The coaches' calendars are read once for all the
 * windows; `limit`: only the first few of each window are wanted.
 */
export async function slotsOfCoaches(
  db: Db,
  input: { type: BookingTypeRow; coaches: BookableCoach[]; now: Date; limit?: number; audience?: SlotAudience },
  windows: SlotWindow[],
): Promise<SlotWithCoach[][]> {
  const calendars = await calendarsFor(db, input, windows);
  return windows.map((w) =>
    firstAvailableStarts(
      calendars.map((calendar) => ({ calendar, starts: calendarStarts(calendar, input.type, { ...w, now: input.now, limit: input.limit }, input.audience) })),
    )
      .slice(0, input.limit)
      .map((offer) => offerSlot(offer, input.type.durationMinutes)),
  );
}

/** The coaches' calendars for slots in each of several windows: one read covering them all. */
export async function calendarsFor(db: Db, input: { coaches: BookableCoach[]; now: Date }, windows: SlotWindow[]): Promise<CoachCalendar[]> {
  if (windows.some((w) => Number.isNaN(w.from.getTime()) || Number.isNaN(w.to.getTime()))) {
    throw new BookingError(400, "invalid_range", "Those dates aren't valid.");
  }
  if (windows.length === 0) return [];
  const from = new Date(Math.min(...windows.map((w) => w.from.getTime())));
  const to = new Date(Math.max(...windows.map((w) => w.to.getTime())));
  return loadCalendars(db, input.coaches, from, to, input.now);
}

/**
 * The bookable times of a booking type in each of several windows [from, to): with one coach (by
 * slug), or with whichever coach is free ("first available", coach null). Throws BookingError 404
 * for an unknown type or coach.
 */
export async function availableSlotsIn(
  db: Db,
  input: { typeId: string; coach: string | null; now?: Date; limit?: number },
  windows: SlotWindow[],
): Promise<SlotWithCoach[][]> {
  // The type and the coaches in one round trip with the rest of the (small) catalogue.
  const catalogue = await loadCatalogue(db);
  const type = catalogue.types.find((t) => t.id === input.typeId);
  if (!type) throw new BookingError(404, "unknown_type", "That kind of booking isn't available.");
  if (windows.some((w) => Number.isNaN(w.from.getTime()) || Number.isNaN(w.to.getTime()))) {
    throw new BookingError(400, "invalid_range", "Those dates aren't valid.");
  }
  const coaches = input.coach ? catalogue.coaches.filter((coach) => coach.slug === input.coach) : catalogue.coaches;
  if (input.coach && coaches.length === 0) throw new BookingError(404, "unknown_coach", "That coach isn't taking bookings.");
  return slotsOfCoaches(db, { type, coaches, now: input.now ?? new Date(), limit: input.limit }, windows);
}

/**
 * The bookable times of a booking type in [from, to): with one coach (by slug), or with whichever
 * coach is free ("first available", coach null). Throws BookingError 404 for an unknown type or coach.
 */
export async function availableSlots(db: Db, input: { typeId: string; coach: string | null; from: Date; to: Date; now?: Date }): Promise<SlotWithCoach[]> {
  const [slots] = await availableSlotsIn(db, input, [{ from: input.from, to: input.to }]);
  return slots!;
}

/**
 * The next few free discovery call times with any coach (the home page's "next available"): each
 * coach's first few, which are all the earliest across coaches can be, so later days are never computed.
 */
export async function nextDiscoveryTimes(db: Db, count = 3, now: Date = new Date()): Promise<SlotWithCoach[]> {
  const [slots] = await availableSlotsIn(db, { typeId: "discovery", coach: null, now, limit: count }, [
    { from: now, to: new Date(now.getTime() + 14 * DAY_MS) },
  ]);
  return slots!;
}
