import { and, eq, inArray, isNull } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { adminAuditStatement } from "~/admin/audit.server";
import type { Db } from "~/db/client.server";
import { authSessions, mfaFactors, refreshTokens, users } from "~/db/schema";
import { forgetLiveSessions } from "./token-sessions.server";

// What an admin does to another person's account (/admin/users): end every session, disable the
// account (and enable it again), remove two-step verification for someone who lost their
// authenticator app. Each change is written in one batch with its audit entry.
//
// Ending a session revokes its auth session and refresh tokens in D1 and drops its live-session
// record from KV: access tokens stop working at once (authenticate reads KV), refresh tokens are
// refused, and every web session ends on its next request (loadViewer only accepts a live auth
// session). The web session records themselves expire on their own TTL; they hold nothing usable.
//
// Disabling is GoTrue's ban: banned_until far in the future (GoTrue's "876000h", a century), with
// every session ended, so sign-in answers "User is banned" as it does for a banned user today.

/** GoTrue's longest ban (876000 hours): effectively for good, until an admin enables the account. */
const BAN_MS = 876_000 * 3600_000;

export type AccountAdmin = { id: string; ipHash: string | null };

export type AccountOutcome = { outcome: "missing" } | { outcome: "self" } | { outcome: "unchanged" | "changed"; sessions: number };

async function liveSessionIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: authSessions.id })
    .from(authSessions)
    .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)));
  return rows.map((row) => row.id);
}

function revokeStatements(db: Db, ids: string[], at: string): BatchItem<"sqlite">[] {
  if (!ids.length) return [];
  return [
    db
      .update(authSessions)
      .set({ revokedAt: at, updatedAt: at })
      .where(and(inArray(authSessions.id, ids), isNull(authSessions.revokedAt))),
    db
      .update(refreshTokens)
      .set({ revokedAt: at })
      .where(and(inArray(refreshTokens.sessionId, ids), isNull(refreshTokens.revokedAt))),
  ];
}

/** Ends every session of the user, everywhere. */
export async function signOutEverywhere(
  db: Db,
  sessions: KVNamespace,
  userId: string,
  admin: AccountAdmin,
  { reason, now = new Date() }: { reason?: string; now?: Date } = {},
): Promise<AccountOutcome> {
  const user = await db.query.users.findFirst({ columns: { id: true }, where: eq(users.id, userId) });
  if (!user) return { outcome: "missing" };
  const ids = await liveSessionIds(db, userId);
  await db.batch([
    adminAuditStatement(db, {
      action: "user_signed_out_everywhere",
      actorId: admin.id,
      targetType: "user",
      targetId: userId,
      before: { liveSessions: ids.length },
      after: { liveSessions: 0 },
      reason,
      ipHash: admin.ipHash,
    }),
    ...revokeStatements(db, ids, now.toISOString()),
  ]);
  await forgetLiveSessions(sessions, ids);
  return { outcome: ids.length ? "changed" : "unchanged", sessions: ids.length };
}

function isBanned(bannedUntil: string | null, now: Date) {
  return Boolean(bannedUntil && Date.parse(bannedUntil) > now.getTime());
}

/** Disables (bans) the account and ends every session; an admin can't disable themselves. */
export async function disableUser(
  db: Db,
  sessions: KVNamespace,
  userId: string,
  admin: AccountAdmin,
  { reason, now = new Date() }: { reason: string; now?: Date },
): Promise<AccountOutcome> {
  if (userId === admin.id) return { outcome: "self" };
  const user = await db.query.users.findFirst({ columns: { id: true, bannedUntil: true }, where: eq(users.id, userId) });
  if (!user) return { outcome: "missing" };
  const ids = await liveSessionIds(db, userId);
  const already = isBanned(user.bannedUntil, now);
  if (already && !ids.length) return { outcome: "unchanged", sessions: 0 };
  const at = now.toISOString();
  const bannedUntil = already ? user.bannedUntil! : new Date(now.getTime() + BAN_MS).toISOString();
  await db.batch([
    db.update(users).set({ bannedUntil, updatedAt: at }).where(eq(users.id, userId)),
    ...revokeStatements(db, ids, at),
    adminAuditStatement(db, {
      action: "user_disabled",
      actorId: admin.id,
      targetType: "user",
      targetId: userId,
      before: { disabled: already, liveSessions: ids.length },
      after: { disabled: true, bannedUntil, liveSessions: 0 },
      reason,
      ipHash: admin.ipHash,
    }),
  ]);
  await forgetLiveSessions(sessions, ids);
  return { outcome: "changed", sessions: ids.length };
}

/** Enables a disabled account: the person can sign in again (their old sessions stay ended). */
export async function enableUser(db: Db, userId: string, admin: AccountAdmin, { reason, now = new Date() }: { reason?: string; now?: Date } = {}) {
  const user = await db.query.users.findFirst({ columns: { id: true, bannedUntil: true }, where: eq(users.id, userId) });
  if (!user) return { outcome: "missing" } as const;
  if (!user.bannedUntil) return { outcome: "unchanged" } as const;
  await db.batch([
    db.update(users).set({ bannedUntil: null, updatedAt: now.toISOString() }).where(eq(users.id, userId)),
    adminAuditStatement(db, {
      action: "user_enabled",
      actorId: admin.id,
      targetType: "user",
      targetId: userId,
      before: { disabled: isBanned(user.bannedUntil, now), bannedUntil: user.bannedUntil },
      after: { disabled: false, bannedUntil: null },
      reason,
      ipHash: admin.ipHash,
    }),
  ]);
  return { outcome: "changed" } as const;
}

export type TwoStepOutcome =
  { outcome: "missing" } | { outcome: "self" } | { outcome: "unchanged" } | { outcome: "changed"; factors: number; sessions: number; email: string | null };

/**
 * Removes every authenticator app of the user (their challenges go with them) and ends every session,
 * for someone who lost the phone with the app: they sign in with their password and set it up again.
 * An admin can't do it to themselves (another admin must, as with disabling).
 */
export async function removeTwoStep(
  db: Db,
  sessions: KVNamespace,
  userId: string,
  admin: AccountAdmin,
  { reason, now = new Date() }: { reason: string; now?: Date },
): Promise<TwoStepOutcome> {
  if (userId === admin.id) return { outcome: "self" };
  const user = await db.query.users.findFirst({ columns: { id: true, email: true }, where: eq(users.id, userId) });
  if (!user) return { outcome: "missing" };
  const factors = await db.select({ id: mfaFactors.id }).from(mfaFactors).where(eq(mfaFactors.userId, userId));
  if (!factors.length) return { outcome: "unchanged" };
  const ids = await liveSessionIds(db, userId);
  await db.batch([
    db.delete(mfaFactors).where(eq(mfaFactors.userId, userId)),
    ...revokeStatements(db, ids, now.toISOString()),
    adminAuditStatement(db, {
      action: "user_two_step_removed",
      actorId: admin.id,
      targetType: "user",
      targetId: userId,
      before: { authenticatorApps: factors.length, liveSessions: ids.length },
      after: { authenticatorApps: 0, liveSessions: 0 },
      reason,
      ipHash: admin.ipHash,
    }),
  ]);
  await forgetLiveSessions(sessions, ids);
  return { outcome: "changed", factors: factors.length, sessions: ids.length, email: user.email };
}
