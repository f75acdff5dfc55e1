import { eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "~/db/client.server";
import { coachCalendarCounts } from "~/booking/bookings.server";
import { BUSINESS } from "~/content/business";
import { auditLog, authSessions, users } from "~/db/schema";
import { type Erasure, USER_DATA } from "./user-data.server";

// Tables that cascade from the users row need no statement of their own.
const NOTHING: Erasure = { statements: [] };

/**
 * Why this account can't delete itself, or null when it can. A coach's sessions belong to their
 * clients' records too (bookings keep the coach, ON DELETE RESTRICT): the team hands upcoming
 * sessions over and closes a coach's account, removing their personal details, on request.
 */
export async function accountDeletionBlocker(db: Db, userId: string): Promise<string | null> {
  const { total, upcoming } = await coachCalendarCounts(db, userId);
  if (total === 0) return null;
  const sessions = upcoming === 1 ? "1 upcoming coaching session" : `${upcoming} upcoming coaching sessions`;
  const first =
    upcoming > 0
      ? `You have ${sessions} with clients, and your past sessions are part of their records.`
      : "Your past coaching sessions are part of your clients' records.";
  return `${first} A coach account can't be deleted here: email ${BUSINESS.email} and we'll hand your sessions over, close your account and remove your personal details.`;
}

/**
 * Deletes the account in one D1 batch (all or nothing). Each table in USER_DATA is erased as it
 * declares: most cascade from the users row; enquiries are anonymised, emails to the user deleted,
 * and audit rows (ids only) lose the address hash. Returns the ids of the user's auth sessions, so
 * the caller can drop them from KV.
 */
export async function deleteUserData(db: Db, userId: string): Promise<{ sessionIds: string[] } | null> {
  const user = await db.query.users.findFirst({ where: eq(users.id, userId) });
  if (!user) return null;
  const [sessions, erasures] = await Promise.all([
    db.select({ id: authSessions.id }).from(authSessions).where(eq(authSessions.userId, userId)),
    Promise.all(USER_DATA.map((source) => (typeof source.erase === "function" ? source.erase(db, user) : NOTHING))),
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
