import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { mfaStepHref, owesMfaStep, verifiedTotpFactorId } from "~/auth/mfa-gate.server";
import {
  MfaStepSchema,
  NewPasswordSchema,
  RecoverSchema,
  ResendConfirmationSchema,
  SendCodeSchema,
  SignInSchema,
  SignUpSchema,
  VerifyEmailCodeSchema,
} from "~/auth/schemas";
import { authApi, endWebSession, updateWebSession, type Viewer } from "~/auth/web-sessions.server";
import { redirectWithToast } from "~/platform/toast.server";
import { turnstileOf } from "~/platform/turnstile.server";
import { parseForm } from "~/utils/forms";
import { finishSignIn, invalid, isSession, nextStep, refusal } from "./responses.server";
import { stepHref, TURNSTILE_RESPONSE_FIELD, type AuthActionData, type Step } from "./steps";

// One handler per form of the sign-in page. Each parses its own schema, calls the auth API
// in-process (/auth/v1, exactly what a Supabase client would call) and either redirects with a
// web-session cookie or answers with the step to show next.

export type AuthIntentArgs = { request: Request; context: AppLoadContext; formData: FormData; redirectTo: string };
export type AuthIntentHandler = (args: AuthIntentArgs) => Promise<Response | ReturnType<typeof data<AuthActionData>>>;

function callApi({ request, context }: AuthIntentArgs, path: string, body: unknown, viewer: Viewer | null = null, method = "POST") {
  return authApi(request, context, viewer, path, { method, body });
}

/**
 * The Turnstile widget's token, once a form shows it, sent on as GoTrue's captcha token. The widget
 * stays on the form after it has been asked for once (`shown`); `askedBy` tells whether an answer
 * asks for it. Without Turnstile configured there is never a widget.
 */
function captchaOf({ formData, context }: AuthIntentArgs) {
  const token = String(formData.get(TURNSTILE_RESPONSE_FIELD) ?? "").trim();
  const turnstile = turnstileOf(context.env);
  const widget = turnstile ? { siteKey: turnstile.siteKey } : undefined;
  return {
    body: token ? { gotrue_meta_security: { captcha_token: token } } : {},
    shown: token ? widget : undefined,
    askedBy: (result: { data: Record<string, unknown> }) => (result.data.code === "captcha_failed" ? widget : undefined),
  };
}

/** The address as typed, to put back into the form (never the password). */
function typedEmail(formData: FormData) {
  return { email: String(formData.get("email") ?? "").slice(0, 254) };
}

export async function signIn(args: AuthIntentArgs) {
  const parsed = parseForm(args.formData, SignInSchema);
  const values = typedEmail(args.formData);
  const captcha = captchaOf(args);
  if (!parsed.success) return invalid("sign-in", parsed.errors, values, captcha.shown);
  const result = await callApi(args, "/token?grant_type=password", { email: parsed.data.email, password: parsed.data.password, ...captcha.body });
  if (result.ok && isSession(result.data)) return finishSignIn(args.context, result.data, args.redirectTo);
  if (result.data.code === "email_not_confirmed") {
    // The password was right: the one thing missing is the code from the confirmation email.
    return nextStep(
      "confirm",
      values,
      "Your email address isn't confirmed yet. Enter the 6-digit code from the email we sent when you signed up, or ask for a new one.",
      { status: 400 },
    );
  }
  return refusal("sign-in", result, values, captcha.shown ?? captcha.askedBy(result));
}

export async function signUp(args: AuthIntentArgs) {
  const { formData } = args;
  const parsed = parseForm(formData, SignUpSchema);
  const values = {
    email: String(formData.get("email") ?? "").slice(0, 254),
    firstName: String(formData.get("firstName") ?? "").slice(0, 100),
    lastName: String(formData.get("lastName") ?? "").slice(0, 100),
  };
  if (!parsed.success) return invalid("sign-up", parsed.errors, values);
  const { email, password, firstName, lastName } = parsed.data;
  const result = await callApi(args, "/signup", { email, password, data: { first_name: firstName, last_name: lastName } });
  if (!result.ok) return refusal("sign-up", result, values);
  // With AUTH_EMAIL_AUTOCONFIRM the account is ready at once; otherwise the email holds a code.
  if (isSession(result.data)) return finishSignIn(args.context, result.data, args.redirectTo);
  return nextStep("confirm", { email }, `We've emailed a 6-digit code to ${email}. Enter it below to confirm your email and finish signing up.`);
}

/**
 * The emailed code of a step: a correct one signs the user in. An address that has had many wrong
 * codes asks for a captcha when Turnstile is configured, as an account with many wrong passwords does.
 */
async function checkEmailedCode(args: AuthIntentArgs, step: Step, type: "signup" | "email" | "recovery") {
  const parsed = parseForm(args.formData, VerifyEmailCodeSchema);
  const values = typedEmail(args.formData);
  const captcha = captchaOf(args);
  if (!parsed.success) return invalid(step, parsed.errors, values, captcha.shown);
  const result = await callApi(args, "/verify", { type, email: parsed.data.email, token: parsed.data.code, ...captcha.body });
  if (!result.ok || !isSession(result.data)) return refusal(step, result, values, captcha.shown ?? captcha.askedBy(result));
  if (type !== "recovery") return finishSignIn(args.context, result.data, args.redirectTo);
  // Recovery signs the user in; the new password is chosen next (after the MFA step, if any).
  return finishSignIn(args.context, result.data, stepHref("new-password", args.redirectTo));
}

export const confirmSignUp = (args: AuthIntentArgs) => checkEmailedCode(args, "confirm", "signup");
export const verifyCode = (args: AuthIntentArgs) => checkEmailedCode(args, "verify-code", "email");
export const resetCode = (args: AuthIntentArgs) => checkEmailedCode(args, "reset-code", "recovery");

export async function resendConfirmation(args: AuthIntentArgs) {
  const parsed = parseForm(args.formData, ResendConfirmationSchema);
  const values = typedEmail(args.formData);
  if (!parsed.success) return invalid("confirm", parsed.errors, values);
  const result = await callApi(args, "/resend", { type: "signup", email: parsed.data.email });
  if (!result.ok) return refusal("confirm", result, values);
  return nextStep("confirm", values, `We've sent a new code to ${parsed.data.email}. Codes expire after an hour.`);
}

export async function sendCode(args: AuthIntentArgs) {
  const parsed = parseForm(args.formData, SendCodeSchema);
  const values = typedEmail(args.formData);
  if (!parsed.success) return invalid("code", parsed.errors, values);
  const result = await callApi(args, "/otp", { email: parsed.data.email });
  if (!result.ok) return refusal("code", result, values);
  return nextStep("verify-code", values, `We've emailed a 6-digit code to ${parsed.data.email}. It expires in an hour.`);
}

export async function forgotPassword(args: AuthIntentArgs) {
  const parsed = parseForm(args.formData, RecoverSchema);
  const values = typedEmail(args.formData);
  if (!parsed.success) return invalid("forgot", parsed.errors, values);
  const result = await callApi(args, "/recover", { email: parsed.data.email });
  if (!result.ok) return refusal("forgot", result, values);
  // The same words whether or not the address has an account: nothing to learn from them.
  return nextStep("reset-code", values, `If there's an account for ${parsed.data.email}, we've emailed it a 6-digit code. It expires in an hour.`);
}

export async function setNewPassword(args: AuthIntentArgs) {
  const { context, redirectTo } = args;
  const viewer = await context.viewer();
  if (!viewer) throw redirect(stepHref("forgot", redirectTo));
  if (owesMfaStep(viewer)) throw redirect(mfaStepHref(stepHref("new-password", redirectTo)));
  const parsed = parseForm(args.formData, NewPasswordSchema);
  if (!parsed.success) return invalid("new-password", parsed.errors);
  const result = await callApi(args, "/user", { password: parsed.data.password }, viewer, "PUT");
  if (!result.ok) return refusal("new-password", result);
  return redirectWithToast(redirectTo, { title: "Your password has been changed", variant: "success" }, context.env.SESSION_SECRET);
}

export async function verifyMfa(args: AuthIntentArgs) {
  const { context, redirectTo } = args;
  const viewer = await context.viewer();
  if (!viewer) throw redirect(stepHref("sign-in", redirectTo));
  const factorId = await verifiedTotpFactorId(context, viewer.id);
  if (viewer.aal === "aal2" || !factorId) throw redirect(redirectTo);
  const parsed = parseForm(args.formData, MfaStepSchema);
  if (!parsed.success) return invalid("mfa", parsed.errors);
  const challenge = await callApi(args, `/factors/${factorId}/challenge`, {}, viewer);
  if (!challenge.ok || typeof challenge.data.id !== "string") return refusal("mfa", challenge);
  const verified = await callApi(args, `/factors/${factorId}/verify`, { challenge_id: challenge.data.id, code: parsed.data.code }, viewer);
  if (!verified.ok || !isSession(verified.data)) return refusal("mfa", verified);
  await updateWebSession(context, viewer, verified.data);
  return redirect(redirectTo);
}

/**
 * "Sign in with another account" (offered when a page needs a role this account lacks): ends this
 * browser's session only — the account stays signed in on its other devices — then shows the
 * sign-in form, still on the way to the page that was wanted.
 */
export async function switchAccount({ request, context, redirectTo }: AuthIntentArgs) {
  const viewer = await context.viewer();
  if (viewer) {
    try {
      const result = await authApi(request, context, viewer, "/logout?scope=local", { method: "POST" });
      if (!result.ok && ![401, 403, 404].includes(result.status)) console.error("switch account: auth service answered", result.status);
    } catch (error) {
      console.error("switch account: sign-out failed:", error instanceof Error ? error.message : String(error));
    }
  }
  return redirect(stepHref("sign-in", redirectTo), { headers: { "Set-Cookie": await endWebSession(request, context) } });
}
