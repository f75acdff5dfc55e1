import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { AU_TIME_ZONES } from "~/booking/time-zones";
import { restoreApplicationDraft, saveApplicationDraft } from "~/coach-network/application-draft";
import { APPLICATION_LIMITS, AU_STATES, CV_MAX_BYTES, CV_MAX_LABEL, type ApplicationField, type ApplicationFormValues } from "~/coach-network/applications";
import { applicationToken, submitApplication } from "~/coach-network/applications.server";
import { describeShareRange } from "~/coach-network/share-tiers";
import { COACH_INDUSTRIES, COACH_SPECIALTIES, COACH_SPECIALTY_LABELS } from "~/coach-network/specialties";
import { PageHero } from "~/components/page-hero";
import { describedByOf, Field } from "~/components/ui/field";
import { FormError } from "~/components/ui/form-error";
import { redirectWithToast } from "~/platform/toast.server";
import { pageMeta, siteOriginOf } from "~/utils/meta";
import { breadcrumbLd, structuredData } from "~/utils/structured-data";

// The coach application (/coach-registration). Checked on the server with the domain's schema, so
// errors read the same with or without JavaScript; with JavaScript the answers are also kept as a
// draft in this browser until the application is sent.

// A refusal's Retry-After reaches the browser.
export const headers: HeadersFunction = ({ actionHeaders }) => actionHeaders;

type ActionData = { errors: Partial<Record<ApplicationField | "form", string>>; values: ApplicationFormValues };

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const result = await submitApplication(context, request, formData);
  if (!result.ok) {
    const headers: HeadersInit = result.retryAfterSeconds ? { "Retry-After": String(result.retryAfterSeconds) } : {};
    return data<ActionData>({ errors: result.errors, values: result.values }, { status: result.status, headers });
  }
  if (!result.id) {
    return redirectWithToast("/become-coach", { title: "Thanks — your application is with us", variant: "success" }, context.env.SESSION_SECRET);
  }
  return redirect(`/coach-registration/${await applicationToken(context, result.id)}?submitted=${result.updated ? "updated" : "new"}`);
}

function Choices({
  name,
  legend,
  hint,
  options,
  chosen,
  error,
}: {
  name: "specialties" | "industries";
  legend: string;
  hint: string;
  options: readonly { value: string; label: string }[];
  chosen: readonly string[] | undefined;
  error?: string;
}) {
  const id = `field-${name}`;
  return (
    <fieldset className="field choice-group" aria-describedby={describedByOf(id, hint, error)} aria-invalid={error ? true : undefined} id={id} tabIndex={-1}>
      <legend>
        {legend}
        <span className="required" aria-hidden="true">
          {" "}
          *
        </span>
      </legend>
      <p className="hint" id={`${id}-hint`}>
        {hint}
      </p>
      <div className="choice-grid">
        {options.map((option) => (
          <div className="field-checkbox" key={option.value}>
            <input type="checkbox" id={`${id}-${option.value}`} name={name} value={option.value} defaultChecked={chosen?.includes(option.value)} />
            <label htmlFor={`${id}-${option.value}`}>{option.label}</label>
          </div>
        ))}
      </div>
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="form-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

export default function CoachRegistration() {
  const actionData = useActionData<ActionData>();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const errors = actionData?.errors ?? {};
  const values = actionData?.values ?? {};
  const formRef = useRef<HTMLFormElement>(null);
  const [cvError, setCvError] = useState<string | undefined>();
  const [draftNote, setDraftNote] = useState<string | null>(null);

  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    // The server's echo of what was sent wins over an older draft.
    if (!actionData && restoreApplicationDraft(form)) setDraftNote("We've restored the answers you saved in this browser.");
    const save = () => saveApplicationDraft(form);
    form.addEventListener("input", save);
    form.addEventListener("change", save);
    return () => {
      form.removeEventListener("input", save);
      form.removeEventListener("change", save);
    };
  }, [actionData]);

  useEffect(() => {
    // Move focus to the first problem so keyboard and screen-reader users hear what to fix.
    if (actionData) formRef.current?.querySelector<HTMLElement>('.form-error, [aria-invalid="true"]')?.focus();
  }, [actionData]);

  const cvMessage = cvError ?? errors.cv;
  const text = (name: keyof ApplicationFormValues) => (typeof values[name] === "string" ? (values[name] as string) : undefined);

  return (
    <>
      <PageHero
        eyebrow="Coach application"
        title="Apply to coach with us"
        lead="Tell us about your experience and the businesses you help. It takes about 15 minutes; a senior coach reads every application and replies within five business days."
        crumbs={[{ label: "Home", to: "/" }, { label: "Become a coach", to: "/become-coach" }, { label: "Apply" }]}
      />
      <section className="section" aria-label="Coach application form">
        <div className="container narrow">
          <Form
            method="post"
            encType="multipart/form-data"
            className="form application-form"
            noValidate
            ref={formRef}
            aria-describedby="form-required-note"
            onSubmit={(event) => {
              if (cvError) event.preventDefault();
            }}
          >
            <p id="form-required-note" className="hint">
              Fields marked <span aria-hidden="true">*</span> are required. Your answers are saved in this browser as you type, so you can come back to finish.
            </p>
            {draftNote ? (
              <p className="hint" role="status">
                {draftNote}
              </p>
            ) : null}
            <FormError message={errors.form} />

            <Section id="about-heading" title="About you">
              <div className="form-row">
                <Field name="firstName" value={text("firstName")} label="First name" error={errors.firstName} required>
                  {(props) => <input {...props} type="text" autoComplete="given-name" maxLength={APPLICATION_LIMITS.name} />}
                </Field>
                <Field name="lastName" value={text("lastName")} label="Last name" error={errors.lastName} required>
                  {(props) => <input {...props} type="text" autoComplete="family-name" maxLength={APPLICATION_LIMITS.name} />}
                </Field>
              </div>
              <div className="form-row">
                <Field name="email" value={text("email")} label="Email" error={errors.email} required hint="We'll send your confirmation here.">
                  {(props) => <input {...props} type="email" autoComplete="email" maxLength={APPLICATION_LIMITS.email} />}
                </Field>
                <Field name="phone" value={text("phone")} label="Phone" error={errors.phone} required>
                  {(props) => <input {...props} type="tel" autoComplete="tel" maxLength={APPLICATION_LIMITS.phone} />}
                </Field>
              </div>
              <div className="form-row">
                <Field name="state" value={text("state")} label="State or territory" error={errors.state} required>
                  {(props) => (
                    <select {...props} defaultValue={props.defaultValue ?? ""}>
                      <option value="">Choose…</option>
                      {AU_STATES.map((state) => (
                        <option key={state.value} value={state.value}>
                          {state.label}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
                <Field
                  name="timeZone"
                  value={text("timeZone")}
                  label="Time zone"
                  error={errors.timeZone}
                  required
                  hint="Clients see your times in their own zone."
                >
                  {(props) => (
                    <select {...props} defaultValue={props.defaultValue ?? ""}>
                      <option value="">Choose…</option>
                      {AU_TIME_ZONES.map((zone) => (
                        <option key={zone.id} value={zone.id}>
                          {zone.label}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
              </div>
            </Section>

            <Section id="business-heading" title="Your business details">
              <Field
                name="abn"
                value={text("abn")}
                label="ABN"
                error={errors.abn}
                hint="11 digits. Coaches join as independent businesses; if you don't have an ABN yet, leave this blank — you'll need one before your first paid session."
              >
                {(props) => <input {...props} type="text" inputMode="numeric" autoComplete="off" maxLength={20} />}
              </Field>
              <fieldset
                className="field"
                id="field-gstRegistered"
                tabIndex={-1}
                aria-invalid={errors.gstRegistered ? true : undefined}
                aria-describedby={errors.gstRegistered ? "field-gstRegistered-error" : undefined}
              >
                <legend>
                  Are you registered for GST?
                  <span className="required" aria-hidden="true">
                    {" "}
                    *
                  </span>
                </legend>
                <div className="choice-grid">
                  <div className="field-checkbox">
                    <input type="radio" id="gst-yes" name="gstRegistered" value="yes" defaultChecked={values.gstRegistered === "yes"} />
                    <label htmlFor="gst-yes">Yes, registered for GST</label>
                  </div>
                  <div className="field-checkbox">
                    <input type="radio" id="gst-no" name="gstRegistered" value="no" defaultChecked={values.gstRegistered === "no"} />
                    <label htmlFor="gst-no">No</label>
                  </div>
                </div>
                {errors.gstRegistered ? (
                  <p className="field-error" id="field-gstRegistered-error">
                    {errors.gstRegistered}
                  </p>
                ) : null}
              </fieldset>
            </Section>

            <Section id="coaching-heading" title="Your coaching">
              <Choices
                name="specialties"
                legend="Specialties"
                hint="The service areas you coach in."
                options={COACH_SPECIALTIES.map((value) => ({ value, label: COACH_SPECIALTY_LABELS[value] }))}
                chosen={values.specialties}
                error={errors.specialties}
              />
              <Choices
                name="industries"
                legend="Industries you've worked with"
                hint="Choose every industry where you've coached, advised or run a business."
                options={COACH_INDUSTRIES.map((value) => ({ value, label: value }))}
                chosen={values.industries}
                error={errors.industries}
              />
              <div className="form-row">
                <Field name="yearsExperience" value={text("yearsExperience")} label="Years of experience" error={errors.yearsExperience} required>
                  {(props) => <input {...props} type="number" inputMode="numeric" min={0} max={60} step={1} />}
                </Field>
                <Field name="hoursPerWeek" value={text("hoursPerWeek")} label="Hours available each week" error={errors.hoursPerWeek} required>
                  {(props) => <input {...props} type="number" inputMode="numeric" min={1} max={60} step={1} />}
                </Field>
              </div>
              <Field
                name="qualifications"
                value={text("qualifications")}
                label="Qualifications"
                error={errors.qualifications}
                required
                hint="Degrees, coaching certifications and other credentials."
              >
                {(props) => <textarea {...props} rows={3} maxLength={APPLICATION_LIMITS.qualifications} />}
              </Field>
              <Field
                name="memberships"
                value={text("memberships")}
                label="Professional memberships"
                error={errors.memberships}
                hint="For example ICF, CPA Australia or the AICD."
              >
                {(props) => <textarea {...props} rows={2} maxLength={APPLICATION_LIMITS.memberships} />}
              </Field>
              <Field
                name="website"
                value={text("website")}
                label="LinkedIn profile or website"
                error={errors.website}
                hint="A full address starting with https://"
              >
                {(props) => <input {...props} type="url" autoComplete="url" maxLength={APPLICATION_LIMITS.website} />}
              </Field>
              <Field
                name="bio"
                value={text("bio")}
                label="A short bio"
                error={errors.bio}
                required
                hint={`How you coach and the results you've helped owners get: ${APPLICATION_LIMITS.bioMin}–${APPLICATION_LIMITS.bio} characters. Clients will read a version of this on your profile.`}
              >
                {(props) => <textarea {...props} rows={6} maxLength={APPLICATION_LIMITS.bio} />}
              </Field>
            </Section>

            <Section id="insurance-heading" title="Professional indemnity insurance">
              <p className="hint">If you don't hold a policy yet, leave both blank: you'll need one before your first client.</p>
              <div className="form-row">
                <Field name="insurer" value={text("insurer")} label="Insurer" error={errors.insurer}>
                  {(props) => <input {...props} type="text" maxLength={APPLICATION_LIMITS.insurer} />}
                </Field>
                <Field name="insuranceExpiresOn" value={text("insuranceExpiresOn")} label="Policy expiry date" error={errors.insuranceExpiresOn}>
                  {(props) => <input {...props} type="date" />}
                </Field>
              </div>
            </Section>

            <Section id="cv-heading" title="Your CV">
              <div className="field">
                <label htmlFor="field-cv">
                  CV <span className="hint">(optional)</span>
                </label>
                <p className="hint" id="field-cv-hint">
                  A PDF or Word (.docx) file up to {CV_MAX_LABEL}.
                  {errors.form || Object.keys(errors).length ? " If you chose one before, choose it again." : ""}
                </p>
                <input
                  id="field-cv"
                  name="cv"
                  type="file"
                  accept=".pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
                  aria-invalid={cvMessage ? true : undefined}
                  aria-describedby={describedByOf("field-cv", "hint", cvMessage)}
                  onChange={(event) => {
                    const file = event.currentTarget.files?.[0];
                    setCvError(file && file.size > CV_MAX_BYTES ? `That file is larger than ${CV_MAX_LABEL}. Choose a smaller PDF or Word file.` : undefined);
                  }}
                />
                {cvMessage ? (
                  <p className="field-error" id="field-cv-error" role="alert">
                    {cvMessage}
                  </p>
                ) : null}
              </div>
            </Section>

            <Section id="terms-heading" title="The coach terms">
              <div className="field field-checkbox">
                <input
                  type="checkbox"
                  id="field-terms"
                  name="terms"
                  value="yes"
                  defaultChecked={values.terms}
                  aria-invalid={errors.terms ? true : undefined}
                  aria-describedby={errors.terms ? "field-terms-error" : undefined}
                />
                <label htmlFor="field-terms">
                  I agree to the <Link to="/terms">coach terms</Link> and the <Link to="/privacy">privacy policy</Link>, and confirm what I've written is true.{" "}
                  <span aria-hidden="true">*</span>
                </label>
                {errors.terms ? (
                  <p className="field-error" id="field-terms-error">
                    {errors.terms}
                  </p>
                ) : null}
              </div>
            </Section>

            <div className="honeypot" aria-hidden="true">
              <label htmlFor="field-leave-blank">Leave this field blank</label>
              <input id="field-leave-blank" name="leave_blank" type="text" tabIndex={-1} autoComplete="off" />
            </div>
            <button type="submit" className="button button-primary" disabled={submitting}>
              {submitting ? "Sending your application…" : "Send application"}
            </button>
          </Form>
        </div>
      </section>
    </>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, {
    title: "Apply to Become a Coach",
    description: `Apply to join the ClarityAI Coaching network: experienced business coaches keep ${describeShareRange()} of session fees and coach virtually from anywhere in Australia.`,
    path: "/coach-registration",
  }),
  ...structuredData([
    breadcrumbLd(
      siteOriginOf(matches),
      [{ label: "Home", to: "/" }, { label: "Become a coach", to: "/become-coach" }, { label: "Apply" }],
      "/coach-registration",
    ),
  ]),
];
