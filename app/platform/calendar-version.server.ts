import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { calendarVersion } from "~/db/schema";

// The calendar version (migration 0018): SQLite triggers bump it in the same statement as every write
// that can change which times are offered, so anything computed from the calendars and keyed on it
// (the edge cache's slot views, decision record 005; the home page's next call times) is never used
// after such a write, whichever code made it.

/** The query for the version, to run alone or in a batch with the reads it keys. */
export function calendarVersionQuery(db: Db) {
  return db.select({ version: calendarVersion.version }).from(calendarVersion).where(eq(calendarVersion.id, 1));
}

/** The version of the calendars now, as text for a cache key. */
export async function readCalendarVersion(db: Db): Promise<string> {
  return calendarVersionOf(await calendarVersionQuery(db).all());
}

/** The version from the query's rows; throws when the row is missing (migration 0018 not applied). */
export function calendarVersionOf(rows: { version: number }[]): string {
  const row = rows[0];
  if (!row) throw new Error("calendar_version has no row: apply migration 0018");
  return String(row.version);
}
