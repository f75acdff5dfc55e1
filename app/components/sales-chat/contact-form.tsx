import { Link } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { BusinessTypeOptions } from "~/components/business-type-options";
import { Field } from "~/components/ui/field";
import { LEAD_LIMITS } from "~/leads/lead-fields";
import { replyPromiseText } from "~/sales-chat/reply-promise";
import type { ContactInfo } from "~/sales-chat/types";
import type { ContactFieldErrors } from "./use-sales-chat";

// "Let's connect" (SPEC §2, §5): name and email are required, the email must look like one; company,
// phone and business type are optional. Marketing email is a separate box, never ticked for the
// visitor (Spam Act 2003). The same rules are checked again on the server, whose refusals come back
// as `errors`.

export type ContactDraft = { name: string; email: string; company: string; phone: string; businessType: string; marketingConsent: boolean };
export const EMPTY_CONTACT_DRAFT: ContactDraft = { name: "", email: "", company: "", phone: "", businessType: "", marketingConsent: false };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[\d\s()-]{8,}$/;

export function validateContact(draft: ContactDraft): ContactFieldErrors {
  const errors: ContactFieldErrors = {};
  if (!draft.name.trim()) errors.name = "Please enter your name";
  if (!draft.email.trim()) errors.email = "Please enter your email address";
  else if (!EMAIL.test(draft.email.trim())) errors.email = "Please enter a valid email address, like name@business.com.au";
  if (draft.phone.trim() && !PHONE.test(draft.phone.trim())) errors.phone = "Please enter a valid phone number, like 0412 345 678";
  return errors;
}

/** The details as sent: trimmed, empty optional fields left out, consent always a yes or a no. */
export function contactInfoOf(draft: ContactDraft): ContactInfo {
  const optional = (value: string) => value.trim() || undefined;
  return {
    name: draft.name.trim(),
    email: draft.email.trim(),
    company: optional(draft.company),
    phone: optional(draft.phone),
    businessType: optional(draft.businessType),
    marketingConsent: draft.marketingConsent,
  };
}

const FIELD_ORDER = ["name", "email", "company", "phone", "businessType"] as const;

export function ContactForm({
  draft,
  onDraftChange,
  errors: serverErrors,
  busy,
  onSubmit,
  onSkip,
}: {
  draft: ContactDraft;
  onDraftChange: (draft: ContactDraft) => void;
  /** The server's refusals of the last attempt. */
  errors: ContactFieldErrors;
  busy: boolean;
  onSubmit: (info: ContactInfo) => void;
  onSkip: () => void;
}) {
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<ContactFieldErrors>(serverErrors);
  /** Bumped on each refused attempt, so focus moves to the first problem every time. */
  const [attempt, setAttempt] = useState(Object.keys(serverErrors).length ? 1 : 0);

  useEffect(() => {
    const form = formRef.current!;
    const target = attempt > 0 ? form.querySelector<HTMLElement>('[aria-invalid="true"]') : form.querySelector<HTMLElement>("input");
    target?.focus();
  }, [attempt]);

  function set<K extends keyof ContactDraft>(key: K, value: ContactDraft[K]) {
    onDraftChange({ ...draft, [key]: value });
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateContact(draft);
    setErrors(found);
    if (FIELD_ORDER.some((key) => found[key])) {
      setAttempt((n) => n + 1);
      return;
    }
    onSubmit(contactInfoOf(draft));
  }

  return (
    <form ref={formRef} className="sales-contact" noValidate onSubmit={submit} aria-labelledby={id("title")} aria-describedby={id("intro")}>
      <h3 className="sales-contact-title" id={id("title")}>
        Let&apos;s connect
      </h3>
      <p className="sales-contact-intro" id={id("intro")}>
        Leave your details and our team will follow up on your questions. {replyPromiseText()} Fields marked <span aria-hidden="true">*</span>
        <span className="visually-hidden">with an asterisk</span> are required.
      </p>
      <Field id={id("name")} name="name" label="Name" error={errors.name} required>
        {(props) => (
          <input {...props} type="text" autoComplete="name" maxLength={LEAD_LIMITS.name} value={draft.name} onChange={(e) => set("name", e.target.value)} />
        )}
      </Field>
      <Field id={id("email")} name="email" label="Email" error={errors.email} required>
        {(props) => (
          <input
            {...props}
            type="email"
            autoComplete="email"
            maxLength={LEAD_LIMITS.email}
            value={draft.email}
            onChange={(e) => set("email", e.target.value)}
          />
        )}
      </Field>
      <Field id={id("company")} name="company" label="Company" error={errors.company}>
        {(props) => (
          <input
            {...props}
            type="text"
            autoComplete="organization"
            maxLength={LEAD_LIMITS.company}
            value={draft.company}
            onChange={(e) => set("company", e.target.value)}
          />
        )}
      </Field>
      <Field id={id("phone")} name="phone" label="Phone" error={errors.phone}>
        {(props) => (
          <input {...props} type="tel" autoComplete="tel" maxLength={LEAD_LIMITS.phone} value={draft.phone} onChange={(e) => set("phone", e.target.value)} />
        )}
      </Field>
      <Field id={id("businessType")} name="businessType" label="Business type" error={errors.businessType}>
        {(props) => (
          <select {...props} value={draft.businessType} onChange={(e) => set("businessType", e.target.value)}>
            <BusinessTypeOptions />
          </select>
        )}
      </Field>
      <div className="field field-checkbox">
        <input
          id={id("consent")}
          name="marketingConsent"
          type="checkbox"
          checked={draft.marketingConsent}
          onChange={(e) => set("marketingConsent", e.target.checked)}
        />
        <label htmlFor={id("consent")}>Send me occasional tips and offers by email. I can unsubscribe at any time.</label>
      </div>
      <p className="sales-contact-privacy">
        The box is optional: we reply either way. If you tick it, we&apos;ll email you a link to confirm. See our <Link to="/privacy">privacy policy</Link> for
        how we use your details.
      </p>
      <div className="sales-contact-actions">
        <button type="submit" className="button button-primary button-small" disabled={busy}>
          Submit
        </button>
        <button type="button" className="button button-secondary button-small" onClick={onSkip}>
          Skip
        </button>
      </div>
    </form>
  );
}
