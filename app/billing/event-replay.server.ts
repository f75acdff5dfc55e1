import type Stripe from "stripe";
import { adminAuditStatement } from "~/admin/audit.server";
import type { AppContext } from "~/context.server";
import { getStripeEventFailure, resolveFailureStatement, type StripeFailureOutcome } from "./event-failures.server";
import { applyStripeEvent } from "./webhooks.server";

// Replaying a Stripe event that failed to apply: the stored payload goes through the same code as
// a delivery from Stripe (applyStripeEvent). The stripe_events id check keeps it to one effect, so
// a replay after Stripe's own retry succeeded, or two admins replaying at once, changes nothing more.

/** Applies a failed event again for this admin: "replayed", or why not ("failed-again" keeps it failed with one more attempt). */
export async function replayStripeEventFailure(
  context: AppContext,
  eventId: string,
  admin: { id: string; ipHash: string | null },
): Promise<StripeFailureOutcome> {
  const row = await getStripeEventFailure(context.db, eventId);
  if (!row) return "not-found";
  if (row.status !== "failed") return "already-resolved";
  let event: Stripe.Event;
  try {
    event = JSON.parse(row.payload) as Stripe.Event;
  } catch {
    return "invalid";
  }
  if (!event || typeof event !== "object" || event.id !== row.eventId) return "invalid";
  let response: Response;
  try {
    response = await applyStripeEvent(context, event, { payload: row.payload, replayedBy: admin });
  } catch {
    // Kept with one more attempt and the new error by applyStripeEvent.
    return "failed-again";
  }
  if (response.status >= 500) return "failed-again";
  if (response.status >= 400) return "invalid";
  const after = await getStripeEventFailure(context.db, eventId);
  if (after?.status === "failed") {
    // Already applied before (Stripe's retry won the race): nothing more to apply; mark it replayed.
    const now = context.services.clock.now();
    await context.db.batch([
      resolveFailureStatement(context.db, eventId, now, admin.id),
      adminAuditStatement(context.db, {
        action: "stripe_event_replayed",
        actorId: admin.id,
        targetType: "stripe_event",
        targetId: eventId,
        before: { status: "failed", type: row.type },
        after: { status: "replayed", type: row.type, duplicate: true },
        ipHash: admin.ipHash,
      }),
    ]);
  }
  return "replayed";
}
