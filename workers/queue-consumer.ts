import { createDb } from "~/db/client.server";
import { runJob } from "~/jobs/registry.server";
import { JobMessageSchema } from "~/jobs/messages";
import { readEnv } from "~/platform/env.server";

/** Backoff for a failed job: 30 s, 60 s, 120 s… capped at 10 minutes. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 600);
}

export async function handleQueue(batch: MessageBatch<unknown>, env: Env): Promise<void> {
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
      await runJob(parsed.data, { db, env: appEnv });
      message.ack();
    } catch (error) {
      console.error("jobs: failed, will retry", {
        id: message.id,
        type: parsed.data.type,
        attempts: message.attempts,
        error: error instanceof Error ? error.message : String(error),
      });
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
    }
  }
}
