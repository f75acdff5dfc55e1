import * as z from "zod";
import { ESCALATION_FILTERS, EXPERT_REPLY_MAX_LENGTH } from "./escalation-filters";

// The admin escalation forms (/admin/escalations/:id) and the list's filter. The filters and limits
// live in escalation-filters.ts, without zod, so the pages' first load does not carry it.

export { ESCALATION_FILTERS, EXPERT_REPLY_MAX_LENGTH, filterCount, type EscalationCounts, type EscalationFilter } from "./escalation-filters";

/** The list's ?status= filter: unknown values fall back to the active ones (open and assigned). */
export const EscalationFilterSchema = z.enum(ESCALATION_FILTERS).catch("active");

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
