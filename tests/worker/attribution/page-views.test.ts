import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { countPageView, flushPageViews, setPageViewFlushDelay } from "~/attribution/page-views.server";
import { createDb, type Db } from "~/db/client.server";
import { unique } from "./helpers";

const db = createDb(env.DB);

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
      countPageView({ db: database, waitUntil: (work) => scheduled.push(work) }, { path, source: "pv-unit", medium: "email", campaign, at }),
    settled: () => Promise.all(scheduled),
    scheduled,
  };
}

test("views are added up in memory and written once, after the delay, as additive upserts per Sydney day", async () => {
  setPageViewFlushDelay(0);
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
  setPageViewFlushDelay(0);
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
  expect(await flushPageViews(db)).toBe(true);
});

test("the flush waits for the delay, so views arriving meanwhile share one write", async () => {
  setPageViewFlushDelay(50);
  const campaign = `unit-${unique()}`;
  const views1 = counter(db);
  const at = new Date("2026-05-05T05:00:00Z");
  views1.count("/terms", campaign, at);
  views1.count("/terms", campaign, at);
  expect(views1.scheduled).toHaveLength(1);
  expect(await views("2026-05-05", "/terms", campaign)).toBe(0);
  await views1.settled();
  expect(await views("2026-05-05", "/terms", campaign)).toBe(2);
  setPageViewFlushDelay(0);
});
