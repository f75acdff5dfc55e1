import { useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { describedByOf, FieldFrame } from "~/components/ui/field";

// The sign-in page's controls. Unlike the site's other forms, every field here is required, so
// labels carry no required/optional marker and ids are fixed (auth-email, auth-code…).

export function AuthField({
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
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      {children({ id, "aria-invalid": Boolean(error), "aria-describedby": describedByOf(id, hint, error) })}
    </FieldFrame>
  );
}

export function EmailInput({ error, value, autoComplete = "email" }: { error?: string; value?: string; autoComplete?: string }) {
  return (
    <AuthField id="auth-email" label="Email" error={error}>
      {(props) => <input {...props} name="email" type="email" autoComplete={autoComplete} defaultValue={value} maxLength={254} required />}
    </AuthField>
  );
}

export function CodeInput({ label, error }: { label: string; error?: string }) {
  return (
    <AuthField id="auth-code" label={label} error={error}>
      {(props) => (
        <input
          {...props}
          name="code"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9 ]*"
          maxLength={7}
          required
          className="code-input"
        />
      )}
    </AuthField>
  );
}

export function Submit({ children, busy }: { children: string; busy: string }) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formAction?.startsWith("/auth");
  return (
    <button type="submit" className="button button-primary auth-submit" disabled={submitting}>
      {submitting ? busy : children}
    </button>
  );
}

/** Which form was sent, and the page to return to afterwards. */
export function IntentFields({ intent, redirectTo }: { intent: string; redirectTo: string }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
    </>
  );
}
