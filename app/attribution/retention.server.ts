import { and, eq, inArray, isNotNull, lt, or, sql } from "drizzle-orm";
import type { AppContext } from "~/context.server";
import type { Erasure } from "~/accounts/user-data.server";
import type { Db } from "~/db/client.server";
import { conversions, pageViewCounts } from "~/db/schema";
import type { JobHandler } from "~/jobs/handler.server";
import { sydneyDay } from "~/utils/sydney-time";
import { deleteAttributionSessions } from "./capture.server";
import type { AttributionExpireJob } from "./jobs";
import { addMonths } from "./report";
import { REMOVED } from "./types";

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
export const expireAttributionJob: JobHandler<AttributionExpireJob> = async (job, { db, services }) => {
  const at = new Date(job.scheduledAt);
  await expireAttribution(db, Number.isNaN(at.getTime()) ? services.clock.now() : at);
};

// ── Account deletion and export (app/accounts/user-data.server.ts) ────────────────────────────────

/** The browser sessions (KV keys) the user's conversions were recorded in. */
export async function attributionSessionsOfUser(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ session: conversions.attributionSession })
    .from(conversions)
    .where(and(eq(conversions.userId, userId), isNotNull(conversions.attributionSession)));
  return rows.map((row) => row.session).filter((session): session is string => Boolean(session));
}

/** The user's conversions for "Download all my data". */
export async function conversionsForExport(db: Db, userId: string) {
  const rows = await db
    .select({
      type: conversions.type,
      label: conversions.label,
      valueCents: conversions.valueCents,
      currency: conversions.currency,
      occurredAt: conversions.occurredAt,
      source: conversions.source,
      medium: conversions.medium,
      campaign: conversions.campaign,
      firstSource: conversions.firstSource,
      firstMedium: conversions.firstMedium,
      firstCampaign: conversions.firstCampaign,
      attribution: conversions.attribution,
      globalPrivacyControl: conversions.gpc,
      forwardStatus: conversions.forwardStatus,
    })
    .from(conversions)
    .where(eq(conversions.userId, userId))
    .orderBy(conversions.occurredAt);
  return rows.map((row) => ({ ...row, attribution: parseRecord(row.attribution) }));
}

function parseRecord(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * The statements that de-identify the user's conversions, and those recorded in the same browser
 * sessions before they signed in: the type, value and date stay for the business's figures; the
 * user id, the attribution snapshot, its session id, both touches' source, medium and campaign,
 * and the dedupe key (it may be derived from their details) go.
 */
export async function eraseUserConversions(db: Db, userId: string): Promise<Erasure> {
  const sessions = await attributionSessionsOfUser(db, userId);
  const theirs = sessions.length ? or(eq(conversions.userId, userId), inArray(conversions.attributionSession, sessions))! : eq(conversions.userId, userId);
  const counted = await db
    .select({ n: sql<number>`count(*)` })
    .from(conversions)
    .where(theirs)
    .get();
  return {
    statements: [
      db
        .update(conversions)
        .set({
          userId: null,
          attribution: null,
          attributionSession: null,
          source: REMOVED.source,
          medium: REMOVED.medium,
          campaign: REMOVED.campaign,
          firstSource: REMOVED.source,
          firstMedium: REMOVED.medium,
          firstCampaign: REMOVED.campaign,
          dedupeKey: sql`'erased:' || ${conversions.id}`,
        })
        .where(theirs),
    ],
    auditDetail: { conversions_anonymised: counted?.n ?? 0 },
  };
}

/**
 * Deletes the KV session records after the account is gone. They expire on their own within 30
 * days, so a failure here is logged (without ids) rather than failing the deletion already done.
 */
export async function forgetAttributionSessions(context: Pick<AppContext, "cloudflare" | "isolate">, sessionIds: string[]): Promise<void> {
  if (sessionIds.length === 0) return;
  try {
    await deleteAttributionSessions(context, sessionIds);
  } catch (error) {
    console.warn("attribution: could not delete session records after account deletion:", error instanceof Error ? error.name : "unknown error");
  }
}
