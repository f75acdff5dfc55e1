import type { JobHandler } from "~/jobs/handler.server";
import { sendRequestedMessage, type MessageContext } from "./code-delivery.server";
import { authConfig } from "./config.server";
import { resumeEmails, sendEmailsNow, type QueuedEmail } from "./emails.server";
import type { AuthMessageJob } from "./jobs";

/**
 * auth.message: the account lookup and the code of POST /otp, /recover and /resend. Safe to retry:
 * the messages of one request share a dedupe-key prefix and are recorded together, so a run that
 * recorded them only delivers what is still pending, and a run that failed before recording starts
 * over (a new code replaces the one never sent).
 */
export const sendAuthMessage: JobHandler<AuthMessageJob> = async (job, { db, env, fetcher }) => {
  const prefix = `auth-message:${job.requestId}:`;
  if (await resumeEmails(db, env, prefix, fetcher)) return;
  const emails: QueuedEmail[] = [];
  const background: Promise<unknown>[] = [];
  const ctx: MessageContext = {
    db,
    appEnv: env,
    config: authConfig(env),
    ipHash: job.ipHash,
    waitUntil: (promise) => void background.push(promise),
    send: async (email) => void emails.push(email),
    dedupeKey: (kind) => `${prefix}${kind}`,
  };
  await sendRequestedMessage(ctx, job);
  await sendEmailsNow(db, env, emails, fetcher);
  await Promise.allSettled(background);
};
