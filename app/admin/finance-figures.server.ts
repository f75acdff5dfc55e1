import type { Db } from "~/db/client.server";
import type { Figure, FigureQuery } from "./figures";

// PLACEHOLDER (owner: i26-finance) — revenue and GST, GST credits on RCTIs and the BAS net, MRR with
// its movements, active subscribers by tier, refunds and payouts owed.
export async function financeFigures(_db: Db, _query: FigureQuery): Promise<Figure[]> {
  return [];
}
