/**
 * A failure no retry can mend (e.g. the email provider refused the message with a 4xx). The jobs
 * consumer does not retry it: it records the job for admins at /admin/jobs at once, to replay once
 * the cause is fixed or to dismiss. (Its own file: the outbox throws it, and the context's email
 * service names the outbox, so it cannot live beside JobHandler, which names the context.)
 */
export class PermanentJobError extends Error {
  override name = "PermanentJobError";
}
