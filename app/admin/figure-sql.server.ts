import { sql, type SQL } from "drizzle-orm";
import type { Range } from "./figures";
import { sydneyDate } from "./periods";

// Helpers for the figures' aggregate queries: a trend's window, the bucket a timestamp falls in
// (computed in SQL, so a query returns one row per bucket) and the rows back as a trend.

/** The trend's whole window: the first bucket's start to the last one's end. */
export function windowOf(buckets: Range[]): Range {
  return { start: buckets[0]!.start, end: buckets[buckets.length - 1]!.end };
}

/** `CASE WHEN col < end0 THEN 0 WHEN col < end1 THEN 1 … END`: the bucket of a timestamp inside the window (ISO text compares in time order). */
export function bucketIndexSql(column: SQL, buckets: Range[]): SQL {
  const whens = buckets.map((bucket, i) => sql` WHEN ${column} < ${bucket.end} THEN ${i}`);
  return sql`CASE${sql.join(whens, sql``)} END`;
}

/** One value per bucket from rows keyed by bucket index (missing buckets are 0). */
export function trendOf<T extends { bucket: number | null }>(rows: T[], buckets: Range[], value: (row: T) => number | null | undefined): number[] {
  const trend = buckets.map(() => 0);
  for (const row of rows) if (row.bucket !== null && row.bucket >= 0 && row.bucket < trend.length) trend[row.bucket] = Number(value(row) ?? 0);
  return trend;
}

/** A point-in-time figure has no trend. */
export function emptyTrend(): number[] {
  return [];
}

/** The Sydney dates of a range's first and last day (YYYY-MM-DD), for list filters. */
export function sydneyDays(range: Range): { first: string; lastDay: string } {
  const key = (d: { year: number; month: number; day: number }) => `${d.year}-${String(d.month + 1).padStart(2, "0")}-${String(d.day).padStart(2, "0")}`;
  return { first: key(sydneyDate(new Date(range.start))), lastDay: key(sydneyDate(new Date(Date.parse(range.end) - 1))) };
}
