import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { updateUser } from "~/auth/account-updates.server";
import { resendOtp, sendOtp, sendPasswordRecovery } from "~/auth/code-requests.server";
import type { AuthApiError } from "~/auth/errors.server";
import { challengeFactor, verifyFactor } from "~/auth/factors.server";
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
import { signInWithPassword } from "~/auth/sign-in.server";
import { signUp as signUpAccount } from "~/auth/sign-up.server";
import { verifyOtp } from "~/auth/verification.server";
import { attemptAuth, attemptAuthAsViewer, signOutViewer } from "~/auth/web-auth.server";
import { updateWebSession } from "~/auth/web-sessions.server";
import { redirectWithToast } from "~/platform/toast.server";
import { turnstileOf } from "~/platform/turnstile.server";
import { parseForm } from "~/utils/forms";
import { finishSignIn, invalid, nextStep, refusal } from "~/auth/sign-in-responses.server";
import { stepHref, TURNSTILE_RESPONSE_FIELD, type AuthActionData, type Step } from "~/auth/sign-in-steps";

// One handler per form of the sign-in page. Each parses its own schema, calls the auth domain's
// operation (the one its /auth/v1 endpoint calls for a Supabase client) and either redirects with
// a web-session cookie or answers with the step to show next.

export type AuthIntentArgs = { request: Request; context: AppLoadContext; formData: FormData; redirectTo: string };
export type AuthIntentHandler = (args: AuthIntentArgs) => Promise<Response | ReturnType<typeof data<AuthActionData>>>;

/**
 * The Turnstile widget's token, once a form shows it, passed on as the operation's captcha token. The widget
 * stays on the form after it has been asked for once (`shown`); `askedBy` tells whether an answer
 * asks for it. Without Turnstile configured there is never a widget.
 */
function captchaOf({ formData, context }: AuthIntentArgs) {
  const token = String(formData.get(TURNSTILE_RESPONSE_FIELD) ?? "").trim();
  const turnstile = turnstileOf(context.env);
  const widget = turnstile ? { siteKey: turnstile.siteKey } : undefined;
  return {
    token: token || undefined,
    shown: token ? widget : undefined,
    askedBy: (error: AuthApiError) => (error.code === "captcha_failed" ? widget : undefined),
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
  const { email, password } = parsed.data;
  const result = await attemptAuth(args.request, args.context, (ctx) => signInWithPassword(ctx, { email, password, captchaToken: captcha.token }));
  if (result.ok) return finishSignIn(args.context, result.value, args.redirectTo);
  if (result.error.code === "email_not_confirmed") {
    // The password was right: the one thing missing is the code from the confirmation email.
    return nextStep(
      "confirm",
      values,
      "Your email address isn't confirmed yet. Enter the 6-digit code from the email we sent when you signed up, or ask for a new one.",
      { status: 400 },
    );
  }
  return refusal("sign-in", result.error, values, captcha.shown ?? captcha.askedBy(result.error));
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
  const result = await attemptAuth(args.request, args.context, (ctx) =>
    signUpAccount(ctx, { email, password, data: { first_name: firstName, last_name: lastName } }),
  );
  if (!result.ok) return refusal("sign-up", result.error, values);
  // With AUTH_EMAIL_AUTOCONFIRM the account is ready at once; otherwise the email holds a code.
  if (result.value.kind === "session") return finishSignIn(args.context, result.value.session, args.redirectTo);
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
  const { email, code } = parsed.data;
  const result = await attemptAuth(args.request, args.context, (ctx) => verifyOtp(ctx, { type, email, token: code, captchaToken: captcha.token }));
  if (!result.ok) return refusal(step, result.error, values, captcha.shown ?? captcha.askedBy(result.error));
  // These code types never half-confirm (only an email change does): the answer is a session.
  if (result.value.kind !== "session") throw new Error(`a ${type} code answered without a session`);
  if (type !== "recovery") return finishSignIn(args.context, result.value.session, args.redirectTo);
  // Recovery signs the user in; the new password is chosen next (after the MFA step, if any).
  return finishSignIn(args.context, result.value.session, stepHref("new-password", args.redirectTo));
}

export const confirmSignUp = (args: AuthIntentArgs) => checkEmailedCode(args, "confirm", "signup");
export const verifyCode = (args: AuthIntentArgs) => checkEmailedCode(args, "verify-code", "email");
export const resetCode = (args: AuthIntentArgs) => checkEmailedCode(args, "reset-code", "recovery");

export async function resendConfirmation(args: AuthIntentArgs) {
  const parsed = parseForm(args.formData, ResendConfirmationSchema);
  const values = typedEmail(args.formData);
  if (!parsed.success) return invalid("confirm", parsed.errors, values);
  const { email } = parsed.data;
  const result = await attemptAuth(args.request, args.context, (ctx) => resendOtp(ctx, { type: "signup", email }));
  if (!result.ok) return refusal("confirm", result.error, values);
  return nextStep("confirm", values, `We've sent a new code to ${parsed.data.email}. Codes expire after an hour.`);
}

export async function sendCode(args: AuthIntentArgs) {
  const parsed = parseForm(args.formData, SendCodeSchema);
  const values = typedEmail(args.formData);
  if (!parsed.success) return invalid("code", parsed.errors, values);
  const { email } = parsed.data;
  const result = await attemptAuth(args.request, args.context, (ctx) => sendOtp(ctx, { email }));
  if (!result.ok) return refusal("code", result.error, values);
  return nextStep("verify-code", values, `We've emailed a 6-digit code to ${parsed.data.email}. It expires in an hour.`);
}

export async function forgotPassword(args: AuthIntentArgs) {
  const parsed = parseForm(args.formData, RecoverSchema);
  const values = typedEmail(args.formData);
  if (!parsed.success) return invalid("forgot", parsed.errors, values);
  const { email } = parsed.data;
  const result = await attemptAuth(args.request, args.context, (ctx) => sendPasswordRecovery(ctx, { email }));
  if (!result.ok) return refusal("forgot", result.error, values);
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
  const { password } = parsed.data;
  const result = await attemptAuthAsViewer(args.request, context, viewer, (ctx, caller) => updateUser(ctx, caller, { password }));
  if (!result.ok) return refusal("new-password", result.error);
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
  const { code } = parsed.data;
  const verified = await attemptAuthAsViewer(args.request, context, viewer, async (ctx, caller) => {
    const challenge = await challengeFactor(ctx, caller, factorId);
    return verifyFactor(ctx, caller, factorId, { challengeId: challenge.id, code });
  });
  if (!verified.ok) return refusal("mfa", verified.error);
  await updateWebSession(context, viewer, verified.value);
  return redirect(redirectTo);
}

/**
 * "Sign in with another account" (offered when a page needs a role this account lacks): ends this
 * browser's session only — the account stays signed in on its other devices — then shows the
 * sign-in form, still on the way to the page that was wanted.
 */
export async function switchAccount({ request, context, redirectTo }: AuthIntentArgs) {
  return redirect(stepHref("sign-in", redirectTo), { headers: { "Set-Cookie": await signOutViewer(request, context, "local") } });
}
