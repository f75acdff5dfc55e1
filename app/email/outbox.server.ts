import { and, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { emailOutbox } from "~/db/schema";
import type { AppEnv } from "~/platform/env.server";

export type OutgoingEmail = {
  // Identifies the email across retries: recording the same dedupeKey twice has one effect.
  dedupeKey: string;
  to: string;
  subject: string;
  text: string;
};

export type OutboxRow = typeof emailOutbox.$inferSelect;

const PROVIDER_URL = "https://api.resend.com/emails";

// Text messages share the outbox (the `to` address is "sms:<phone>"). No SMS provider is wired
// up yet, so they are never handed to the email provider: the outbox row is their delivery.
export const SMS_ADDRESS_PREFIX = "sms:";

/**
 * Writes an email to the outbox as "pending", once per dedupe key. Returns the new row's id, or
 * null when the key was recorded before.
 */
export async function insertOutboxEmail(db: Db, env: Pick<AppEnv, "EMAIL_API_KEY">, email: OutgoingEmail): Promise<string | null> {
  const [row] = await db
    .insert(emailOutbox)
    .values({
      id: crypto.randomUUID(),
      dedupeKey: email.dedupeKey,
      toAddress: email.to,
      subject: email.subject,
      textBody: email.text,
      status: "pending",
      provider: env.EMAIL_API_KEY ? "resend" : "outbox",
    })
    .onConflictDoNothing({ target: emailOutbox.dedupeKey })
    .returning({ id: emailOutbox.id });
  return row?.id ?? null;
}

/** Records an email (see insertOutboxEmail) and returns its row, the existing one when recorded before. */
export async function recordEmail(db: Db, env: AppEnv, email: OutgoingEmail): Promise<OutboxRow | undefined> {
  await insertOutboxEmail(db, env, email);
  return db.query.emailOutbox.findFirst({ where: eq(emailOutbox.dedupeKey, email.dedupeKey) });
}

/**
 * The one way an outbox row leaves the building. A "pending" row goes to the HTTP provider when
 * EMAIL_API_KEY is set and becomes "sent"; without a key (or for a text message) the outbox row is
 * the delivery and becomes "stored", for admins to read. Rows already "sent" or "stored" are left
 * alone, so a redelivered job has no second effect. A provider failure throws, leaving the row
 * "pending" for the queue to retry; the outbox id is the provider's idempotency key, so a retry
 * after a lost response cannot send the message twice.
 */
export async function deliverOutboxEmail(db: Db, env: AppEnv, outboxId: string, fetcher: typeof fetch = fetch): Promise<OutboxRow | undefined> {
  const row = await db.query.emailOutbox.findFirst({ where: eq(emailOutbox.id, outboxId) });
  if (!row || row.status !== "pending") return row;
  const stillPending = and(eq(emailOutbox.id, row.id), eq(emailOutbox.status, "pending"));

  if (!env.EMAIL_API_KEY || row.toAddress.startsWith(SMS_ADDRESS_PREFIX)) {
    const [stored] = await db.update(emailOutbox).set({ status: "stored", provider: "outbox" }).where(stillPending).returning();
    return stored ?? (await db.query.emailOutbox.findFirst({ where: eq(emailOutbox.id, row.id) }));
  }

  const response = await fetcher(PROVIDER_URL, {
    method: "POST",
    headers: {
      authorization: `Bearer ${env.EMAIL_API_KEY}`,
      "content-type": "application/json",
      "idempotency-key": `outbox-${row.id}`,
    },
    body: JSON.stringify({ from: env.EMAIL_FROM, to: [row.toAddress], subject: row.subject, text: row.textBody }),
  });
  if (!response.ok) throw new Error(`Email provider answered ${response.status}`);
  const [sent] = await db.update(emailOutbox).set({ status: "sent", provider: "resend", sentAt: new Date().toISOString() }).where(stillPending).returning();
  return sent ?? (await db.query.emailOutbox.findFirst({ where: eq(emailOutbox.id, row.id) }));
}

/** Records an email and delivers it in one go: for work that already runs inside a queue job. */
export async function sendEmail(db: Db, env: AppEnv, email: OutgoingEmail, fetcher: typeof fetch = fetch) {
  const row = await recordEmail(db, env, email);
  if (!row) return row;
  return deliverOutboxEmail(db, env, row.id, fetcher);
}
