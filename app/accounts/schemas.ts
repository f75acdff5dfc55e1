import * as z from "zod";
import { isValidAbn, normaliseAbn } from "~/accounts/abn";
import { STATE_ORDER } from "~/content/australia";
import { businessTypeField } from "~/leads/lead-form";
import { optionalText } from "~/utils/forms";

// The profile's account forms, one schema each. Only actions import this file, so zod stays out
// of the browser bundle.

/** An optional ABN as people type it (spaces and hyphens allowed), checked and kept as 11 digits. */
export const AbnField = z
  .string()
  .trim()
  .max(20, "Enter the 11 digits of your ABN")
  .optional()
  .refine((value) => !value || isValidAbn(value), "That ABN isn't valid. Check the 11 digits against the Australian Business Register")
  .transform((value) => (value ? normaliseAbn(value)! : undefined));

export const ProfileDetailsSchema = z.object({
  firstName: z.string({ error: "Enter your first name" }).trim().min(1, "Enter your first name").max(100, "First name must be 100 characters or fewer"),
  lastName: optionalText(100, "Last name"),
  company: optionalText(160, "Business name"),
  industry: optionalText(100, "Industry"),
  businessType: businessTypeField("Choose a business type from the list"),
  state: z
    .union([z.literal(""), z.enum(STATE_ORDER)], { error: "Choose a state or territory from the list" })
    .optional()
    .transform((value) => value || undefined),
  abn: AbnField,
});

export const DeleteAccountSchema = z.object({
  confirm: z
    .string({ error: "Type DELETE to confirm" })
    .trim()
    .refine((value) => value === "DELETE", "Type DELETE, in capitals, to confirm"),
});
