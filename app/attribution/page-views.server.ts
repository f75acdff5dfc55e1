import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { pageViewCounts } from "~/db/schema";
import { sydneyDay } from "~/utils/sydney-time";
import { DIRECT, OTHER_SOURCES, PAGE_VIEW_SOURCES_PER_DAY } from "./types";

// PAGE_VIEW (decision record 006): daily counters per Sydney day, path and last-touch source,
// medium and campaign, never a row per view. Each isolate adds its views up in memory (its
// PageViewCounter: decision record 012) and writes them shortly after the first one with one D1 batch of additive upserts, so a busy page costs one
// write a second per isolate, not one per view. Only aggregated counts are held: no visitor, no time.
// Campaign values are whatever a link says, so a day keeps at most PAGE_VIEW_SOURCES_PER_DAY
// combinations of its own; views of any other are counted under OTHER_SOURCES. The database decides,
// in the upsert itself, because several isolates write the same day at once.

/** One view; `at` is the context's clock time (it decides the Sydney day counted). */
export type PageView = { path: string; source: string; medium: string; campaign: string; at: Date };
/** Where a flush writes, and the waitUntil that keeps it running after the answer. */
export type PageViewTarget = { db: Db; waitUntil: (promise: Promise<unknown>) => void };

const MAX_PATH_CHARS = 200;
const MAX_LABEL_CHARS = 100;
/**
 * Distinct counters one isolate holds. Past it, a made-up label's views are counted under
 * OTHER_SOURCES for their page (as the database would count most of them anyway), in up to
 * OTHER_HEADROOM more counters; views beyond those are dropped rather than growing memory.
 */
const MAX_BUFFERED = 2_000;
const OTHER_HEADROOM = 200;
/** Counters written per batch; the rest go in the next flush. */
const MAX_FLUSHED = 200;
/** How long after the first buffered view the counters are written. */
export const PAGE_VIEW_FLUSH_DELAY_MS = 1_000;

type Counter = { day: string; path: string; source: string; medium: string; campaign: string; views: number };

/**
 * One isolate's page-view counters (part of its IsolateState, decision record 012): the views
 * counted since the last flush, and whether a flush is scheduled. Made once per isolate; a test
 * makes its own, with `flushDelayMs: 0`.
 */
export type PageViewCounter = {
  /** Counts one page view; the write happens in the background (target.waitUntil), shortly after. */
  count(target: PageViewTarget, view: PageView): void;
  /** Writes the buffered counters now (at most MAX_FLUSHED at once); false when D1 failed and they were put back. */
  flush(db: Db): Promise<boolean>;
};

export function createPageViewCounter({ flushDelayMs = PAGE_VIEW_FLUSH_DELAY_MS }: { flushDelayMs?: number } = {}): PageViewCounter {
  const buffer = new Map<string, Counter>();
  let flushScheduled = false;

  function add(counter: Counter): void {
    const existing = buffer.get(keyOf(counter));
    if (existing) existing.views += counter.views;
    else if (buffer.size < MAX_BUFFERED) buffer.set(keyOf(counter), { ...counter });
    else if (isCapped(counter)) {
      const folded = { ...counter, ...OTHER_SOURCES };
      const other = buffer.get(keyOf(folded));
      if (other) other.views += counter.views;
      else if (buffer.size < MAX_BUFFERED + OTHER_HEADROOM) buffer.set(keyOf(folded), folded);
    }
  }

  async function flush(db: Db): Promise<boolean> {
    if (buffer.size === 0) return true;
    const counters: Counter[] = [];
    for (const [key, counter] of buffer) {
      if (counters.length >= MAX_FLUSHED) break;
      counters.push(counter);
      buffer.delete(key);
    }
    const [first, ...rest] = counters.map((counter) => (isCapped(counter) ? cappedUpsert(db, counter) : upsert(db, counter)));
    try {
      await db.batch([first!, ...rest]);
      return true;
    } catch (error) {
      // Kept for the next flush, which the next view schedules.
      for (const counter of counters) add(counter);
      console.warn("page views: could not store the counters", error instanceof Error ? error.message : "unknown error");
      return false;
    }
  }

  function scheduleFlush(target: PageViewTarget): void {
    if (flushScheduled) return;
    flushScheduled = true;
    target.waitUntil(
      (async () => {
        // Always a timer, even of 0 ms: views counted in the same turn join this flush.
        await new Promise((resolve) => setTimeout(resolve, flushDelayMs));
        flushScheduled = false;
        const stored = await flush(target.db);
        if (stored && buffer.size > 0 && !flushScheduled) scheduleFlush(target);
      })(),
    );
  }

  return {
    count(target, view) {
      add({
        day: dayOf(view.at),
        path: view.path.slice(0, MAX_PATH_CHARS),
        source: view.source.slice(0, MAX_LABEL_CHARS),
        medium: view.medium.slice(0, MAX_LABEL_CHARS),
        campaign: view.campaign.slice(0, MAX_LABEL_CHARS),
        views: 1,
      });
      scheduleFlush(target);
    },
    flush,
  };
}

/**
 * Whether this answer is a page view: a page answered 200 as HTML to a browser loading it as a
 * document (the caller has checked that: captureAttribution's `visit`). Never a prefetch or
 * prerender (Sec-Purpose, Purpose, X-Purpose, X-Moz): a page fetched in case it is opened is not seen.
 *
 * Single-fetch `.data` navigations (moving between pages without reloading) are not counted. The
 * site's links prefetch on intent, and the browser answers the click from what it prefetched, so
 * only some of those navigations ever reach the Worker; the `.data` requests that do reach it look
 * the same as the revalidation after every form submission. Counting them would give a number that
 * depends on where the pointer rested. Page views are therefore page loads: every landing, reload
 * and page opened in a new tab, exactly.
 */
export function isPageView(request: Request, response: Response): boolean {
  if (response.status !== 200 || !(response.headers.get("Content-Type") ?? "").startsWith("text/html")) return false;
  return !isPrefetch(request);
}

export function isPrefetch(request: Request): boolean {
  const headers = request.headers;
  return (
    /prefetch|prerender/i.test(headers.get("Sec-Purpose") ?? "") ||
    /prefetch|prerender/i.test(headers.get("Purpose") ?? "") ||
    /preview|prefetch/i.test(headers.get("X-Purpose") ?? "") ||
    /prefetch/i.test(headers.get("X-Moz") ?? "")
  );
}

/**
 * The path as counted: lower case (routes match whatever the case, so "/About" and "/ABOUT" are the
 * same page and must not make counter rows of their own), without a trailing slash (but "/"), capped.
 */
export function pageViewPath(pathname: string): string {
  return (pathname.length > 1 ? pathname.replace(/\/+$/, "") || "/" : pathname).toLowerCase().slice(0, MAX_PATH_CHARS);
}

/** Direct visits and "(other)" itself are fixed labels, not made up by links: they are never folded. */
function isCapped(counter: Counter): boolean {
  const label = (of: { source: string; medium: string; campaign: string }) =>
    of.source === counter.source && of.medium === counter.medium && of.campaign === counter.campaign;
  return !label(DIRECT) && !label(OTHER_SOURCES);
}

const ON_CONFLICT = {
  target: [pageViewCounts.day, pageViewCounts.source, pageViewCounts.medium, pageViewCounts.campaign, pageViewCounts.path],
  set: { views: sql`${pageViewCounts.views} + excluded.views` },
};

function upsert(db: Db, counter: Counter) {
  return db.insert(pageViewCounts).values(counter).onConflictDoUpdate(ON_CONFLICT);
}

/**
 * The upsert for a made-up label: it keeps its own name when the day already has it (on any path),
 * or has fewer than PAGE_VIEW_SOURCES_PER_DAY others; otherwise its views go to OTHER_SOURCES. One
 * statement, so two isolates cannot both take the last place. CASE is evaluated lazily: the count
 * runs only for a label the day doesn't have yet, and reads the day's slice of the primary key.
 * (`WHERE true` keeps SQLite from reading ON CONFLICT as part of the SELECT.)
 */
function cappedUpsert(db: Db, counter: Counter) {
  const { day, source, medium, campaign, path, views } = counter;
  const other = OTHER_SOURCES;
  const select = sql`
    SELECT ${day},
      CASE WHEN kept THEN ${source} ELSE ${other.source} END,
      CASE WHEN kept THEN ${medium} ELSE ${other.medium} END,
      CASE WHEN kept THEN ${campaign} ELSE ${other.campaign} END,
      ${path}, ${views}
    FROM (SELECT CASE
      WHEN EXISTS (SELECT 1 FROM page_view_counts WHERE day = ${day} AND source = ${source} AND medium = ${medium} AND campaign = ${campaign}) THEN 1
      WHEN (SELECT count(*) FROM (SELECT DISTINCT source, medium, campaign FROM page_view_counts WHERE day = ${day}
          AND NOT (source = ${DIRECT.source} AND medium = ${DIRECT.medium} AND campaign = ${DIRECT.campaign})
          AND NOT (source = ${other.source} AND medium = ${other.medium} AND campaign = ${other.campaign}))) < ${PAGE_VIEW_SOURCES_PER_DAY} THEN 1
      ELSE 0 END AS kept)
    WHERE true`;
  return db.insert(pageViewCounts).select(select).onConflictDoUpdate(ON_CONFLICT);
}

function keyOf(counter: Counter): string {
  return [counter.day, counter.path, counter.source, counter.medium, counter.campaign].join("\u0000");
}

// The Sydney day changes only on a minute boundary: one Intl call a minute, not one per view. A memo
// of a pure function of the time, holding no request's data, so the isolate may share it (decision 012).
let dayMemo: { minute: number; day: string } | undefined;

function dayOf(at: Date): string {
  const minute = Math.floor(at.getTime() / 60_000);
  if (dayMemo?.minute !== minute) dayMemo = { minute, day: sydneyDay(at) };
  return dayMemo.day;
}
