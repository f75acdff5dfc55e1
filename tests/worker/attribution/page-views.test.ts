import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { recordConversion } from "~/attribution/conversions.server";
import { createPageViewCounter, pageViewPath, type PageViewCounter } from "~/attribution/page-views.server";
import { DIRECT, OTHER_SOURCES, PAGE_VIEW_SOURCES_PER_DAY } from "~/attribution/types";
import { createAppContext } from "~/create-context.server";
import { createDb, type Db } from "~/db/client.server";
import { fixedClock } from "~/platform/clock";
import { createIsolateState } from "~/isolate.server";
import { unique } from "./helpers";

const db = createDb(env.DB);

/** This test's own counters, as an isolate holds them (each test starts with new ones). */
let pageViews: PageViewCounter = createPageViewCounter({ flushDelayMs: 0 });

async function views(day: string, path: string, campaign: string): Promise<number> {
  const row = await env.DB.prepare("SELECT views FROM page_view_counts WHERE day = ? AND path = ? AND source = 'pv-unit' AND medium = 'email' AND campaign = ?")
    .bind(day, path, campaign)
    .first<{ views: number }>();
  return row?.views ?? 0;
}

/** Runs countPageView and hands back the background work it scheduled. */
function counter(database: Db) {
  const scheduled: Promise<unknown>[] = [];
  return {
    count: (path: string, campaign: string, at: Date) =>
      pageViews.count(
        { db: database, waitUntil: (work: Promise<unknown>) => scheduled.push(work) },
        { path, source: "pv-unit", medium: "email", campaign, at },
      ),
    settled: () => Promise.all(scheduled),
    scheduled,
  };
}

test("views are added up in memory and written once, after the delay, as additive upserts per Sydney day", async () => {
  pageViews = createPageViewCounter({ flushDelayMs: 0 });
  const campaign = `unit-${unique()}`;
  const views1 = counter(db);
  // 13:30 UTC on 1 March is 00:30 on 2 March in Sydney (AEDT).
  const at = new Date("2026-03-01T13:30:00Z");
  for (let i = 0; i < 5; i++) views1.count("/about", campaign, at);
  views1.count("/services", campaign, at);
  views1.count("/about", campaign, new Date("2026-03-01T12:30:00Z"));
  expect(views1.scheduled).toHaveLength(1);
  await views1.settled();
  expect(await views("2026-03-02", "/about", campaign)).toBe(5);
  expect(await views("2026-03-02", "/services", campaign)).toBe(1);
  expect(await views("2026-03-01", "/about", campaign)).toBe(1);

  // A second flush adds to the stored counts.
  const views2 = counter(db);
  views2.count("/about", campaign, at);
  views2.count("/about", campaign, at);
  await views2.settled();
  expect(await views("2026-03-02", "/about", campaign)).toBe(7);
});

test("a failed flush keeps the counts for the next one", async () => {
  pageViews = createPageViewCounter({ flushDelayMs: 0 });
  const campaign = `unit-${unique()}`;
  const failing = { batch: () => Promise.reject(new Error("D1 is unavailable")) } as unknown as Db;
  const broken = counter({ ...db, batch: failing.batch, insert: db.insert.bind(db) } as unknown as Db);
  const at = new Date("2026-04-10T02:00:00Z");
  broken.count("/blog", campaign, at);
  broken.count("/blog", campaign, at);
  await broken.settled();
  expect(await views("2026-04-10", "/blog", campaign)).toBe(0);

  const working = counter(db);
  working.count("/blog", campaign, at);
  await working.settled();
  expect(await views("2026-04-10", "/blog", campaign)).toBe(3);
  expect(await pageViews.flush(db)).toBe(true);
});

test("the flush waits for the delay, so views arriving meanwhile share one write", async () => {
  pageViews = createPageViewCounter({ flushDelayMs: 50 });
  const campaign = `unit-${unique()}`;
  const views1 = counter(db);
  const at = new Date("2026-05-05T05:00:00Z");
  views1.count("/terms", campaign, at);
  views1.count("/terms", campaign, at);
  expect(views1.scheduled).toHaveLength(1);
  expect(await views("2026-05-05", "/terms", campaign)).toBe(0);
  await views1.settled();
  expect(await views("2026-05-05", "/terms", campaign)).toBe(2);
});

/** Waits for every flush the counter scheduled, including those scheduled by earlier flushes (200 counters a flush). */
async function settledAll(views: ReturnType<typeof counter>) {
  for (let seen = -1; seen !== views.scheduled.length;) {
    seen = views.scheduled.length;
    await Promise.all(views.scheduled);
  }
}

async function dayRows(day: string) {
  const { results } = await env.DB.prepare("SELECT source, medium, campaign, path, views FROM page_view_counts WHERE day = ?")
    .bind(day)
    .all<{ source: string; medium: string; campaign: string; path: string; views: number }>();
  return results;
}

test("1,500 distinct campaign values in a day keep at most 200 sources, the rest counted under (other), every view counted", async () => {
  pageViews = createPageViewCounter({ flushDelayMs: 0 });
  expect(PAGE_VIEW_SOURCES_PER_DAY).toBe(200);
  const day = "2033-06-15";
  const at = new Date("2033-06-15T02:00:00Z");
  const views = counter(db);
  const context = { db, waitUntil: (work: Promise<unknown>) => views.scheduled.push(work) };
  for (let i = 0; i < 1_500; i++) pageViews.count(context, { path: "/", source: `flood-${i}`, medium: `m-${i}`, campaign: `c-${i}`, at });
  await settledAll(views);

  const rows = await dayRows(day);
  expect(rows.length, "rows for the day").toBeLessThanOrEqual(PAGE_VIEW_SOURCES_PER_DAY + 1);
  expect(
    rows.reduce((sum, row) => sum + row.views, 0),
    "every view is counted",
  ).toBe(1_500);
  const other = rows.find((row) => row.source === OTHER_SOURCES.source && row.medium === OTHER_SOURCES.medium && row.campaign === OTHER_SOURCES.campaign);
  expect(other?.views).toBe(1_500 - PAGE_VIEW_SOURCES_PER_DAY);
});

test("the daily cap is kept by the database: a day that another isolate filled counts a new source under (other)", async () => {
  pageViews = createPageViewCounter({ flushDelayMs: 0 });
  const day = "2033-07-20";
  const at = new Date("2033-07-20T02:00:00Z");
  // Another isolate has already stored the day's 200 sources (nothing of them is in this isolate's memory).
  await env.DB.batch(
    Array.from({ length: PAGE_VIEW_SOURCES_PER_DAY }, (_, i) =>
      env.DB.prepare("INSERT INTO page_view_counts (day, source, medium, campaign, path, views) VALUES (?, ?, 'cpc', ?, '/pricing', 1)").bind(
        day,
        `known-${i}`,
        `c-${i}`,
      ),
    ),
  );
  const views = counter(db);
  const context = { db, waitUntil: (work: Promise<unknown>) => views.scheduled.push(work) };
  pageViews.count(context, { path: "/pricing", source: "late", medium: "cpc", campaign: "new", at });
  pageViews.count(context, { path: "/about", source: "late", medium: "cpc", campaign: "new", at });
  // A source already stored that day keeps its name, on any page, and so do direct visits.
  pageViews.count(context, { path: "/about", source: "known-7", medium: "cpc", campaign: "c-7", at });
  pageViews.count(context, { path: "/about", ...DIRECT, at });
  await settledAll(views);

  const rows = await dayRows(day);
  expect(rows.filter((row) => row.source === "late")).toEqual([]);
  expect(rows.filter((row) => row.source === OTHER_SOURCES.source).map((row) => [row.path, row.views])).toEqual(
    expect.arrayContaining([
      ["/pricing", 1],
      ["/about", 1],
    ]),
  );
  expect(rows.find((row) => row.source === "known-7" && row.path === "/about")?.views).toBe(1);
  expect(rows.find((row) => row.source === DIRECT.source && row.path === "/about")?.views).toBe(1);
  expect(rows.reduce((sum, row) => sum + row.views, 0)).toBe(PAGE_VIEW_SOURCES_PER_DAY + 4);
});

test("a flood of made-up campaigns larger than an isolate's buffer is still counted in full, under (other)", async () => {
  pageViews = createPageViewCounter({ flushDelayMs: 0 });
  const day = "2033-08-25";
  const at = new Date("2033-08-25T02:00:00Z");
  const views = counter(db);
  const context = { db, waitUntil: (work: Promise<unknown>) => views.scheduled.push(work) };
  // All in one turn: nothing is written before the last one is counted.
  for (let i = 0; i < 2_500; i++) pageViews.count(context, { path: "/", source: `burst-${i}`, medium: "cpc", campaign: `c-${i}`, at });
  await settledAll(views);

  const rows = await dayRows(day);
  expect(rows.length).toBeLessThanOrEqual(PAGE_VIEW_SOURCES_PER_DAY + 1);
  expect(
    rows.reduce((sum, row) => sum + row.views, 0),
    "every view is counted",
  ).toBe(2_500);
});

test("a page is counted under one path however its letters are cased", async () => {
  expect(pageViewPath("/About")).toBe("/about");
  expect(pageViewPath("/SERVICES/Business-Coaching/")).toBe("/services/business-coaching");
  expect(pageViewPath("/")).toBe("/");
});

test("a page view without a time of its own is counted on the Sydney day of the context's clock", async () => {
  // 13:30 UTC on 10 February 2034 is already 11 February in Sydney (AEDT).
  const executionContext = createExecutionContext();
  const path = `/pv-clock-${unique()}`;
  const context = createAppContext(env, {
    executionContext,
    isolate: createIsolateState({ flushDelayMs: 0 }),
    clock: fixedClock("2034-02-10T13:30:00Z"),
  });
  await recordConversion(context, { type: "PAGE_VIEW", dedupeKey: unique(), request: new Request(`http://localhost${path}`), attribution: null });
  await waitOnExecutionContext(executionContext);

  const rows = await env.DB.prepare("SELECT day, views FROM page_view_counts WHERE path = ? AND source = ?")
    .bind(path, DIRECT.source)
    .all<{ day: string; views: number }>();
  expect(rows.results).toEqual([{ day: "2034-02-11", views: 1 }]);
});
