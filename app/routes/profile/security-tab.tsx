import { Form, Link } from "@remix-run/react";
import { Field } from "~/components/ui/field";
import { FormError } from "~/components/ui/form-error";
import { useFocusFirstError, useIntentResult, useSubmitting } from "./form-state";
import type { SecurityOverview } from "./security.server";
import type { Enrolment, ProfileActionData } from "./types";

export function SecurityTab({ security }: { security: SecurityOverview }) {
  return (
    <>
      {security.adminSetup ? <AdminSetupNotice verified={security.hasVerifiedFactor} redirectTo={security.adminSetup.redirectTo} /> : null}
      <PasswordSection security={security} />
      <TwoStepSection security={security} />
      <SessionsSection security={security} />
    </>
  );
}

/** Why an admin was sent here, and the steps to the admin area (the set-up itself is the two-step section below). */
function AdminSetupNotice({ verified, redirectTo }: { verified: boolean; redirectTo: string }) {
  return (
    <section aria-labelledby="admin-mfa-heading" className="profile-panel notice">
      <h2 id="admin-mfa-heading">Set up two-step verification to use the admin area</h2>
      {verified ? (
        <p>
          Two-step verification is on. <Link to={redirectTo}>Continue to the admin area</Link>: you&apos;ll be asked for a code from your authenticator app.
        </p>
      ) : (
        <>
          <p>The admin area can refund payments and see clients&apos; details, so it needs a code from an authenticator app as well as your password.</p>
          <ol>
            <li>Install an authenticator app on your phone (Google Authenticator, Microsoft Authenticator or 1Password, for example).</li>
            <li>
              Under <a href="#mfa-heading">Two-step verification</a> below, choose &ldquo;Set up an authenticator app&rdquo; and scan the QR code.
            </li>
            <li>Enter the 6-digit code the app shows. You&apos;ll go straight on to the admin area.</li>
          </ol>
        </>
      )}
    </section>
  );
}

function PasswordSection({ security }: { security: SecurityOverview }) {
  const result = useIntentResult("change-password");
  const submitting = useSubmitting("change-password");
  const ref = useFocusFirstError(result);
  const errors = result?.errors ?? {};
  return (
    <section aria-labelledby="password-heading" className="profile-panel">
      <h2 id="password-heading">{security.hasPassword ? "Change your password" : "Set a password"}</h2>
      <Form method="post" action="/profile?tab=security" className="form" noValidate ref={ref}>
        <input type="hidden" name="intent" value="change-password" />
        <FormError message={errors.form} />
        {security.hasPassword ? (
          <Field name="currentPassword" label="Current password" error={errors.currentPassword} required>
            {(props) => <input {...props} type="password" autoComplete="current-password" maxLength={200} />}
          </Field>
        ) : null}
        <div className="form-row">
          <Field name="password" label="New password" error={errors.password} hint="8 to 72 characters. Avoid common passwords." required>
            {(props) => <input {...props} type="password" autoComplete="new-password" maxLength={72} />}
          </Field>
          <Field name="confirmPassword" label="Confirm new password" error={errors.confirmPassword} required>
            {(props) => <input {...props} type="password" autoComplete="new-password" maxLength={72} />}
          </Field>
        </div>
        <div>
          <button type="submit" className="button button-primary" disabled={submitting}>
            {submitting ? "Changing…" : "Change password"}
          </button>
        </div>
      </Form>
    </section>
  );
}

function EnrolmentSteps({ enrolment, result, formAction }: { enrolment: Enrolment; result: ProfileActionData | undefined; formAction: string }) {
  const submitting = useSubmitting("verify-totp");
  const ref = useFocusFirstError(result);
  const errors = result?.errors ?? {};
  return (
    <div className="mfa-enrolment">
      <ol className="mfa-steps">
        <li>
          <p>Scan this QR code with an authenticator app, such as Google Authenticator, Microsoft Authenticator or 1Password.</p>
          <img
            className="mfa-qr"
            src={enrolment.qrCode}
            width={200}
            height={200}
            alt="QR code that adds ClarityAI Coaching to your authenticator app. If you can't scan it, type the setup key below into the app instead."
          />
        </li>
        <li>
          <p>
            Can't scan it? Enter this setup key in the app instead:{" "}
            <code className="mfa-secret" aria-label={`Setup key: ${enrolment.secret.split("").join(" ")}`}>
              {enrolment.secret}
            </code>
          </p>
        </li>
        <li>
          <p>Enter the 6-digit code the app shows to finish.</p>
          <Form method="post" action={formAction} className="form form-inline" noValidate ref={ref}>
            <input type="hidden" name="intent" value="verify-totp" />
            <input type="hidden" name="factorId" value={enrolment.factorId} />
            <input type="hidden" name="secret" value={enrolment.secret} />
            <input type="hidden" name="uri" value={enrolment.uri} />
            <FormError message={errors.form} />
            <Field name="code" label="6-digit code" error={errors.code} required>
              {(props) => (
                <input {...props} type="text" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9 ]*" maxLength={7} className="input-code" />
              )}
            </Field>
            <div className="button-row">
              <button type="submit" className="button button-primary" disabled={submitting}>
                {submitting ? "Checking…" : "Verify and turn on"}
              </button>
            </div>
          </Form>
        </li>
      </ol>
      <Form method="post" action={formAction}>
        <input type="hidden" name="intent" value="remove-factor" />
        <input type="hidden" name="factorId" value={enrolment.factorId} />
        <button type="submit" className="button button-secondary">
          Cancel set-up
        </button>
      </Form>
    </div>
  );
}

function TwoStepSection({ security }: { security: SecurityOverview }) {
  const enrolResult = useIntentResult("enrol-totp");
  const verifyResult = useIntentResult("verify-totp");
  const removeResult = useIntentResult("remove-factor");
  const enrolling = useSubmitting("enrol-totp");
  const enrolment = verifyResult?.enrolment ?? enrolResult?.enrolment;
  const verified = security.factors.filter((f) => f.status === "verified");
  return (
    <section aria-labelledby="mfa-heading" className="profile-panel">
      <h2 id="mfa-heading">Two-step verification</h2>
      <p>
        Add a second step to sign-in: after your password, you enter a 6-digit code from an authenticator app on your phone. Someone who learns your password
        still can't get in.
      </p>
      <FormError message={removeResult?.errors.form ?? (enrolment ? undefined : (enrolResult?.errors.form ?? verifyResult?.errors.form))} />
      {verified.length ? (
        <ul className="factor-list">
          {verified.map((factor) => (
            <li key={factor.id} className="factor-item">
              <span>
                <strong>{factor.friendlyName ?? "Authenticator app"}</strong> <span className="badge">On</span>
                <br />
                <span className="hint">Added {factor.added}</span>
              </span>
              <Form method="post" action={security.formAction}>
                <input type="hidden" name="intent" value="remove-factor" />
                <input type="hidden" name="factorId" value={factor.id} />
                <button type="submit" className="button button-secondary" aria-label={`Remove ${factor.friendlyName ?? "authenticator app"}`}>
                  Remove
                </button>
              </Form>
            </li>
          ))}
        </ul>
      ) : null}
      {enrolment ? (
        <EnrolmentSteps enrolment={enrolment} result={verifyResult} formAction={security.formAction} />
      ) : verified.length === 0 ? (
        <Form method="post" action={security.formAction}>
          <input type="hidden" name="intent" value="enrol-totp" />
          <button type="submit" className="button button-primary" disabled={enrolling}>
            {enrolling ? "Preparing…" : "Set up an authenticator app"}
          </button>
        </Form>
      ) : null}
    </section>
  );
}

function SessionsSection({ security }: { security: SecurityOverview }) {
  const result = useIntentResult("sign-out-others");
  const submitting = useSubmitting("sign-out-others");
  const others = security.sessions.filter((s) => !s.current).length;
  return (
    <section aria-labelledby="sessions-heading" className="profile-panel">
      <h2 id="sessions-heading">Where you're signed in</h2>
      <FormError message={result?.errors.form} />
      <ul className="session-list">
        {security.sessions.map((session) => (
          <li key={session.id} className="session-item">
            <strong>{session.device}</strong> {session.current ? <span className="badge">This device</span> : null}{" "}
            {session.twoStep ? <span className="badge badge-muted">Verified with a code</span> : null}
            <br />
            <span className="hint">
              Signed in <time dateTime={session.signedInIso}>{session.signedIn}</time> · last active{" "}
              <time dateTime={session.lastActiveIso}>{session.lastActive}</time>
            </span>
          </li>
        ))}
      </ul>
      {others > 0 ? (
        <Form method="post" action="/profile?tab=security">
          <input type="hidden" name="intent" value="sign-out-others" />
          <button type="submit" className="button button-secondary" disabled={submitting}>
            {submitting ? "Signing out…" : `Sign out other sessions (${others})`}
          </button>
        </Form>
      ) : (
        <p className="hint">You're only signed in on this device.</p>
      )}
    </section>
  );
}
