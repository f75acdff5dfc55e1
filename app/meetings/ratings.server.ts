import { and, eq } from "drizzle-orm";
import type { PermissionViewer } from "~/auth/permissions.server";
import type { AppContext } from "~/context.server";
import { sessionRatings } from "~/db/schema";
import type { RatingInput } from "./record-schemas";
import { SessionRecordError } from "./record-errors";
import { requireClientRole, requireSessionAccess } from "./session-access.server";

// The client's rating of a session: 1 to 5 and a comment, given once the session is over (its end
// has passed, or the coach marked it completed) and editable once. It may be published as a
// testimonial only when the client ticks the consent box (unticked by default); the testimonial
// names them by first name and business type, or first name and last initial when the booking has
// no business type ("Alex, Trades and construction" or "Alex N."), as the form shows before they agree.

export type RatingRow = typeof sessionRatings.$inferSelect;

/** How many times a rating may be changed after it is first given. */
export const RATING_EDITS_ALLOWED = 1;

export async function ratingOf(context: Pick<AppContext, "db">, bookingId: string): Promise<RatingRow | null> {
  return (await context.db.select().from(sessionRatings).where(eq(sessionRatings.bookingId, bookingId)).get()) ?? null;
}

/** How a published testimonial would name the client of this booking. */
export function testimonialAttribution(booking: { name: string; businessType: string | null }): string {
  const parts = booking.name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0] ?? "A client";
  if (booking.businessType?.trim()) return `${first}, ${booking.businessType.trim()}`;
  const last = parts.length > 1 ? parts.at(-1)! : "";
  return last ? `${first} ${last[0]!.toUpperCase()}.` : first;
}

/** Whether the session is over for rating: its end has passed, or its coach marked it completed. */
export function canBeRated(booking: { status: string; endsAt: string }, now: Date): boolean {
  if (booking.status === "completed") return true;
  return booking.status === "confirmed" && Date.parse(booking.endsAt) <= now.getTime();
}

export type RateResult = { rating: RatingRow; edited: boolean };

export async function rateSession(context: AppContext, viewer: PermissionViewer, meetingId: string, input: RatingInput): Promise<RateResult> {
  const access = await requireSessionAccess(context, viewer, meetingId);
  requireClientRole(access, "rate the session");
  const { booking } = access;
  const now = context.services.clock.now();
  if (!canBeRated(booking, now)) {
    throw new SessionRecordError(
      409,
      booking.status === "confirmed" ? "not_over" : "not_ratable",
      booking.status === "confirmed" ? "You can rate the session once it has ended." : "Only a session that took place can be rated.",
    );
  }
  const at = now.toISOString();
  const consent = input.publish
    ? { publishConsent: true, consentAt: at, attribution: testimonialAttribution(booking) }
    : { publishConsent: false, consentAt: null, attribution: null };
  const values = { rating: input.rating, comment: input.comment, ...consent, updatedAt: at };
  const existing = await ratingOf(context, booking.id);
  if (!existing) {
    const [inserted] = await context.db
      .insert(sessionRatings)
      .values({ bookingId: booking.id, clientId: viewer.id, ...values, createdAt: at })
      .onConflictDoNothing()
      .returning();
    if (inserted) return { rating: inserted, edited: false };
  }
  // An edit: allowed once, conditional on the count read, so two edits at once cannot both apply.
  const edits = existing?.edits ?? 0;
  if (edits >= RATING_EDITS_ALLOWED) throw new SessionRecordError(409, "edited", "You've already changed this rating once, so it can't be changed again.");
  const [updated] = await context.db
    .update(sessionRatings)
    .set({ ...values, edits: edits + 1 })
    .where(and(eq(sessionRatings.bookingId, booking.id), eq(sessionRatings.edits, edits)))
    .returning();
  if (!updated) throw new SessionRecordError(409, "edited", "You've already changed this rating once, so it can't be changed again.");
  return { rating: updated, edited: true };
}
