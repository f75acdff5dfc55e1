import type { AuthContext } from "./context.server";
import { tooManyRequests } from "./errors.server";
import { consumeRateLimit, type LimitSubject, type RateLimitRule } from "~/platform/rate-limit.server";

// The rate-limit model (docs/decisions/004-rate-limits-and-lockout.md). Three kinds of subject:
// a source (an IPv4 address or IPv6 /64, see clientSource), an account or address, and the pair.
// Limits on a source refuse that source; limits on an account never refuse the account's owner
// on their own: they ask for a captcha (when Turnstile is configured) or stop sending new messages.
export const AUTH_LIMITS = {
  // Every attempt, per source. GoTrue's defaults are the baseline.
  signInPerSource: { name: "auth-signin-ip", limit: 30, windowMs: 5 * 60_000 },
  signUpPerSource: { name: "auth-signup-ip", limit: 30, windowMs: 60 * 60_000 },
  otpPerSource: { name: "auth-otp-ip", limit: 30, windowMs: 60 * 60_000 },
  verifyPerSource: { name: "auth-verify-ip", limit: 30, windowMs: 5 * 60_000 },
  mfaVerifyPerSource: { name: "auth-mfa-ip", limit: 15, windowMs: 60_000 },
  // Wrong passwords for one account from one source: that source is refused for that account.
  signInFailuresPerAccountSource: { name: "auth-signin-fail-pair", limit: 5, windowMs: 15 * 60_000 },
  // Wrong passwords for one account from all sources: beyond this, every sign-in to the account
  // needs a captcha when Turnstile is configured. Nobody is refused by this count alone.
  signInFailuresPerAccount: { name: "auth-signin-fail-account", limit: 10, windowMs: 15 * 60_000 },
  // Wrong one-time codes from one source, whichever addresses they were for: that source is refused.
  wrongCodesPerSource: { name: "auth-wrong-code-ip", limit: 10, windowMs: 60 * 60_000 },
  // Wrong one-time codes for one address from all sources: beyond this, every code for the address
  // needs a captcha when Turnstile is configured. Nobody is refused by this count alone (five wrong
  // codes burn the address's outstanding codes anyway, WRONG_CODE_ATTEMPTS).
  wrongCodesPerAddress: { name: "auth-wrong-code-address", limit: 5, windowMs: 24 * 60 * 60_000 },
  // Messages (email or SMS) to one address asked for by one source.
  messagesPerAddressSource: { name: "auth-message-pair", limit: 3, windowMs: 60 * 60_000 },
  // Messages to one address in total: beyond this nothing new is sent, and the last code stays valid.
  messagesPerAddress: { name: "auth-message-address", limit: 10, windowMs: 60 * 60_000 },
  // Invitations to one address (POST /invite and the website's invitations alike), so a mistaken
  // loop or a leaked service key cannot flood an inbox: past this, GoTrue's email-rate-limit 429.
  invitationsPerAddress: { name: "auth-invite-address", limit: 5, windowMs: 60 * 60_000 },
  // Email or phone changes asked for by one user (PUT /user), counted before the address is checked.
  addressChangesPerUser: { name: "auth-address-change-user", limit: 4, windowMs: 60 * 60_000 },
} satisfies Record<string, RateLimitRule>;

/** Wrong codes for an address after which its outstanding codes are burned. */
export const WRONG_CODE_ATTEMPTS = 5;

// GoTrue limits challenge and verify each to 15 a minute per IP (MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY).
export const MFA_CHALLENGE_PER_SOURCE: RateLimitRule = { name: "auth-mfa-challenge-ip", limit: 15, windowMs: 60_000 };
// A 6-digit code with ±1 step of skew is guessed with p ≈ 3·10⁻⁶ per try; a per-IP limit alone lets
// an attacker holding the password spread guesses over many addresses, so each factor also gets a
// budget of its own. A real user needs one or two tries; ten per 5 minutes never gets in their way.
export const MFA_VERIFY_PER_FACTOR: RateLimitRule = { name: "auth-mfa-factor", limit: 10, windowMs: 5 * 60_000 };

/** GoTrue's answer to a request over a limit, with the wait until the limit's window ends. */
export function rateLimited(retryAfterSeconds: number) {
  return tooManyRequests("over_request_rate_limit", "Request rate limit reached", retryAfterSeconds);
}

/** Counts one request against a limit, and refuses it (429) past the limit. */
export async function limit(ctx: Pick<AuthContext, "db" | "appEnv">, rule: RateLimitRule, subject: LimitSubject) {
  const result = await consumeRateLimit(ctx.db, rule, subject, ctx.appEnv.SESSION_SECRET);
  if (!result.allowed) throw rateLimited(result.retryAfterSeconds);
}
