import * as z from "zod";
import { isValidAbn, normaliseAbn } from "~/accounts/abn";
import { BIO_MAX_LENGTH, BIO_MIN_LENGTH } from "./profile";
import { COACH_INDUSTRIES, COACH_SPECIALTIES, type CoachIndustry, type CoachSpecialty } from "./specialties";

// The coach profile's and tax details' forms, used by the actions only (their limits are in profile.ts).

const trimmed = (max: number, label: string) => z.string().trim().max(max, `${label} must be at most ${max} characters.`);

export const CoachProfileSchema = z.object({
  bio: trimmed(BIO_MAX_LENGTH, "Your bio").min(
    BIO_MIN_LENGTH,
    `Write at least ${BIO_MIN_LENGTH} characters: who you help, how you work and what clients get from it.`,
  ),
  specialties: z
    .array(z.enum(COACH_SPECIALTIES as unknown as [CoachSpecialty, ...CoachSpecialty[]], { error: "Choose from the listed specialties." }))
    .min(1, "Choose at least one specialty.")
    .transform((values) => [...new Set(values)]),
  industries: z
    .array(z.enum(COACH_INDUSTRIES as unknown as [CoachIndustry, ...CoachIndustry[]], { error: "Choose from the listed industries." }))
    .min(1, "Choose at least one industry you work with.")
    .transform((values) => [...new Set(values)]),
});
export type CoachProfileInput = z.infer<typeof CoachProfileSchema>;

export const CoachTaxDetailsSchema = z.object({
  legalName: trimmed(200, "Your legal or business name").min(2, "Enter the name registered with your ABN."),
  abn: z
    .string()
    .trim()
    .refine((value) => normaliseAbn(value) !== null, "Enter your 11-digit ABN.")
    .refine((value) => isValidAbn(value), "That ABN isn't valid. Please check the digits against the ABN Lookup.")
    .transform((value) => normaliseAbn(value)!),
  gstRegistered: z.enum(["yes", "no"], { error: "Tell us whether you're registered for GST." }).transform((value) => value === "yes"),
  confirm: z.literal("on", { error: "Confirm that these details are correct." }),
});
export type CoachTaxDetailsInput = z.infer<typeof CoachTaxDetailsSchema>;
