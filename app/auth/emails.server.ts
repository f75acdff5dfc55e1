import type { JobMessage } from "~/jobs/messages";
import { insertOutboxEmail, type OutgoingEmail } from "~/email/outbox.server";
import type { AuthContext } from "./context.server";

export type QueuedEmail = OutgoingEmail;

/**
 * Writes an email to the outbox ("pending") and enqueues its delivery: the queue consumer sends it
 * through the provider, or marks it "stored" when none is configured. The dedupe key makes it at
 * most once.
 */
export async function queueEmail(ctx: Pick<AuthContext, "db" | "env" | "appEnv">, email: QueuedEmail) {
  const id = await insertOutboxEmail(ctx.db, ctx.appEnv, {
    ...email,
    text: `${email.text}\n\n— ClarityAI Coaching\n${ctx.appEnv.PUBLIC_SITE_URL}\nYou're receiving this because of activity on your ClarityAI Coaching account.`,
  });
  if (id) {
    const job: JobMessage = { type: "email.send", version: 1, outboxId: id };
    await ctx.env.JOBS.send(job);
  }
  return id;
}
