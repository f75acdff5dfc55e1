import { and, eq, isNotNull, lt } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { conversions, pageViewCounts } from "~/db/schema";
import type { JobHandler } from "~/jobs/handler.server";
import { sydneyDay } from "~/utils/sydney-time";
import { deleteAttributionSessions } from "./capture.server";
import type { AttributionExpireJob } from "./jobs";
import { addMonths } from "./report";

// How long attribution is kept (the privacy policy): conversions and page-view counters for 13
// months, counted in Sydney calendar days; with a deleted account, everything that says who made
// a conversion or where they came from goes at once, and the business keeps only its type, value
// and date.

export const ATTRIBUTION_RETENTION_MONTHS = 13;

/** The first Sydney day still kept on `today` (YYYY-MM-DD): the same day of the month 13 months earlier, clamped to a shorter month. */
export function attributionCutoffDay(today: string): string {
  return addMonths(today, -ATTRIBUTION_RETENTION_MONTHS);
}

/** Deletes conversions and page-view counters from before the cutoff; running it again deletes nothing more. */
export async function expireAttribution(db: Db, at: Date): Promise<{ cutoff: string; conversions: number; pageViewDays: number }> {
  const cutoff = attributionCutoffDay(sydneyDay(at));
  const [deletedConversions, deletedCounters] = await db.batch([
    db.delete(conversions).where(lt(conversions.reportDate, cutoff)),
    db.delete(pageViewCounts).where(lt(pageViewCounts.day, cutoff)),
  ]);
  return { cutoff, conversions: deletedConversions.meta.changes ?? 0, pageViewDays: deletedCounters.meta.changes ?? 0 };
}

/** The daily attribution.expire job (workers/scheduled.ts). */
export const expireAttributionJob: JobHandler<AttributionExpireJob> = async (job, { db }) => {
  const at = new Date(job.scheduledAt);
  await expireAttribution(db, Number.isNaN(at.getTime()) ? new Date() : at);
};

// ── Account deletion (the conversions themselves: user-data.server.ts) ─────────────────────────────

/** The browser sessions (KV keys) the user's conversions were recorded in. */
export async function attributionSessionsOfUser(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ session: conversions.attributionSession })
    .from(conversions)
    .where(and(eq(conversions.userId, userId), isNotNull(conversions.attributionSession)));
  return rows.map((row) => row.session).filter((session): session is string => Boolean(session));
}

/**
 * Deletes the KV session records after the account is gone. They expire on their own within 30
 * days, so a failure here is logged (without ids) rather than failing the deletion already done.
 */
export async function forgetAttributionSessions(bindings: Env, sessionIds: string[]): Promise<void> {
  if (sessionIds.length === 0) return;
  try {
    await deleteAttributionSessions(bindings, sessionIds);
  } catch (error) {
    console.warn("attribution: could not delete session records after account deletion:", error instanceof Error ? error.name : "unknown error");
  }
}
