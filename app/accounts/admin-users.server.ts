import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import { auditStatement } from "~/auth/audit.server";
import type { Db } from "~/db/client.server";
import { profiles, ROLES, userRoles, users, type Role } from "~/db/schema";

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
  firstName: string | null;
  lastName: string | null;
  /** In the order of ROLES. */
  roles: Role[];
};

/** One page of users (newest first) matching the search, with their roles, and how many match in all. */
export async function listUsersForAdmin(db: Db, { q, page }: { q: string; page: number }): Promise<{ rows: AdminUserRow[]; total: number }> {
  const where = q ? matchesSearch(q) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: users.id,
        email: users.email,
        phone: users.phone,
        createdAt: users.createdAt,
        lastSignInAt: users.lastSignInAt,
        emailConfirmedAt: users.emailConfirmedAt,
        firstName: profiles.firstName,
        lastName: profiles.lastName,
      })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(where)
      .orderBy(desc(users.createdAt), users.id)
      .limit(USERS_PAGE_SIZE)
      .offset((page - 1) * USERS_PAGE_SIZE),
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

export type RoleChange = { intent: "grant-role" | "revoke-role"; userId: string; role: Role };
export type RoleChangeActor = { id: string; ipHash: string | null };

/**
 * Grants or removes a role, with its audit entry in the same batch (both or neither). "missing": no
 * such user; "unchanged": they already had (or didn't have) the role, and nothing was written.
 */
export async function changeUserRole(
  db: Db,
  { intent, userId, role }: RoleChange,
  actor: RoleChangeActor,
): Promise<{ outcome: "missing" } | { outcome: "changed" | "unchanged"; email: string | null }> {
  const target = await db.query.users.findFirst({ columns: { id: true, email: true }, where: eq(users.id, userId) });
  if (!target) return { outcome: "missing" };
  const held = await db.query.userRoles.findFirst({ where: and(eq(userRoles.userId, userId), eq(userRoles.role, role)) });
  const entry = { actorId: actor.id, targetId: userId, ipHash: actor.ipHash, detail: { role } };
  if (intent === "grant-role") {
    if (held) return { outcome: "unchanged", email: target.email };
    await db.batch([db.insert(userRoles).values({ userId, role }).onConflictDoNothing(), auditStatement(db, { ...entry, action: "role_granted" })]);
    return { outcome: "changed", email: target.email };
  }
  if (!held) return { outcome: "unchanged", email: target.email };
  await db.batch([
    db.delete(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.role, role))),
    auditStatement(db, { ...entry, action: "role_revoked" }),
  ]);
  return { outcome: "changed", email: target.email };
}
