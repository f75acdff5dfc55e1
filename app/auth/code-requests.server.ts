import { eq } from "drizzle-orm";
import { users } from "~/db/schema";
import { composeEmail } from "~/email/compose.server";
import { reauthenticationEmail } from "~/email/templates/reauthentication";
import { keepsLiveCode, messageQuota, requestMessage, requestMessages, sendPhoneCode } from "./code-delivery.server";
import type { AuthContext } from "./context.server";
import { unprocessable, validationFailed } from "./errors.server";
import { cleanMetadata, validChannel, validEmail, validPhone } from "./field-rules.server";
import type { Pkce } from "./flow-state.server";
import type { AuthMessageJob } from "./jobs";
import { AUTH_LIMITS, limit } from "./limits.server";
import { issueOneTimeToken } from "./one-time-tokens.server";
import { defaultLinkRedirect } from "./redirects.server";
import type { AuthCaller } from "./token-sessions.server";

// Asking for a one-time code: to sign in (/otp), to reset a password (/recover), again (/resend),
// and to confirm a sensitive change (/reauthenticate). Where GoTrue would reveal whether an address
// has an account, these answer the same either way: they check the input, count the request and
// leave the rest to the auth.message queue job (code-delivery.server.ts).

export const MISSING_OTP_ADDRESS = "You must provide either an email or phone number.";
export const MISSING_RESEND_FIELDS = "You must provide either an email or phone number and a type";

/** Where an email's link leads: a redirect the client asked for, already checked (linkRedirect); the sign-in page without one. */
type LinkRedirect = { redirectTo?: string };

export type SendOtpInput = LinkRedirect & {
  email?: string;
  phone?: string;
  /** Create a passwordless account for an unknown address (GoTrue's default: true). */
  createUser?: boolean;
  /** user_metadata for an account created here. */
  data?: Record<string, unknown>;
  channel?: string;
  pkce?: Pkce | null;
};

/**
 * Sends a 6-digit code and a magic link (email) or a code (SMS), creating a passwordless account
 * first unless `createUser` is false.
 */
export async function sendOtp(ctx: AuthContext, input: SendOtpInput): Promise<void> {
  const rawEmail = input.email?.trim();
  const rawPhone = input.phone?.trim();
  const { channel } = input;
  if (!rawEmail && !rawPhone) throw validationFailed(MISSING_OTP_ADDRESS);
  if (rawEmail && rawPhone) throw validationFailed("Only an email address or phone number should be provided");
  if (rawEmail && channel) throw validationFailed("Channel should only be specified with Phone OTP");
  await limit(ctx, AUTH_LIMITS.otpPerSource, ctx.source);

  // Everything past the checks happens in the queue (sendRequestedMessage): the answer and its
  // timing are the same whether or not the address has an account.
  const address = rawEmail ? validEmail(rawEmail) : validPhone(rawPhone!);
  if (!rawEmail) validChannel(channel);
  const metadata = cleanMetadata(input.data ?? {});
  await requestMessage(ctx, {
    flow: "otp",
    channel: rawEmail ? "email" : "sms",
    address,
    createUser: input.createUser ?? true,
    data: metadata,
    pkce: input.pkce ?? null,
    redirectTo: input.redirectTo ?? defaultLinkRedirect(ctx),
  });
}

const RESEND_TYPES = ["signup", "email_change", "sms", "phone_change"] as const;
const RESEND_FLOWS = {
  signup: "resend_signup",
  email_change: "resend_email_change",
  sms: "resend_sms",
  phone_change: "resend_phone_change",
} as const satisfies Record<(typeof RESEND_TYPES)[number], AuthMessageJob["flow"]>;

export type ResendOtpInput = LinkRedirect & {
  /** "signup", "email_change", "sms" or "phone_change"; anything else is GoTrue's 400. */
  type?: string;
  email?: string;
  phone?: string;
  pkce?: Pkce | null;
};

/** Sends a pending confirmation or change code again, whatever the account (nothing is sent without one). */
export async function resendOtp(ctx: AuthContext, input: ResendOtpInput): Promise<void> {
  const { type } = input;
  const rawEmail = input.email?.trim();
  const rawPhone = input.phone?.trim();
  if ((!rawEmail && !rawPhone) || !type) throw validationFailed(MISSING_RESEND_FIELDS);
  if (!(RESEND_TYPES as readonly string[]).includes(type)) throw validationFailed("Missing one of these types: signup, email_change, sms, phone_change");
  if (!rawEmail && type === "signup") throw validationFailed("Type provided requires an email address");
  if (!rawPhone && type === "sms") throw validationFailed("Type provided requires a phone number");
  if (rawEmail && rawPhone) throw validationFailed("Only an email address or phone number should be provided.");
  const email = rawEmail ? validEmail(rawEmail) : null;
  const phone = rawPhone ? validPhone(rawPhone) : null;
  await limit(ctx, AUTH_LIMITS.otpPerSource, ctx.source);
  await requestMessage(ctx, {
    flow: RESEND_FLOWS[type as (typeof RESEND_TYPES)[number]],
    channel: email ? "email" : "sms",
    address: (email ?? phone)!,
    createUser: false,
    data: {},
    pkce: input.pkce ?? null,
    redirectTo: input.redirectTo ?? defaultLinkRedirect(ctx),
  });
}

/** Emails a password recovery code and link, whether or not the address has an account. */
export async function sendPasswordRecovery(ctx: AuthContext, input: LinkRedirect & { email?: string; pkce?: Pkce | null }): Promise<void> {
  const rawEmail = input.email?.trim();
  if (!rawEmail) throw validationFailed("Password recovery requires an email");
  const email = validEmail(rawEmail);
  await limit(ctx, AUTH_LIMITS.otpPerSource, ctx.source);
  await requestMessage(ctx, {
    flow: "recovery",
    channel: "email",
    address: email,
    createUser: false,
    data: {},
    pkce: input.pkce ?? null,
    redirectTo: input.redirectTo ?? defaultLinkRedirect(ctx),
  });
}

/** Sends the signed-in user a code (`nonce` of updateUser) to confirm a sensitive change. */
export async function sendReauthenticationCode(ctx: AuthContext, { user }: AuthCaller): Promise<void> {
  if (!user.email && !user.phone) throw validationFailed("Reauthentication requires the user to have an email or a phone number");
  if (user.email && !user.emailConfirmedAt) throw unprocessable("email_not_confirmed", "Please verify your email first.");
  if (!user.email && user.phone && !user.phoneConfirmedAt) throw unprocessable("phone_not_confirmed", "Please verify your phone first.");
  const address = (user.email ?? user.phone)!;
  const { overQuota } = await messageQuota(ctx, address, user.email ? "email" : "sms");
  // Past the address's hourly total the code already sent stays the one that works.
  if (await keepsLiveCode(ctx, overQuota, user.id, "reauthentication", address)) return;
  await ctx.db.update(users).set({ reauthenticationSentAt: new Date().toISOString() }).where(eq(users.id, user.id));
  const messages = requestMessages(ctx);
  if (user.email) {
    const { code, tokenHash } = await issueOneTimeToken(ctx, user.id, "reauthentication", user.email);
    await messages.send(
      await composeEmail(
        ctx.appEnv,
        reauthenticationEmail,
        { code, signInUrl: `${ctx.config.siteUrl}/auth` },
        { to: user.email, dedupeKey: messages.dedupeKey("reauthentication", user.id, tokenHash) },
      ),
    );
  } else {
    await sendPhoneCode(messages, user, user.phone!, "reauthentication");
  }
}
