import { listBookableCoaches } from "~/booking/catalogue.server";
import { listPublishedCaseStudies } from "~/content/queries.server";
import type { Db } from "~/db/client.server";
import type { SiteFact } from "./facts";
import { industryPlaceFacts, namesIndustryOrPlace } from "./industry-place";

/** The industry and place facts for a question (app/sales-chat/industry-place.ts), with the coaches taking bookings and the published case studies from D1. */
export async function questionFacts(db: Db, question: string, now = new Date()): Promise<SiteFact[]> {
  if (!namesIndustryOrPlace(question)) return [];
  const [coaches, caseStudies] = await Promise.all([listBookableCoaches(db), listPublishedCaseStudies(db)]);
  return industryPlaceFacts(question, { coaches, caseStudies }, now);
}
