import { createExecutionContext, createMessageBatch, createScheduledController, getQueueResult, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect, vi } from "vitest";
import worker from "../../workers/app";

// The Worker's queue and cron handlers, driven as Cloudflare drives them: a batch of messages, a
// scheduled event. Typed as the runtime sees the Worker, so the handlers take (event, env, ctx).
const handlers: Required<Pick<ExportedHandler<Env>, "queue" | "scheduled">> = worker;

export const JOBS_QUEUE = "clarityai-jobs";
export const DEAD_LETTER_QUEUE = "clarityai-jobs-dlq";

export type QueueMessage = { body: unknown; id?: string; attempts?: number; timestamp?: Date };

/** Delivers messages to the queue handler as one batch of `queue`; answers what became of each (acked, retried). */
export async function deliverMessages(queue: string, messages: QueueMessage[], bindings: Env = env) {
  const batch = createMessageBatch(
    queue,
    messages.map(({ body, id = `msg-${crypto.randomUUID()}`, attempts = 1, timestamp = new Date() }) => ({ id, body, attempts, timestamp })),
  );
  const ctx = createExecutionContext();
  await handlers.queue(batch, bindings, ctx);
  await waitOnExecutionContext(ctx);
  return getQueueResult(batch, ctx);
}

/** Delivers job bodies to the jobs queue as one batch (first attempts unless told). */
export function deliverJobs(bodies: unknown[], { bindings = env, attempts = 1 }: { bindings?: Env; attempts?: number } = {}) {
  return deliverMessages(
    JOBS_QUEUE,
    bodies.map((body) => ({ body, attempts })),
    bindings,
  );
}

/** Fires a cron of wrangler.toml at `at`, as Cloudflare fires it, and waits for the work it started. */
export async function fireCron(cron: string, at: Date | number, bindings: Env = env) {
  const ctx = createExecutionContext();
  await handlers.scheduled(createScheduledController({ scheduledTime: new Date(at).getTime(), cron }), bindings, ctx);
  await waitOnExecutionContext(ctx);
}

/**
 * Holds back what the app sends to the jobs queue one message at a time (`held`) until `flush`
 * runs it through the queue handler, so a test knows when every job of its requests has run. Jobs
 * that send more jobs are flushed too. The hold ends with the test (the console guard restores all mocks).
 */
export function holdJobs() {
  const held: Record<string, unknown>[] = [];
  vi.spyOn(env.JOBS, "send").mockImplementation(async (body: unknown) => {
    held.push(body as Record<string, unknown>);
    return { metadata: { metrics: { backlogCount: 0, backlogBytes: 0 } } } as unknown as QueueSendResponse;
  });
  const flush = async () => {
    while (held.length > 0) {
      const result = await deliverJobs(held.splice(0));
      expect(result.retryMessages).toEqual([]);
    }
  };
  return { held, flush };
}

/** Holds back what the app sends to the jobs queue in batches (sendBatch): the bodies, in order. */
export function holdBatches() {
  const held: unknown[] = [];
  vi.spyOn(env.JOBS, "sendBatch").mockImplementation(async (batch) => {
    held.push(...[...batch].map((message) => message.body));
    return { metadata: { metrics: { backlogCount: 0, backlogBytes: 0 } } } as unknown as QueueSendBatchResponse;
  });
  return held;
}
