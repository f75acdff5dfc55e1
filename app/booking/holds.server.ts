import { sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import type { AppEnv } from "~/platform/env.server";
import { clientSource } from "~/platform/rate-limit.server";
import { sha256Hex } from "~/utils/hex";
import { BookingError } from "./errors";
import { HOLDS_PER_COACH_DAY, HOLDS_PER_EMAIL, HOLDS_PER_SOURCE } from "./policy";

// The hold rules (docs/decisions/008). A card booking holds its time while the visitor pays, and a
// hold costs nothing to place, so holds are limited: per source and per email (a few unpaid
// sessions at once), and per coach per local day (policy.ts says why one). Each limit is a condition
// of the statement that places the hold, next to calendarFreeSql, so concurrent requests can't slip
// past it; the reads below only say why a hold was refused, for the visitor's message.

/** Who places a hold: a salted hash of their source (none without a visitor's request) and their email. */
export type Holder = { sourceHash: string | null; email: string };

/** The coach's local day a hold starts on, as UTC bounds [start, end). */
export type CoachDay = { coachId: string; start: string; end: string };

export async function holderOf(env: Pick<AppEnv, "SESSION_SECRET">, request: Request | undefined, email: string): Promise<Holder> {
  return {
    sourceHash: request ? await sha256Hex(`${env.SESSION_SECRET}:hold-source:${clientSource(request)}`, 16) : null,
    email: email.toLowerCase(),
  };
}

const bySource = (sourceHash: string) => sql`h.hold_source = ${sourceHash}`;
const byEmail = (email: string) => sql`lower(h.email) = ${email}`;
const onCoachDay = (day: CoachDay) => sql`h.coach_id = ${day.coachId} AND h.starts_at >= ${day.start} AND h.starts_at < ${day.end}`;

/** Holds that have not lapsed at `now`, among those matching `where`. */
function liveHoldsSql(now: Date, where: SQL): SQL {
  return sql`(SELECT count(*) FROM bookings h WHERE h.status = 'held' AND h.hold_expires_at > ${now.toISOString()} AND ${where})`;
}

/** The condition of a hold's write: its holder and the coach's day each have room for one more hold. */
export function holdAllowedSql(holder: Holder, day: CoachDay, now: Date): SQL {
  const conditions = [
    sql`${liveHoldsSql(now, byEmail(holder.email))} < ${HOLDS_PER_EMAIL}`,
    sql`${liveHoldsSql(now, onCoachDay(day))} < ${HOLDS_PER_COACH_DAY}`,
  ];
  if (holder.sourceHash) conditions.push(sql`${liveHoldsSql(now, bySource(holder.sourceHash))} < ${HOLDS_PER_SOURCE}`);
  return sql.join(conditions, sql` AND `);
}

/** How many live holds match, and the seconds until the first of them lapses. */
async function liveHolds(db: Db, where: SQL, now: Date) {
  const row = await db.get<{ held: number; soonest: string | null } | null>(sql`SELECT count(*) AS held, min(h.hold_expires_at) AS soonest
    FROM bookings h WHERE h.status = 'held' AND h.hold_expires_at > ${now.toISOString()} AND ${where}`);
  const soonest = row?.soonest ? Date.parse(row.soonest) : NaN;
  return { held: row?.held ?? 0, retryAfterSeconds: Number.isNaN(soonest) ? 60 : Math.max(1, Math.ceil((soonest - now.getTime()) / 1000)) };
}

function inMinutes(seconds: number) {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

/** A 429 when the holder's source or email already has as many unpaid holds as allowed; otherwise null. */
export async function holderRefusal(db: Db, holder: Holder, now: Date): Promise<BookingError | null> {
  const checks = [{ limit: HOLDS_PER_EMAIL, ...(await liveHolds(db, byEmail(holder.email), now)) }];
  if (holder.sourceHash) checks.push({ limit: HOLDS_PER_SOURCE, ...(await liveHolds(db, bySource(holder.sourceHash), now)) });
  const full = checks.find((check) => check.held >= check.limit);
  if (!full) return null;
  return new BookingError(
    429,
    "too_many_holds",
    `There are already ${full.limit} sessions waiting for payment from you. Please finish paying for one, or try again in ${inMinutes(full.retryAfterSeconds)} when an unpaid one lapses.`,
    full.retryAfterSeconds,
  );
}

/** A 409 when the coach's day already has as many unpaid holds as allowed; otherwise null. `coachName` null for "first available". */
export async function coachDayRefusal(db: Db, day: CoachDay, coachName: string | null, now: Date): Promise<BookingError | null> {
  const { held, retryAfterSeconds } = await liveHolds(db, onCoachDay(day), now);
  if (held < HOLDS_PER_COACH_DAY) return null;
  const wait = inMinutes(retryAfterSeconds);
  return new BookingError(
    409,
    "day_held",
    coachName
      ? `Another session with ${coachName} that day is waiting for payment. Please choose another day or coach, or try again in ${wait}.`
      : `The coaches free at that time have another session waiting for payment that day. Please choose another time, or try again in ${wait}.`,
    retryAfterSeconds,
  );
}
