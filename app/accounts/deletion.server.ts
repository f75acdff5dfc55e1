import { eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { getTableConfig, type SQLiteTable } from "drizzle-orm/sqlite-core";
import { coachCalendarCounts } from "~/booking/bookings.server";
import { BUSINESS } from "~/content/business";
import { auditLog, authSessions, users } from "~/db/schema";
import type { Erasure, UserDataContext, UserDataEntry } from "./user-data-entry.server";
import { USER_DATA } from "./user-data-registry.server";

/**
 * Why this account can't delete itself, or null when it can. A coach's sessions belong to their
 * clients' records too (bookings keep the coach, ON DELETE RESTRICT): the team hands upcoming
 * sessions over and closes a coach's account, removing their personal details, on request.
 */
export async function accountDeletionBlocker({ db }: UserDataContext, userId: string): Promise<string | null> {
  const { total, upcoming } = await coachCalendarCounts(db, userId);
  if (total === 0) return null;
  const sessions = upcoming === 1 ? "1 upcoming coaching session" : `${upcoming} upcoming coaching sessions`;
  const first =
    upcoming > 0
      ? `You have ${sessions} with clients, and your past sessions are part of their records.`
      : "Your past coaching sessions are part of your clients' records.";
  return `${first} A coach account can't be deleted here: email ${BUSINESS.email} and we'll hand your sessions over, close your account and remove your personal details.`;
}

type Eraser = Extract<UserDataEntry["erase"], (...args: never[]) => unknown>;

/** The names of every table this one references, directly or through others. */
function referencedTables(table: SQLiteTable, found = new Set<string>()): Set<string> {
  for (const fk of getTableConfig(table).foreignKeys) {
    const parent = fk.reference().foreignTable;
    const name = getTableConfig(parent).name;
    if (found.has(name)) continue;
    found.add(name);
    referencedTables(parent, found);
  }
  return found;
}

/**
 * The entries that erase with statements, in the order the statements run: an entry for a table
 * runs before those for the tables it references (lead_activities before leads; everything before
 * the users row, which goes last), so no statement finds its rows already deleted, or unlinked by an
 * ON DELETE SET NULL; otherwise in the registry's order.
 */
export function erasureOrder(entries: UserDataEntry[] = USER_DATA): { table: SQLiteTable; erase: Eraser }[] {
  const pending = entries.flatMap((entry) => (typeof entry.erase === "function" ? [{ table: entry.table, erase: entry.erase }] : []));
  const ordered: typeof pending = [];
  while (pending.length) {
    // The first entry that no other pending entry's table references.
    const next = pending.findIndex((candidate) => {
      const name = getTableConfig(candidate.table).name;
      return !pending.some((other) => other !== candidate && referencedTables(other.table).has(name));
    });
    if (next === -1) throw new Error(`user data: the erasures of ${pending.map((p) => getTableConfig(p.table).name).join(", ")} reference each other`);
    ordered.push(...pending.splice(next, 1));
  }
  return ordered;
}

/**
 * Deletes the account in one D1 batch (all or nothing). Each table a domain registers is erased as
 * it declares: most cascade from the users row; enquiries are anonymised, emails to the user deleted,
 * and audit rows (ids only) lose the address hash. Returns the ids of the user's auth sessions, so
 * the caller can drop them from KV.
 */
export async function deleteUserData(context: UserDataContext, userId: string): Promise<{ sessionIds: string[] } | null> {
  const { db } = context;
  const user = await db.query.users.findFirst({ where: eq(users.id, userId) });
  if (!user) return null;
  const [sessions, erasures] = await Promise.all([
    db.select({ id: authSessions.id }).from(authSessions).where(eq(authSessions.userId, userId)),
    Promise.all(erasureOrder().map(({ erase }): Promise<Erasure> => erase(context, user))),
  ]);
  // Non-empty (db.batch's type asks for that): the users row and the audit entry always follow.
  const [first, ...rest]: BatchItem<"sqlite">[] = [
    ...erasures.flatMap((erasure) => erasure.statements),
    db.delete(users).where(eq(users.id, userId)),
    db.insert(auditLog).values({
      id: crypto.randomUUID(),
      action: "user_deleted",
      actorId: userId,
      targetId: userId,
      detail: JSON.stringify(Object.assign({}, ...erasures.map((erasure) => erasure.auditDetail))),
    }),
  ];
  await db.batch([first!, ...rest]);
  return { sessionIds: sessions.map((s) => s.id) };
}
