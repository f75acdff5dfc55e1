import { z } from "zod";

// The admin escalation forms (/admin/escalations/:id) and the list's filter.

export const ESCALATION_FILTERS = ["active", "open", "assigned", "resolved", "all"] as const;
export type EscalationFilter = (typeof ESCALATION_FILTERS)[number];

/** The list's ?status= filter: unknown values fall back to the active ones (open and assigned). */
export const EscalationFilterSchema = z.enum(ESCALATION_FILTERS).catch("active");

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

const id = z.string().trim().min(1, "Choose an administrator.").max(100, "Choose an administrator.");

export const AssignEscalationSchema = z.object({
  intent: z.literal("assign"),
  assigneeId: id,
});

export const ReplyEscalationSchema = z.object({
  intent: z.literal("reply"),
  reply: z
    .string()
    .trim()
    .min(1, "Write a reply before sending it.")
    .max(EXPERT_REPLY_MAX_LENGTH, `Keep the reply to ${EXPERT_REPLY_MAX_LENGTH} characters or fewer.`),
});

export const ResolveEscalationSchema = z.object({
  intent: z.literal("resolve"),
});

export const EscalationIntentSchema = z.enum(["assign", "reply", "resolve"], { error: "Choose what to do." });
