import * as z from "zod";
import { NOTES_READ_REASON_MIN } from "./admin-limits";

// The coach network's admin forms, used by the actions only (the limits the pages show are in
// admin-limits.ts, which the browser loads without zod).

/** The handover form: the coach who takes the sessions over. */
export const HandoverSchema = z.object({
  to: z.string().trim().min(1, "Choose the coach who'll take the sessions over.").max(64, "Choose the coach who'll take the sessions over."),
});

/** The audited read of private notes: which client, and why (recorded in the audit log). */
export const ReadNotesSchema = z.object({
  client: z.string().trim().min(1, "Choose the client whose notes you need to read.").max(64, "Choose the client whose notes you need to read."),
  reason: z
    .string()
    .trim()
    .min(NOTES_READ_REASON_MIN, `Give a reason of at least ${NOTES_READ_REASON_MIN} characters: it's recorded in the audit log.`)
    .max(500, "Keep the reason to 500 characters."),
});
