import { clientAddress, peekRateLimit, type LimitSubject, type RateLimitRule } from "~/platform/rate-limit.server";
import { turnstileOf, verifyTurnstile } from "~/platform/turnstile.server";
import type { AuthContext } from "./context.server";
import { AuthApiError, badRequest } from "./errors.server";

// The captcha step-up (Cloudflare Turnstile): asked for once an account has had many wrong
// passwords, or an address many wrong one-time codes, instead of refusing its owner. Clients send the widget's token the way GoTrue reads
// it (auth-js `options.captchaToken`): `{ "gotrue_meta_security": { "captcha_token": "…" } }`.

/** GoTrue's answers when a required captcha is missing or not accepted (400 captcha_failed). */
export const CAPTCHA_MISSING = "captcha protection: request disallowed (no captcha_token found)";
export const CAPTCHA_FAILED = "captcha protection: request disallowed (captcha verification process failed)";

/** The captcha token of a request body, or undefined; a wrong shape is a 400, as for any field. */
export function captchaTokenOf(body: Record<string, unknown>): string | undefined {
  const security = body.gotrue_meta_security;
  if (security === undefined || security === null) return undefined;
  if (typeof security !== "object" || Array.isArray(security)) {
    throw badRequest("validation_failed", "Could not read gotrue_meta_security: expected an object");
  }
  const token = (security as Record<string, unknown>).captcha_token;
  if (token === undefined || token === null) return undefined;
  if (typeof token !== "string") throw badRequest("validation_failed", "Could not read gotrue_meta_security.captcha_token: expected a string");
  return token.trim() || undefined;
}

/**
 * Asks for a captcha when Turnstile is configured and the subject's failure count (`rule`) has
 * reached its limit: throws GoTrue's 400 captcha_failed unless the request carries a token that
 * Turnstile accepts. Without Turnstile configured it never refuses anyone.
 */
export async function requireCaptchaBeyond(ctx: AuthContext, rule: RateLimitRule, subject: LimitSubject, token: string | undefined) {
  const turnstile = turnstileOf(ctx.appEnv);
  if (!turnstile) return;
  const failures = await peekRateLimit(ctx.db, rule, subject, ctx.appEnv.SESSION_SECRET);
  if (failures.allowed) return;
  if (!token) throw captchaFailed(CAPTCHA_MISSING);
  const address = clientAddress(ctx.request);
  if (!(await verifyTurnstile(turnstile, token, address === "unknown" ? null : address))) throw captchaFailed(CAPTCHA_FAILED);
}

function captchaFailed(message: string) {
  return new AuthApiError(400, "captcha_failed", message);
}
