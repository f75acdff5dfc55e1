import { Form } from "@remix-run/react";
import { Field } from "~/components/ui/field";
import { FormError } from "~/components/ui/form-error";
import { useFocusFirstError, useIntentResult, useSubmitting } from "./form-state";

/** `deletionBlocker`: why this account can't delete itself here (a coach with sessions), or null. */
export function PrivacyTab({ deletionBlocker }: { deletionBlocker: string | null }) {
  return (
    <>
      <section aria-labelledby="export-heading" className="profile-panel">
        <h2 id="export-heading">Download all your data</h2>
        <p>
          Get a copy of everything we hold about you — your account, profile, roles, sign-in sessions, two-step verification settings, enquiries you've sent us,
          emails we've sent you and the security log of your account — as a JSON file.
        </p>
        <p>
          <a className="button button-secondary" href="/profile/export.json" download>
            Download my data
          </a>
        </p>
      </section>
      <section aria-labelledby="delete-heading" className="profile-panel profile-danger">
        <h2 id="delete-heading">Delete your account</h2>
        {deletionBlocker ? <p>{deletionBlocker}</p> : <DeleteAccountForm />}
      </section>
    </>
  );
}

function DeleteAccountForm() {
  const result = useIntentResult("delete-account");
  const submitting = useSubmitting("delete-account");
  const ref = useFocusFirstError(result);
  const errors = result?.errors ?? {};
  return (
    <>
      <p>This can't be undone. Deleting your account:</p>
      <ul>
        <li>removes your account, profile, roles, sign-in sessions and two-step verification;</li>
        <li>removes the emails we've sent you;</li>
        <li>keeps enquiries you sent us only without your name or contact details;</li>
        <li>signs you out on every device.</li>
      </ul>
      <Form method="post" action="/profile?tab=privacy" className="form" noValidate ref={ref}>
        <input type="hidden" name="intent" value="delete-account" />
        <FormError message={errors.form} />
        <Field name="confirm" label="Type DELETE to confirm" error={errors.confirm} required>
          {(props) => <input {...props} type="text" autoComplete="off" autoCapitalize="characters" spellCheck={false} maxLength={20} />}
        </Field>
        <div>
          <button type="submit" className="button button-danger" disabled={submitting}>
            {submitting ? "Deleting…" : "Delete my account permanently"}
          </button>
        </div>
      </Form>
    </>
  );
}
