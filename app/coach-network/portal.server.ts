import { TZDate } from "@date-fns/tz";
import { and, asc, count, desc, eq, gt, gte, inArray, lt, lte, sql } from "drizzle-orm";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { formatDateTime, formatShortDateTime, formatTime, DEFAULT_TIME_ZONE } from "~/booking/time-zones";
import type { Db } from "~/db/client.server";
import { bookings, bookingTypes, coachPayoutAccounts, coachProfiles, coachSchedules, sessionNotes, sessionSummaries, type BookingStatus } from "~/db/schema";
import { roomLinkOf, type RoomLink } from "~/meetings/room-link";
import { meetingWindowSettings } from "~/meetings/window";
import { monthToDateEarningsOf, monthToDateEarningsQuery } from "./earnings.server";
import { markOnboardingCompleteQuery, onboardingChecklistOf, type OnboardingChecklist } from "./onboarding.server";
import { guestClientKey } from "./clients.server";

// The coach portal's pages, read for the signed-in coach only: every query here is scoped to the
// coach's own id. Times are shown in the coach's own zone (their schedule's), Sydney otherwise.

/** A new visit to the portal starts when the last page view is this long ago. */
export const VISIT_GAP_MS = 30 * 60_000;
/** With no earlier visit to compare with, "new bookings" are those of the last week. */
const FIRST_VISIT_LOOKBACK_MS = 7 * 86_400_000;
const NEW_BOOKINGS_SHOWN = 10;
export const SESSIONS_PAGE_SIZE = 25;

export const SESSION_STATUS_LABELS: Record<BookingStatus, string> = {
  held: "Awaiting payment",
  confirmed: "Booked",
  cancelled: "Cancelled",
  expired: "Hold expired",
  completed: "Completed",
  no_show: "No-show",
};

/** The coach's time zone: their schedule's, or Sydney before they have one. */
export async function coachZone(db: Db, coachId: string): Promise<string> {
  const row = await db.select({ zone: coachSchedules.timeZone }).from(coachSchedules).where(eq(coachSchedules.coachId, coachId)).get();
  return row?.zone ?? DEFAULT_TIME_ZONE;
}

/** Midnight at the start of the local day `offset` days after the one `now` falls on, in `zone`, as a UTC instant. */
function localMidnight(now: Date, zone: string, offsetDays: number): Date {
  const local = new TZDate(now.getTime(), zone);
  return new Date(new TZDate(local.getFullYear(), local.getMonth(), local.getDate() + offsetDays, 0, 0, zone).getTime());
}

/** Today and the rest of this week (to Sunday midnight) on the coach's calendar. */
export function dashboardRanges(now: Date, zone: string) {
  const local = new TZDate(now.getTime(), zone);
  const todayStart = localMidnight(now, zone, 0);
  const tomorrow = localMidnight(now, zone, 1);
  // Weeks run Monday to Sunday, as Australian calendars show them.
  const daysToMonday = (8 - local.getDay()) % 7 || 7;
  const weekEnd = localMidnight(now, zone, daysToMonday);
  return { todayStart, tomorrow, weekEnd };
}

/**
 * Records a view of the portal and answers since when bookings count as new: a view more than
 * VISIT_GAP_MS after the last one starts a new visit (the last visit becomes the previous one), so
 * what was new stays marked new for the whole of a visit. A coach without a profile row (none is
 * made here: making one would leave an onboarded coach unbookable) is measured from a week ago.
 */
export async function recordPortalVisit(db: Db, coachId: string, now: Date): Promise<{ since: string; firstVisit: boolean }> {
  const profile = await db
    .select({ portalPreviousVisitAt: coachProfiles.portalPreviousVisitAt, portalLastVisitAt: coachProfiles.portalLastVisitAt })
    .from(coachProfiles)
    .where(eq(coachProfiles.coachId, coachId))
    .get();
  const visit = portalVisitOf(profile, now);
  if (visit.update) await portalVisitUpdate(db, coachId, visit.update);
  return { since: visit.since, firstVisit: visit.firstVisit };
}

type VisitColumns = { portalPreviousVisitAt: string | null; portalLastVisitAt: string | null };

/** The visit recordPortalVisit records, worked out from the profile row already read: what to write, and since when bookings are new. */
function portalVisitOf(profile: VisitColumns | undefined, now: Date): { since: string; firstVisit: boolean; update: Partial<VisitColumns> | null } {
  const at = now.toISOString();
  const fallback = new Date(now.getTime() - FIRST_VISIT_LOOKBACK_MS).toISOString();
  if (!profile) return { since: fallback, firstVisit: true, update: null };
  const last = profile.portalLastVisitAt;
  const newVisit = !last || now.getTime() - Date.parse(last) > VISIT_GAP_MS;
  const previous = newVisit ? last : profile.portalPreviousVisitAt;
  const update = newVisit ? { portalPreviousVisitAt: last, portalLastVisitAt: at } : { portalLastVisitAt: at };
  return previous ? { since: previous, firstVisit: false, update } : { since: fallback, firstVisit: true, update };
}

function portalVisitUpdate(db: Db, coachId: string, update: Partial<VisitColumns>) {
  return db.update(coachProfiles).set(update).where(eq(coachProfiles.coachId, coachId));
}

export type DashboardSession = {
  id: string;
  client: string;
  company: string | null;
  type: string;
  startsAt: string;
  when: string;
  status: BookingStatus;
  statusLabel: string;
  room: RoomLink | null;
};

export type NewBooking = { id: string; client: string; type: string; startsAt: string; when: string; bookedAt: string };

export type Dashboard = {
  zone: string;
  today: DashboardSession[];
  thisWeek: DashboardSession[];
  newBookings: { items: NewBooking[]; total: number; since: string; sinceLabel: string; firstVisit: boolean };
  earnings: { shareCents: number; sessions: number; month: string };
  checklist: OnboardingChecklist;
  hasSchedule: boolean;
};

/**
 * The dashboard: today's and this week's sessions with their rooms, new bookings, the month's
 * earnings and the onboarding checklist. Two D1 round trips: the coach's own rows (schedule,
 * profile, payout account, the month's earnings) in one batch, then the visit's update and the
 * booking lists that depend on them (the coach's zone, the last visit) in another.
 */
export async function loadDashboard(context: Pick<AppLoadContext, "db" | "env" | "services">, coachId: string): Promise<Dashboard> {
  const { db } = context;
  const now = context.services.clock.now();
  const [schedules, profiles, payoutAccounts, monthEarnings] = await db.batch([
    db
      .select({ zone: coachSchedules.timeZone, weeklyHours: coachSchedules.weeklyHours })
      .from(coachSchedules)
      .where(eq(coachSchedules.coachId, coachId))
      .limit(1),
    db.select().from(coachProfiles).where(eq(coachProfiles.coachId, coachId)).limit(1),
    db.select({ state: coachPayoutAccounts.state }).from(coachPayoutAccounts).where(eq(coachPayoutAccounts.coachId, coachId)).limit(1),
    monthToDateEarningsQuery(db, coachId, now),
  ]);
  const schedule = schedules[0];
  const profile = profiles[0];
  const zone = schedule?.zone ?? DEFAULT_TIME_ZONE;
  const visit = portalVisitOf(profile, now);
  const { checklist, completesNow } = onboardingChecklistOf(
    { profile: profile ?? null, weeklyHours: schedule?.weeklyHours ?? null, payoutState: payoutAccounts[0]?.state ?? "not_started" },
    now,
  );
  const { todayStart, tomorrow, weekEnd } = dashboardRanges(now, zone);
  // A batch maps each row by its column names: the type's name is given one of its own, apart from the booking's.
  const typeName = sql<string>`${bookingTypes.name}`.as("type_name");
  const newSince = and(eq(bookings.coachId, coachId), gt(bookings.createdAt, visit.since), eq(bookings.status, "confirmed"));
  const [week, fresh, freshCounts] = await db.batch([
    db
      .select({
        id: bookings.id,
        name: bookings.name,
        company: bookings.company,
        startsAt: bookings.startsAt,
        endsAt: bookings.endsAt,
        status: bookings.status,
        typeName,
      })
      .from(bookings)
      .innerJoin(bookingTypes, eq(bookingTypes.id, bookings.bookingTypeId))
      .where(
        and(
          eq(bookings.coachId, coachId),
          gte(bookings.startsAt, todayStart.toISOString()),
          lt(bookings.startsAt, weekEnd.toISOString()),
          inArray(bookings.status, ["confirmed", "completed", "no_show"]),
        ),
      )
      .orderBy(asc(bookings.startsAt))
      .limit(200),
    db
      .select({ id: bookings.id, name: bookings.name, startsAt: bookings.startsAt, createdAt: bookings.createdAt, typeName })
      .from(bookings)
      .innerJoin(bookingTypes, eq(bookingTypes.id, bookings.bookingTypeId))
      .where(newSince)
      .orderBy(desc(bookings.createdAt))
      .limit(NEW_BOOKINGS_SHOWN),
    db.select({ total: count() }).from(bookings).where(newSince),
    // The visit's and the checklist's writes ride along (after the reads: they change nothing these read).
    ...(visit.update ? [portalVisitUpdate(db, coachId, visit.update)] : []),
    ...(completesNow ? [markOnboardingCompleteQuery(db, coachId, now)] : []),
  ]);
  const freshCount = freshCounts[0];
  const earnings = monthToDateEarningsOf(monthEarnings[0]);
  const settings = meetingWindowSettings(context.env);
  const session = (row: (typeof week)[number]): DashboardSession => ({
    id: row.id,
    client: row.name,
    company: row.company,
    type: row.typeName,
    startsAt: row.startsAt,
    when: formatDateTime(row.startsAt, zone),
    status: row.status,
    statusLabel: SESSION_STATUS_LABELS[row.status],
    room: roomLinkOf(row, settings, now, zone),
  });
  const tomorrowIso = tomorrow.toISOString();
  return {
    zone,
    today: week.filter((row) => row.startsAt < tomorrowIso).map(session),
    thisWeek: week.filter((row) => row.startsAt >= tomorrowIso).map(session),
    newBookings: {
      items: fresh.map((row) => ({
        id: row.id,
        client: row.name,
        type: row.typeName,
        startsAt: row.startsAt,
        when: formatShortDateTime(row.startsAt, zone),
        bookedAt: formatShortDateTime(row.createdAt, zone),
      })),
      total: freshCount?.total ?? 0,
      since: visit.since,
      sinceLabel: formatShortDateTime(visit.since, zone),
      firstVisit: visit.firstVisit,
    },
    earnings: {
      ...earnings,
      month: new Intl.DateTimeFormat("en-AU", { month: "long", year: "numeric", timeZone: "Australia/Sydney" }).format(now),
    },
    checklist,
    hasSchedule: schedule !== undefined,
  };
}

// ---------------------------------------------------------------------------------------------
// Sessions.

export type SessionsView = "upcoming" | "past";

export type CoachSessionRow = {
  id: string;
  reference: string;
  client: string;
  clientKey: string;
  company: string | null;
  type: string;
  startsAt: string;
  when: string;
  time: string;
  status: BookingStatus;
  statusLabel: string;
  room: RoomLink | null;
  notes: string | null;
  summarySent: boolean;
  hasSummaryDraft: boolean;
};

/**
 * The coach's sessions, a page at a time: upcoming (not yet ended; booked or cancelled), soonest
 * first, or past (started; with their outcome or cancellation), newest first. Each with its room
 * link, the start of the coach's private notes and whether the summary was sent.
 */
export async function listCoachSessions(
  context: Pick<AppLoadContext, "db" | "env" | "services">,
  coachId: string,
  options: { view: SessionsView; page: number },
): Promise<{ rows: CoachSessionRow[]; total: number; page: number; pageCount: number; zone: string }> {
  const { db } = context;
  const now = context.services.clock.now();
  const at = now.toISOString();
  const zone = await coachZone(db, coachId);
  const upcoming = options.view === "upcoming";
  const where = and(
    eq(bookings.coachId, coachId),
    inArray(bookings.status, ["confirmed", "completed", "no_show", "cancelled"]),
    upcoming ? gt(bookings.endsAt, at) : lte(bookings.startsAt, at),
  );
  const [totals] = await Promise.all([db.select({ total: count() }).from(bookings).where(where).get()]);
  const total = totals?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / SESSIONS_PAGE_SIZE));
  const page = Math.min(Math.max(1, options.page), pageCount);
  const rows = await db
    .select({
      id: bookings.id,
      reference: bookings.reference,
      clientId: bookings.clientId,
      email: bookings.email,
      name: bookings.name,
      company: bookings.company,
      startsAt: bookings.startsAt,
      endsAt: bookings.endsAt,
      status: bookings.status,
      typeName: bookingTypes.name,
      notes: sql<string | null>`substr(${sessionNotes.body}, 1, 200)`,
      summarySentAt: sessionSummaries.sentAt,
      summaryExists: sql<number>`${sessionSummaries.bookingId} IS NOT NULL`,
    })
    .from(bookings)
    .innerJoin(bookingTypes, eq(bookingTypes.id, bookings.bookingTypeId))
    .leftJoin(sessionNotes, and(eq(sessionNotes.bookingId, bookings.id), eq(sessionNotes.coachId, coachId)))
    .leftJoin(sessionSummaries, and(eq(sessionSummaries.bookingId, bookings.id), eq(sessionSummaries.coachId, coachId)))
    .where(where)
    .orderBy(upcoming ? asc(bookings.startsAt) : desc(bookings.startsAt))
    .limit(SESSIONS_PAGE_SIZE)
    .offset((page - 1) * SESSIONS_PAGE_SIZE)
    .all();
  const settings = meetingWindowSettings(context.env);
  return {
    rows: await Promise.all(
      rows.map(async (row) => ({
        id: row.id,
        reference: row.reference,
        client: row.name,
        clientKey: row.clientId ?? (await guestClientKey(coachId, row.email)),
        company: row.company,
        type: row.typeName,
        startsAt: row.startsAt,
        when: formatDateTime(row.startsAt, zone),
        time: formatTime(row.startsAt, zone),
        status: row.status,
        statusLabel: row.status === "confirmed" && row.startsAt <= at ? "Outcome not recorded" : SESSION_STATUS_LABELS[row.status],
        room: roomLinkOf(row, settings, now, zone),
        notes: row.notes,
        summarySent: row.summarySentAt !== null,
        hasSummaryDraft: Boolean(row.summaryExists) && row.summarySentAt === null,
      })),
    ),
    total,
    page,
    pageCount,
    zone,
  };
}
