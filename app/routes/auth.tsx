import {
  data,
  redirect,
  type ActionFunctionArgs,
  type AppLoadContext,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { z } from "zod";
import type { SessionResponse } from "~/auth/token-sessions.server";
import { PageHero } from "~/components/page-hero";
import { BUSINESS } from "~/content/business";
import { parseForm } from "~/utils/forms";
import { NOINDEX, pageMeta } from "~/utils/meta";
import { owesMfaStep, verifiedTotpFactorId } from "~/auth/mfa-gate.server";
import { authApi, createWebSession, updateWebSession, type Viewer } from "~/auth/web-sessions.server";
import { safeRedirect } from "~/utils/redirect";
import { redirectWithToast } from "~/platform/toast.server";

// One page for every way in: password sign-in, sign-up (then the emailed confirmation code), an
// emailed sign-in code, password recovery, and the authenticator-app step. Each form posts an
// `intent`; the action calls the auth API in-process (/auth/v1, exactly what a Supabase client
// would call) and either redirects with a web-session cookie or answers with the step to show
// next. Everything works without JavaScript.

type Step = "sign-in" | "sign-up" | "code" | "forgot" | "confirm" | "verify-code" | "reset-code" | "new-password" | "mfa";
type Field = "email" | "password" | "confirmPassword" | "firstName" | "lastName" | "code";
type Errors = Partial<Record<Field | "form", string>>;
type Values = Partial<Record<"email" | "firstName" | "lastName", string>>;
export type AuthActionData = { step: Step; errors?: Errors; values?: Values; notice?: string };

// Steps a link can open; the code steps follow a form post, and mfa/new-password need a session.
const LINKED_STEPS: Step[] = ["sign-in", "sign-up", "code", "forgot"];
const DEFAULT_REDIRECT = "/profile";

/** /auth at a step, keeping the page to return to (omitted when it is the default). */
function stepHref(step: Step, redirectTo: string) {
  const params = new URLSearchParams();
  if (step !== "sign-in") params.set("step", step);
  if (redirectTo !== DEFAULT_REDIRECT) params.set("redirectTo", redirectTo);
  const query = params.toString();
  return query ? `/auth?${query}` : "/auth";
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"), DEFAULT_REDIRECT);
  const requested = url.searchParams.get("step");
  const viewer = await context.viewer();
  if (viewer) {
    if (await owesMfaStep(viewer)) return { step: "mfa" as Step, redirectTo };
    if (requested === "new-password") return { step: "new-password" as Step, redirectTo };
    // Never back to redirectTo: a page that sent a signed-in user here (a missing role) would
    // send them straight back, in a loop.
    const env = context.env;
    throw await redirectWithToast(DEFAULT_REDIRECT, { title: "You're already signed in" }, env.SESSION_SECRET);
  }
  const step = LINKED_STEPS.find((s) => s === requested) ?? "sign-in";
  return { step, redirectTo };
}

// SPEC §5 messages, verbatim, for the missing-field cases the auth API itself would refuse.
const MISSING_CREDENTIALS = "You must provide either an email or phone number and a password";
const MISSING_EMAIL = "You must provide either an email or phone number.";
const MISSING_EMAIL_AND_TYPE = "You must provide either an email or phone number and a type.";
const INVALID_EMAIL = "Enter a valid email address, like name@example.com.au";
const PASSWORD_RULE = "Use between 8 and 72 characters";

// Built on demand inside the action so zod stays out of the browser bundle.
function schemas() {
  const text = (max: number) => z.string().trim().max(max).default("");
  const isEmail = (value: string) => z.email().safeParse(value).success;
  const code = z
    .string({ error: "Enter the 6-digit code" })
    .transform((value) => value.replace(/[\s-]/g, ""))
    .pipe(z.string().regex(/^\d{6}$/, "Enter the 6-digit code (numbers only)"));
  const newPassword = z
    .string()
    .default("")
    .refine((value) => value.length >= 8 && new TextEncoder().encode(value).length <= 72, PASSWORD_RULE);
  const emailWith = (missing: string) =>
    z.object({ email: text(254) }).superRefine((v, ctx) => {
      if (!v.email) ctx.addIssue({ code: "custom", path: ["form"], message: missing });
      if (!v.email) ctx.addIssue({ code: "custom", path: ["email"], message: "Enter your email address" });
      else if (!isEmail(v.email)) ctx.addIssue({ code: "custom", path: ["email"], message: INVALID_EMAIL });
    });
  const credentials = (v: { email: string; password: string }, ctx: z.RefinementCtx) => {
    if (!v.email || !v.password) ctx.addIssue({ code: "custom", path: ["form"], message: MISSING_CREDENTIALS });
    if (!v.email) ctx.addIssue({ code: "custom", path: ["email"], message: "Enter your email address" });
    else if (!isEmail(v.email)) ctx.addIssue({ code: "custom", path: ["email"], message: INVALID_EMAIL });
    if (!v.password) ctx.addIssue({ code: "custom", path: ["password"], message: "Enter your password" });
  };
  return {
    SignInSchema: z.object({ email: text(254), password: z.string().max(1000).default("") }).superRefine(credentials),
    SignUpSchema: z
      .object({
        firstName: text(100).refine(Boolean, "Enter your first name"),
        lastName: text(100).refine(Boolean, "Enter your last name"),
        email: text(254),
        password: z.string().max(1000).default(""),
      })
      .superRefine((v, ctx) => {
        credentials(v, ctx);
        if (v.password && newPassword.safeParse(v.password).error) ctx.addIssue({ code: "custom", path: ["password"], message: PASSWORD_RULE });
      }),
    EmailCodeSchema: emailWith(MISSING_EMAIL),
    RecoverSchema: emailWith("Password recovery requires an email"),
    ResendSchema: emailWith(MISSING_EMAIL_AND_TYPE),
    VerifySchema: z.object({ email: text(254).refine(isEmail, "Enter your email address again"), code }),
    MfaSchema: z.object({ code }),
    NewPasswordSchema: z
      .object({ password: newPassword, confirmPassword: z.string().default("") })
      .refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], message: "The two passwords don't match" }),
  };
}

type ApiResult = Awaited<ReturnType<typeof authApi>>;

/**
 * Turns an auth API refusal into something a person can act on: the field it concerns and a 400
 * (429 when rate limited). Other 4xx statuses are folded into 400 on purpose: the page itself was
 * fine, only what was typed was not.
 */
function refusal(step: Step, result: ApiResult, values: Values = {}) {
  const code = String(result.data.code ?? result.data.error_code ?? "");
  const message = String(result.data.message ?? result.data.msg ?? "");
  const answer = (errors: Errors, status = 400) => data<AuthActionData>({ step, errors, values }, { status });
  if (result.status === 429 || code.startsWith("over_")) {
    return answer({ form: "Too many attempts in a short time. Please wait a few minutes, then try again." }, 429);
  }
  if (result.status >= 500) {
    return answer({ form: "Something went wrong on our side. Please try again in a moment." }, 500);
  }
  switch (code) {
    case "invalid_credentials":
      return answer({ form: "Invalid login credentials. Check your email and password and try again, or reset your password." });
    case "weak_password": {
      const reasons = (result.data.weak_password as { reasons?: string[] } | undefined)?.reasons ?? [];
      return answer({
        password: reasons.includes("pwned")
          ? "That password is too common and easy to guess. Please choose a different one."
          : message || PASSWORD_RULE,
      });
    }
    case "same_password":
      return answer({ password: "Your new password must be different from your current one." });
    case "otp_expired":
      return answer({ code: "That code is incorrect or has expired. Check your latest email, or ask for a new code." });
    case "mfa_verification_failed":
      return answer({ code: "That code didn't match. Enter the current 6-digit code from your authenticator app." });
    case "mfa_challenge_expired":
      return answer({ code: "That code has expired. Enter the current 6-digit code from your authenticator app." });
    case "email_address_invalid":
      return answer({ email: INVALID_EMAIL });
    case "reauthentication_needed":
      return answer({ form: "For your security, please start again: choose \"Forgot your password?\" on the sign-in page and use the new code we email you." });
    case "user_banned":
      return answer({ form: `This account is suspended. If you think that's a mistake, email ${BUSINESS.email}.` });
    default:
      return answer({ form: message || "That didn't work. Please check your details and try again." });
  }
}

function isSession(value: Record<string, unknown>): value is Record<string, unknown> & SessionResponse {
  return typeof value.access_token === "string" && typeof value.refresh_token === "string" && typeof value.expires_at === "number";
}

/** Starts the web session; a user with an authenticator app goes on to the MFA step first. */
async function finishSignIn(context: AppLoadContext, session: SessionResponse, redirectTo: string) {
  const cookie = await createWebSession(context, session);
  const owesMfa = (session.user.factors ?? []).some((f) => f.factor_type === "totp" && f.status === "verified");
  const to = owesMfa ? `/auth?step=mfa&redirectTo=${encodeURIComponent(redirectTo)}` : redirectTo;
  return redirect(to, { headers: { "Set-Cookie": cookie } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const intent = formData.get("intent");
  const redirectTo = safeRedirect(formData.get("redirectTo"), DEFAULT_REDIRECT);
  const s = schemas();
  const invalid = (step: Step, errors: Errors, values: Values = {}) => data<AuthActionData>({ step, errors, values }, { status: 400 });
  const call = (path: string, body: unknown, viewer: Viewer | null = null, method = "POST") =>
    authApi(request, context, viewer, path, { method, body });

  switch (intent) {
    case "sign-in": {
      const parsed = parseForm(formData, s.SignInSchema);
      const values = { email: String(formData.get("email") ?? "").slice(0, 254) };
      if (!parsed.success) return invalid("sign-in", parsed.errors, values);
      const result = await call("/token?grant_type=password", { email: parsed.data.email, password: parsed.data.password });
      if (result.ok && isSession(result.data)) return finishSignIn(context, result.data, redirectTo);
      if (result.data.code === "email_not_confirmed") {
        // The password was right: the one thing missing is the code from the confirmation email.
        return data<AuthActionData>(
          { step: "confirm", values, notice: "Your email address isn't confirmed yet. Enter the 6-digit code from the email we sent when you signed up, or ask for a new one." },
          { status: 400 },
        );
      }
      return refusal("sign-in", result, values);
    }

    case "sign-up": {
      const parsed = parseForm(formData, s.SignUpSchema);
      const values = {
        email: String(formData.get("email") ?? "").slice(0, 254),
        firstName: String(formData.get("firstName") ?? "").slice(0, 100),
        lastName: String(formData.get("lastName") ?? "").slice(0, 100),
      };
      if (!parsed.success) return invalid("sign-up", parsed.errors, values);
      const { email, password, firstName, lastName } = parsed.data;
      const result = await call("/signup", { email, password, data: { first_name: firstName, last_name: lastName } });
      if (!result.ok) return refusal("sign-up", result, values);
      // With AUTH_EMAIL_AUTOCONFIRM the account is ready at once; otherwise the email holds a code.
      if (isSession(result.data)) return finishSignIn(context, result.data, redirectTo);
      return data<AuthActionData>({ step: "confirm", values: { email }, notice: `We've emailed a 6-digit code to ${email}. Enter it below to confirm your email and finish signing up.` });
    }

    case "confirm-sign-up":
    case "verify-code":
    case "reset-code": {
      const step: Step = intent === "confirm-sign-up" ? "confirm" : intent;
      const parsed = parseForm(formData, s.VerifySchema);
      const values = { email: String(formData.get("email") ?? "").slice(0, 254) };
      if (!parsed.success) return invalid(step, parsed.errors, values);
      const type = intent === "confirm-sign-up" ? "signup" : intent === "verify-code" ? "email" : "recovery";
      const result = await call("/verify", { type, email: parsed.data.email, token: parsed.data.code });
      if (!result.ok || !isSession(result.data)) return refusal(step, result, values);
      if (intent !== "reset-code") return finishSignIn(context, result.data, redirectTo);
      // Recovery signs the user in; the new password is chosen next (after the MFA step, if any).
      return finishSignIn(context, result.data, stepHref("new-password", redirectTo));
    }

    case "resend-confirmation": {
      const parsed = parseForm(formData, s.ResendSchema);
      const values = { email: String(formData.get("email") ?? "").slice(0, 254) };
      if (!parsed.success) return invalid("confirm", parsed.errors, values);
      const result = await call("/resend", { type: "signup", email: parsed.data.email });
      if (!result.ok) return refusal("confirm", result, values);
      return data<AuthActionData>({ step: "confirm", values, notice: `We've sent a new code to ${parsed.data.email}. Codes expire after an hour.` });
    }

    case "send-code": {
      const parsed = parseForm(formData, s.EmailCodeSchema);
      const values = { email: String(formData.get("email") ?? "").slice(0, 254) };
      if (!parsed.success) return invalid("code", parsed.errors, values);
      const result = await call("/otp", { email: parsed.data.email });
      if (!result.ok) return refusal("code", result, values);
      return data<AuthActionData>({ step: "verify-code", values, notice: `We've emailed a 6-digit code to ${parsed.data.email}. It expires in an hour.` });
    }

    case "forgot": {
      const parsed = parseForm(formData, s.RecoverSchema);
      const values = { email: String(formData.get("email") ?? "").slice(0, 254) };
      if (!parsed.success) return invalid("forgot", parsed.errors, values);
      const result = await call("/recover", { email: parsed.data.email });
      if (!result.ok) return refusal("forgot", result, values);
      // The same words whether or not the address has an account: nothing to learn from them.
      return data<AuthActionData>({
        step: "reset-code",
        values,
        notice: `If there's an account for ${parsed.data.email}, we've emailed it a 6-digit code. It expires in an hour.`,
      });
    }

    case "new-password": {
      const viewer = await context.viewer();
      if (!viewer) throw redirect(stepHref("forgot", redirectTo));
      if (await owesMfaStep(viewer)) throw redirect(`/auth?step=mfa&redirectTo=${encodeURIComponent(stepHref("new-password", redirectTo))}`);
      const parsed = parseForm(formData, s.NewPasswordSchema);
      if (!parsed.success) return invalid("new-password", parsed.errors);
      const result = await call("/user", { password: parsed.data.password }, viewer, "PUT");
      if (!result.ok) return refusal("new-password", result);
      const env = context.env;
      return redirectWithToast(redirectTo, { title: "Your password has been changed", variant: "success" }, env.SESSION_SECRET);
    }

    case "mfa": {
      const viewer = await context.viewer();
      if (!viewer) throw redirect(stepHref("sign-in", redirectTo));
      const factorId = await verifiedTotpFactorId(context, viewer.id);
      if (viewer.aal === "aal2" || !factorId) throw redirect(redirectTo);
      const parsed = parseForm(formData, s.MfaSchema);
      if (!parsed.success) return invalid("mfa", parsed.errors);
      const challenge = await call(`/factors/${factorId}/challenge`, {}, viewer);
      if (!challenge.ok || typeof challenge.data.id !== "string") return refusal("mfa", challenge);
      const verified = await call(`/factors/${factorId}/verify`, { challenge_id: challenge.data.id, code: parsed.data.code }, viewer);
      if (!verified.ok || !isSession(verified.data)) return refusal("mfa", verified);
      await updateWebSession(context, viewer, verified.data);
      return redirect(redirectTo);
    }

    default:
      return invalid("sign-in", { form: "Something was missing from that form. Please try again." });
  }
}

function FormField({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: (props: { id: string; "aria-invalid": boolean; "aria-describedby"?: string }) => ReactNode;
}) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {children({ id, "aria-invalid": Boolean(error), "aria-describedby": describedBy })}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

function EmailInput({ error, value, autoComplete = "email" }: { error?: string; value?: string; autoComplete?: string }) {
  return (
    <FormField id="auth-email" label="Email" error={error}>
      {(props) => <input {...props} name="email" type="email" autoComplete={autoComplete} defaultValue={value} maxLength={254} required />}
    </FormField>
  );
}

function CodeInput({ label, error }: { label: string; error?: string }) {
  return (
    <FormField id="auth-code" label={label} error={error}>
      {(props) => (
        <input {...props} name="code" type="text" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9 ]*" maxLength={7} required className="code-input" />
      )}
    </FormField>
  );
}

function Submit({ children, busy }: { children: string; busy: string }) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formAction?.startsWith("/auth");
  return (
    <button type="submit" className="button button-primary auth-submit" disabled={submitting}>
      {submitting ? busy : children}
    </button>
  );
}

const STEP_HEADINGS: Record<Step, string> = {
  "sign-in": "Sign in",
  "sign-up": "Create your account",
  code: "Sign in with an emailed code",
  "verify-code": "Check your email",
  confirm: "Confirm your email",
  forgot: "Reset your password",
  "reset-code": "Check your email",
  "new-password": "Choose a new password",
  mfa: "Two-step verification",
};

export default function Auth() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<AuthActionData>();
  const step = actionData?.step ?? loaderData.step;
  const { redirectTo } = loaderData;
  const errors = actionData?.errors ?? {};
  const values = actionData?.values ?? {};
  const cardRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!actionData) return;
    // After a post, move focus to what needs attention: the first problem, or the new step's heading.
    const target = cardRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], .form-error') ?? cardRef.current?.querySelector<HTMLElement>("h2");
    target?.focus();
  }, [actionData]);

  const hidden = (intent: string) => (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
    </>
  );
  const formError = errors.form ? (
    <p className="form-error" role="alert" tabIndex={-1}>
      {errors.form}
    </p>
  ) : null;
  const notice = actionData?.notice ? (
    <p className="form-notice" role="status">
      {actionData.notice}
    </p>
  ) : null;
  const emailHidden = <input type="hidden" name="email" value={values.email ?? ""} />;

  let body: ReactNode;
  switch (step) {
    case "sign-in":
      body = (
        <>
          <Form method="post" className="form" noValidate>
            {hidden("sign-in")}
            {formError}
            <EmailInput error={errors.email} value={values.email} autoComplete="username" />
            <FormField id="auth-password" label="Password" error={errors.password}>
              {(props) => <input {...props} name="password" type="password" autoComplete="current-password" maxLength={1000} required />}
            </FormField>
            <Submit busy="Signing in…">Sign in</Submit>
          </Form>
          <ul className="auth-links">
            <li>
              <Link to={stepHref("forgot", redirectTo)}>Forgot your password?</Link>
            </li>
            <li>
              <Link to={stepHref("code", redirectTo)}>Email me a code instead</Link>
            </li>
          </ul>
        </>
      );
      break;
    case "sign-up":
      body = (
        <Form method="post" className="form" noValidate>
          {hidden("sign-up")}
          {formError}
          <div className="form-row">
            <FormField id="auth-first-name" label="First name" error={errors.firstName}>
              {(props) => <input {...props} name="firstName" type="text" autoComplete="given-name" defaultValue={values.firstName} maxLength={100} required />}
            </FormField>
            <FormField id="auth-last-name" label="Last name" error={errors.lastName}>
              {(props) => <input {...props} name="lastName" type="text" autoComplete="family-name" defaultValue={values.lastName} maxLength={100} required />}
            </FormField>
          </div>
          <EmailInput error={errors.email} value={values.email} />
          <FormField id="auth-password" label="Password" hint="At least 8 characters. Avoid common passwords." error={errors.password}>
            {(props) => <input {...props} name="password" type="password" autoComplete="new-password" maxLength={1000} required />}
          </FormField>
          <p className="hint">
            By creating an account you agree to our <Link to="/terms">terms of service</Link> and{" "}
            <Link to="/privacy">privacy policy</Link>.
          </p>
          <Submit busy="Creating your account…">Create account</Submit>
        </Form>
      );
      break;
    case "code":
      body = (
        <>
          <p>We'll email you a 6-digit code to sign in with — no password needed.</p>
          <Form method="post" className="form" noValidate>
            {hidden("send-code")}
            {formError}
            <EmailInput error={errors.email} value={values.email} />
            <Submit busy="Sending…">Email me a code</Submit>
          </Form>
          <ul className="auth-links">
            <li>
              <Link to={stepHref("sign-in", redirectTo)}>Sign in with your password instead</Link>
            </li>
          </ul>
        </>
      );
      break;
    case "forgot":
      body = (
        <>
          <p>Enter the email you sign in with and we'll send you a 6-digit code to reset your password.</p>
          <Form method="post" className="form" noValidate>
            {hidden("forgot")}
            {formError}
            <EmailInput error={errors.email} value={values.email} />
            <Submit busy="Sending…">Email me a reset code</Submit>
          </Form>
          <ul className="auth-links">
            <li>
              <Link to={stepHref("sign-in", redirectTo)}>Back to sign in</Link>
            </li>
          </ul>
        </>
      );
      break;
    case "confirm":
    case "verify-code":
    case "reset-code": {
      const again = { confirm: "resend-confirmation", "verify-code": "send-code", "reset-code": "forgot" }[step];
      body = (
        <>
          {notice}
          <Form method="post" className="form" noValidate>
            {hidden(step === "confirm" ? "confirm-sign-up" : step)}
            {emailHidden}
            {formError}
            {errors.email ? <p className="form-error">{errors.email}</p> : null}
            <CodeInput label="6-digit code from the email" error={errors.code} />
            <Submit busy="Checking…">{step === "reset-code" ? "Continue" : step === "confirm" ? "Confirm and sign in" : "Sign in"}</Submit>
          </Form>
          <Form method="post" className="auth-secondary">
            {hidden(again)}
            {emailHidden}
            <span>Nothing arrived? Check your spam folder, or </span>
            <button type="submit" className="link-button">
              send a new code
            </button>
            .
          </Form>
          <ul className="auth-links">
            <li>
              <Link to={stepHref(step === "confirm" ? "sign-in" : step === "verify-code" ? "code" : "forgot", redirectTo)}>Use a different email</Link>
            </li>
          </ul>
        </>
      );
      break;
    }
    case "new-password":
      body = (
        <Form method="post" className="form" noValidate>
          {hidden("new-password")}
          {formError}
          <FormField id="auth-password" label="New password" hint="At least 8 characters. Avoid common passwords." error={errors.password}>
            {(props) => <input {...props} name="password" type="password" autoComplete="new-password" maxLength={1000} required />}
          </FormField>
          <FormField id="auth-confirm-password" label="Confirm new password" error={errors.confirmPassword}>
            {(props) => <input {...props} name="confirmPassword" type="password" autoComplete="new-password" maxLength={1000} required />}
          </FormField>
          <Submit busy="Saving…">Save new password</Submit>
        </Form>
      );
      break;
    case "mfa":
      body = (
        <>
          <p>Your account is protected with an authenticator app. One more step and you're in.</p>
          <Form method="post" className="form" noValidate>
            {hidden("mfa")}
            {formError}
            <CodeInput label="Enter the 6-digit code from your authenticator app" error={errors.code} />
            <Submit busy="Checking…">Verify</Submit>
          </Form>
          <form method="post" action="/sign-out" className="auth-secondary">
            <span>Lost your device, or not you? </span>
            <button type="submit" className="link-button">
              Sign out
            </button>
            <span>
              {" "}
              — and email <a href={`mailto:${BUSINESS.email}`}>{BUSINESS.email}</a> if you need help getting back in.
            </span>
          </form>
        </>
      );
      break;
  }

  const tabs = step === "sign-in" || step === "sign-up";
  return (
    <>
      <PageHero
        eyebrow="Your account"
        title="Sign in to ClarityAI Coaching"
        lead="Your learning hub, profile and ClarityAI business coach — all in one place."
      />
      <section className="section auth-section" aria-labelledby="auth-step-heading">
        <div className="container">
          <div className="card auth-card" ref={cardRef}>
            {tabs ? (
              <nav aria-label="Sign in or sign up" className="auth-tabs">
                <Link to={stepHref("sign-in", redirectTo)} aria-current={step === "sign-in" ? "page" : undefined} replace>
                  Sign in
                </Link>
                <Link to={stepHref("sign-up", redirectTo)} aria-current={step === "sign-up" ? "page" : undefined} replace>
                  Create an account
                </Link>
              </nav>
            ) : null}
            <h2 id="auth-step-heading" tabIndex={-1}>
              {STEP_HEADINGS[step]}
            </h2>
            {body}
          </div>
        </div>
      </section>
    </>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, {
    title: "Sign In",
    description: "Sign in to ClarityAI Coaching, or create an account, to use your learning hub, profile and the ClarityAI business coach.",
    path: "/auth",
  }),
  NOINDEX,
];
