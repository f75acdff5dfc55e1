import { TZDate } from "@date-fns/tz";
import { and, gt, inArray, lt, ne, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { bookings } from "~/db/schema";
import { scheduleRulesOf, scheduleRulesQueries, type LoadedScheduleRules } from "./availability.server";
import { loadCatalogue, type BookableCoach, type BookingTypeRow } from "./catalogue.server";
import { BookingError } from "./errors";
import { computeSlots, type Busy, type Slot } from "./slots";
import { localDate } from "./time-zones";

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
function busyQuery(db: Db, coachIds: string[], from: Date, to: Date, now: Date, excludeBookingId?: string) {
  return db
    .select({ coachId: bookings.coachId, startsAt: bookings.startsAt, endsAt: bookings.endsAt })
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

/** How many occupying bookings start on each of the coach's local days. */
function countsByLocalDay(busy: Busy[], zone: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const range of busy) {
    const day = localDate(range.startsAt, zone);
    counts.set(day, (counts.get(day) ?? 0) + 1);
  }
  return counts;
}

const DAY_MS = 86_400_000;

/** A coach taking bookings, with the rules and the occupied time their slots are computed from. */
export type CoachCalendar = { coach: BookableCoach; rules: LoadedScheduleRules; busy: Busy[] };
export type CoachSlots = CoachCalendar & { slots: Slot[] };

/**
 * The calendars of several coaches for slots in [from, to): each one's rules, and what occupies their
 * time from a day before to a day after (buffers and the daily maximum look past the window's
 * edges). One D1 round trip, however many coaches. Coaches without a schedule, or not taking
 * bookings, are left out.
 */
export async function loadCalendars(db: Db, coaches: BookableCoach[], from: Date, to: Date, now: Date): Promise<CoachCalendar[]> {
  if (coaches.length === 0) return [];
  const ids = coaches.map((coach) => coach.coachId);
  const [schedules, overrides, timeOff, busy] = await db.batch([
    ...scheduleRulesQueries(db, ids, now),
    busyQuery(db, ids, new Date(from.getTime() - DAY_MS), new Date(to.getTime() + DAY_MS), now),
  ]);
  const rules = scheduleRulesOf([schedules, overrides, timeOff], now);
  const busyByCoach = new Map<string, Busy[]>();
  for (const { coachId, startsAt, endsAt } of busy) {
    let list = busyByCoach.get(coachId);
    if (!list) busyByCoach.set(coachId, (list = []));
    list.push({ startsAt, endsAt });
  }
  const calendars: CoachCalendar[] = [];
  for (const coach of coaches) {
    const coachRules = rules.get(coach.coachId);
    if (coachRules?.acceptingBookings) calendars.push({ coach, rules: coachRules, busy: busyByCoach.get(coach.coachId) ?? [] });
  }
  return calendars;
}

/** A coach's slots of a type in [from, to) from their calendar; `limit`: only the first few are wanted. */
export function calendarSlots(calendar: CoachCalendar, type: BookingTypeRow, from: Date, to: Date, now: Date, limit?: number): CoachSlots {
  const slots = computeSlots(calendar.rules, calendar.busy, {
    durationMinutes: type.durationMinutes,
    minNoticeMinutes: type.minNoticeMinutes,
    now,
    from,
    to,
    limit,
  });
  return { ...calendar, slots };
}

/** One coach's slots of a type in [from, to) with what they were computed from. */
export async function coachSlots(db: Db, coach: BookableCoach, type: BookingTypeRow, from: Date, to: Date, now: Date): Promise<CoachSlots | null> {
  const [calendar] = await loadCalendars(db, [coach], from, to, now);
  return calendar ? calendarSlots(calendar, type, from, to, now) : null;
}

// Ties between coaches go to the name first in en-AU order: one collator for the isolate, rather
// than one made by every localeCompare call with a locale.
const NAME_ORDER = new Intl.Collator("en-AU");

/**
 * Offers several coaches' slots as one list, one entry per start time: the coach with the fewest
 * bookings on that local day, ties by name.
 */
export function firstAvailable(perCoach: CoachSlots[]): SlotWithCoach[] {
  const best = new Map<string, { slot: Slot; coach: BookableCoach; load: number }>();
  for (const { coach, busy, slots } of perCoach) {
    const counts = countsByLocalDay(busy, coach.timeZone);
    for (const slot of slots) {
      const load = counts.size ? (counts.get(localDate(slot.startsAt, coach.timeZone)) ?? 0) : 0;
      const current = best.get(slot.startsAt);
      if (!current || load < current.load || (load === current.load && NAME_ORDER.compare(coach.displayName, current.coach.displayName) < 0)) {
        best.set(slot.startsAt, { slot, coach, load });
      }
    }
  }
  return [...best.values()].map((entry) => withCoach(entry.slot, entry.coach)).sort((a, b) => (a.startsAt < b.startsAt ? -1 : a.startsAt > b.startsAt ? 1 : 0));
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
  input: { type: BookingTypeRow; coaches: BookableCoach[]; now: Date; limit?: number },
  windows: SlotWindow[],
): Promise<SlotWithCoach[][]> {
  if (windows.some((w) => Number.isNaN(w.from.getTime()) || Number.isNaN(w.to.getTime()))) {
    throw new BookingError(400, "invalid_range", "Those dates aren't valid.");
  }
  if (windows.length === 0) return [];
  const from = new Date(Math.min(...windows.map((w) => w.from.getTime())));
  const to = new Date(Math.max(...windows.map((w) => w.to.getTime())));
  const calendars = await loadCalendars(db, input.coaches, from, to, input.now);
  return windows.map((w) =>
    firstAvailable(calendars.map((calendar) => calendarSlots(calendar, input.type, w.from, w.to, input.now, input.limit))).slice(0, input.limit),
  );
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
