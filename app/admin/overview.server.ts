import type { Db } from "~/db/client.server";
import { activityFigures } from "./activity-figures.server";
import { financeFigures } from "./finance-figures.server";
import type { Figure } from "./figures";
import { figureQuery, type Period } from "./periods";

// The overview's data for a period: the finance figures and the activity figures, asked for in
// parallel over the same query.

export async function overviewFigures(db: Db, period: Period, now: Date): Promise<Figure[]> {
  const query = figureQuery(period, now);
  const [finance, activity] = await Promise.all([financeFigures(db, query), activityFigures(db, query)]);
  return [...finance, ...activity];
}
