import { createLandingBatches, type LandingBatches } from "~/attribution/landings.server";
import { createPageViewCounter, type PageViewCounter } from "~/attribution/page-views.server";

// What an isolate keeps between the requests it serves, on purpose and in one place (decision record
// 012). Everything else that is per request lives in the request's context. Each part holds only
// what it may share: counters and new attribution sessions waiting for their write, flushed in the
// waitUntil of the requests that added to them, so nothing is lost when the isolate is evicted after
// the last of those requests ends. No part holds a secret or anything one visitor could read of another.

export type IsolateState = {
  /** Page views counted and not yet written (attribution/page-views.server.ts). */
  pageViews: PageViewCounter;
  /** New attribution sessions not yet written to KV (attribution/landings.server.ts). */
  landings: LandingBatches;
};

export type IsolateOptions = {
  /** How long the buffers wait for more before writing (1 s); a test passes 0. */
  flushDelayMs?: number;
};

export function createIsolateState(options: IsolateOptions = {}): IsolateState {
  return {
    pageViews: createPageViewCounter({ flushDelayMs: options.flushDelayMs }),
    landings: createLandingBatches({ flushDelayMs: options.flushDelayMs }),
  };
}

let shared: IsolateState | undefined;

/** This isolate's state: made on first use, then the same for every context built in the isolate. */
export function isolateState(): IsolateState {
  return (shared ??= createIsolateState());
}
