import { and, desc, eq, isNull } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { authSessions, mfaFactors, users } from "~/db/schema";

// What a signed-in user's security settings show of their own account: whether it has a password,
// its authenticator apps, and the sessions still signed in to it.

/** The account's password hash, or null when it signs in without one (a link or a provider). */
export async function passwordHashOf(db: Db, userId: string): Promise<string | null> {
  const account = await db.query.users.findFirst({ columns: { passwordHash: true }, where: eq(users.id, userId) });
  return account?.passwordHash ?? null;
}

/** The user's authenticator apps and other factors, oldest first. */
export async function factorsOf(db: Db, userId: string) {
  return db
    .select({
      id: mfaFactors.id,
      type: mfaFactors.factorType,
      status: mfaFactors.status,
      friendlyName: mfaFactors.friendlyName,
      createdAt: mfaFactors.createdAt,
    })
    .from(mfaFactors)
    .where(eq(mfaFactors.userId, userId))
    .orderBy(mfaFactors.createdAt);
}

/** The user's sessions not signed out, newest first (at most 50). */
export async function liveSessionsOf(db: Db, userId: string) {
  return db
    .select({
      id: authSessions.id,
      createdAt: authSessions.createdAt,
      refreshedAt: authSessions.refreshedAt,
      userAgent: authSessions.userAgent,
      aal: authSessions.aal,
    })
    .from(authSessions)
    .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)))
    .orderBy(desc(authSessions.createdAt))
    .limit(50);
}
