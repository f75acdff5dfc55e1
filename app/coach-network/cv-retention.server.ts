import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { auditStatement } from "~/auth/audit.server";
import type { AppContext } from "~/context.server";
import { coachApplications } from "~/db/schema";
import { CV_RETENTION_DAYS } from "./applications";

// An applicant's CV is needed while their application is open and for a while after it closes
// (questions, a complaint, a second application). CV_RETENTION_DAYS after an application was
// rejected or withdrawn, the daily cron deletes the file from UPLOADS; the row keeps the file's name
// (the admin page says the CV was deleted) and an audit entry records when and why.

const DAY_MS = 86_400_000;
const BATCH = 200;

/** Deletes the CVs of applications closed (rejected or withdrawn) more than CV_RETENTION_DAYS before `now`; how many went. */
export async function deleteExpiredApplicationCvs(context: Pick<AppContext, "db" | "services">, now: Date): Promise<number> {
  const { db } = context;
  const cutoff = new Date(now.getTime() - CV_RETENTION_DAYS * DAY_MS).toISOString();
  // When the application reached its current status: its latest history entry to that status.
  const closedAt = sql<string>`coalesce((SELECT max(e.created_at) FROM coach_application_events e
    WHERE e.application_id = ${coachApplications.id} AND e.to_status = ${coachApplications.status}), ${coachApplications.updatedAt})`;
  let deleted = 0;
  for (;;) {
    const due = await db
      .select({ id: coachApplications.id, cvKey: coachApplications.cvKey })
      .from(coachApplications)
      .where(and(inArray(coachApplications.status, ["rejected", "withdrawn"]), isNotNull(coachApplications.cvKey), sql`${closedAt} <= ${cutoff}`))
      .limit(BATCH);
    if (!due.length) return deleted;
    // The files first: should the rows' update fail, the next run deletes nothing twice and tries again.
    await context.services.storage.delete(due.map((row) => row.cvKey!));
    const statements: BatchItem<"sqlite">[] = due.flatMap((row) => [
      db
        .update(coachApplications)
        .set({ cvKey: null, cvType: null, cvSize: null })
        .where(and(eq(coachApplications.id, row.id), eq(coachApplications.cvKey, row.cvKey!))),
      auditStatement(db, {
        action: "coach_application_cv_deleted",
        id: `coach-application:${row.id}:cv-deleted`,
        detail: { applicationId: row.id, reason: "retention", retentionDays: CV_RETENTION_DAYS },
      }),
    ]);
    await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
    deleted += due.length;
    if (due.length < BATCH) return deleted;
  }
}
