import * as z from "zod";
import { optionalText } from "~/utils/forms";
import { BUSINESS_TYPES, LEAD_LIMITS } from "~/leads/lead-fields";

/** A person's name on a lead form. */
export const LeadNameSchema = z
  .string({ error: "Please enter your name" })
  .trim()
  .min(1, "Please enter your name")
  .max(LEAD_LIMITS.name, `Name must be ${LEAD_LIMITS.name} characters or fewer`);

/** An email address on a lead form, kept in lower case. */
export const LeadEmailSchema = z
  .string({ error: "Please enter your email address" })
  .trim()
  .min(1, "Please enter your email address")
  .max(LEAD_LIMITS.email, "That email address is too long")
  .pipe(z.email("Please enter a valid email address, like name@business.com.au"))
  .transform((email) => email.toLowerCase());

/** An optional phone number on a lead form. */
export const LeadPhoneSchema = optionalText(LEAD_LIMITS.phone, "Phone").refine(
  (phone) => phone === undefined || /^\+?[\d\s()-]{8,}$/.test(phone),
  "Please enter a valid phone number, like 0412 345 678",
);

/** The business type on any form that asks for one: one of BUSINESS_TYPES, or blank (kept as undefined) for none. */
export function businessTypeField(message: string) {
  return z
    .union([z.enum(BUSINESS_TYPES), z.literal("")], { error: message })
    .optional()
    .transform((value) => value || undefined);
}

/** The business type on the lead and booking forms. */
export const BusinessTypeSchema = businessTypeField("Please choose a business type from the list");

// The discovery contact details of SPEC §3, shared by the contact and booking forms.
export const LeadFormSchema = z.object({
  name: LeadNameSchema,
  email: LeadEmailSchema,
  company: optionalText(LEAD_LIMITS.company, "Company"),
  phone: LeadPhoneSchema,
  businessType: BusinessTypeSchema,
  message: optionalText(LEAD_LIMITS.message, "Message"),
  // Honeypot: hidden from people, tempting to bots. Checked separately so bots get no hint.
  website: z.string().optional(),
});

export type LeadFormValues = z.output<typeof LeadFormSchema>;
