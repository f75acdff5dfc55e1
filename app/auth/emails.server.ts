import { and, gte, lt } from "drizzle-orm";
import { deliverOutboxEmail, enqueueEmail, outboxInsert, type OutgoingEmail } from "~/email/outbox.server";
import type { Db } from "~/db/client.server";
import { emailOutbox } from "~/db/schema";
import type { AppEnv } from "~/platform/env.server";
import type { AuthContext } from "./context.server";

/** An auth email or text message, composed (composeEmail / textMessage in ~/email/compose.server). */
export type QueuedEmail = OutgoingEmail;

/**
 * Writes an email to the outbox ("pending") and enqueues its delivery: the queue consumer sends it
 * through the provider, or marks it "stored" when none is configured. The dedupe key makes it at
 * most once.
 */
export function queueEmail(ctx: Pick<AuthContext, "db" | "env" | "appEnv">, email: QueuedEmail) {
  return enqueueEmail(ctx.db, ctx.appEnv, ctx.env.JOBS, email);
}

/**
 * For work already running in a queue job: records the emails in the outbox in one batch (all or
 * none, once per dedupe key) and delivers them. A provider failure throws, so the job is retried;
 * resumeEmails then finds the recorded rows and delivers those still pending.
 */
export async function sendEmailsNow(db: Db, appEnv: AppEnv, emails: QueuedEmail[], fetcher: typeof fetch) {
  const ids = emails.map(() => crypto.randomUUID());
  const [first, ...rest] = emails.map((email, i) => outboxInsert(db, appEnv, email, ids[i]));
  if (!first) return;
  await db.batch([first, ...rest]);
  for (const id of ids) await deliverOutboxEmail(db, appEnv, id, fetcher);
}

/**
 * Delivers what an earlier run of a job recorded under dedupe keys starting with `prefix`. Returns
 * whether it had recorded anything, i.e. whether the job's work is already done.
 */
export async function resumeEmails(db: Db, appEnv: AppEnv, prefix: string, fetcher: typeof fetch) {
  const rows = await db
    .select({ id: emailOutbox.id, status: emailOutbox.status })
    .from(emailOutbox)
    .where(and(gte(emailOutbox.dedupeKey, prefix), lt(emailOutbox.dedupeKey, `${prefix}\uffff`)));
  for (const row of rows) if (row.status === "pending") await deliverOutboxEmail(db, appEnv, row.id, fetcher);
  return rows.length > 0;
}
