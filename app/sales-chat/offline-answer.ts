import { articleLine } from "~/ai-coach/offline-coach";
import type { ContentArticle } from "~/ai-coach/conversation-protocol";
import type { SiteFact } from "./facts";

// The Service Assistant's offline answer, when no model is configured or it fails: the facts looked
// up for an industry or a place the question names and the site facts that match it, quoted as they are, or an honest "I don't know" with the pages the
// shared content index found; always labelled, always ending with the way to book the free call.

export const OFFLINE_ASSISTANT_LABEL = "Offline assistant:";

const BOOKING_STEER = "The best next step is a [free 20-minute discovery call](/booking) with one of our coaches: no cost and no obligation.";

/** The facts a question is about, best first (the number of their words it uses), at most `max`. */
export function matchingFacts(question: string, facts: readonly SiteFact[], max = 3): SiteFact[] {
  return facts
    .map((fact, order) => ({ fact, order, score: (question.match(new RegExp(fact.matches.source, "gi")) ?? []).length }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, max)
    .map((entry) => entry.fact);
}

/** Facts that the looked-up facts of a question (an industry, a place) already say better. */
const COVERED_BY_LOOKUP = new Set(["locations", "how-it-works", "services"]);

/**
 * The whole offline answer, in Markdown, starting with the label. `questionFacts` were looked up for
 * this question (industry-place.ts): they come first, then the site facts its words match.
 */
export function offlineAssistantAnswer(
  question: string,
  facts: readonly SiteFact[],
  articles: readonly ContentArticle[],
  afterModelFailure: boolean,
  questionFacts: readonly SiteFact[] = [],
): string {
  const matched = matchingFacts(question, questionFacts.length ? facts.filter((fact) => !COVERED_BY_LOOKUP.has(fact.id)) : facts, questionFacts.length ? 2 : 3);
  const found = [...questionFacts, ...matched];
  const why = afterModelFailure ? "Our AI assistant isn't reachable right now" : "Our AI assistant isn't switched on here";
  const lines: string[] = [];
  if (found.length) {
    lines.push(`**${OFFLINE_ASSISTANT_LABEL}** ${why}, so here is what our website says.`, "");
    for (const fact of found) lines.push(fact.text, "");
  } else {
    lines.push(`**${OFFLINE_ASSISTANT_LABEL}** ${why}. I don't know the answer to that from what's on our website, and I'd rather not guess.`, "");
    if (articles.length) {
      lines.push("These pages of our site may help:", ...articles.slice(0, 3).map(articleLine), "");
    }
  }
  if (!found.some((fact) => fact.id === "discovery-call")) lines.push(BOOKING_STEER);
  return lines.join("\n").trim();
}
