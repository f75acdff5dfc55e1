import type { Db } from "~/db/client.server";
import type { AppEnv } from "~/platform/env.server";
import { deliverOutboxEmail, enqueueEmail, sendEmail, type OutboxRow, type OutgoingEmail } from "./outbox.server";
import { emailProvider, type EmailProvider } from "./provider.server";

// The context's email service (services.email): the outbox and its delivery, bound to one context's
// database, settings, queue and outgoing fetch. Delivery goes through the configured email provider
// (provider.server.ts); without one, the outbox row is the delivery, for admins to read.

export type EmailService = {
  /** The configured email provider, or null when the outbox is the delivery. */
  provider: EmailProvider | null;
  /** Records the message in the outbox and queues its delivery; the new row's id, or null when its dedupe key was recorded before. */
  enqueue(email: OutgoingEmail): Promise<string | null>;
  /** Records the message and delivers it now, for work already running inside a queue job. */
  send(email: OutgoingEmail): Promise<OutboxRow | undefined>;
  /** Delivers a recorded message (the email.send job); a row no longer pending is left alone. */
  deliver(outboxId: string): Promise<OutboxRow | undefined>;
};

export function createEmailService(deps: { db: Db; env: AppEnv; jobs: Queue; fetch: typeof fetch }): EmailService {
  return {
    provider: emailProvider(deps.env, deps.fetch),
    enqueue: (email) => enqueueEmail(deps.db, deps.env, deps.jobs, email),
    send: (email) => sendEmail(deps.db, deps.env, email, deps.fetch),
    deliver: (outboxId) => deliverOutboxEmail(deps.db, deps.env, outboxId, deps.fetch),
  };
}
