import { count, desc, eq, gte } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Db } from "~/db/client.server";
import { auditLog, userRoles, users } from "~/db/schema";

// What the admin area reads of accounts and the audit log: the overview's counts and the audit
// log's pages (who did what to whom, newest first). Writes go through app/auth/audit.server.ts.

export const AUDIT_PAGE_SIZE = 50;

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

/** One page of the audit log (optionally one action only), the actions it holds, and how many entries match. */
export async function listAuditLog(db: Db, { page, action }: { page: number; action: string }) {
  const actor = alias(users, "actor");
  const target = alias(users, "target");
  const where = action ? eq(auditLog.action, action) : undefined;
  const [rows, [total], actions] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        action: auditLog.action,
        createdAt: auditLog.createdAt,
        actorId: auditLog.actorId,
        actorEmail: actor.email,
        targetId: auditLog.targetId,
        targetEmail: target.email,
        detail: auditLog.detail,
      })
      .from(auditLog)
      .leftJoin(actor, eq(actor.id, auditLog.actorId))
      .leftJoin(target, eq(target.id, auditLog.targetId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((page - 1) * AUDIT_PAGE_SIZE),
    db.select({ n: count() }).from(auditLog).where(where),
    db.selectDistinct({ action: auditLog.action }).from(auditLog).orderBy(auditLog.action),
  ]);
  return { rows, total: total?.n ?? 0, actions: actions.map((a) => a.action) };
}
