import { and, asc, eq, isNotNull, or } from "drizzle-orm";
import type { UserDataEntry } from "~/accounts/user-data-entry.server";
import type { AppContext } from "~/context.server";
import { coachApplicationEvents, coachApplicationNotes, coachApplications } from "~/db/schema";

// What coach applications keep about a person: the applications they made (by the account they
// became, or by their address), with each one's status history. Deleting the account deletes them
// (their notes and history go with them); notes and history entries an admin wrote about someone
// else's application stay, without the admin's id (ON DELETE SET NULL).

const ofPerson = (user: { id: string; email: string | null }) =>
  user.email ? or(eq(coachApplications.userId, user.id), eq(coachApplications.email, user.email.toLowerCase())) : eq(coachApplications.userId, user.id);

/**
 * Before an account's deletion: the CVs of the person's applications leave the UPLOADS bucket (the
 * rows go in the deletion's batch, below). A failure here leaves the account as it was, to try again.
 */
export async function deleteApplicationCvsOf(context: Pick<AppContext, "db" | "services">, user: { id: string; email: string | null }): Promise<number> {
  const rows = await context.db
    .select({ cvKey: coachApplications.cvKey })
    .from(coachApplications)
    .where(and(ofPerson(user), isNotNull(coachApplications.cvKey)));
  const keys = rows.map((row) => row.cvKey!);
  if (keys.length) await context.services.storage.delete(keys);
  return keys.length;
}

export const COACH_APPLICATIONS_USER_DATA: UserDataEntry[] = [
  {
    table: coachApplications,
    export: {
      key: "coachApplications",
      read: async ({ db }, user) => {
        const applications = await db.select().from(coachApplications).where(ofPerson(user)).orderBy(asc(coachApplications.submittedAt));
        return Promise.all(
          applications.map(async (application) => ({
            ...application,
            history: await db
              .select({
                from: coachApplicationEvents.fromStatus,
                to: coachApplicationEvents.toStatus,
                reason: coachApplicationEvents.reason,
                at: coachApplicationEvents.createdAt,
              })
              .from(coachApplicationEvents)
              .where(eq(coachApplicationEvents.applicationId, application.id))
              .orderBy(asc(coachApplicationEvents.createdAt)),
          })),
        );
      },
    },
    erase: async ({ db }, user) => {
      const rows = await db.select({ id: coachApplications.id }).from(coachApplications).where(ofPerson(user));
      if (!rows.length) return { statements: [] };
      return { statements: [db.delete(coachApplications).where(ofPerson(user))], auditDetail: { coach_applications_deleted: rows.length } };
    },
  },
  {
    table: coachApplicationNotes,
    erase: { keep: "The team's notes on an application belong to that application (deleted with it); an author's id is cleared when their account goes." },
  },
  {
    table: coachApplicationEvents,
    erase: {
      keep: "An application's status history belongs to that application (deleted with it); the id of the admin who made a change is cleared when their account goes.",
    },
  },
];
