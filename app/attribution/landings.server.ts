import type { AttributionRecord } from "./types";

// New attribution sessions, written to KV in batches (decision record 006): each isolate collects the
// sessions that start within about a second (at most MAX_BATCH) and writes them with one put, in the
// background of every request that joined the batch. The batches not yet written are this isolate's
// LandingBatches, part of its IsolateState (decision record 012): a session that just landed is read
// back from here until its batch is in KV.

export const LANDINGS_KEY_PREFIX = "landings:";
export const ATTRIBUTION_TTL_SECONDS = 30 * 24 * 60 * 60;
/** A batch id: the first 13 characters ("xxxxxxxx-xxxx") of a random UUID, and of each session id in it. */
export const BATCH_ID_CHARS = 13;
/** New sessions one batch holds at most; a full batch is written at once. */
export const MAX_BATCH = 500;
/** How long after a batch's first landing it is written. */
export const LANDING_FLUSH_DELAY_MS = 1_000;

/** New sessions written together as `landings:<id>` (a JSON object of records by session id). */
export type LandingBatch = {
  id: string;
  records: Map<string, AttributionRecord>;
  /** When the KV entry expires, seconds since the epoch (also its metadata, for rewrites). */
  expiresAt: number;
  /** Starts the write now (the window is over, or the batch is full). */
  writeNow: () => void;
  /** Settles once the write has finished or failed; never rejects. */
  written: Promise<void>;
};

export type LandingBatches = {
  /**
   * The batch a new session joins: the open one, or a new one, written after the delay (or as soon
   * as it is full) and kept in KV for ATTRIBUTION_TTL_SECONDS from `now` (the context's clock).
   */
  join(kv: KVNamespace, now: Date): LandingBatch;
  /** A batch of this isolate not yet in KV (open or being written), by id. */
  unwritten(batchId: string): LandingBatch | undefined;
};

export function createLandingBatches({ flushDelayMs = LANDING_FLUSH_DELAY_MS }: { flushDelayMs?: number } = {}): LandingBatches {
  /** The batch new sessions join, until it is written. */
  let openBatch: LandingBatch | null = null;
  const unwrittenBatches = new Map<string, LandingBatch>();

  /** One put for the whole batch; a failure is logged (without ids) and the batch is given up. */
  async function writeBatch(kv: KVNamespace, batch: LandingBatch): Promise<void> {
    if (openBatch === batch) openBatch = null;
    try {
      // Empty when every session in it was deleted before the write.
      if (batch.records.size > 0) {
        await kv.put(`${LANDINGS_KEY_PREFIX}${batch.id}`, JSON.stringify(Object.fromEntries(batch.records)), {
          expiration: batch.expiresAt,
          metadata: { expiresAt: batch.expiresAt },
        });
      }
    } catch (error) {
      console.warn(`attribution: could not store ${batch.records.size} new session records`, error instanceof Error ? error.name : "unknown error");
    } finally {
      unwrittenBatches.delete(batch.id);
    }
  }

  return {
    join(kv, now) {
      if (openBatch) return openBatch;
      let writeNow!: () => void;
      const due = new Promise<void>((resolve) => {
        writeNow = resolve;
        setTimeout(resolve, flushDelayMs);
      });
      const batch: LandingBatch = {
        id: crypto.randomUUID().slice(0, BATCH_ID_CHARS),
        records: new Map(),
        expiresAt: Math.floor(now.getTime() / 1000) + ATTRIBUTION_TTL_SECONDS,
        writeNow: () => {
          // Swapped out before the write starts: the next landing opens a new batch.
          if (openBatch === batch) openBatch = null;
          writeNow();
        },
        written: due.then(() => writeBatch(kv, batch)),
      };
      openBatch = batch;
      unwrittenBatches.set(batch.id, batch);
      return batch;
    },
    unwritten: (batchId) => unwrittenBatches.get(batchId),
  };
}
