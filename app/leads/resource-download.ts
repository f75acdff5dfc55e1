import { z } from "zod";
import { LEAD_LIMITS } from "./lead-fields";

// The resource download form: name, email and an explicit, never pre-ticked marketing consent.
export const ResourceDownloadSchema = z.object({
  resource: z.string({ error: "Please choose a resource" }).min(1, "Please choose a resource"),
  name: z
    .string({ error: "Please enter your name" })
    .trim()
    .min(1, "Please enter your name")
    .max(LEAD_LIMITS.name, `Name must be ${LEAD_LIMITS.name} characters or fewer`),
  email: z
    .string({ error: "Please enter your email address" })
    .trim()
    .min(1, "Please enter your email address")
    .max(LEAD_LIMITS.email, "That email address is too long")
    .pipe(z.email("Please enter a valid email address, like name@business.com.au"))
    .transform((email) => email.toLowerCase()),
  marketingConsent: z.literal("yes", { error: "Consent must be given by ticking the box" }).optional(),
  website: z.string().optional(),
});
