import { sql, type SQL } from "drizzle-orm";
import { publicHolidays } from "~/booking/holidays.server";
import type { Db } from "~/db/client.server";
import type { Figure, FigureQuery, Range } from "./figures";
import { bucketIndexSql, emptyTrend, sydneyDays, trendOf, windowOf } from "./figure-sql.server";
import { offeredMinutes, type CoachOffer } from "./utilisation";

// The overview's activity figures: leads, discovery calls booked and held, paid sessions, no-shows,
// conversion from a discovery call to a paid session, open escalations and the oldest's age, pending
// coach applications, coach utilisation, failed emails and dead-lettered jobs. A handful of
// aggregate queries over the trend's whole window, each bucketed in SQL (no row per booking reaches
// the Worker), run together.
//
// Definitions (the hint under each figure says the same in words):
// - discovery calls booked: discovery bookings made in the period (created_at), whatever happened to
//   them since; expired holds are not bookings.
// - discovery calls held: discovery calls starting in the period marked completed, or confirmed and
//   already over (nobody marked a no-show).
// - paid sessions: sessions starting in the period, paid by card or with a package credit, that went
//   ahead or are still to come (confirmed, completed or no-show: a no-show was still paid for).
// - conversion: of the discovery calls held in the period, the share whose client (same email) has
//   booked a paid session since the call. Recent periods rise as clients book.
// - coach utilisation: hours booked (confirmed, completed, no-show; held checkouts not) ÷ hours the
//   coaches offer by their weekly hours and date overrides, less public holidays they observe and
//   time off. Today's schedules are applied to past periods (schedules keep no history).
// - failed emails: email deliveries that used up their retries (dead letters of email.send) still to
//   replay or dismiss; dead-lettered jobs: every other job type likewise. The two add up to the
//   "needs attention" list's jobs.

const TAKEN_PLACE = sql`('confirmed', 'completed', 'no_show')`;
const OPEN_ESCALATION = sql`('open', 'assigned')`;
const OPEN_APPLICATION = sql`('submitted', 'under_review')`;
const DAY_MS = 86_400_000;

type BookingRow = { bucket: number; held: number; paid: number; no_shows: number; booked_minutes: number | null; converted: number };

async function bookingsByStart(db: Db, query: FigureQuery): Promise<BookingRow[]> {
  const window = windowOf(query.buckets);
  const now = query.now.toISOString();
  return db.all<BookingRow>(sql`
    SELECT ${bucketIndexSql(sql`b.starts_at`, query.buckets)} AS bucket,
      sum(CASE WHEN t.kind = 'discovery' AND (b.status = 'completed' OR (b.status = 'confirmed' AND b.ends_at <= ${now})) THEN 1 ELSE 0 END) AS held,
      sum(CASE WHEN t.kind = 'session' AND b.status IN ${TAKEN_PLACE} AND b.payment_method IN ('card', 'credit') THEN 1 ELSE 0 END) AS paid,
      sum(CASE WHEN b.status = 'no_show' THEN 1 ELSE 0 END) AS no_shows,
      sum(CASE WHEN b.status IN ${TAKEN_PLACE} THEN (julianday(b.ends_at) - julianday(b.starts_at)) * 1440 ELSE 0 END) AS booked_minutes,
      sum(CASE WHEN t.kind = 'discovery' AND (b.status = 'completed' OR (b.status = 'confirmed' AND b.ends_at <= ${now}))
        AND EXISTS (SELECT 1 FROM bookings p JOIN booking_types pt ON pt.id = p.booking_type_id
          WHERE p.email = b.email AND pt.kind = 'session' AND p.status IN ${TAKEN_PLACE} AND p.payment_method IN ('card', 'credit')
            AND p.created_at >= b.starts_at)
        THEN 1 ELSE 0 END) AS converted
    FROM bookings b JOIN booking_types t ON t.id = b.booking_type_id
    WHERE b.starts_at >= ${window.start} AND b.starts_at < ${window.end}
    GROUP BY bucket`);
}

async function countByBucket(db: Db, column: SQL, from: SQL, where: SQL, buckets: Range[]): Promise<number[]> {
  const window = windowOf(buckets);
  const rows = await db.all<{ bucket: number; n: number }>(sql`
    SELECT ${bucketIndexSql(column, buckets)} AS bucket, count(*) AS n FROM ${from}
    WHERE ${column} >= ${window.start} AND ${column} < ${window.end} AND ${where} GROUP BY bucket`);
  return trendOf(rows, buckets, (row) => row.n);
}

type NowRow = { escalations: number; oldest_escalation: string | null; applications: number; failed_emails: number; failed_jobs: number };

/** The point-in-time figures in one statement. */
async function standing(db: Db): Promise<NowRow> {
  const row = await db.get<NowRow>(sql`SELECT
    (SELECT count(*) FROM ai_escalations WHERE status IN ${OPEN_ESCALATION}) AS escalations,
    (SELECT min(created_at) FROM ai_escalations WHERE status IN ${OPEN_ESCALATION}) AS oldest_escalation,
    (SELECT count(*) FROM coach_applications WHERE status IN ${OPEN_APPLICATION}) AS applications,
    (SELECT count(*) FROM failed_jobs WHERE status = 'failed' AND type = 'email.send') AS failed_emails,
    (SELECT count(*) FROM failed_jobs WHERE status = 'failed' AND type <> 'email.send') AS failed_jobs`);
  return row ?? { escalations: 0, oldest_escalation: null, applications: 0, failed_emails: 0, failed_jobs: 0 };
}

type ScheduleRow = { coach_id: string; time_zone: string; state: string; weekly_hours: string; observe_holidays: number; accepting_bookings: number };

/** Every coach's offer (weekly hours, overrides, time off, holidays) over the trend's window. */
async function coachOffers(db: Db, buckets: Range[]): Promise<CoachOffer[]> {
  const window = windowOf(buckets);
  const [schedules, overrides, timeOff] = await Promise.all([
    db.all<ScheduleRow>(sql`SELECT s.coach_id, s.time_zone, s.state, s.weekly_hours, s.observe_holidays, s.accepting_bookings
      FROM coach_schedules s JOIN user_roles r ON r.user_id = s.coach_id AND r.role = 'coach'`),
    db.all<{ coach_id: string; date: string; intervals: string }>(sql`SELECT coach_id, date, intervals FROM coach_date_overrides
      WHERE date >= ${window.start.slice(0, 10)} AND date <= ${window.end.slice(0, 10)}`),
    db.all<{ coach_id: string; starts_at: string; ends_at: string }>(sql`SELECT coach_id, starts_at, ends_at FROM coach_time_off
      WHERE starts_at < ${window.end} AND ends_at > ${window.start}`),
  ]);
  const fromYear = Number(window.start.slice(0, 4));
  const toYear = Number(window.end.slice(0, 4));
  const holidaysByState = new Map<string, string[]>();
  return schedules
    .filter((s) => s.accepting_bookings)
    .map((s) => {
      let holidays: string[] = [];
      if (s.observe_holidays) {
        const state = s.state.toUpperCase();
        if (!holidaysByState.has(state)) {
          try {
            holidaysByState.set(state, publicHolidays(state, fromYear, toYear));
          } catch {
            holidaysByState.set(state, []);
          }
        }
        holidays = holidaysByState.get(state)!;
      }
      return {
        timeZone: s.time_zone,
        weeklyHours: parseJson(s.weekly_hours, {}),
        overrides: Object.fromEntries(overrides.filter((o) => o.coach_id === s.coach_id).map((o) => [o.date, parseJson(o.intervals, [])])),
        holidays,
        timeOff: timeOff.filter((t) => t.coach_id === s.coach_id).map((t) => ({ startsAt: t.starts_at, endsAt: t.ends_at })),
      };
    });
}

function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

function percent(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0;
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

export async function activityFigures(db: Db, query: FigureQuery): Promise<Figure[]> {
  const { buckets } = query;
  const [byStart, leads, discoveryBooked, now, offers] = await Promise.all([
    bookingsByStart(db, query),
    countByBucket(db, sql`created_at`, sql`leads`, sql`1 = 1`, buckets),
    countByBucket(
      db,
      sql`b.created_at`,
      sql`bookings b JOIN booking_types t ON t.id = b.booking_type_id`,
      sql`t.kind = 'discovery' AND b.status NOT IN ('held', 'expired')`,
      buckets,
    ),
    standing(db),
    coachOffers(db, buckets),
  ]);
  const held = trendOf(byStart, buckets, (r) => r.held);
  const paid = trendOf(byStart, buckets, (r) => r.paid);
  const noShows = trendOf(byStart, buckets, (r) => r.no_shows);
  const converted = trendOf(byStart, buckets, (r) => r.converted);
  const bookedMinutes = trendOf(byStart, buckets, (r) => Math.round(r.booked_minutes ?? 0));
  const offered = buckets.map((bucket) => offers.reduce((sum, offer) => sum + offeredMinutes(offer, bucket), 0));
  const conversion = held.map((n, i) => percent(converted[i]!, n));
  const utilisation = offered.map((minutes, i) => percent(bookedMinutes[i]!, minutes));
  const last = buckets.length - 1;
  const { first, lastDay } = sydneyDays(query.range);
  const dates = `from=${first}&to=${lastDay}`;
  const oldestDays = now.oldest_escalation ? Math.max(0, Math.floor(((query.now.getTime() - Date.parse(now.oldest_escalation)) / DAY_MS) * 10) / 10) : 0;

  return [
    {
      key: "leads",
      group: "sales",
      label: "New leads",
      value: leads[last]!,
      unit: "count",
      href: "/admin/leads",
      trend: leads,
      hint: "People who enquired for the first time",
    },
    {
      key: "discovery_booked",
      group: "sales",
      label: "Discovery calls booked",
      value: discoveryBooked[last]!,
      unit: "count",
      href: `/admin/bookings?${dates}`,
      trend: discoveryBooked,
      hint: "Booked in the period, for any date",
    },
    {
      key: "discovery_held",
      group: "sales",
      label: "Discovery calls held",
      value: held[last]!,
      unit: "count",
      href: `/admin/bookings?status=completed&${dates}`,
      trend: held,
      hint: "Completed, or confirmed and over without a no-show",
    },
    {
      key: "conversion",
      group: "sales",
      label: "Discovery call to paid",
      value: conversion[last]!,
      unit: "percent",
      href: `/admin/bookings?${dates}`,
      trend: conversion,
      hint: `${plural(converted[last]!, "client")} of ${plural(held[last]!, "call")} held went on to book a paid session`,
    },
    {
      key: "paid_sessions",
      group: "coaching",
      label: "Paid sessions",
      value: paid[last]!,
      unit: "count",
      href: `/admin/bookings?${dates}`,
      trend: paid,
      hint: "Starting in the period, by card or package credit",
    },
    {
      key: "no_shows",
      group: "coaching",
      label: "No-shows",
      value: noShows[last]!,
      unit: "count",
      href: `/admin/bookings?status=no_show&${dates}`,
      trend: noShows,
      hint: "Discovery calls and sessions",
    },
    {
      key: "coach_utilisation",
      group: "coaching",
      label: "Coach utilisation",
      value: utilisation[last]!,
      unit: "percent",
      href: "/admin/coaches",
      trend: utilisation,
      hint: `${Math.round(bookedMinutes[last]! / 60)} of ${Math.round(offered[last]! / 60)} offered hours booked`,
    },
    {
      key: "open_escalations",
      group: "coaching",
      label: "Open escalations",
      value: now.escalations,
      unit: "count",
      href: "/admin/escalations?status=active",
      trend: emptyTrend(),
      hint: "Open or assigned, now",
      attention: now.escalations > 0,
    },
    {
      key: "oldest_escalation_age",
      group: "coaching",
      label: "Oldest open escalation",
      value: oldestDays,
      unit: "days",
      href: "/admin/escalations?status=active",
      trend: emptyTrend(),
      hint: now.oldest_escalation ? "Waiting since it was raised" : "None waiting",
      attention: oldestDays >= 1,
    },
    {
      key: "pending_applications",
      group: "coaching",
      label: "Pending coach applications",
      value: now.applications,
      unit: "count",
      href: "/admin/coach-applications?status=open",
      trend: emptyTrend(),
      hint: "Submitted or under review, now",
      attention: now.applications > 0,
    },
    {
      key: "failed_emails",
      group: "operations",
      label: "Failed emails",
      value: now.failed_emails,
      unit: "count",
      href: "/admin/attention",
      trend: emptyTrend(),
      hint: "Deliveries that used up their retries, to resend or dismiss",
      attention: now.failed_emails > 0,
    },
    {
      key: "dead_lettered_jobs",
      group: "operations",
      label: "Dead-lettered jobs",
      value: now.failed_jobs,
      unit: "count",
      href: "/admin/attention",
      trend: emptyTrend(),
      hint: "Other background jobs that used up their retries",
      attention: now.failed_jobs > 0,
    },
  ];
}
