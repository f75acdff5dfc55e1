import * as z from "zod";
import { LEAD_STATUSES } from "~/db/schema/leads";
import { ID_PATTERN, LEAD_NOTES_MAX } from "./admin";

// The forms on a lead's page (/admin/leads/:id): one schema each, told apart by `intent`.

export const LEAD_INTENTS = ["update-status", "assign-owner", "save-notes"] as const;
export type LeadIntent = (typeof LEAD_INTENTS)[number];

export const UpdateLeadStatusSchema = z.object({
  intent: z.literal("update-status"),
  status: z.enum(LEAD_STATUSES, { error: "Choose a status from the list." }),
});

export const AssignLeadOwnerSchema = z.object({
  intent: z.literal("assign-owner"),
  /** Empty: nobody owns the lead. */
  ownerId: z
    .string({ error: "Choose an owner from the list." })
    .trim()
    .refine((value) => value === "" || ID_PATTERN.test(value), "Choose an owner from the list."),
});

export const SaveLeadNotesSchema = z.object({
  intent: z.literal("save-notes"),
  // A browser sends a textarea's line breaks as CRLF; its maxLength counted each as one character.
  notes: z
    .string({ error: "The notes are missing. Reload the page and try again." })
    .transform((value) => value.replace(/\r\n?/g, "\n").trim())
    .pipe(z.string().max(LEAD_NOTES_MAX, `Keep the notes to ${LEAD_NOTES_MAX.toLocaleString("en-AU")} characters or fewer.`)),
});
