import { and, count, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { coachEarnings } from "~/db/schema";

/** How many completed paid sessions the coach has had (their next one is this plus one). */
export async function completedSessionCount(db: Db, coachId: string): Promise<number> {
  const row = await db
    .select({ n: count() })
    .from(coachEarnings)
    .where(and(eq(coachEarnings.coachId, coachId), eq(coachEarnings.kind, "session")))
    .get();
  return row?.n ?? 0;
}
