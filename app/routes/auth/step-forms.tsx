import { Form, Link } from "@remix-run/react";
import type { ComponentType } from "react";
import { FormError } from "~/components/ui/form-error";
import { BUSINESS } from "~/content/business";
import { AuthField, CodeInput, EmailInput, IntentFields, Submit, TurnstileWidget } from "~/components/auth/fields";
import { ROLE_PAGES, type Denial } from "./denial";
import { ssoHref, stepHref, type AuthCaptcha, type AuthErrors, type AuthValues, type SsoProvider, type Step } from "~/auth/sign-in-steps";

// The body of each step of the sign-in page: its form (each posts its own intent) and links.

type StepProps = {
  step: Step;
  redirectTo: string;
  errors: AuthErrors;
  values: AuthValues;
  notice?: string;
  captcha?: AuthCaptcha;
  sso?: SsoProvider | null;
};

/**
 * Sign-in (or sign-up) with the configured OpenID Connect provider. A link, not a form: the journey
 * leaves for the provider's site, which a form's post may not redirect to (CSP form-action 'self').
 */
function SsoOption({ sso, redirectTo }: { sso?: SsoProvider | null; redirectTo: string }) {
  if (!sso) return null;
  return (
    <div className="auth-sso">
      <p className="auth-or">
        <span>or</span>
      </p>
      <a href={ssoHref("start", redirectTo)} className="button button-secondary auth-submit">
        Continue with {sso.label}
      </a>
    </div>
  );
}

function SignInStep({ redirectTo, errors, values, captcha, sso }: StepProps) {
  return (
    <>
      <Form method="post" className="form" noValidate>
        <IntentFields intent="sign-in" redirectTo={redirectTo} />
        <FormError message={errors.form} />
        <EmailInput error={errors.email} value={values.email} autoComplete="username" />
        <AuthField id="auth-password" label="Password" error={errors.password}>
          {(props) => <input {...props} name="password" type="password" autoComplete="current-password" maxLength={1000} required />}
        </AuthField>
        {captcha ? (
          <TurnstileWidget siteKey={captcha.siteKey} attempt={errors} withoutJavaScript="Turn JavaScript on, or sign in with an emailed code instead." />
        ) : null}
        <Submit busy="Signing in…">Sign in</Submit>
      </Form>
      <SsoOption sso={sso} redirectTo={redirectTo} />
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
}

function SignUpStep({ redirectTo, errors, values, sso }: StepProps) {
  return (
    <>
      <Form method="post" className="form" noValidate>
        <IntentFields intent="sign-up" redirectTo={redirectTo} />
        <FormError message={errors.form} />
        <div className="form-row">
          <AuthField id="auth-first-name" label="First name" error={errors.firstName}>
            {(props) => <input {...props} name="firstName" type="text" autoComplete="given-name" defaultValue={values.firstName} maxLength={100} required />}
          </AuthField>
          <AuthField id="auth-last-name" label="Last name" error={errors.lastName}>
            {(props) => <input {...props} name="lastName" type="text" autoComplete="family-name" defaultValue={values.lastName} maxLength={100} required />}
          </AuthField>
        </div>
        <EmailInput error={errors.email} value={values.email} />
        <AuthField id="auth-password" label="Password" hint="At least 8 characters. Avoid common passwords." error={errors.password}>
          {(props) => <input {...props} name="password" type="password" autoComplete="new-password" maxLength={1000} required />}
        </AuthField>
        <p className="hint">
          By creating an account you agree to our <Link to="/terms">terms of service</Link> and <Link to="/privacy">privacy policy</Link>.
        </p>
        <Submit busy="Creating your account…">Create account</Submit>
      </Form>
      <SsoOption sso={sso} redirectTo={redirectTo} />
    </>
  );
}

function CodeStep({ redirectTo, errors, values }: StepProps) {
  return (
    <>
      <p>We'll email you a 6-digit code to sign in with — no password needed.</p>
      <Form method="post" className="form" noValidate>
        <IntentFields intent="send-code" redirectTo={redirectTo} />
        <FormError message={errors.form} />
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
}

function ForgotStep({ redirectTo, errors, values }: StepProps) {
  return (
    <>
      <p>Enter the email you sign in with and we'll send you a 6-digit code to reset your password.</p>
      <Form method="post" className="form" noValidate>
        <IntentFields intent="forgot" redirectTo={redirectTo} />
        <FormError message={errors.form} />
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
}

/** What each emailed-code step posts, asks for again, and goes back to. */
const EMAILED_CODE_STEPS = {
  confirm: { intent: "confirm-sign-up", resend: "resend-confirmation", submit: "Confirm and sign in", back: "sign-in" },
  "verify-code": { intent: "verify-code", resend: "send-code", submit: "Sign in", back: "code" },
  "reset-code": { intent: "reset-code", resend: "forgot", submit: "Continue", back: "forgot" },
} as const satisfies Partial<Record<Step, { intent: string; resend: string; submit: string; back: Step }>>;

function EmailedCodeStep({ step, redirectTo, errors, values, notice, captcha }: StepProps) {
  const { intent, resend, submit, back } = EMAILED_CODE_STEPS[step as keyof typeof EMAILED_CODE_STEPS];
  const emailHidden = <input type="hidden" name="email" value={values.email ?? ""} />;
  return (
    <>
      {notice ? (
        <p className="form-notice" role="status">
          {notice}
        </p>
      ) : null}
      <Form method="post" className="form" noValidate>
        <IntentFields intent={intent} redirectTo={redirectTo} />
        {emailHidden}
        <FormError message={errors.form} />
        {errors.email ? <p className="form-error">{errors.email}</p> : null}
        <CodeInput label="6-digit code from the email" error={errors.code} />
        {captcha ? <TurnstileWidget siteKey={captcha.siteKey} attempt={errors} withoutJavaScript="Turn JavaScript on, then enter the code again." /> : null}
        <Submit busy="Checking…">{submit}</Submit>
      </Form>
      <Form method="post" className="auth-secondary">
        <IntentFields intent={resend} redirectTo={redirectTo} />
        {emailHidden}
        <span>Nothing arrived? Check your spam folder, or </span>
        <button type="submit" className="link-button">
          send a new code
        </button>
        .
      </Form>
      <ul className="auth-links">
        <li>
          <Link to={stepHref(back, redirectTo)}>Use a different email</Link>
        </li>
      </ul>
    </>
  );
}

function NewPasswordStep({ redirectTo, errors }: StepProps) {
  return (
    <Form method="post" className="form" noValidate>
      <IntentFields intent="new-password" redirectTo={redirectTo} />
      <FormError message={errors.form} />
      <AuthField id="auth-password" label="New password" hint="At least 8 characters. Avoid common passwords." error={errors.password}>
        {(props) => <input {...props} name="password" type="password" autoComplete="new-password" maxLength={1000} required />}
      </AuthField>
      <AuthField id="auth-confirm-password" label="Confirm new password" error={errors.confirmPassword}>
        {(props) => <input {...props} name="confirmPassword" type="password" autoComplete="new-password" maxLength={1000} required />}
      </AuthField>
      <Submit busy="Saving…">Save new password</Submit>
    </Form>
  );
}

function MfaStep({ redirectTo, errors }: StepProps) {
  return (
    <>
      <p>Your account is protected with an authenticator app. One more step and you're in.</p>
      <Form method="post" className="form" noValidate>
        <IntentFields intent="mfa" redirectTo={redirectTo} />
        <FormError message={errors.form} />
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
}

export const STEP_FORMS: Record<Step, ComponentType<StepProps>> = {
  "sign-in": SignInStep,
  "sign-up": SignUpStep,
  code: CodeStep,
  forgot: ForgotStep,
  confirm: EmailedCodeStep,
  "verify-code": EmailedCodeStep,
  "reset-code": EmailedCodeStep,
  "new-password": NewPasswordStep,
  mfa: MfaStep,
};

/** A signed-in user on a page their roles don't open: what they can do instead. */
export function DeniedView({ denial, redirectTo }: { denial: Denial; redirectTo: string }) {
  const { apply } = ROLE_PAGES[denial.role];
  return (
    <>
      <h2 id="auth-step-heading">What you can do next</h2>
      <ul className="auth-next-steps">
        {apply ? (
          <li>
            <Link to={apply.href} className="button button-primary auth-submit">
              {apply.label}
            </Link>
          </li>
        ) : null}
        <li>
          <Form method="post">
            <IntentFields intent="switch-account" redirectTo={redirectTo} />
            <button type="submit" className="button button-secondary auth-submit">
              Sign in with another account
            </button>
          </Form>
        </li>
        <li>
          <Link to="/profile">Go to your profile</Link>
        </li>
      </ul>
    </>
  );
}
