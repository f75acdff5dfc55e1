import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { CAPTCHA_MISSING } from "~/auth/captcha.server";
import type { AuthApiError } from "~/auth/errors.server";
import { mfaStepHref } from "~/auth/mfa-gate.server";
import { INVALID_EMAIL, PASSWORD_RULE } from "~/auth/schemas";
import type { SessionResponse } from "~/auth/token-sessions.server";
import { createWebSession } from "~/auth/web-sessions.server";
import { BUSINESS } from "~/content/business";
import type { AuthActionData, AuthCaptcha, AuthErrors, AuthValues, Step } from "./sign-in-steps";

// The answers the sign-in page's handlers share: a step to show, a refusal, or a new session.

/** A form that didn't pass its schema: the same step again, with the problems. */
export function invalid(step: Step, errors: AuthErrors, values: AuthValues = {}, captcha?: AuthCaptcha) {
  return data<AuthActionData>({ step, errors, values, ...(captcha ? { captcha } : {}) }, { status: 400 });
}

/** The step to show next, with a notice of what just happened. */
export function nextStep(step: Step, values: AuthValues, notice: string, init?: ResponseInit) {
  return data<AuthActionData>({ step, values, notice }, init);
}

/** A wait as the page says it: "a minute", "12 minutes", "an hour", "2 hours" (rounded up). */
export function describeWait(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes === 1) return "a minute";
  if (minutes < 60) return `${minutes} minutes`;
  const hours = Math.ceil(minutes / 60);
  return hours === 1 ? "an hour" : `${hours} hours`;
}

/**
 * Turns an auth refusal into something a person can act on: the field it concerns and a 400 (429
 * when rate limited, saying how long the limit lasts). Other 4xx statuses are folded into 400 on
 * purpose: the page itself was fine, only what was typed was not. With `captcha`, the form shows
 * the captcha widget again.
 */
export function refusal(step: Step, error: AuthApiError, values: AuthValues = {}, captcha?: AuthCaptcha) {
  const { code, message } = error;
  const answer = (errors: AuthErrors, init: ResponseInit = { status: 400 }) =>
    data<AuthActionData>({ step, errors, values, ...(captcha ? { captcha } : {}) }, init);
  // Only the password step has another way in: every other step already is an emailed code.
  const emailedCodeInstead = step === "sign-in" ? ", or sign in with an emailed code instead" : "";
  if (error.status === 429 || code.startsWith("over_")) {
    const wait = error.retryAfterSeconds === undefined ? "a few minutes" : describeWait(error.retryAfterSeconds);
    const headers: HeadersInit = error.retryAfterSeconds === undefined ? {} : { "Retry-After": String(error.retryAfterSeconds) };
    return answer({ form: `Too many attempts in a short time. Please wait ${wait}, then try again${emailedCodeInstead}.` }, { status: 429, headers });
  }
  if (error.status >= 500) {
    return answer({ form: "Something went wrong on our side. Please try again in a moment." }, { status: 500 });
  }
  switch (code) {
    case "captcha_failed": {
      if (!captcha) return answer({ form: `We couldn't complete a security check. Please try again later${emailedCodeInstead}.` });
      const retry = step === "sign-in" ? "enter your password again, then select Sign in" : "then enter the code again";
      return answer({
        form:
          message === CAPTCHA_MISSING
            ? `For your security, we need to check that you're not a robot. Complete the check below, ${retry}.`
            : `The security check didn't work or has expired. Complete it again, ${retry}.`,
      });
    }
    case "invalid_credentials":
      return answer({ form: "Invalid login credentials. Check your email and password and try again, or reset your password." });
    case "weak_password": {
      const reasons = (error.extra.weak_password as { reasons?: string[] } | undefined)?.reasons ?? [];
      return answer({
        password: reasons.includes("pwned") ? "That password is too common and easy to guess. Please choose a different one." : message || PASSWORD_RULE,
      });
    }
    case "same_password":
      return answer({ password: "Your new password must be different from your current one." });
    case "otp_expired":
      return answer({
        code: "That code is incorrect or has expired. A code stops working after an hour or after 5 wrong tries, so check your latest email or ask for a new one below.",
      });
    case "mfa_verification_failed":
      return answer({ code: "That code didn't match. Enter the current 6-digit code from your authenticator app." });
    case "mfa_challenge_expired":
      return answer({ code: "That code has expired. Enter the current 6-digit code from your authenticator app." });
    case "email_address_invalid":
      return answer({ email: INVALID_EMAIL });
    case "reauthentication_needed":
      return answer({ form: 'For your security, please start again: choose "Forgot your password?" on the sign-in page and use the new code we email you.' });
    case "user_banned":
      return answer({ form: `This account is suspended. If you think that's a mistake, email ${BUSINESS.email}.` });
    default:
      return answer({ form: message || "That didn't work. Please check your details and try again." });
  }
}

/** Starts the web session; a user with an authenticator app goes on to the MFA step first. */
export async function finishSignIn(context: AppLoadContext, session: SessionResponse, redirectTo: string) {
  const cookie = await createWebSession(context, session);
  const owesMfa = (session.user.factors ?? []).some((f) => f.factor_type === "totp" && f.status === "verified");
  const to = owesMfa ? mfaStepHref(redirectTo) : redirectTo;
  return redirect(to, { headers: { "Set-Cookie": cookie } });
}
