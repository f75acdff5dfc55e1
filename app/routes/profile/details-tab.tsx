import { Form } from "@remix-run/react";
import { BusinessTypeOptions } from "~/components/business-type-options";
import { Field } from "~/components/ui/field";
import { FormError } from "~/components/ui/form-error";
import { STATE_ORDER, STATES } from "~/content/australia";
import { useFocusFirstError, useIntentResult, useSubmitting } from "./form-state";
import type { DetailsValues } from "./types";

export function DetailsTab({ profile, email, memberSince }: { profile: DetailsValues; email: string; memberSince: string }) {
  const result = useIntentResult("update-details");
  const submitting = useSubmitting("update-details");
  const ref = useFocusFirstError(result);
  const errors = result?.errors ?? {};
  const values: Record<string, string> = result?.values ?? profile;
  return (
    <section aria-labelledby="details-heading" className="profile-panel">
      <h2 id="details-heading">Your details</h2>
      <p className="hint">
        Signed in as <strong>{email}</strong> · member since {memberSince}. We use these details to tailor your coaching; they are never shared.
      </p>
      <Form method="post" action="/profile?tab=details" className="form" noValidate ref={ref} key={JSON.stringify(values)}>
        <input type="hidden" name="intent" value="update-details" />
        <FormError message={errors.form} />
        <div className="form-row">
          <Field name="firstName" label="First name" error={errors.firstName} required>
            {(props) => <input {...props} type="text" autoComplete="given-name" maxLength={100} defaultValue={values.firstName} />}
          </Field>
          <Field name="lastName" label="Last name" error={errors.lastName}>
            {(props) => <input {...props} type="text" autoComplete="family-name" maxLength={100} defaultValue={values.lastName} />}
          </Field>
        </div>
        <div className="form-row">
          <Field name="company" label="Business name" error={errors.company}>
            {(props) => <input {...props} type="text" autoComplete="organization" maxLength={160} defaultValue={values.company} />}
          </Field>
          <Field name="industry" label="Industry" error={errors.industry} hint="For example: plumbing, accounting, café">
            {(props) => <input {...props} type="text" maxLength={100} defaultValue={values.industry} />}
          </Field>
        </div>
        <div className="form-row">
          <Field name="businessType" label="Business type" error={errors.businessType}>
            {(props) => (
              <select {...props} defaultValue={values.businessType ?? ""}>
                <BusinessTypeOptions />
              </select>
            )}
          </Field>
          <Field name="state" label="State or territory" error={errors.state}>
            {(props) => (
              <select {...props} defaultValue={values.state ?? ""}>
                <option value="">Choose one</option>
                {STATE_ORDER.map((state) => (
                  <option key={state} value={state}>
                    {STATES[state]} ({state})
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <Field name="abn" label="ABN" error={errors.abn} hint="Your 11-digit Australian Business Number, e.g. 51 824 753 556">
          {(props) => <input {...props} type="text" inputMode="numeric" autoComplete="off" maxLength={20} defaultValue={values.abn} className="input-abn" />}
        </Field>
        <div>
          <button type="submit" className="button button-primary" disabled={submitting}>
            {submitting ? "Saving…" : "Save details"}
          </button>
        </div>
      </Form>
    </section>
  );
}
