import { eq, or } from "drizzle-orm";
import type { DataSubject, UserDataEntry } from "~/accounts/user-data-entry.server";
import { auditLog, authSessions, flowStates, identities, mfaChallenges, mfaFactors, oneTimeTokens, refreshTokens, userRoles, users } from "~/db/schema";
import { parseStoredJson } from "~/utils/stored-json";

// Audit rows hold ids only: the user's are those they did or that were done to them.
function auditOf(user: DataSubject) {
  return or(eq(auditLog.actorId, user.id), eq(auditLog.targetId, user.id));
}

/** The account, its sign-in methods and sessions, and the audit trail: what export and deletion do with them. */
export const AUTH_USER_DATA: UserDataEntry[] = [
  {
    table: users,
    export: {
      key: "user",
      read: async (_context, { passwordHash: _passwordHash, userMetadata, appMetadata, ...account }) => ({
        ...account,
        userMetadata: parseStoredJson(userMetadata),
        appMetadata: parseStoredJson(appMetadata),
      }),
    },
    erase: "account",
  },
  {
    table: userRoles,
    export: {
      key: "roles",
      read: ({ db }, user) => db.select({ role: userRoles.role, createdAt: userRoles.createdAt }).from(userRoles).where(eq(userRoles.userId, user.id)),
    },
    erase: "cascade",
  },
  {
    table: identities,
    export: {
      key: "identities",
      read: async ({ db }, user) =>
        (await db.select().from(identities).where(eq(identities.userId, user.id))).map((row) => ({ ...row, identityData: parseStoredJson(row.identityData) })),
    },
    erase: "cascade",
  },
  {
    table: mfaFactors,
    // Without the TOTP secret and the last accepted step.
    export: {
      key: "factors",
      read: ({ db }, user) =>
        db
          .select({
            id: mfaFactors.id,
            friendlyName: mfaFactors.friendlyName,
            factorType: mfaFactors.factorType,
            status: mfaFactors.status,
            phone: mfaFactors.phone,
            lastChallengedAt: mfaFactors.lastChallengedAt,
            createdAt: mfaFactors.createdAt,
            updatedAt: mfaFactors.updatedAt,
          })
          .from(mfaFactors)
          .where(eq(mfaFactors.userId, user.id)),
    },
    erase: "cascade",
  },
  {
    table: authSessions,
    export: {
      key: "sessions",
      read: async ({ db }, user) =>
        (await db.select().from(authSessions).where(eq(authSessions.userId, user.id))).map((row) => ({ ...row, amr: parseStoredJson(row.amr) })),
    },
    erase: "cascade",
  },
  {
    table: auditLog,
    export: {
      key: "auditLog",
      read: async ({ db }, user) =>
        (await db.select().from(auditLog).where(auditOf(user)).orderBy(auditLog.createdAt)).map((row) => ({ ...row, detail: parseStoredJson(row.detail) })),
    },
    // The trail stays (ids only); it loses the address hash.
    erase: async ({ db }, user) => ({ statements: [db.update(auditLog).set({ ipHash: null }).where(auditOf(user))] }),
  },
  // Secrets and short-lived sign-in state: never exported, gone with the account.
  { table: refreshTokens, erase: "cascade" },
  { table: mfaChallenges, erase: "cascade" },
  { table: oneTimeTokens, erase: "cascade" },
  { table: flowStates, erase: "cascade" },
];
