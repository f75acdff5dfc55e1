import { Form, useActionData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { BusinessTypeOptions } from "~/components/business-type-options";
import { Field } from "~/components/ui/field";
import { FormError } from "~/components/ui/form-error";
import type { LeadActionData } from "~/leads/leads.server";
import { LEAD_LIMITS } from "~/leads/lead-fields";

/**
 * The discovery contact form (name, email, company, phone, business type, message). Validation is
 * done on the server with the shared schema, so errors look and read the same with or without
 * JavaScript; the browser's own validation bubbles are turned off for that reason.
 */
export function LeadForm({ submitLabel, messageLabel }: { submitLabel: string; messageLabel: string }) {
  const actionData = useActionData<LeadActionData>();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const errors = actionData?.errors ?? {};
  const values = actionData?.values ?? {};
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    // Move focus to the first problem so keyboard and screen-reader users hear what to fix.
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], .form-error')?.focus();
  }, [actionData]);

  return (
    <Form method="post" className="form" noValidate ref={formRef} aria-describedby="form-required-note">
      <p id="form-required-note" className="hint">
        Fields marked <span aria-hidden="true">*</span> are required.
      </p>
      <FormError message={errors.form} />
      <div className="form-row">
        <Field name="name" value={values.name} label="Name" error={errors.name} required>
          {(props) => <input {...props} type="text" autoComplete="name" maxLength={LEAD_LIMITS.name} />}
        </Field>
        <Field name="email" value={values.email} label="Email" error={errors.email} required>
          {(props) => <input {...props} type="email" autoComplete="email" maxLength={LEAD_LIMITS.email} />}
        </Field>
      </div>
      <div className="form-row">
        <Field name="company" value={values.company} label="Company" error={errors.company}>
          {(props) => <input {...props} type="text" autoComplete="organization" maxLength={LEAD_LIMITS.company} />}
        </Field>
        <Field name="phone" value={values.phone} label="Phone" error={errors.phone}>
          {(props) => <input {...props} type="tel" autoComplete="tel" maxLength={LEAD_LIMITS.phone} />}
        </Field>
      </div>
      <Field name="businessType" value={values.businessType} label="Business type" error={errors.businessType}>
        {(props) => (
          <select {...props} defaultValue={props.defaultValue ?? ""}>
            <BusinessTypeOptions />
          </select>
        )}
      </Field>
      <Field name="message" value={values.message} label={messageLabel} error={errors.message}>
        {(props) => <textarea {...props} maxLength={LEAD_LIMITS.message} />}
      </Field>
      <div className="honeypot" aria-hidden="true">
        <label htmlFor="field-website">Website</label>
        <input id="field-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <div>
        <button type="submit" className="button button-primary" disabled={submitting}>
          {submitting ? "Sending…" : submitLabel}
        </button>
      </div>
    </Form>
  );
}
