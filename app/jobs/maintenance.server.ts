import { inArray, lt, or } from "drizzle-orm";
import { OTP_TTL_SECONDS } from "~/auth/config.server";
import type { Db } from "~/db/client.server";
import { auditLog, authSessions, oneTimeTokens, rateLimits, refreshTokens } from "~/db/schema";
import type { JobHandler } from "~/jobs/handler.server";
import type { MaintenancePurgeJob } from "./maintenance";
import { RATE_LIMIT_RETENTION_MS } from "~/platform/rate-limit.server";

/**
 * How long a spent refresh token is kept. Within it, presenting the token again is recognised as
 * reuse and ends its session; once purged, it is simply unknown (refused, session untouched), as
 * in GoTrue, whose cleanup also drops refresh tokens revoked more than 24 hours ago.
 */
export const SPENT_REFRESH_TOKEN_RETENTION_MS = 24 * 60 * 60 * 1000;

/**
 * Spent refresh tokens (rotated or revoked, and every token of a session that ended) older than
 * the retention, and one-time codes past their validity. Codes are deleted when they are used, so
 * what remains is codes that expired unused.
 */
async function purgeAuthTokens(db: Db, scheduledAt: number) {
  const spentBefore = new Date(scheduledAt - SPENT_REFRESH_TOKEN_RETENTION_MS).toISOString();
  const issuedBefore = new Date(scheduledAt - OTP_TTL_SECONDS * 1000).toISOString();
  const endedSessions = db.select({ id: authSessions.id }).from(authSessions).where(lt(authSessions.revokedAt, spentBefore));
  await db.batch([
    db.delete(refreshTokens).where(or(lt(refreshTokens.revokedAt, spentBefore), inArray(refreshTokens.sessionId, endedSessions))),
    db.delete(oneTimeTokens).where(lt(oneTimeTokens.createdAt, issuedBefore)),
  ]);
}

/**
 * The audit log is kept for 7 years (the record-keeping period of Australian tax law for business
 * records, which refunds, payouts and role changes are evidence for), and nothing else deletes an
 * entry: an account deletion keeps the entries and drops only their address hash.
 */
export const AUDIT_RETENTION_YEARS = 7;

/** The oldest moment an audit entry is kept at `scheduledAt`: the same day and time 7 years before (UTC). */
export function auditRetentionCutoff(scheduledAt: number): string {
  const cutoff = new Date(scheduledAt);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - AUDIT_RETENTION_YEARS);
  return cutoff.toISOString();
}

export const purgeExpiredRows: JobHandler<MaintenancePurgeJob> = async (job, { db }) => {
  const scheduledAt = Date.parse(job.scheduledAt);
  switch (job.task) {
    case "rate-limits":
      await db.delete(rateLimits).where(lt(rateLimits.windowStart, scheduledAt - RATE_LIMIT_RETENTION_MS));
      return;
    case "auth-tokens":
      await purgeAuthTokens(db, scheduledAt);
      return;
    case "audit-log":
      await db.delete(auditLog).where(lt(auditLog.createdAt, auditRetentionCutoff(scheduledAt)));
      return;
  }
};
