import { and, asc, eq, gt, inArray, isNotNull, ne, sql } from "drizzle-orm";
import { auditStatement } from "~/auth/audit.server";
import type { PermissionViewer } from "~/auth/permissions.server";
import { manageUrl, meetingUrl } from "~/booking/links.server";
import { noticeKey } from "~/booking/notices.server";
import { runInTransaction, type Statement } from "~/booking/sql.server";
import { formatDateTime } from "~/booking/time-zones";
import type { AppContext } from "~/context.server";
import type { Db } from "~/db/client.server";
import { bookingNotices, bookings, bookingTypes, coachProfiles, coachSchedules, coachTimeOff, userRoles, users } from "~/db/schema";
import { composeEmail } from "~/email/compose.server";
import type { EmailSendJob } from "~/email/jobs";
import { outboxInsert } from "~/email/outbox.server";
import { coachHandoverEmail, coachHandoverReceivedEmail } from "~/email/templates/coach-handover";

// Handover: an admin moves a leaving coach's upcoming sessions to another onboarded coach, at the
// same times. Nothing is moved while any session would clash with the new coach's calendar (their
// bookings, widened by their buffer, or their time off): the admin is shown the clashes instead.
// The move is one D1 batch (one transaction): every booking's new coach, the clients' emails (with
// the new coach's name and the booking's manage link to choose another time), the new coach's
// email, and the audit entries, or none of it. Each moved booking's calendar sequence goes up, and
// its "update" notice is recorded as sent: the handover email is that update.

export class HandoverError extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    readonly code: "same_coach" | "unknown_coach" | "not_onboarded" | "nothing_to_move" | "clash" | "changed",
    message: string,
  ) {
    super(message);
  }
}

export type HandoverTarget = { coachId: string; name: string; timeZone: string };

/** The coaches who can take sessions over: coach role, a schedule, onboarding complete; not the leaving coach. */
export async function listHandoverTargets(db: Db, fromCoachId: string): Promise<HandoverTarget[]> {
  return db
    .select({ coachId: coachSchedules.coachId, name: coachSchedules.displayName, timeZone: coachSchedules.timeZone })
    .from(coachSchedules)
    .innerJoin(coachProfiles, eq(coachProfiles.coachId, coachSchedules.coachId))
    .innerJoin(userRoles, and(eq(userRoles.userId, coachSchedules.coachId), eq(userRoles.role, "coach")))
    .where(and(isNotNull(coachProfiles.onboardingCompletedAt), ne(coachSchedules.coachId, fromCoachId)))
    .orderBy(asc(coachSchedules.displayName))
    .all();
}

export type HandoverSession = {
  id: string;
  reference: string;
  sequence: number;
  startsAt: string;
  endsAt: string;
  client: string;
  email: string;
  typeName: string;
  clientTimeZone: string;
  /** Why the new coach can't take it: "Booked with another client 9:30–10:30 am AEDT", "On time off". Empty when free. */
  clashes: string[];
};

/** The leaving coach's sessions still to come (confirmed, not started), soonest first. */
async function upcomingSessions(db: Db, coachId: string, now: Date) {
  return db
    .select({
      id: bookings.id,
      reference: bookings.reference,
      sequence: bookings.sequence,
      startsAt: bookings.startsAt,
      endsAt: bookings.endsAt,
      client: bookings.name,
      email: bookings.email,
      clientTimeZone: bookings.clientTimeZone,
      typeName: bookingTypes.name,
    })
    .from(bookings)
    .innerJoin(bookingTypes, eq(bookingTypes.id, bookings.bookingTypeId))
    .where(and(eq(bookings.coachId, coachId), eq(bookings.status, "confirmed"), gt(bookings.startsAt, now.toISOString())))
    .orderBy(asc(bookings.startsAt))
    .limit(500)
    .all();
}

/** The sessions a handover would move, each with its clashes on the new coach's calendar. */
export async function planHandover(db: Db, fromCoachId: string, to: { coachId: string; timeZone: string }, now: Date): Promise<HandoverSession[]> {
  const sessions = await upcomingSessions(db, fromCoachId, now);
  if (!sessions.length) return [];
  const last = sessions.reduce((max, s) => (s.endsAt > max ? s.endsAt : max), sessions[0]!.endsAt);
  const rules = await db.select({ buffer: coachSchedules.bufferMinutes }).from(coachSchedules).where(eq(coachSchedules.coachId, to.coachId)).get();
  const buffer = (rules?.buffer ?? 0) * 60_000;
  const horizon = new Date(Date.parse(last) + buffer).toISOString();
  const from = new Date(Date.parse(sessions[0]!.startsAt) - buffer).toISOString();
  const [busy, timeOff] = await Promise.all([
    db
      .select({ startsAt: bookings.startsAt, endsAt: bookings.endsAt })
      .from(bookings)
      .where(
        and(
          eq(bookings.coachId, to.coachId),
          sql`${bookings.startsAt} < ${horizon} AND ${bookings.endsAt} > ${from}`,
          sql`(${bookings.status} IN ('confirmed', 'completed', 'no_show') OR (${bookings.status} = 'held' AND ${bookings.holdExpiresAt} > ${now.toISOString()}))`,
        ),
      )
      .all(),
    db
      .select({ startsAt: coachTimeOff.startsAt, endsAt: coachTimeOff.endsAt })
      .from(coachTimeOff)
      .where(and(eq(coachTimeOff.coachId, to.coachId), sql`${coachTimeOff.startsAt} < ${horizon} AND ${coachTimeOff.endsAt} > ${from}`))
      .all(),
  ]);
  return sessions.map((session) => {
    const start = Date.parse(session.startsAt) - buffer;
    const end = Date.parse(session.endsAt) + buffer;
    const overlaps = (range: { startsAt: string; endsAt: string }) => Date.parse(range.startsAt) < end && Date.parse(range.endsAt) > start;
    // The sessions handed over land on one calendar: the new coach's buffer applies between them too.
    const earlier = sessions.filter((other) => other.startsAt < session.startsAt && overlaps(other));
    const clashes = [
      ...busy.filter(overlaps).map((b) => `Already booked ${formatDateTime(b.startsAt, to.timeZone)} (with the buffer between sessions)`),
      ...timeOff.filter(overlaps).map(() => "On time off then"),
      ...earlier.map((other) => `Too close to the handed-over session at ${formatDateTime(other.startsAt, to.timeZone)} for the new coach's buffer`),
    ];
    return { ...session, clashes };
  });
}

/** A coach's name as clients see it (their schedule's display name), with their account's address. */
async function coachParty(db: Db, coachId: string) {
  return db
    .select({ name: coachSchedules.displayName, timeZone: coachSchedules.timeZone, email: users.email })
    .from(users)
    .innerJoin(coachSchedules, eq(coachSchedules.coachId, users.id))
    .where(eq(users.id, coachId))
    .get();
}

export type HandoverResult = { moved: number; toName: string };

/**
 * Moves every upcoming session of `fromCoachId` to `toCoachId` (see the module's comment). Refused
 * with the clashes, or when the new coach is not onboarded; nothing is written then.
 */
export async function handOverSessions(context: AppContext, admin: PermissionViewer, fromCoachId: string, toCoachId: string): Promise<HandoverResult> {
  const { db } = context;
  const now = context.services.clock.now();
  if (fromCoachId === toCoachId) throw new HandoverError(400, "same_coach", "Choose another coach to take the sessions over.");
  const target = (await listHandoverTargets(db, fromCoachId)).find((coach) => coach.coachId === toCoachId);
  if (!target) throw new HandoverError(400, "not_onboarded", "That coach can't take sessions over: choose a coach who has finished onboarding.");
  const [from, to] = await Promise.all([coachParty(db, fromCoachId), coachParty(db, toCoachId)]);
  if (!from || !to) throw new HandoverError(404, "unknown_coach", "We couldn't find that coach.");
  const plan = await planHandover(db, fromCoachId, target, now);
  if (!plan.length) throw new HandoverError(409, "nothing_to_move", `${from.name} has no upcoming sessions to hand over.`);
  const clashing = plan.filter((session) => session.clashes.length);
  if (clashing.length) {
    throw new HandoverError(
      409,
      "clash",
      `${clashing.length === 1 ? "One session clashes" : `${clashing.length} sessions clash`} with ${target.name}'s calendar, so nothing was moved. Free those times with ${target.name}, or choose another coach.`,
    );
  }

  const at = now.toISOString();
  const buffer = sql`(SELECT buffer_minutes * 60000 FROM coach_schedules WHERE coach_id = ${toCoachId})`;
  const statements: Statement[] = [];
  for (const session of plan) {
    // Conditional, as every write to a calendar: still this coach's, confirmed and unchanged, and
    // the new coach's calendar (the sessions moved before it in this batch included) free around it.
    statements.push(sql`UPDATE bookings SET coach_id = ${toCoachId}, sequence = sequence + 1, updated_at = ${at}
      WHERE id = ${session.id} AND coach_id = ${fromCoachId} AND status = 'confirmed' AND sequence = ${session.sequence}
        AND NOT EXISTS (SELECT 1 FROM bookings b WHERE b.coach_id = ${toCoachId} AND b.id <> ${session.id}
          AND (b.status IN ('confirmed', 'completed', 'no_show') OR (b.status = 'held' AND b.hold_expires_at > ${at}))
          AND (julianday(b.starts_at) - julianday(${session.endsAt})) * 86400000 < ${buffer}
          AND (julianday(${session.startsAt}) - julianday(b.ends_at)) * 86400000 < ${buffer})`);
  }
  // All or nothing: unless every session above was moved, this statement fails (json() of text that
  // isn't JSON raises an error), and D1 rolls the whole batch back.
  const ids = plan.map((session) => session.id);
  statements.push(
    sql`SELECT CASE WHEN (SELECT count(*) FROM bookings WHERE id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) AND coach_id = ${toCoachId} AND updated_at = ${at}) = ${ids.length} THEN 1 ELSE json('handover refused: a session changed or clashed') END`,
  );

  const outboxIds: string[] = [];
  const sessionLines: string[] = [];
  for (const session of plan) {
    const moved = { id: session.id, endsAt: session.endsAt };
    const email = await composeEmail(
      context.env,
      coachHandoverEmail,
      {
        recipientName: session.client,
        typeName: session.typeName,
        reference: session.reference,
        when: formatDateTime(session.startsAt, session.clientTimeZone),
        previousCoachName: from.name,
        newCoachName: to.name,
        meetingUrl: meetingUrl(context, moved),
        manageUrl: await manageUrl(context, moved),
      },
      { to: session.email, dedupeKey: `handover:${session.id}:${session.sequence + 1}:client` },
    );
    const outboxId = crypto.randomUUID();
    outboxIds.push(outboxId);
    statements.push(outboxInsert(db, context.env, email, outboxId));
    statements.push(
      db
        .insert(bookingNotices)
        .values({ bookingId: session.id, kind: noticeKey("update", session.sequence + 1), sentAt: at })
        .onConflictDoNothing(),
    );
    statements.push(
      auditStatement(db, {
        action: "coach_handover",
        actorId: admin.id,
        targetId: session.id,
        detail: { actor: "admin", fromCoachId, toCoachId, startsAt: session.startsAt },
      }),
    );
    sessionLines.push(`${formatDateTime(session.startsAt, to.timeZone)}: ${session.typeName} with ${session.client}`);
  }
  if (to.email) {
    const received = await composeEmail(
      context.env,
      coachHandoverReceivedEmail,
      { coachName: to.name, previousCoachName: from.name, sessions: sessionLines, portalUrl: `${context.siteOrigin}/coach/sessions` },
      { to: to.email, dedupeKey: `handover:${fromCoachId}:${toCoachId}:${at}:coach` },
    );
    const receivedId = crypto.randomUUID();
    outboxIds.push(receivedId);
    statements.push(outboxInsert(db, context.env, received, receivedId));
  }
  statements.push(
    auditStatement(db, { action: "coach_handover", actorId: admin.id, targetId: fromCoachId, detail: { actor: "admin", toCoachId, sessions: ids.length } }),
  );

  try {
    await runInTransaction(db, statements);
  } catch (error) {
    // A session changed, or the new coach's calendar filled, between the check and the write.
    const stillFrom = await db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(inArray(bookings.id, ids), eq(bookings.coachId, fromCoachId)))
      .all();
    if (stillFrom.length === ids.length) {
      throw new HandoverError(409, "changed", "The sessions or the new coach's calendar changed meanwhile, so nothing was moved. Please review and try again.");
    }
    throw error;
  }
  for (const outboxId of outboxIds) await context.services.jobs.send({ type: "email.send", version: 1, outboxId } satisfies EmailSendJob);
  return { moved: ids.length, toName: to.name };
}
