import { useNavigation } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { describedByOf, FieldFrame } from "~/components/ui/field";
import { useNonce } from "~/utils/nonce";

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

// Cloudflare Turnstile, shown once an account asks for a captcha. Rendered explicitly: a widget
// shown after a client-side form post has no page load to be discovered by.
const TURNSTILE_SCRIPT = "https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit";

type TurnstileApi = {
  render: (container: HTMLElement, options: { sitekey: string; action?: string; language?: string }) => string | null | undefined;
  remove: (widgetId: string) => void;
};

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

let loadingTurnstile: Promise<TurnstileApi> | undefined;

/**
 * Turnstile's API: already there when the server-rendered (nonced, deferred) script ran before
 * hydration; otherwise loaded once here ('strict-dynamic' trusts scripts our own code adds).
 */
function turnstileApi(): Promise<TurnstileApi> {
  if (window.turnstile) return Promise.resolve(window.turnstile);
  loadingTurnstile ??= new Promise<TurnstileApi>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = TURNSTILE_SCRIPT;
    script.async = true;
    script.addEventListener("load", () => (window.turnstile ? resolve(window.turnstile) : reject(new Error("Turnstile did not start"))));
    script.addEventListener("error", () => reject(new Error("Turnstile could not be loaded")));
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    loadingTurnstile = undefined;
    throw error;
  });
  return loadingTurnstile;
}

/**
 * The captcha check. Its token goes into the form as `cf-turnstile-response`. Tokens are single
 * use, so the widget starts afresh whenever `attempt` changes (each answer from the server).
 * `withoutJavaScript` says what to do when the check can't run: the step's own way on.
 */
export function TurnstileWidget({ siteKey, attempt, withoutJavaScript }: { siteKey: string; attempt: unknown; withoutJavaScript: string }) {
  const nonce = useNonce();
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let widgetId: string | null | undefined;
    let gone = false;
    turnstileApi()
      .then((turnstile) => {
        if (gone) return;
        widgetId = turnstile.render(element, { sitekey: siteKey, action: "sign-in" });
      })
      .catch((error: unknown) => console.warn("turnstile:", error instanceof Error ? error.message : String(error)));
    return () => {
      gone = true;
      if (widgetId) window.turnstile?.remove(widgetId);
    };
  }, [siteKey, attempt]);
  return (
    <div className="form-field auth-captcha">
      <p className="hint">Security check: this confirms a person is signing in.</p>
      <div ref={container} className="cf-turnstile" data-sitekey={siteKey} />
      <noscript>
        <p className="form-error">{`The security check needs JavaScript. ${withoutJavaScript}`}</p>
      </noscript>
      <script src={TURNSTILE_SCRIPT} defer nonce={nonce || undefined} />
    </div>
  );
}
