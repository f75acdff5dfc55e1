import { describedByOf, FieldFrame } from "./field";

/** The form field that carries a step-up code (app/auth/step-up.server.ts' STEP_UP_FIELD). */
export const STEP_UP_FIELD_NAME = "stepUpCode";

/**
 * The fresh authenticator code a money action asks for when the admin's last one is more than 10
 * minutes old. Shown when the page knew it was due, or when the action said so (`error`).
 */
export function StepUpField({ id, required, error }: { id: string; required: boolean; error?: string }) {
  if (!required && !error) return null;
  return (
    <FieldFrame
      id={id}
      label="Code from your authenticator app"
      hint="Money and security actions need a fresh code when your last one is more than 10 minutes old."
      error={error}
    >
      <input
        id={id}
        name={STEP_UP_FIELD_NAME}
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9 ]*"
        maxLength={7}
        required
        className="input-code"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByOf(id, "hint", error)}
      />
    </FieldFrame>
  );
}
