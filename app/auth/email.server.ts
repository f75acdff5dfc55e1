import { emailOutbox } from "~/db/schema";
import type { JobMessage } from "~/jobs/messages";
import type { AuthContext } from "./context.server";

export type QueuedEmail = { dedupeKey: string; to: string; subject: string; text: string };

/**
 * Writes an email to the outbox ("pending") and enqueues its delivery: the queue consumer sends it
 * through the provider, or marks it "stored" when none is configured. The dedupe key makes it at
 * most once.
 */
export async function queueEmail(ctx: Pick<AuthContext, "db" | "env" | "appEnv">, email: QueuedEmail) {
  const id = crypto.randomUUID();
  const [row] = await ctx.db
    .insert(emailOutbox)
    .values({
      id,
      dedupeKey: email.dedupeKey,
      toAddress: email.to,
      subject: email.subject,
      textBody: `${email.text}\n\n— ClarityAI Coaching\n${ctx.appEnv.PUBLIC_SITE_URL}\nYou're receiving this because of activity on your ClarityAI Coaching account.`,
      status: "pending",
      provider: ctx.appEnv.EMAIL_API_KEY ? "resend" : "outbox",
    })
    .onConflictDoNothing({ target: emailOutbox.dedupeKey })
    .returning({ id: emailOutbox.id });
  if (row) {
    const job: JobMessage = { type: "email.send", version: 1, outboxId: row.id };
    await ctx.env.JOBS.send(job);
  }
  return row?.id ?? null;
}
