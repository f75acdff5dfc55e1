import { eq, or, sql } from "drizzle-orm";
import type { DataSubject, UserDataEntry } from "~/accounts/user-data-entry.server";
import { failedJobs } from "~/db/schema";

// Jobs about the user: their message carries the user id (e.g. the welcome email).
function failedJobsAbout(user: DataSubject) {
  return sql`CASE WHEN json_valid(${failedJobs.body}) THEN json_extract(${failedJobs.body}, '$.userId') END = ${user.id}`;
}

/** Failed jobs about the user, or resolved by them as an admin: what export and deletion do with them. */
export const PLATFORM_USER_DATA: UserDataEntry[] = [
  {
    table: failedJobs,
    export: {
      key: "failedJobs",
      read: ({ db }, user) =>
        db
          .select({ id: failedJobs.id, type: failedJobs.type, status: failedJobs.status, recordedAt: failedJobs.recordedAt, resolvedAt: failedJobs.resolvedAt })
          .from(failedJobs)
          .where(or(failedJobsAbout(user), eq(failedJobs.resolvedBy, user.id))),
    },
    // A failed job about the user goes (its message may hold their name and address); resolved_by
    // is set to NULL by its foreign key.
    erase: async ({ db }, user) => ({ statements: [db.delete(failedJobs).where(failedJobsAbout(user))] }),
  },
];
