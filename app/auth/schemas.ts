import * as z from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "~/auth/password.server";
import { ROLES } from "~/db/schema";

// The forms of the sign-in page, the profile's security tab and the admin's role changes, one
// schema each, with the field rules they share (email, password, one-time code) defined once. Only
// actions import this file, so zod stays out of the browser bundle.

// SPEC §5 messages, verbatim, for the missing-field cases the auth API itself would refuse.
const MISSING_CREDENTIALS = "You must provide either an email or phone number and a password";
const MISSING_EMAIL = "You must provide either an email or phone number.";
const MISSING_EMAIL_AND_TYPE = "You must provide either an email or phone number and a type.";
export const INVALID_EMAIL = "Enter a valid email address, like name@example.com.au";
export const PASSWORD_RULE = `Use between ${PASSWORD_MIN_LENGTH} and ${PASSWORD_MAX_LENGTH} characters`;

const EMAIL_MAX_LENGTH = 254;
// Room for a long passphrase when signing in; the auth API refuses what it can't use.
const SIGN_IN_PASSWORD_MAX_LENGTH = 1000;

/** Blank becomes "", so a missing field reaches the form-level message rather than a type error. */
const text = (max: number) => z.string().trim().max(max).default("");
const email = () => text(EMAIL_MAX_LENGTH);
const isEmail = (value: string) => z.email().safeParse(value).success;
const signInPassword = () => z.string().max(SIGN_IN_PASSWORD_MAX_LENGTH).default("");

/** bcrypt, which imported hashes may use, reads only the first 72 bytes: longer is refused. */
function fitsPasswordRule(value: string): boolean {
  return value.length >= PASSWORD_MIN_LENGTH && new TextEncoder().encode(value).length <= PASSWORD_MAX_LENGTH;
}
const newPassword = () => z.string().default("").refine(fitsPasswordRule, PASSWORD_RULE);

/** A 6-digit one-time code as people type it: the separators they may add are dropped first. */
function sixDigitCode(messages: { missing: string; invalid: string }, separators: RegExp) {
  return z
    .string({ error: messages.missing })
    .transform((value) => value.replace(separators, ""))
    .pipe(z.string().regex(/^\d{6}$/, messages.invalid));
}
const emailedCode = () => sixDigitCode({ missing: "Enter the 6-digit code", invalid: "Enter the 6-digit code (numbers only)" }, /[\s-]/g);
const AUTHENTICATOR_CODE_MESSAGE = "Enter the 6-digit code from your authenticator app";
const authenticatorCode = () => sixDigitCode({ missing: AUTHENTICATOR_CODE_MESSAGE, invalid: AUTHENTICATOR_CODE_MESSAGE }, /\s/g);

function requireEmail(value: string, ctx: z.RefinementCtx) {
  if (!value) ctx.addIssue({ code: "custom", path: ["email"], message: "Enter your email address" });
  else if (!isEmail(value)) ctx.addIssue({ code: "custom", path: ["email"], message: INVALID_EMAIL });
}

/** An email-only form; `missing` is the form-level message when the address is blank. */
function emailOnly(missing: string) {
  return z.object({ email: email() }).superRefine((v, ctx) => {
    if (!v.email) ctx.addIssue({ code: "custom", path: ["form"], message: missing });
    requireEmail(v.email, ctx);
  });
}

function requireCredentials(v: { email: string; password: string }, ctx: z.RefinementCtx) {
  if (!v.email || !v.password) ctx.addIssue({ code: "custom", path: ["form"], message: MISSING_CREDENTIALS });
  requireEmail(v.email, ctx);
  if (!v.password) ctx.addIssue({ code: "custom", path: ["password"], message: "Enter your password" });
}

// --- /auth ---

export const SignInSchema = z.object({ email: email(), password: signInPassword() }).superRefine(requireCredentials);

export const SignUpSchema = z
  .object({
    firstName: text(100).refine(Boolean, "Enter your first name"),
    lastName: text(100).refine(Boolean, "Enter your last name"),
    email: email(),
    password: signInPassword(),
  })
  .superRefine((v, ctx) => {
    requireCredentials(v, ctx);
    if (v.password && !fitsPasswordRule(v.password)) ctx.addIssue({ code: "custom", path: ["password"], message: PASSWORD_RULE });
  });

export const SendCodeSchema = emailOnly(MISSING_EMAIL);
export const RecoverSchema = emailOnly("Password recovery requires an email");
export const ResendConfirmationSchema = emailOnly(MISSING_EMAIL_AND_TYPE);

/** The emailed code of sign-up confirmation, code sign-in and password recovery. */
export const VerifyEmailCodeSchema = z.object({ email: text(EMAIL_MAX_LENGTH).refine(isEmail, "Enter your email address again"), code: emailedCode() });

export const MfaStepSchema = z.object({ code: emailedCode() });

export const NewPasswordSchema = z
  .object({ password: newPassword(), confirmPassword: z.string().default("") })
  .refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], message: "The two passwords don't match" });

// --- /profile?tab=security ---

export const ChangePasswordSchema = z
  .object({
    currentPassword: z.string().max(200, "That password is too long").optional(),
    // Counted in characters here; the auth API refuses a password over the byte limit.
    password: z
      .string({ error: "Enter a new password" })
      .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`)
      .max(PASSWORD_MAX_LENGTH, `Use ${PASSWORD_MAX_LENGTH} characters or fewer`),
    confirmPassword: z.string().optional(),
  })
  .refine((values) => values.password === values.confirmPassword, { path: ["confirmPassword"], message: "The new passwords don't match" });

const factorId = () => z.uuid("That authenticator wasn't found");

export const FactorIdSchema = z.object({ factorId: factorId() });

export const VerifyFactorSchema = z.object({
  factorId: factorId(),
  // Carried back so the QR code can be shown again if the first code is wrong.
  secret: z.string().regex(/^[A-Z2-7]{16,128}=*$/, "Start the set-up again"),
  uri: z.string().max(1000).startsWith("otpauth://totp/", "Start the set-up again"),
  code: authenticatorCode(),
});

// --- /admin/users ---

/** Why an admin changes someone's account: kept in the audit log (no personal data, please). */
const adminReason = () =>
  z
    .string({ error: "Say why (a few words for the audit log)" })
    .trim()
    .min(3, "Say why (a few words for the audit log)")
    .max(300, "Keep the reason to 300 characters or fewer");

const userId = () => z.string({ error: "Choose a user" }).min(1, "Choose a user").max(100, "Choose a user");

export const RoleChangeSchema = z.object({
  intent: z.enum(["grant-role", "revoke-role"], { error: "That action isn't available" }),
  userId: userId(),
  role: z.enum(ROLES, { error: "Choose a role from the list" }),
  reason: adminReason(),
});

/** The other account actions of /admin/users: sign out everywhere and enable need no reason; disable does. */
export const AccountActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("sign-out-everywhere"), userId: userId(), reason: z.string().trim().max(300).optional() }),
  z.object({ intent: z.literal("disable"), userId: userId(), reason: adminReason() }),
  z.object({ intent: z.literal("enable"), userId: userId(), reason: z.string().trim().max(300).optional() }),
  z.object({ intent: z.literal("remove-two-step"), userId: userId(), reason: adminReason() }),
]);

export const USER_ACTION_INTENTS = ["grant-role", "revoke-role", "sign-out-everywhere", "disable", "enable", "remove-two-step"] as const;
