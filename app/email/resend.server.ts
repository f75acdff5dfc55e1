import { and, eq } from "drizzle-orm";
import { adminAuditStatement } from "~/admin/audit.server";
import type { Db } from "~/db/client.server";
import { emailOutbox, failedJobs } from "~/db/schema";
import { replayFailedJob } from "~/jobs/failed-jobs.server";
import type { AppEnv } from "~/platform/env.server";
import type { EmailSendJob } from "./jobs";
import { outboxInsert, parseAttachments } from "./outbox.server";

// An admin sends an email from the outbox again (/admin/outbox/$id, /admin/attention):
// - one that failed (still "pending", its delivery job dead-lettered) has that job replayed: the same
//   row is delivered, so the provider's idempotency key (the outbox id) still prevents a double send;
// - one that was sent (or kept in the outbox) is copied to a new row and delivered, for a recipient
//   who lost it. The copy has a dedupe key of its own, so it is a second email on purpose.
// Marketing mail to an address that unsubscribed ("suppressed") is never sent again.

export type ResendOutcome =
  | { outcome: "resent"; outboxId: string }
  | { outcome: "replayed"; outboxId: string }
  | { outcome: "not-found" | "suppressed" | "in-flight" | "already-resolved" };

export async function resendOutboxEmail(
  db: Db,
  env: Pick<AppEnv, "EMAIL_API_KEY" | "EMAIL_PROVIDER">,
  jobs: Queue,
  id: string,
  admin: { id: string; ipHash: string | null },
  now = new Date(),
): Promise<ResendOutcome> {
  if (id.length > 100) return { outcome: "not-found" };
  const row = await db.query.emailOutbox.findFirst({ where: eq(emailOutbox.id, id) });
  if (!row) return { outcome: "not-found" };
  if (row.status === "suppressed") return { outcome: "suppressed" };
  if (row.status === "pending") {
    const failed = await db.query.failedJobs.findFirst({
      columns: { id: true },
      where: and(eq(failedJobs.outboxId, row.id), eq(failedJobs.status, "failed")),
    });
    // Still on its way (queued or retrying): sending it twice would only race the first.
    if (!failed) return { outcome: "in-flight" };
    // The replay is audited with it (failed_job_replayed).
    const replayed = await replayFailedJob(db, jobs, failed.id, admin.id, admin.ipHash, now);
    if (replayed !== "replayed") return { outcome: "already-resolved" };
    return { outcome: "replayed", outboxId: row.id };
  }
  const copyId = crypto.randomUUID();
  await db.batch([
    outboxInsert(
      db,
      env,
      {
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody ?? undefined,
        category: row.category,
        attachments: parseAttachments(row.attachments),
        dedupeKey: `resend:${row.id}:${copyId}`,
      },
      copyId,
    ),
    adminAuditStatement(db, {
      action: "email_resent",
      actorId: admin.id,
      targetType: "email",
      targetId: row.id,
      before: { status: row.status, copy: null },
      after: { status: row.status, copy: copyId },
      ipHash: admin.ipHash,
    }),
  ]);
  await jobs.send({ type: "email.send", version: 1, outboxId: copyId } satisfies EmailSendJob);
  return { outcome: "resent", outboxId: copyId };
}
