import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { emailOutbox } from "~/db/schema";
import type { AppEnv } from "./env.server";

export type OutgoingEmail = {
  // Identifies the email across retries: sending the same dedupeKey twice has one effect.
  dedupeKey: string;
  to: string;
  subject: string;
  text: string;
};

const PROVIDER_URL = "https://api.resend.com/emails";

/**
 * Records the email in the outbox, then delivers it through the provider when EMAIL_API_KEY is set.
 * Without a key the outbox row is the delivery: admins read it in the admin area.
 * Throws when the provider fails, so a queue job retries; the row stays "pending" until it succeeds.
 */
export async function sendEmail(db: Db, env: AppEnv, email: OutgoingEmail, fetcher: typeof fetch = fetch) {
  const provider = env.EMAIL_API_KEY ? "resend" : "outbox";
  await db
    .insert(emailOutbox)
    .values({
      id: crypto.randomUUID(),
      dedupeKey: email.dedupeKey,
      toAddress: email.to,
      subject: email.subject,
      textBody: email.text,
      status: provider === "outbox" ? "stored" : "pending",
      provider,
    })
    .onConflictDoNothing({ target: emailOutbox.dedupeKey });

  const row = await db.query.emailOutbox.findFirst({ where: eq(emailOutbox.dedupeKey, email.dedupeKey) });
  if (!row || row.status !== "pending" || !env.EMAIL_API_KEY) return row;

  const response = await fetcher(PROVIDER_URL, {
    method: "POST",
    headers: { authorization: `Bearer ${env.EMAIL_API_KEY}`, "content-type": "application/json" },
    body: JSON.stringify({ from: env.EMAIL_FROM, to: [email.to], subject: email.subject, text: email.text }),
  });
  if (!response.ok) throw new Error(`Email provider answered ${response.status}`);
  await db
    .update(emailOutbox)
    .set({ status: "sent", sentAt: new Date().toISOString() })
    .where(eq(emailOutbox.id, row.id));
  return { ...row, status: "sent" as const };
}
