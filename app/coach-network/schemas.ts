import { z } from "zod";

// The coach network's admin forms, and the limits their pages show. Safe for the browser bundle.

/** The handover form: the coach who takes the sessions over. */
export const HandoverSchema = z.object({
  to: z.string().trim().min(1, "Choose the coach who'll take the sessions over.").max(64, "Choose the coach who'll take the sessions over."),
});

export const NOTES_READ_REASON_MIN = 10;

/** The audited read of private notes: which client, and why (recorded in the audit log). */
export const ReadNotesSchema = z.object({
  client: z.string().trim().min(1, "Choose the client whose notes you need to read.").max(64, "Choose the client whose notes you need to read."),
  reason: z
    .string()
    .trim()
    .min(NOTES_READ_REASON_MIN, `Give a reason of at least ${NOTES_READ_REASON_MIN} characters: it's recorded in the audit log.`)
    .max(500, "Keep the reason to 500 characters."),
});
