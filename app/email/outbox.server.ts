import { and, eq, isNull, lt, notExists, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { emailOutbox, failedJobs, outboxRequeues } from "~/db/schema";
import { PermanentJobError } from "~/jobs/handler.server";
import type { AppEnv } from "~/platform/env.server";
import type { EmailSendJob } from "./jobs";
import { emailProvider, type EmailAttachment, type EmailMessage } from "./provider.server";
import type { EmailCategory } from "./templates/define";
import { isSuppressed, unsubscribeUrl } from "./unsubscribe.server";

/** An email as the outbox records it; composeEmail (compose.server.tsx) builds one from a template. */
export type OutgoingEmail = {
  // Identifies the email across retries: recording the same dedupeKey twice has one effect.
  dedupeKey: string;
  to: string;
  subject: string;
  text: string;
  // The HTML part; null for a text message.
  html?: string | null;
  // "transactional" when left out.
  category?: EmailCategory;
  // Files sent with the email, e.g. a calendar invitation (content as text).
  attachments?: EmailAttachment[];
};

export type { EmailAttachment };

export type OutboxRow = typeof emailOutbox.$inferSelect;

/** The settings that decide where recorded email goes: the provider's name is kept on the row. */
type ProviderChoice = Pick<AppEnv, "EMAIL_API_KEY" | "EMAIL_PROVIDER">;

// Text messages share the outbox (the `to` address is "sms:<phone>"). No SMS provider is wired
// up yet, so they are never handed to the email provider: the outbox row is their delivery.
export const SMS_ADDRESS_PREFIX = "sms:";

/**
 * The statement that writes an email to the outbox as "pending", once per dedupe key (a key
 * recorded before makes it a no-op). A statement, so callers can put several in one batch.
 */
export function outboxInsert(db: Db, env: ProviderChoice, email: OutgoingEmail, id: string = crypto.randomUUID()) {
  return db
    .insert(emailOutbox)
    .values({
      id,
      dedupeKey: email.dedupeKey,
      toAddress: email.to,
      subject: email.subject,
      textBody: email.text,
      htmlBody: email.html ?? null,
      category: email.category ?? "transactional",
      attachments: email.attachments?.length ? JSON.stringify(email.attachments) : null,
      status: "pending",
      provider: env.EMAIL_API_KEY ? env.EMAIL_PROVIDER : "outbox",
    })
    .onConflictDoNothing({ target: emailOutbox.dedupeKey });
}

/** Writes an email to the outbox (see outboxInsert). Returns the new row's id, or null when the key was recorded before. */
export async function insertOutboxEmail(db: Db, env: ProviderChoice, email: OutgoingEmail): Promise<string | null> {
  const [row] = await outboxInsert(db, env, email).returning({ id: emailOutbox.id });
  return row?.id ?? null;
}

/**
 * Writes an email to the outbox and enqueues its delivery (an email.send job), for work outside a
 * queue job. Returns the new row's id, or null when the dedupe key was recorded before (nothing
 * is enqueued then: the first recording's job delivers it).
 */
export async function enqueueEmail(db: Db, env: ProviderChoice, jobs: Queue, email: OutgoingEmail): Promise<string | null> {
  const id = await insertOutboxEmail(db, env, email);
  if (id) await jobs.send({ type: "email.send", version: 1, outboxId: id } satisfies EmailSendJob);
  return id;
}

/** Records an email (see insertOutboxEmail) and returns its row, the existing one when recorded before. */
export async function recordEmail(db: Db, env: AppEnv, email: OutgoingEmail): Promise<OutboxRow | undefined> {
  await insertOutboxEmail(db, env, email);
  return db.query.emailOutbox.findFirst({ where: eq(emailOutbox.dedupeKey, email.dedupeKey) });
}

/** The attachments stored with an outbox row ([] for none or unreadable JSON). */
export function parseAttachments(json: string | null): EmailAttachment[] {
  if (!json) return [];
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed)
      ? parsed.filter(
          (file): file is EmailAttachment => typeof file?.filename === "string" && typeof file?.contentType === "string" && typeof file?.content === "string",
        )
      : [];
  } catch {
    return [];
  }
}

/**
 * What the provider is given for a row: both parts (rows written before emails had HTML have text
 * only), its attachments, for marketing mail the RFC 2369 / RFC 8058 one-click unsubscribe headers,
 * and the outbox id as idempotency key, so a retry after a lost answer cannot send it twice.
 */
async function providerMessage(env: AppEnv, row: OutboxRow): Promise<EmailMessage> {
  return {
    from: env.EMAIL_FROM,
    to: row.toAddress,
    subject: row.subject,
    text: row.textBody,
    html: row.htmlBody,
    attachments: parseAttachments(row.attachments),
    headers:
      row.category === "marketing"
        ? { "List-Unsubscribe": `<${await unsubscribeUrl(env, row.toAddress)}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" }
        : undefined,
    category: row.category,
    idempotencyKey: `outbox-${row.id}`,
  };
}

/**
 * The one way an outbox row leaves the building. A "pending" row goes to the email provider
 * (provider.server.ts) when EMAIL_API_KEY is set and becomes "sent"; without a key (or for a text
 * message) the outbox row is the delivery and becomes "stored", for admins to read. Marketing mail
 * to an address that unsubscribed becomes "suppressed" and goes nowhere. Rows no longer "pending"
 * are left alone, so a redelivered job has no second effect. A provider failure throws and leaves
 * the row "pending": one that may pass later (network, 429, 5xx) for the queue to retry, one that
 * cannot (any other 4xx) as a PermanentJobError, which goes to admins at /admin/jobs unretried.
 */
export async function deliverOutboxEmail(db: Db, env: AppEnv, outboxId: string, fetcher: typeof fetch = fetch): Promise<OutboxRow | undefined> {
  const row = await db.query.emailOutbox.findFirst({ where: eq(emailOutbox.id, outboxId) });
  if (!row || row.status !== "pending") return row;
  const stillPending = and(eq(emailOutbox.id, row.id), eq(emailOutbox.status, "pending"));

  if (row.category === "marketing" && (await isSuppressed(db, row.toAddress))) {
    const [suppressed] = await db.update(emailOutbox).set({ status: "suppressed", provider: "outbox" }).where(stillPending).returning();
    return suppressed ?? (await db.query.emailOutbox.findFirst({ where: eq(emailOutbox.id, row.id) }));
  }

  const provider = emailProvider(env, fetcher);
  if (!provider || row.toAddress.startsWith(SMS_ADDRESS_PREFIX)) {
    const [stored] = await db.update(emailOutbox).set({ status: "stored", provider: "outbox" }).where(stillPending).returning();
    return stored ?? (await db.query.emailOutbox.findFirst({ where: eq(emailOutbox.id, row.id) }));
  }

  const result = await provider.send(await providerMessage(env, row));
  if (!result.ok) throw result.retryable ? new Error(result.error) : new PermanentJobError(result.error);
  const [sent] = await db
    .update(emailOutbox)
    .set({ status: "sent", provider: provider.name, sentAt: new Date().toISOString() })
    .where(stillPending)
    .returning();
  return sent ?? (await db.query.emailOutbox.findFirst({ where: eq(emailOutbox.id, row.id) }));
}

/** Records an email and delivers it in one go: for work that already runs inside a queue job. */
export async function sendEmail(db: Db, env: AppEnv, email: OutgoingEmail, fetcher: typeof fetch = fetch) {
  const row = await recordEmail(db, env, email);
  if (!row) return row;
  return deliverOutboxEmail(db, env, row.id, fetcher);
}

/** A "pending" row older than this has lost its delivery job (never enqueued, or dead-lettered). */
export const OUTBOX_STUCK_AFTER_MS = 15 * 60_000;
/** Rows the sweep looks at in one run, oldest first; the next run takes the rest. */
export const OUTBOX_SWEEP_LIMIT = 100;
/** Re-enqueues of one row before the sweep gives up and hands it to admins as a failed job. */
export const OUTBOX_MAX_REQUEUES = 3;
/** The least time between two re-enqueues of one row: its last job may still be retrying. */
export const OUTBOX_REQUEUE_SPACING_MS = 60 * 60_000;

export type StuckOutboxSweep = {
  // Rows whose delivery job was enqueued again.
  requeued: string[];
  // Rows re-enqueued OUTBOX_MAX_REQUEUES times already and still pending.
  givenUp: { outboxId: string; requeues: number; createdAt: string }[];
};

/**
 * Re-enqueues the delivery of outbox rows stuck in "pending": written more than
 * OUTBOX_STUCK_AFTER_MS ago, not re-enqueued in the last hour, and with no failed job on record
 * (those wait for an admin to replay or dismiss them). Delivery is idempotent on the row's status,
 * so a job that was only slow does no harm. The count is written before the jobs are sent: a lost
 * send costs one of the row's re-enqueues rather than letting a row be re-enqueued without limit.
 */
export async function requeueStuckOutbox(db: Db, jobs: Queue, now: Date): Promise<StuckOutboxSweep> {
  const stuckBefore = new Date(now.getTime() - OUTBOX_STUCK_AFTER_MS).toISOString();
  const spacedBefore = new Date(now.getTime() - OUTBOX_REQUEUE_SPACING_MS).toISOString();
  const rows = await db
    .select({ id: emailOutbox.id, createdAt: emailOutbox.createdAt, requeues: outboxRequeues.count })
    .from(emailOutbox)
    .leftJoin(outboxRequeues, eq(outboxRequeues.outboxId, emailOutbox.id))
    .where(
      and(
        eq(emailOutbox.status, "pending"),
        lt(emailOutbox.createdAt, stuckBefore),
        or(isNull(outboxRequeues.outboxId), lt(outboxRequeues.lastRequeuedAt, spacedBefore)),
        notExists(
          db
            .select({ one: sql`1` })
            .from(failedJobs)
            .where(eq(failedJobs.outboxId, emailOutbox.id)),
        ),
      ),
    )
    .orderBy(emailOutbox.createdAt)
    .limit(OUTBOX_SWEEP_LIMIT);

  const due = rows.filter((row) => (row.requeues ?? 0) < OUTBOX_MAX_REQUEUES);
  const givenUp = rows
    .filter((row) => (row.requeues ?? 0) >= OUTBOX_MAX_REQUEUES)
    .map((row) => ({ outboxId: row.id, requeues: row.requeues ?? 0, createdAt: row.createdAt }));
  const requeuedAt = now.toISOString();
  const [first, ...rest] = due.map((row) =>
    db
      .insert(outboxRequeues)
      .values({ outboxId: row.id, count: 1, lastRequeuedAt: requeuedAt })
      .onConflictDoUpdate({ target: outboxRequeues.outboxId, set: { count: sql`${outboxRequeues.count} + 1`, lastRequeuedAt: requeuedAt } }),
  );
  if (first) {
    await db.batch([first, ...rest]);
    await jobs.sendBatch(due.map((row) => ({ body: { type: "email.send", version: 1, outboxId: row.id } satisfies EmailSendJob })));
  }
  // Counts of rows that were delivered, or deleted with their account, are no longer needed.
  await db.delete(outboxRequeues).where(
    notExists(
      db
        .select({ one: sql`1` })
        .from(emailOutbox)
        .where(and(eq(emailOutbox.id, outboxRequeues.outboxId), eq(emailOutbox.status, "pending"))),
    ),
  );
  return { requeued: due.map((row) => row.id), givenUp };
}
