import { and, eq } from "drizzle-orm";
import { diffFields } from "~/admin/audit.server";
import { audit } from "~/auth/audit.server";
import type { PermissionViewer } from "~/auth/permissions.server";
import { creditReturnedFor, creditSpentOn } from "~/booking/credits.server";
import { runInTransaction, wroteRow } from "~/booking/sql.server";
import { ISSUED_OUTCOME_MESSAGE, outcomeEarningsStatements, reverseEarlierRefunds, sessionLineIssued } from "~/coach-network/earnings.server";
import type { AppContext } from "~/context.server";
import { bookings, type BookingStatus } from "~/db/schema";
import { OUTCOME_CHANGE_DAYS } from "./record-schemas";
import { SessionRecordError } from "./record-errors";
import { hasStarted, requireCoachRole, requireSessionAccess } from "./session-access.server";

// The outcome of a session, set by its coach once it has started: completed, or a no-show. It is
// the booking's status, so the coach portal, the client's Bookings tab and the admin lists show it.
//
// Credits: a session paid with a package credit spent that credit when it was booked. A client who
// doesn't come is treated like the latest of late cancellations (booking/policy.ts: a cancellation
// within the notice period returns no credit), so a no-show keeps the credit spent, as a completed
// session does; nothing is returned either way, and changing the outcome moves no credit. A session
// paid by card, or a free discovery call, has no credit: the outcome is recorded and nothing else.

export type SessionOutcome = "completed" | "no_show";

/** What the outcome did to the client's package credits. */
export type CreditEffect = "spent" | "returned" | "none";

export type OutcomeResult = { status: SessionOutcome; changed: boolean; credit: CreditEffect };

const MARKABLE: BookingStatus[] = ["confirmed", "completed", "no_show"];
const DAY_MS = 86_400_000;

/** The last moment the coach may set or change the outcome: OUTCOME_CHANGE_DAYS after the session ends. */
export function outcomeDeadline(booking: { endsAt: string }): Date {
  return new Date(Date.parse(booking.endsAt) + OUTCOME_CHANGE_DAYS * DAY_MS);
}

/** Whether the coach may set the outcome now: started, not cancelled, and within the change period. */
export function canMarkOutcome(booking: { startsAt: string; endsAt: string; status: BookingStatus }, now: Date): boolean {
  return MARKABLE.includes(booking.status) && hasStarted(booking, now) && now.getTime() <= outcomeDeadline(booking).getTime();
}

/** What happened to the booking's package credit, if it was paid with one. */
export async function creditEffectOf(context: Pick<AppContext, "db">, bookingId: string): Promise<CreditEffect> {
  const [spent, returned] = await Promise.all([creditSpentOn(context.db, bookingId), creditReturnedFor(context.db, bookingId)]);
  if (!spent) return "none";
  return returned ? "returned" : "spent";
}

/**
 * The coach records how the session went. Idempotent: the outcome it already has changes nothing
 * (no write, no audit entry). Refused before the start, after the change period, for a booking
 * that was cancelled or never confirmed, and for anyone but the session's coach.
 */
export async function markSessionOutcome(context: AppContext, viewer: PermissionViewer, meetingId: string, outcome: SessionOutcome): Promise<OutcomeResult> {
  const access = await requireSessionAccess(context, viewer, meetingId);
  requireCoachRole(access, "record how the session went");
  const { booking } = access;
  const now = context.services.clock.now();
  if (!MARKABLE.includes(booking.status)) throw new SessionRecordError(409, "not_markable", "Only a confirmed session can be marked completed or a no-show.");
  if (!hasStarted(booking, now)) throw new SessionRecordError(409, "not_started", "You can mark the session once it has started.");
  if (now.getTime() > outcomeDeadline(booking).getTime()) {
    throw new SessionRecordError(
      409,
      "too_late",
      `The outcome can be changed until ${OUTCOME_CHANGE_DAYS} days after the session. Please ask an administrator.`,
    );
  }
  if (booking.status === outcome) return { status: outcome, changed: false, credit: await creditEffectOf(context, booking.id) };
  const at = now.toISOString();
  if (booking.status === "completed" && (await sessionLineIssued(context.db, booking.id))) {
    throw new SessionRecordError(409, "on_statement", ISSUED_OUTCOME_MESSAGE);
  }
  // Conditional on the status read above, so two changes racing cannot both apply; the coach's
  // earnings line is written (or removed) in the same transaction.
  const [updated] = await runInTransaction(context.db, [
    context.db
      .update(bookings)
      .set({ status: outcome, updatedAt: at })
      .where(and(eq(bookings.id, booking.id), eq(bookings.status, booking.status))),
    ...(await outcomeEarningsStatements(context.db, booking, outcome, at)),
  ]);
  if (!updated || !wroteRow(updated)) throw new SessionRecordError(409, "changed", "This session was changed elsewhere. Please reload and try again.");
  if (outcome === "completed") await reverseEarlierRefunds(context.db, booking.id, at);
  await audit(context.db, {
    action: "booking_outcome_set",
    actorId: viewer.id,
    targetId: booking.id,
    detail: { actor: "coach", targetType: "booking", changes: diffFields({ status: booking.status }, { status: outcome }), outcome, from: booking.status },
  });
  return { status: outcome, changed: true, credit: await creditEffectOf(context, booking.id) };
}
