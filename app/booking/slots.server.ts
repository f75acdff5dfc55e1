import { TZDate } from "@date-fns/tz";
import { and, eq, gt, lt, ne, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { bookings } from "~/db/schema";
import { loadScheduleRules, type LoadedScheduleRules } from "./availability.server";
import { getBookingType, getCoachBySlug, listBookableCoaches, type BookableCoach, type BookingTypeRow } from "./catalogue.server";
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

/** A coach's occupied ranges overlapping [from, to), optionally leaving one booking out (the one being moved). */
export async function loadBusy(db: Db, coachId: string, from: Date, to: Date, now: Date, excludeBookingId?: string): Promise<Busy[]> {
  return db
    .select({ startsAt: bookings.startsAt, endsAt: bookings.endsAt })
    .from(bookings)
    .where(
      and(
        eq(bookings.coachId, coachId),
        lt(bookings.startsAt, to.toISOString()),
        gt(bookings.endsAt, from.toISOString()),
        occupyingSql(now),
        excludeBookingId ? ne(bookings.id, excludeBookingId) : undefined,
      ),
    )
    .all();
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

export type CoachSlots = { coach: BookableCoach; rules: LoadedScheduleRules; busy: Busy[]; slots: Slot[] };

/** One coach's slots of a type in [from, to) with what they were computed from. */
export async function coachSlots(db: Db, coach: BookableCoach, type: BookingTypeRow, from: Date, to: Date, now: Date): Promise<CoachSlots | null> {
  const rules = await loadScheduleRules(db, coach.coachId, now);
  if (!rules || !rules.acceptingBookings) return null;
  // A day either side: buffers and the daily maximum look past the window's edges.
  const busy = await loadBusy(db, coach.coachId, new Date(from.getTime() - DAY_MS), new Date(to.getTime() + DAY_MS), now);
  const slots = computeSlots(rules, busy, { durationMinutes: type.durationMinutes, minNoticeMinutes: type.minNoticeMinutes, now, from, to });
  return { coach, rules, busy, slots };
}

/**
 * Offers several coaches' slots as one list, one entry per start time: the coach with the fewest
 * bookings on that local day, ties by name.
 */
export function firstAvailable(perCoach: CoachSlots[]): SlotWithCoach[] {
  const best = new Map<string, { slot: SlotWithCoach; load: number }>();
  for (const { coach, busy, slots } of perCoach) {
    const counts = countsByLocalDay(busy, coach.timeZone);
    for (const slot of slots) {
      const load = counts.get(localDate(slot.startsAt, coach.timeZone)) ?? 0;
      const current = best.get(slot.startsAt);
      if (!current || load < current.load || (load === current.load && coach.displayName.localeCompare(current.slot.coachName, "en-AU") < 0)) {
        best.set(slot.startsAt, { slot: withCoach(slot, coach), load });
      }
    }
  }
  return [...best.values()].map((entry) => entry.slot).sort((a, b) => (a.startsAt < b.startsAt ? -1 : a.startsAt > b.startsAt ? 1 : 0));
}

export function withCoach(slot: Slot, coach: BookableCoach): SlotWithCoach {
  return { ...slot, coachId: coach.coachId, coachSlug: coach.slug, coachName: coach.displayName, coachTimeZone: coach.timeZone };
}

/**
 * The bookable times of a booking type in [from, to): with one coach (by slug), or with whichever
 * coach is free ("first available", coach null). Throws BookingError 404 for an unknown type or coach.
 */
export async function availableSlots(db: Db, input: { typeId: string; coach: string | null; from: Date; to: Date; now?: Date }): Promise<SlotWithCoach[]> {
  const now = input.now ?? new Date();
  const type = await getBookingType(db, input.typeId);
  if (!type) throw new BookingError(404, "unknown_type", "That kind of booking isn't available.");
  if (Number.isNaN(input.from.getTime()) || Number.isNaN(input.to.getTime())) throw new BookingError(400, "invalid_range", "Those dates aren't valid.");
  if (input.coach) {
    const coach = await getCoachBySlug(db, input.coach);
    if (!coach) throw new BookingError(404, "unknown_coach", "That coach isn't taking bookings.");
    const result = await coachSlots(db, coach, type, input.from, input.to, now);
    return result ? result.slots.map((slot) => withCoach(slot, coach)) : [];
  }
  const coaches = await listBookableCoaches(db);
  const perCoach = (await Promise.all(coaches.map((coach) => coachSlots(db, coach, type, input.from, input.to, now)))).filter((entry) => entry !== null);
  return firstAvailable(perCoach);
}

/** The next few free discovery call times with any coach (the home page's "next available"). */
export async function nextDiscoveryTimes(db: Db, count = 3, now: Date = new Date()): Promise<SlotWithCoach[]> {
  const slots = await availableSlots(db, { typeId: "discovery", coach: null, from: now, to: new Date(now.getTime() + 14 * DAY_MS), now });
  return slots.slice(0, count);
}
