// The admin escalation list's filters and the expert reply's limit: plain data and logic for the
// pages in the browser, apart from the forms' zod schemas (escalation-schemas.ts), which would
// otherwise come with them into the pages' first load.

export const ESCALATION_FILTERS = ["active", "open", "assigned", "resolved", "all"] as const;
export type EscalationFilter = (typeof ESCALATION_FILTERS)[number];

/** How many escalations there are of each status. */
export type EscalationCounts = Record<"open" | "assigned" | "resolved", number>;

/** How many escalations a filter shows. */
export function filterCount(filter: EscalationFilter, counts: EscalationCounts): number {
  if (filter === "active") return counts.open + counts.assigned;
  if (filter === "all") return counts.open + counts.assigned + counts.resolved;
  return counts[filter];
}

/** The longest expert reply accepted (it is emailed and added to the conversation). */
export const EXPERT_REPLY_MAX_LENGTH = 8000;
