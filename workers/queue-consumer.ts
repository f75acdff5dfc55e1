import { createDb, type Db } from "~/db/client.server";
import { PermanentJobError } from "~/jobs/handler.server";
import { runJob } from "~/jobs/registry.server";
import { JobMessageSchema } from "~/jobs/messages";
import { readEnv, type AppEnv } from "~/platform/env.server";
import { DEAD_LETTER_QUEUE, MAX_JOB_ATTEMPTS, recordFailedJob, recordJobError } from "~/platform/failed-jobs.server";

/** Backoff for a failed job: 30 s, 60 s, 120 s… capped at 10 minutes. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 600);
}

export async function handleQueue(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  // One Worker consumes both the jobs queue and its dead-letter queue.
  if (batch.queue === DEAD_LETTER_QUEUE) return handleDeadLetters(batch, env);
  const db = createDb(env.DB);
  const appEnv = readEnv(env);
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
      await runJob(parsed.data, { db, env: appEnv, bindings: env });
      message.ack();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (error instanceof PermanentJobError) {
        await recordRefusedJob(db, appEnv, env, message, reason);
        continue;
      }
      const last = message.attempts >= MAX_JOB_ATTEMPTS;
      console.error(last ? "jobs: failed on the last attempt, moving to the dead-letter queue" : "jobs: failed, will retry", {
        id: message.id,
        type: parsed.data.type,
        attempts: message.attempts,
        error: reason,
      });
      if (last) await keepLastError(db, message.id, reason);
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
    }
  }
}

// A job that can never succeed goes to admins now rather than through every retry; it is acked
// only once recorded (when D1 fails too, it is retried like any failure).
async function recordRefusedJob(db: Db, appEnv: AppEnv, env: Env, message: Message<unknown>, reason: string) {
  try {
    await recordFailedJob(db, appEnv, env.JOBS, {
      messageId: message.id,
      body: message.body,
      attempts: message.attempts,
      queuedAt: message.timestamp,
      error: reason,
      refused: true,
    });
    message.ack();
  } catch (error) {
    console.error("jobs: could not record a refused job, will retry", { id: message.id, error: error instanceof Error ? error.message : String(error) });
    message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
  }
}

// Best effort: when D1 itself is what failed, the dead letter is recorded without its error.
async function keepLastError(db: Db, messageId: string, reason: string) {
  try {
    await recordJobError(db, messageId, reason);
  } catch (error) {
    console.warn("jobs: could not keep the last error", { id: messageId, error: error instanceof Error ? error.message : String(error) });
  }
}

/**
 * Records each dead-lettered job in failed_jobs (see recordFailedJob), then acks it. A message is
 * never acked before it is stored: when D1 fails, it is retried.
 */
export async function handleDeadLetters(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const db = createDb(env.DB);
  const appEnv = readEnv(env);
  for (const message of batch.messages) {
    try {
      await recordFailedJob(db, appEnv, env.JOBS, { messageId: message.id, body: message.body, attempts: MAX_JOB_ATTEMPTS, queuedAt: message.timestamp });
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
