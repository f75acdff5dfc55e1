import { and, asc, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { TableQuery } from "~/utils/table-query";
import { adminAuditStatement } from "~/admin/audit.server";
import type { Db } from "~/db/client.server";
import { authSessions, mfaFactors, profiles, ROLES, userRoles, users, type Role } from "~/db/schema";

// The admin's user list and role changes (/admin/users): search by email or name, a page at a time,
// and granting or removing a role, each written together with its audit entry.

export const USERS_PAGE_SIZE = 25;

/**
 * Users whose email or name contains the text, ignoring ASCII case (SQLite's lower()). instr()
 * takes the text literally and has no length limit; LIKE has neither (D1 caps patterns at 50 bytes).
 */
function matchesSearch(text: string) {
  return sql`(instr(lower(coalesce(${users.email}, '')), lower(${text})) > 0 OR instr(lower(coalesce(${profiles.firstName}, '') || ' ' || coalesce(${profiles.lastName}, '')), lower(${text})) > 0)`;
}

export type AdminUserRow = {
  id: string;
  email: string | null;
  phone: string | null;
  createdAt: string;
  lastSignInAt: string | null;
  emailConfirmedAt: string | null;
  bannedUntil: string | null;
  firstName: string | null;
  lastName: string | null;
  /** In the order of ROLES. */
  roles: Role[];
};

export const USER_SORTS = ["joined", "email", "lastSignIn"] as const;
export type UserSort = (typeof USER_SORTS)[number];
export const USER_STATUSES = ["active", "disabled"] as const;

/** The users list's query (readTableQuery): search, sort, role and status filters, 25 a page. */
export const USERS_TABLE = {
  sorts: USER_SORTS,
  defaultSort: "joined",
  defaultDirection: "desc",
  filters: { role: ROLES, status: USER_STATUSES },
  pageSize: USERS_PAGE_SIZE,
} as const;

const SORT_COLUMNS = { joined: users.createdAt, email: users.email, lastSignIn: users.lastSignInAt } as const;

/** One page of users matching the query, with their roles, and how many match in all. */
export async function listUsersForAdmin(db: Db, query: TableQuery<UserSort, "role" | "status">): Promise<{ rows: AdminUserRow[]; total: number }> {
  const now = new Date().toISOString();
  const conditions: SQL[] = [];
  if (query.q) conditions.push(matchesSearch(query.q));
  if (query.filters.role)
    conditions.push(sql`EXISTS (SELECT 1 FROM ${userRoles} WHERE ${userRoles.userId} = ${users.id} AND ${userRoles.role} = ${query.filters.role})`);
  if (query.filters.status === "disabled") conditions.push(sql`(${users.bannedUntil} IS NOT NULL AND ${users.bannedUntil} > ${now})`);
  if (query.filters.status === "active") conditions.push(sql`(${users.bannedUntil} IS NULL OR ${users.bannedUntil} <= ${now})`);
  const where = conditions.length ? and(...conditions) : undefined;
  const column = SORT_COLUMNS[query.sort];
  const order = query.direction === "asc" ? asc(column) : desc(column);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: users.id,
        email: users.email,
        phone: users.phone,
        createdAt: users.createdAt,
        lastSignInAt: users.lastSignInAt,
        emailConfirmedAt: users.emailConfirmedAt,
        bannedUntil: users.bannedUntil,
        firstName: profiles.firstName,
        lastName: profiles.lastName,
      })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(where)
      .orderBy(order, users.id)
      .limit(query.pageSize)
      .offset(query.offset),
    db.select({ n: count() }).from(users).leftJoin(profiles, eq(profiles.userId, users.id)).where(where),
  ]);
  const roleRows = rows.length
    ? await db
        .select({ userId: userRoles.userId, role: userRoles.role })
        .from(userRoles)
        .where(
          inArray(
            userRoles.userId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  return {
    rows: rows.map((row) => ({ ...row, roles: ROLES.filter((role) => roleRows.some((r) => r.userId === row.id && r.role === role)) })),
    total: total?.n ?? 0,
  };
}

/** One user for the admin's account page, with roles and how many sessions are live; null when there is none. */
export async function getUserForAdmin(db: Db, id: string): Promise<(AdminUserRow & { liveSessions: number; authenticatorApps: number }) | null> {
  if (id.length > 100) return null;
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      phone: users.phone,
      createdAt: users.createdAt,
      lastSignInAt: users.lastSignInAt,
      emailConfirmedAt: users.emailConfirmedAt,
      bannedUntil: users.bannedUntil,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      roles: sql<string | null>`(SELECT group_concat(${userRoles.role}) FROM ${userRoles} WHERE ${userRoles.userId} = ${users.id})`,
      liveSessions: sql<number>`(SELECT count(*) FROM ${authSessions} WHERE ${authSessions.userId} = ${users.id} AND ${authSessions.revokedAt} IS NULL)`,
      authenticatorApps: sql<number>`(SELECT count(*) FROM ${mfaFactors} WHERE ${mfaFactors.userId} = ${users.id} AND ${mfaFactors.status} = 'verified')`,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, id));
  if (!row) return null;
  const held = row.roles ? row.roles.split(",") : [];
  return { ...row, roles: ROLES.filter((role) => held.includes(role)) };
}

export type RoleChange = { intent: "grant-role" | "revoke-role"; userId: string; role: Role; reason: string };
export type RoleChangeActor = { id: string; ipHash: string | null };

/**
 * Grants or removes a role, with its audit entry in the same batch (both or neither). "missing": no
 * such user; "unchanged": they already had (or didn't have) the role, and nothing was written.
 */
export async function changeUserRole(
  db: Db,
  { intent, userId, role, reason }: RoleChange,
  actor: RoleChangeActor,
): Promise<{ outcome: "missing" } | { outcome: "changed" | "unchanged"; email: string | null }> {
  const target = await db.query.users.findFirst({ columns: { id: true, email: true }, where: eq(users.id, userId) });
  if (!target) return { outcome: "missing" };
  const heldRoles = (await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId))).map((r) => r.role);
  const before = ROLES.filter((r) => heldRoles.includes(r));
  const held = before.includes(role);
  if (intent === "grant-role" ? held : !held) return { outcome: "unchanged", email: target.email };
  const after = intent === "grant-role" ? ROLES.filter((r) => r === role || before.includes(r)) : before.filter((r) => r !== role);
  const entry = {
    actorId: actor.id,
    targetType: "user",
    targetId: userId,
    ipHash: actor.ipHash,
    before: { roles: before },
    after: { roles: after },
    reason,
  };
  await db.batch([
    intent === "grant-role"
      ? db.insert(userRoles).values({ userId, role }).onConflictDoNothing()
      : db.delete(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.role, role))),
    adminAuditStatement(db, { ...entry, action: intent === "grant-role" ? "role_granted" : "role_revoked" }),
  ]);
  return { outcome: "changed", email: target.email };
}
