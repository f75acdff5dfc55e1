import type { JobHandler } from "~/jobs/handler.server";
import type { EmailSendJob } from "./jobs";
import { deliverOutboxEmail } from "./outbox.server";

export const sendOutboxEmail: JobHandler<EmailSendJob> = async (job, { db, env, services: { fetch: fetcher } }) => {
  // A missing row was deleted with its account since it was queued: nothing to send.
  await deliverOutboxEmail(db, env, job.outboxId, fetcher);
};
