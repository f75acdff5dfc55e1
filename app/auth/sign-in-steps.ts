// The steps of the sign-in page and what its action answers; shared by the server handlers and the UI.

export type Step = "sign-in" | "sign-up" | "code" | "forgot" | "confirm" | "verify-code" | "reset-code" | "new-password" | "mfa";
export type AuthField = "email" | "password" | "confirmPassword" | "firstName" | "lastName" | "code";
export type AuthErrors = Partial<Record<AuthField | "form", string>>;
export type AuthValues = Partial<Record<"email" | "firstName" | "lastName", string>>;
/** `captcha`: the sign-in form must show the Turnstile widget (the account asks for a captcha). */
export type AuthCaptcha = { siteKey: string };
export type AuthActionData = { step: Step; errors?: AuthErrors; values?: AuthValues; notice?: string; captcha?: AuthCaptcha };

// Steps a link can open; the code steps follow a form post, and mfa/new-password need a session.
export const LINKED_STEPS: Step[] = ["sign-in", "sign-up", "code", "forgot"];
export const DEFAULT_REDIRECT = "/profile";
/** The form field the Turnstile widget puts its token in. */
export const TURNSTILE_RESPONSE_FIELD = "cf-turnstile-response";

/** /auth at a step, keeping the page to return to (omitted when it is the default). */
export function stepHref(step: Step, redirectTo: string) {
  const params = new URLSearchParams();
  if (step !== "sign-in") params.set("step", step);
  if (redirectTo !== DEFAULT_REDIRECT) params.set("redirectTo", redirectTo);
  const query = params.toString();
  return query ? `/auth?${query}` : "/auth";
}

/** The OpenID Connect provider the sign-in page offers: the auth API's name for it and what people call it. */
export type SsoProvider = { id: string; label: string };

/**
 * /auth starting a sign-in with the provider ("start"), where the provider's answer comes back to
 * ("callback"), and the sign-in form after a sign-in the provider refused or that failed.
 */
export type SsoStage = "start" | "callback" | "cancelled" | "failed";
export function ssoHref(stage: SsoStage, redirectTo: string) {
  const params = new URLSearchParams({ sso: stage });
  if (redirectTo !== DEFAULT_REDIRECT) params.set("redirectTo", redirectTo);
  return `/auth?${params}`;
}

export const STEP_HEADINGS: Record<Step, string> = {
  "sign-in": "Sign in",
  "sign-up": "Your details",
  code: "Sign in with an emailed code",
  "verify-code": "Check your email",
  confirm: "Confirm your email",
  forgot: "Reset your password",
  "reset-code": "Check your email",
  "new-password": "Choose a new password",
  mfa: "Two-step verification",
};
