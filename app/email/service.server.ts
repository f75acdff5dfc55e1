import type { Db } from "~/db/client.server";
import type { AppEnv } from "~/platform/env.server";
import { deliverOutboxEmail, enqueueEmail, sendEmail, type OutboxRow, type OutgoingEmail } from "./outbox.server";

// The context's email service (services.email): today's outbox and its delivery, bound to one
// context's database, settings, queue and outgoing fetch. The provider behind deliver() is the
// outbox's own (an HTTP email API with EMAIL_API_KEY, else the outbox row is the delivery).

export type EmailService = {
  /** Records the message in the outbox and queues its delivery; the new row's id, or null when its dedupe key was recorded before. */
  enqueue(email: OutgoingEmail): Promise<string | null>;
  /** Records the message and delivers it now, for work already running inside a queue job. */
  send(email: OutgoingEmail): Promise<OutboxRow | undefined>;
  /** Delivers a recorded message (the email.send job); a row no longer pending is left alone. */
  deliver(outboxId: string): Promise<OutboxRow | undefined>;
};

export function createEmailService(deps: { db: Db; env: AppEnv; jobs: Queue; fetch: typeof fetch }): EmailService {
  return {
    enqueue: (email) => enqueueEmail(deps.db, deps.env, deps.jobs, email),
    send: (email) => sendEmail(deps.db, deps.env, email, deps.fetch),
    deliver: (outboxId) => deliverOutboxEmail(deps.db, deps.env, outboxId, deps.fetch),
  };
}
