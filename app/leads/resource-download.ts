import * as z from "zod";
import { LeadEmailSchema, LeadNameSchema } from "./lead-form";

// The resource download form: name, email and an explicit, never pre-ticked marketing consent.
export const ResourceDownloadSchema = z.object({
  resource: z.string({ error: "Please choose a resource" }).min(1, "Please choose a resource"),
  name: LeadNameSchema,
  email: LeadEmailSchema,
  marketingConsent: z.literal("yes", { error: "Consent must be given by ticking the box" }).optional(),
  website: z.string().optional(),
});
