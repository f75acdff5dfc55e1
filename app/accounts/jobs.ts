import * as z from "zod";

// SPEC §7 send-user-onboarding: email, first and last name of a user who signed in within 5
// minutes of creating their account.
export const OnboardingEmailJobSchema = z.object({
  type: z.literal("user.onboarding"),
  version: z.literal(1),
  userId: z.string().min(1),
  email: z.email(),
  firstName: z.string().max(100).default(""),
  lastName: z.string().max(100).default(""),
});

export type OnboardingEmailJob = z.infer<typeof OnboardingEmailJobSchema>;
