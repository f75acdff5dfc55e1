import { createExecutionContext, createMessageBatch, getQueueResult, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect, vi } from "vitest";
import worker from "../../workers/app";

// Typed as the runtime sees the Worker, so its queue handler takes (batch, env, ctx).
const queueWorker: Required<Pick<ExportedHandler<Env>, "queue">> = worker;

/**
 * Holds back what the app puts on the JOBS queue (`held`) until `flush` runs it through the Worker's
 * queue handler, so a test knows when every job of its requests has run. Jobs that enqueue more
 * jobs are flushed too. The hold ends with the test (the console guard restores all mocks).
 */
export function holdJobs() {
  const held: Record<string, unknown>[] = [];
  vi.spyOn(env.JOBS, "send").mockImplementation(async (body: unknown) => {
    held.push(body as Record<string, unknown>);
    return { metadata: { metrics: { backlogCount: 0, backlogBytes: 0 } } } as unknown as QueueSendResponse;
  });
  const flush = async () => {
    while (held.length > 0) {
      const batch = createMessageBatch(
        "clarityai-jobs",
        held.splice(0).map((body) => ({ id: `msg-${crypto.randomUUID()}`, timestamp: new Date(), attempts: 1, body })),
      );
      const ctx = createExecutionContext();
      await queueWorker.queue(batch, env, ctx);
      await waitOnExecutionContext(ctx);
      expect((await getQueueResult(batch, ctx)).retryMessages).toEqual([]);
    }
  };
  return { held, flush };
}
