import * as z from "zod";

// The emails and text messages of POST /otp, /recover and /resend. The endpoints answer at once and
// the same way for every address; looking the account up and sending happen here, in the queue, so
// neither the answer nor its timing says whether the address has an account.
export const AUTH_MESSAGE_FLOWS = ["otp", "recovery", "resend_signup", "resend_email_change", "resend_sms", "resend_phone_change"] as const;

export const AuthMessageJobSchema = z.object({
  type: z.literal("auth.message"),
  version: z.literal(1),
  // One per request: the dedupe keys of its messages, so a retried job sends nothing twice.
  requestId: z.uuid(),
  flow: z.enum(AUTH_MESSAGE_FLOWS),
  channel: z.enum(["email", "sms"]),
  // Normalised: a lower-case email address, or a phone number in E.164 without the plus.
  address: z.string().min(1).max(255),
  // /otp: create a passwordless account for an unknown address, with this user_metadata.
  createUser: z.boolean().default(false),
  data: z.record(z.string(), z.unknown()).default({}),
  pkce: z
    .object({ challenge: z.string().min(43).max(128), method: z.string().min(1) })
    .nullable()
    .default(null),
  // Where the email's link leads, already checked against the allowed redirects.
  redirectTo: z.url(),
  // Past the address's hourly message total: send only when no live code of the kind is outstanding.
  overQuota: z.boolean().default(false),
  ipHash: z.string().max(64).nullable().default(null),
});

export type AuthMessageJob = z.infer<typeof AuthMessageJobSchema>;
export type AuthMessageJobInput = z.input<typeof AuthMessageJobSchema>;
