import { and, count, eq, sql } from "drizzle-orm";
import { adminAuditStatement } from "~/admin/audit.server";
import type { Db } from "~/db/client.server";
import { stripeEventFailures } from "~/db/schema";

// Stripe events that failed to apply (the webhook threw, or Stripe could not be reached while
// applying it). Each is kept once per event id with the payload as received, the last error and
// how many attempts failed, for admins to inspect (personal data hidden), replay or dismiss from
// /admin/attention. Stripe is answered as before (5xx), so it keeps retrying; a later delivery that
// applies marks the row "applied" in the same batch as its effect.

/** Errors are kept short: a line or two is enough to recognise the cause. */
const MAX_ERROR_LENGTH = 500;
/** Stripe's events are a few kilobytes; the webhook refuses bodies over 512 KB before this point. */
const MAX_PAYLOAD_LENGTH = 512 * 1024;

export function errorMessageOf(error: unknown): string {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return message.length > MAX_ERROR_LENGTH ? `${message.slice(0, MAX_ERROR_LENGTH - 1)}…` : message;
}

/**
 * Records (or counts another attempt of) an event that failed to apply. A row already resolved
 * (replayed, dismissed, applied) is failing again, so it goes back to "failed".
 */
export async function recordStripeEventFailure(db: Db, event: { id: string; type: string }, payload: string, error: string, now: Date): Promise<void> {
  const at = now.toISOString();
  const kept = payload.length > MAX_PAYLOAD_LENGTH ? JSON.stringify({ id: event.id, type: event.type, truncated: true }) : payload;
  await db
    .insert(stripeEventFailures)
    .values({ eventId: event.id, type: event.type.slice(0, 100), payload: kept, error: error.slice(0, MAX_ERROR_LENGTH), firstFailedAt: at, lastFailedAt: at })
    .onConflictDoUpdate({
      target: stripeEventFailures.eventId,
      set: {
        error: error.slice(0, MAX_ERROR_LENGTH),
        attempts: sql`${stripeEventFailures.attempts} + 1`,
        lastFailedAt: at,
        status: "failed",
        resolvedAt: null,
        resolvedBy: null,
      },
    });
}

/**
 * The statement that marks a failed event resolved once it has applied: "applied" when Stripe's own
 * redelivery did it, "replayed" (by this admin) when an admin replayed it. For the effect's batch.
 */
export function resolveFailureStatement(db: Db, eventId: string, now: Date, replayedBy?: string | null) {
  return db
    .update(stripeEventFailures)
    .set({ status: replayedBy ? "replayed" : "applied", resolvedAt: now.toISOString(), resolvedBy: replayedBy ?? null })
    .where(and(eq(stripeEventFailures.eventId, eventId), eq(stripeEventFailures.status, "failed")));
}

export type StripeFailureOutcome = "replayed" | "dismissed" | "not-found" | "already-resolved" | "invalid" | "failed-again";

export async function getStripeEventFailure(db: Db, eventId: string) {
  if (eventId.length > 255) return null;
  return (await db.query.stripeEventFailures.findFirst({ where: eq(stripeEventFailures.eventId, eventId) })) ?? null;
}

/** Dismisses a failed event (nothing is applied), audited in the same batch. */
export async function dismissStripeEventFailure(
  db: Db,
  eventId: string,
  admin: { id: string; ipHash: string | null },
  now: Date,
): Promise<StripeFailureOutcome> {
  const row = await getStripeEventFailure(db, eventId);
  if (!row) return "not-found";
  if (row.status !== "failed") return "already-resolved";
  const at = now.toISOString();
  const [dismissed] = await db.batch([
    db
      .update(stripeEventFailures)
      .set({ status: "dismissed", resolvedAt: at, resolvedBy: admin.id })
      .where(and(eq(stripeEventFailures.eventId, eventId), eq(stripeEventFailures.status, "failed")))
      .returning({ eventId: stripeEventFailures.eventId }),
    adminAuditStatement(db, {
      action: "stripe_event_dismissed",
      actorId: admin.id,
      targetType: "stripe_event",
      targetId: eventId,
      before: { status: "failed", type: row.type },
      after: { status: "dismissed", type: row.type },
      ipHash: admin.ipHash,
    }),
  ]);
  // A concurrent replay or dismissal won: the audit row above records an attempt that changed nothing.
  return dismissed.length ? "dismissed" : "already-resolved";
}

/** How many Stripe events are waiting for an admin. */
export async function countFailedStripeEvents(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(stripeEventFailures).where(eq(stripeEventFailures.status, "failed"));
  return row?.n ?? 0;
}
