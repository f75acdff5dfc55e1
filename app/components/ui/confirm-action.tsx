import { Form } from "@remix-run/react";
import { useId, useRef, type ReactNode } from "react";
import { useHydrated } from "~/utils/use-hydrated";

// A destructive or irreversible admin action in two steps: the first button only opens a panel
// that says what will happen ("Deletes the image and its 6 sizes; pages that use it show no
// image"), and only the panel's button submits. It is a <details> element, so it opens and closes
// without JavaScript; the form is an ordinary POST, so the action works without it too. The form
// carries confirmed=yes: an action that wants proof the panel was seen checks `wasConfirmed`.

export const CONFIRMED_FIELD = "confirmed";

/** True when the form came from a ConfirmAction panel (its confirm button was pressed). */
export function wasConfirmed(formData: FormData): boolean {
  return formData.get(CONFIRMED_FIELD) === "yes";
}

export type ConfirmActionProps = {
  /** The first button, e.g. "Dismiss…" or "Delete image". */
  label: string;
  /** What pressing the confirm button will do, in plain words: what changes, for whom, whether it can be undone. */
  consequence: ReactNode;
  /** The button that does it, e.g. "Yes, delete the image". */
  confirmLabel: string;
  /** Hidden fields (intent, ids) posted with the confirmation. */
  fields?: Record<string, string>;
  /** Where to post; the current route's action by default. */
  action?: string;
  /** "danger" (red) for destructive actions, "primary" for irreversible but wanted ones (a refund). */
  tone?: "danger" | "primary";
  /** Extra controls inside the panel, e.g. a reason or a step-up code field. */
  children?: ReactNode;
  disabled?: boolean;
  /** Open on first render, e.g. when the action answered with an error for this panel. */
  defaultOpen?: boolean;
  className?: string;
};

export function ConfirmAction({
  label,
  consequence,
  confirmLabel,
  fields = {},
  action,
  tone = "danger",
  children,
  disabled,
  defaultOpen,
  className,
}: ConfirmActionProps) {
  const id = useId();
  const hydrated = useHydrated();
  const details = useRef<HTMLDetailsElement>(null);
  const consequenceId = `${id}-consequence`;
  const close = () => {
    if (!details.current) return;
    details.current.open = false;
    details.current.querySelector("summary")?.focus();
  };
  return (
    <details ref={details} className={className ? `confirm-action ${className}` : "confirm-action"} open={defaultOpen || undefined}>
      <summary className={`button ${tone === "danger" ? "button-danger" : "button-secondary"}`}>{label}</summary>
      <Form method="post" action={action} className="confirm-action-panel" aria-describedby={consequenceId}>
        <div id={consequenceId} className="confirm-action-consequence">
          {typeof consequence === "string" ? <p>{consequence}</p> : consequence}
        </div>
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name={CONFIRMED_FIELD} value="yes" />
        {children}
        <div className="button-row">
          <button type="submit" className={`button ${tone === "danger" ? "button-danger" : "button-primary"}`} disabled={disabled}>
            {confirmLabel}
          </button>
          {hydrated ? (
            <button type="button" className="button button-secondary" onClick={close}>
              Keep it as it is
            </button>
          ) : null}
        </div>
      </Form>
    </details>
  );
}
