import type { Db } from "~/db/client.server";

// PLACEHOLDER (replaced by the earnings-and-statements branch).

/** The coach's earnings this Australia/Sydney calendar month so far: their share excluding GST, and the sessions it is for. */
export async function monthToDateEarnings(_db: Db, _coachId: string, _now: Date): Promise<{ shareCents: number; sessions: number }> {
  return { shareCents: 0, sessions: 0 };
}
