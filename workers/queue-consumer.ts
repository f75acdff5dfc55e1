import type { AppContext } from "~/context.server";
import type { Db } from "~/db/client.server";
import { PermanentJobError } from "~/jobs/errors";
import { runJob } from "~/jobs/registry.server";
import { JobMessageSchema } from "~/jobs/messages";
import { DEAD_LETTER_QUEUE, MAX_JOB_ATTEMPTS, recordFailedJob, recordJobError } from "~/jobs/failed-jobs.server";

/** Backoff for a failed job: 30 s, 60 s, 120 s… capped at 10 minutes. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 600);
}

/** One batch, in the context the Worker entry built for it (createAppContext, without a request). */
export async function handleQueue(batch: MessageBatch<unknown>, context: AppContext): Promise<void> {
  // One Worker consumes both the jobs queue and its dead-letter queue.
  if (batch.queue === DEAD_LETTER_QUEUE) return handleDeadLetters(batch, context);
  const { db } = context;
  for (const message of batch.messages) {
    const parsed = JobMessageSchema.safeParse(message.body);
    if (!parsed.success) {
      // A malformed message will never succeed: log what was wrong (not the body, which may hold
      // personal data) and ack it so it does not clog the queue or the dead-letter queue.
      console.warn("jobs: dropped invalid message", {
        id: message.id,
        issues: parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`),
      });
      message.ack();
      continue;
    }
    try {
      await runJob(parsed.data, context);
      message.ack();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (error instanceof PermanentJobError) {
        await recordRefusedJob(context, message, reason);
        continue;
      }
      const last = message.attempts >= MAX_JOB_ATTEMPTS;
      console.error(last ? "jobs: failed on the last attempt, moving to the dead-letter queue" : "jobs: failed, will retry", {
        id: message.id,
        type: parsed.data.type,
        attempts: message.attempts,
        error: reason,
      });
      if (last) await keepLastError(db, message.id, reason, context.services.clock.now());
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
    }
  }
}

// A job that can never succeed goes to admins now rather than through every retry; it is acked
// only once recorded (when D1 fails too, it is retried like any failure).
async function recordRefusedJob(context: AppContext, message: Message<unknown>, reason: string) {
  try {
    await recordFailedJob(
      context.db,
      context.env,
      context.services.jobs,
      {
        messageId: message.id,
        body: message.body,
        attempts: message.attempts,
        queuedAt: message.timestamp,
        error: reason,
        refused: true,
      },
      context.services.clock.now(),
    );
    message.ack();
  } catch (error) {
    console.error("jobs: could not record a refused job, will retry", { id: message.id, error: error instanceof Error ? error.message : String(error) });
    message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
  }
}

// Best effort: when D1 itself is what failed, the dead letter is recorded without its error.
async function keepLastError(db: Db, messageId: string, reason: string, now: Date) {
  try {
    await recordJobError(db, messageId, reason, now);
  } catch (error) {
    console.warn("jobs: could not keep the last error", { id: messageId, error: error instanceof Error ? error.message : String(error) });
  }
}

/**
 * Records each dead-lettered job in failed_jobs (see recordFailedJob), then acks it. A message is
 * never acked before it is stored: when D1 fails, it is retried.
 */
export async function handleDeadLetters(batch: MessageBatch<unknown>, context: AppContext): Promise<void> {
  const { db, env: appEnv } = context;
  for (const message of batch.messages) {
    try {
      await recordFailedJob(
        db,
        appEnv,
        context.services.jobs,
        {
          messageId: message.id,
          body: message.body,
          attempts: MAX_JOB_ATTEMPTS,
          queuedAt: message.timestamp,
        },
        context.services.clock.now(),
      );
      message.ack();
    } catch (error) {
      console.error("jobs: could not record a dead-lettered job, will retry", {
        id: message.id,
        attempts: message.attempts,
        error: error instanceof Error ? error.message : String(error),
      });
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
    }
  }
}
