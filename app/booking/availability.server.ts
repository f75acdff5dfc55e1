import { and, asc, eq, gt, gte, inArray } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { coachDateOverrides, coachSchedules, coachTimeOff } from "~/db/schema";
import { BookingError } from "./errors";
import { publicHolidays } from "./holidays.server";
import type { ScheduleSettings, TimeOffInput } from "./schemas";
import type { ScheduleRules, TimeInterval, WeeklyHours } from "./slots";
import { localDate } from "./time-zones";

// A coach's availability: weekly hours in their own zone, dates that differ, time off, and the
// public holidays of their state (off unless a date override opens them). The slot computation
// (slots.ts) turns these rules into bookable times.

export type CoachScheduleRow = typeof coachSchedules.$inferSelect;

export type LoadedScheduleRules = ScheduleRules & {
  coachId: string;
  slug: string;
  displayName: string;
  headline: string;
  state: string;
  observeHolidays: boolean;
  acceptingBookings: boolean;
};

export const EMPTY_WEEK: WeeklyHours = { "0": [], "1": [], "2": [], "3": [], "4": [], "5": [], "6": [] };

function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** The weekly hours stored for a coach, with every weekday present. */
export function parseWeeklyHours(text: string): WeeklyHours {
  const parsed = parseJson<Partial<WeeklyHours>>(text, {});
  return { ...EMPTY_WEEK, ...parsed };
}

/**
 * The queries for several coaches' rules, to run in one D1 batch (with others, if the caller has
 * more): their schedules, their date overrides and their time off, leaving out what ended before
 * yesterday. scheduleRulesOf assembles the rows.
 */
export function scheduleRulesQueries(db: Db, coachIds: string[], now: Date) {
  const yesterday = new Date(now.getTime() - 86_400_000).toISOString();
  // Overrides are local dates; two UTC days back covers yesterday in every zone.
  const earliestDate = new Date(now.getTime() - 2 * 86_400_000).toISOString().slice(0, 10);
  return [
    db.select().from(coachSchedules).where(inArray(coachSchedules.coachId, coachIds)),
    db
      .select({ coachId: coachDateOverrides.coachId, date: coachDateOverrides.date, intervals: coachDateOverrides.intervals })
      .from(coachDateOverrides)
      .where(and(inArray(coachDateOverrides.coachId, coachIds), gte(coachDateOverrides.date, earliestDate))),
    db
      .select({ coachId: coachTimeOff.coachId, startsAt: coachTimeOff.startsAt, endsAt: coachTimeOff.endsAt })
      .from(coachTimeOff)
      .where(and(inArray(coachTimeOff.coachId, coachIds), gt(coachTimeOff.endsAt, yesterday))),
  ] as const;
}

type ScheduleRulesRows = readonly [
  CoachScheduleRow[],
  { coachId: string; date: string; intervals: string }[],
  { coachId: string; startsAt: string; endsAt: string }[],
];

/**
 * The rules the slot computation needs, per coach with a schedule, from the rows of
 * scheduleRulesQueries. Holidays cover this year and the next (the booking horizon is at most a year).
 */
export function scheduleRulesOf([schedules, overrides, timeOff]: ScheduleRulesRows, now: Date): Map<string, LoadedScheduleRules> {
  const year = now.getUTCFullYear();
  const rules = new Map<string, LoadedScheduleRules>();
  for (const schedule of schedules) {
    rules.set(schedule.coachId, {
      coachId: schedule.coachId,
      slug: schedule.slug,
      displayName: schedule.displayName,
      headline: schedule.headline,
      state: schedule.state,
      observeHolidays: schedule.observeHolidays,
      acceptingBookings: schedule.acceptingBookings,
      timeZone: schedule.timeZone,
      weeklyHours: parseWeeklyHours(schedule.weeklyHours),
      dateOverrides: {},
      timeOff: [],
      holidays: schedule.observeHolidays ? publicHolidays(schedule.state, year, year + 1) : [],
      bufferMinutes: schedule.bufferMinutes,
      dailyMax: schedule.dailyMax,
      horizonDays: schedule.horizonDays,
    });
  }
  for (const row of overrides) {
    const coach = rules.get(row.coachId);
    if (coach) coach.dateOverrides[row.date] = parseJson<TimeInterval[]>(row.intervals, []);
  }
  for (const row of timeOff) rules.get(row.coachId)?.timeOff.push({ startsAt: row.startsAt, endsAt: row.endsAt });
  return rules;
}

/**
 * The rules the slot computation needs for one coach, or null when they have no schedule. Time off
 * and overrides already in the past are left out.
 */
export async function loadScheduleRules(db: Db, coachId: string, now: Date = new Date()): Promise<LoadedScheduleRules | null> {
  const rows = await db.batch(scheduleRulesQueries(db, [coachId], now));
  return scheduleRulesOf(rows, now).get(coachId) ?? null;
}

export type ScheduleForEditor = {
  schedule: (Omit<CoachScheduleRow, "weeklyHours"> & { weeklyHours: WeeklyHours }) | null;
  overrides: { date: string; intervals: TimeInterval[] }[];
  timeOff: { id: string; startsAt: string; endsAt: string; note: string | null }[];
};

/** Everything the coach's availability editor shows: settings, upcoming date overrides and time off. */
export async function getScheduleForEditor(db: Db, coachId: string, now: Date = new Date()): Promise<ScheduleForEditor> {
  const schedule = await db.select().from(coachSchedules).where(eq(coachSchedules.coachId, coachId)).get();
  const today = localDate(now.toISOString(), schedule?.timeZone ?? "Australia/Sydney");
  const [overrides, timeOff] = await Promise.all([
    db
      .select({ date: coachDateOverrides.date, intervals: coachDateOverrides.intervals })
      .from(coachDateOverrides)
      .where(and(eq(coachDateOverrides.coachId, coachId), gte(coachDateOverrides.date, today)))
      .orderBy(asc(coachDateOverrides.date))
      .all(),
    db
      .select({ id: coachTimeOff.id, startsAt: coachTimeOff.startsAt, endsAt: coachTimeOff.endsAt, note: coachTimeOff.note })
      .from(coachTimeOff)
      .where(and(eq(coachTimeOff.coachId, coachId), gt(coachTimeOff.endsAt, now.toISOString())))
      .orderBy(asc(coachTimeOff.startsAt))
      .all(),
  ]);
  return {
    schedule: schedule ? { ...schedule, weeklyHours: parseWeeklyHours(schedule.weeklyHours) } : null,
    overrides: overrides.map((row) => ({ date: row.date, intervals: parseJson<TimeInterval[]>(row.intervals, []) })),
    timeOff,
  };
}

function slugify(name: string): string {
  return (
    name
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/['’]/g, "")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60) || "coach"
  );
}

/** A slug no other coach has: the name's, then with -2, -3 … */
async function freeSlug(db: Db, coachId: string, name: string): Promise<string> {
  const base = slugify(name);
  for (let n = 1; n < 100; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    const taken = await db.select({ coachId: coachSchedules.coachId }).from(coachSchedules).where(eq(coachSchedules.slug, slug)).get();
    if (!taken || taken.coachId === coachId) return slug;
  }
  return `${base}-${coachId.slice(0, 8)}`;
}

/**
 * Saves a coach's settings, creating their schedule the first time (with a slug from their name;
 * the slug never changes afterwards, so shared links keep working). Existing bookings are not
 * touched: new hours apply to times not yet booked.
 */
export async function saveScheduleSettings(db: Db, coachId: string, input: ScheduleSettings): Promise<CoachScheduleRow> {
  const values = {
    displayName: input.displayName,
    headline: input.headline,
    timeZone: input.timeZone,
    state: input.state,
    weeklyHours: JSON.stringify({ ...EMPTY_WEEK, ...input.weeklyHours }),
    bufferMinutes: input.bufferMinutes,
    dailyMax: input.dailyMax,
    horizonDays: input.horizonDays,
    observeHolidays: input.observeHolidays,
    acceptingBookings: input.acceptingBookings,
    updatedAt: new Date().toISOString(),
  };
  const existing = await db.select({ slug: coachSchedules.slug }).from(coachSchedules).where(eq(coachSchedules.coachId, coachId)).get();
  const slug = existing?.slug ?? (await freeSlug(db, coachId, input.displayName));
  const [row] = await db
    .insert(coachSchedules)
    .values({ coachId, slug, ...values })
    .onConflictDoUpdate({ target: coachSchedules.coachId, set: values })
    .returning();
  return row!;
}

/** Sets the hours of one local date (replacing an earlier override); [] makes the day unavailable. */
export async function setDateOverride(db: Db, coachId: string, date: string, intervals: TimeInterval[]): Promise<void> {
  await db
    .insert(coachDateOverrides)
    .values({ coachId, date, intervals: JSON.stringify(intervals) })
    .onConflictDoUpdate({ target: [coachDateOverrides.coachId, coachDateOverrides.date], set: { intervals: JSON.stringify(intervals) } });
}

export async function removeDateOverride(db: Db, coachId: string, date: string): Promise<boolean> {
  const deleted = await db
    .delete(coachDateOverrides)
    .where(and(eq(coachDateOverrides.coachId, coachId), eq(coachDateOverrides.date, date)))
    .returning({ date: coachDateOverrides.date });
  return deleted.length > 0;
}

/** Adds time off (a UTC range). Bookings already inside it stay: the coach moves or cancels them. */
export async function addTimeOff(db: Db, coachId: string, input: TimeOffInput): Promise<{ id: string }> {
  if (!(input.endsAt > input.startsAt)) throw new BookingError(400, "invalid_range", "The end must be after the start");
  const id = crypto.randomUUID();
  await db.insert(coachTimeOff).values({ id, coachId, startsAt: input.startsAt, endsAt: input.endsAt, note: input.note ?? null });
  return { id };
}

/** Removes one of the coach's own time-off ranges; false when there is no such range of theirs. */
export async function removeTimeOff(db: Db, coachId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(coachTimeOff)
    .where(and(eq(coachTimeOff.id, id), eq(coachTimeOff.coachId, coachId)))
    .returning({ id: coachTimeOff.id });
  return deleted.length > 0;
}
