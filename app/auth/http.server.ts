import type { AuthContext } from "./context.server";
import { AuthApiError, badRequest, tooManyRequests } from "./errors.server";
import { consumeRateLimit, type LimitSubject, type RateLimitRule } from "~/platform/rate-limit.server";

export const MAX_BODY_BYTES = 64 * 1024;

export function json(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/json");
  return new Response(JSON.stringify(body), { ...init, headers });
}

/**
 * Reads a JSON object body. Malformed JSON, a non-object, or a body over 64 KiB is a 4xx with
 * GoTrue's messages; unknown fields are ignored by the endpoints' schemas.
 */
export async function readJsonBody(request: Request): Promise<Record<string, unknown>> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw new AuthApiError(413, "request_entity_too_large", "Request body too large");
  const text = await request.text();
  if (new TextEncoder().encode(text).length > MAX_BODY_BYTES) throw new AuthApiError(413, "request_entity_too_large", "Request body too large");
  if (text.trim() === "") return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw badRequest("bad_json", `Could not parse request body as JSON: ${error instanceof Error ? error.message : "invalid JSON"}`);
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) throw badRequest("bad_json", "Could not parse request body as JSON: expected an object");
  return value as Record<string, unknown>;
}

/** A string field, or undefined; anything else present is a 400 (wrong type). */
export function stringField(body: Record<string, unknown>, name: string): string | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") throw badRequest("validation_failed", `Could not read ${name}: expected a string`);
  return value;
}

export function objectField(body: Record<string, unknown>, name: string): Record<string, unknown> | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "object" || Array.isArray(value)) throw badRequest("validation_failed", `Could not read ${name}: expected an object`);
  return value as Record<string, unknown>;
}

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
  // Email or phone changes asked for by one user (PUT /user), counted before the address is checked.
  addressChangesPerUser: { name: "auth-address-change-user", limit: 4, windowMs: 60 * 60_000 },
} satisfies Record<string, RateLimitRule>;

/** Wrong codes for an address after which its outstanding codes are burned. */
export const WRONG_CODE_ATTEMPTS = 5;

export async function limit(ctx: AuthContext, rule: RateLimitRule, subject: LimitSubject) {
  const result = await consumeRateLimit(ctx.db, rule, subject, ctx.appEnv.SESSION_SECRET);
  if (!result.allowed) throw tooManyRequests("over_request_rate_limit", "Request rate limit reached");
}
