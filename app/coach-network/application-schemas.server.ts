import * as z from "zod";
import { isValidAbn, normaliseAbn } from "~/accounts/abn";
import { AU_TIME_ZONES } from "~/booking/time-zones";
import { APPLICATION_LIMITS, AU_STATES } from "./applications";
import { COACH_INDUSTRIES, COACH_SPECIALTIES } from "./specialties";

// The coach application's zod schemas, used by the actions only: the form's limits and labels are in
// applications.ts, which the browser loads without zod.

type StateCode = (typeof AU_STATES)[number]["value"];
const STATE_CODES = AU_STATES.map((state) => state.value) as [StateCode, ...StateCode[]];
const ZONE_IDS = AU_TIME_ZONES.map((zone) => zone.id) as [string, ...string[]];

const required = (label: string, max: number) =>
  z
    .string({ error: `Enter your ${label}` })
    .trim()
    .min(1, `Enter your ${label}`)
    .max(max, `Your ${label} must be ${max} characters or fewer`);

const optional = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be ${max} characters or fewer`)
    .optional()
    .transform((value) => value || null);

const wholeNumber = (message: string, min: number, max: number, range: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .regex(/^\d{1,3}$/, message)
    .transform(Number)
    .refine((value) => value >= min && value <= max, range);

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The application form. Specialties and industries arrive as lists (one checkbox each); every
 * other field is text. `today` (YYYY-MM-DD, Australia/Sydney) decides whether insurance is current.
 */
export function applicationSchema(today: string) {
  return z
    .object({
      firstName: required("first name", APPLICATION_LIMITS.name),
      lastName: required("last name", APPLICATION_LIMITS.name),
      email: z
        .string({ error: "Enter your email address" })
        .trim()
        .min(1, "Enter your email address")
        .max(APPLICATION_LIMITS.email, "That email address is too long")
        .pipe(z.email("Enter an email address like name@example.com.au"))
        .transform((email) => email.toLowerCase()),
      phone: z
        .string({ error: "Enter your phone number" })
        .trim()
        .min(1, "Enter your phone number")
        .max(APPLICATION_LIMITS.phone, "Enter a phone number like 0412 345 678")
        .refine((phone) => /^\+?[\d\s()-]+$/.test(phone) && phone.replace(/\D/g, "").length >= 8, "Enter a phone number like 0412 345 678"),
      state: z.enum(STATE_CODES, { error: "Choose your state or territory" }),
      timeZone: z.enum(ZONE_IDS, { error: "Choose your time zone" }),
      abn: z
        .string()
        .trim()
        .max(20, "Enter your 11-digit ABN")
        .optional()
        .transform((value) => value || null)
        .refine((value) => value === null || isValidAbn(value), "That isn't a valid ABN: check the 11 digits on the Australian Business Register")
        .transform((value) => (value ? normaliseAbn(value) : null)),
      gstRegistered: z.enum(["yes", "no"], { error: "Tell us whether you're registered for GST" }).transform((value) => value === "yes"),
      specialties: z
        .array(z.enum(COACH_SPECIALTIES, { error: "Choose specialties from the list" }))
        .min(1, "Choose at least one specialty")
        .transform((list) => [...new Set(list)]),
      industries: z
        .array(z.enum(COACH_INDUSTRIES as [string, ...string[]], { error: "Choose industries from the list" }))
        .min(1, "Choose at least one industry you've worked with")
        .transform((list) => [...new Set(list)]),
      yearsExperience: wholeNumber("Enter your years of experience as a whole number", 0, 60, "Enter between 0 and 60 years"),
      qualifications: required("qualifications", APPLICATION_LIMITS.qualifications),
      memberships: optional("Memberships", APPLICATION_LIMITS.memberships),
      insurer: optional("The insurer's name", APPLICATION_LIMITS.insurer),
      insuranceExpiresOn: z
        .string()
        .trim()
        .optional()
        .transform((value) => value || null)
        .refine((value) => value === null || (ISO_DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`))), "Enter the expiry date as a date")
        .refine((value) => value === null || value > today, "That policy has expired: enter the expiry date of a current policy"),
      website: optional("The address", APPLICATION_LIMITS.website).refine(
        (value) => value === null || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(value),
        "Enter a full web address starting with https://",
      ),
      bio: z
        .string({ error: "Write a short bio" })
        .trim()
        .min(APPLICATION_LIMITS.bioMin, `Write at least ${APPLICATION_LIMITS.bioMin} characters about how you coach`)
        .max(APPLICATION_LIMITS.bio, `Your bio must be ${APPLICATION_LIMITS.bio} characters or fewer`),
      hoursPerWeek: wholeNumber("Enter the hours you could coach each week as a whole number", 1, 60, "Enter between 1 and 60 hours a week"),
      terms: z.literal("yes", { error: "Agree to the coach terms to apply" }),
    })
    .superRefine((value, ctx) => {
      if (value.gstRegistered && !value.abn) ctx.addIssue({ code: "custom", path: ["abn"], message: "You're registered for GST, so enter your ABN" });
      if (value.insurer && !value.insuranceExpiresOn)
        ctx.addIssue({ code: "custom", path: ["insuranceExpiresOn"], message: "Enter the date your policy expires" });
      if (!value.insurer && value.insuranceExpiresOn) ctx.addIssue({ code: "custom", path: ["insurer"], message: "Enter your insurer's name" });
    });
}

export type ApplicationInput = z.output<ReturnType<typeof applicationSchema>>;

/** The reason an admin gives on rejecting, emailed to the applicant. */
export const RejectSchema = z.object({
  reason: z
    .string({ error: "Write the reason the applicant will read" })
    .trim()
    .min(20, "Write at least 20 characters: the applicant reads this in their email")
    .max(APPLICATION_LIMITS.reason, `Keep the reason to ${APPLICATION_LIMITS.reason} characters or fewer`),
});

export const NoteSchema = z.object({
  body: z
    .string({ error: "Write the note" })
    .trim()
    .min(1, "Write the note")
    .max(APPLICATION_LIMITS.note, `Keep the note to ${APPLICATION_LIMITS.note} characters or fewer`),
});
