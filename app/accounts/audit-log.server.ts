import { count, desc, gte } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { auditLog, userRoles, users } from "~/db/schema";

// What the admin area reads of accounts and the audit log: the overview's counts. The audit log's
// pages are app/admin/audit-log.server.ts; writes go through app/auth/audit.server.ts.

/** The overview's figures: users, coaches and admins, audit entries in the last day and the latest five. */
export async function accountsOverview(db: Db, now: Date = new Date()) {
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString();
  const [[userCount], roleCounts, [auditToday], latest] = await Promise.all([
    db.select({ n: count() }).from(users),
    db.select({ role: userRoles.role, n: count() }).from(userRoles).groupBy(userRoles.role),
    db.select({ n: count() }).from(auditLog).where(gte(auditLog.createdAt, dayAgo)),
    db.select({ action: auditLog.action, createdAt: auditLog.createdAt }).from(auditLog).orderBy(desc(auditLog.createdAt)).limit(5),
  ]);
  const roles = Object.fromEntries(roleCounts.map((r) => [r.role, r.n]));
  return { users: userCount?.n ?? 0, coaches: roles.coach ?? 0, admins: roles.admin ?? 0, auditToday: auditToday?.n ?? 0, latest };
}
