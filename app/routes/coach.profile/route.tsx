import type { ActionFunctionArgs, LoaderFunctionArgs, LinksFunction, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { requireRole } from "~/auth/guards.server";
import { BIO_MAX_LENGTH, BIO_MIN_LENGTH, initialsOf, PHOTO_MAX_BYTES } from "~/coach-network/profile";
import { COACH_INDUSTRIES, COACH_SPECIALTIES, COACH_SPECIALTY_LABELS } from "~/coach-network/specialties";
import { PageHero } from "~/components/page-hero";
import { SectionErrorBoundary } from "~/components/section-error-boundary";
import { describedByOf, Field, FieldFrame } from "~/components/ui/field";
import { FormError } from "~/components/ui/form-error";
import stylesHref from "~/styles/coach-profile.css?url";
import { NOINDEX, pageMeta } from "~/utils/meta";
import { confirmAbn, loadProfilePage, refused, saveProfile, uploadPhoto, type ProfileActionData, type ProfileIntent } from "./actions.server";

// The coach's profile: the photo, bio, specialties and industries clients see on the booking page,
// and the tax details their statements and payouts use (legal name, ABN, GST registration). Three
// forms, each posting its own `intent`; all work without JavaScript.

export const links: LinksFunction = () => [{ rel: "stylesheet", href: stylesHref }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireRole(request, context, "coach");
  return loadProfilePage(context, viewer);
}

const HANDLERS: Record<ProfileIntent, typeof saveProfile> = { "upload-photo": uploadPhoto, "save-profile": saveProfile, "confirm-abn": confirmAbn };

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireRole(request, context, "coach");
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (typeof intent !== "string" || !Object.hasOwn(HANDLERS, intent)) {
    return refused(null, { form: "That action isn't available. Please reload the page and try again." });
  }
  return HANDLERS[intent as ProfileIntent]({ context, viewer, formData });
}

function useResult(intent: ProfileIntent) {
  const actionData = useActionData<ProfileActionData>();
  return actionData?.intent === intent ? actionData : undefined;
}

/** Moves focus to the first problem of a refused form, so keyboard and screen-reader users hear what to fix. */
function useFocusFirstError(result: ProfileActionData | undefined) {
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (result && Object.keys(result.errors).length) ref.current?.querySelector<HTMLElement>('[aria-invalid="true"], .form-error')?.focus();
  }, [result]);
  return ref;
}

function useSubmitting(intent: ProfileIntent) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

export default function CoachProfile() {
  const page = useLoaderData<typeof loader>();
  const general = useActionData<ProfileActionData>();
  return (
    <>
      <PageHero
        eyebrow="Coach portal"
        title="Your profile"
        lead="Clients choose a coach from your photo, bio and specialties on the booking page. Your tax details go on your statements."
        crumbs={[{ label: "Home", to: "/" }, { label: "Coach portal", to: "/coach" }, { label: "Profile" }]}
      />
      <div className="section">
        <div className="container page-narrow">
          {general?.intent === null ? <FormError message={general.errors.form} /> : null}
          {page.onboardingComplete ? null : (
            <p className="notice" role="note">
              Your profile isn't on the booking page yet. <Link to="/coach/onboarding">See your onboarding checklist</Link>.
            </p>
          )}
          <PhotoForm page={page} />
          <PublicProfileForm page={page} />
          <TaxDetailsForm page={page} />
        </div>
      </div>
    </>
  );
}

type Page = ReturnType<typeof useLoaderData<typeof loader>>;

function PhotoForm({ page }: { page: Page }) {
  const result = useResult("upload-photo");
  const ref = useFocusFirstError(result);
  const submitting = useSubmitting("upload-photo");
  const error = result?.errors.photo;
  return (
    <section id="photo" aria-labelledby="photo-heading" className="card">
      <h2 id="photo-heading">Photo</h2>
      <div className="coach-photo-row">
        {page.photoHref ? (
          <img src={page.photoHref} alt={`${page.name}, as clients see you`} className="coach-photo" width={96} height={96} />
        ) : (
          <span className="coach-photo coach-initials" aria-hidden="true">
            {initialsOf(page.name)}
          </span>
        )}
        <p className="hint">{page.photoHref ? "This is the photo clients see." : "No photo yet: clients see your initials."}</p>
      </div>
      <Form method="post" encType="multipart/form-data" className="form" noValidate ref={ref}>
        <input type="hidden" name="intent" value="upload-photo" />
        <FieldFrame
          id="field-photo"
          label="Choose a photo"
          hint={`A clear, friendly photo of your face: JPEG, PNG or WebP, up to ${PHOTO_MAX_BYTES / 1024 / 1024} MB. A square photo at least 400 pixels wide looks best.`}
          error={error}
        >
          <input
            id="field-photo"
            name="photo"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            required
            aria-invalid={Boolean(error)}
            aria-describedby={describedByOf("field-photo", "hint", error)}
          />
        </FieldFrame>
        <p>
          <button type="submit" className="button button-primary" disabled={submitting}>
            {submitting ? "Uploading…" : "Upload photo"}
          </button>
        </p>
      </Form>
    </section>
  );
}

function PublicProfileForm({ page }: { page: Page }) {
  const result = useResult("save-profile");
  const ref = useFocusFirstError(result);
  const submitting = useSubmitting("save-profile");
  const errors = result?.errors ?? {};
  const values = result?.values ?? {};
  const bio = typeof values.bio === "string" ? values.bio : page.bio;
  const specialties = Array.isArray(values.specialties) ? values.specialties : page.specialties;
  const industries = Array.isArray(values.industries) ? values.industries : page.industries;
  return (
    <section id="public-profile" aria-labelledby="public-profile-heading" className="card">
      <h2 id="public-profile-heading">Your public profile</h2>
      <Form method="post" className="form" noValidate ref={ref} key={JSON.stringify({ bio, specialties, industries })}>
        <input type="hidden" name="intent" value="save-profile" />
        <FormError message={errors.form} />
        <Field
          name="bio"
          label="Bio"
          required
          error={errors.bio}
          hint={`${BIO_MIN_LENGTH} to ${BIO_MAX_LENGTH} characters: who you help, how you work and what clients get from it.`}
        >
          {(props) => <textarea {...props} rows={7} maxLength={BIO_MAX_LENGTH} defaultValue={bio} />}
        </Field>
        <fieldset className="choice-grid" aria-describedby={errors.specialties ? "specialties-error" : undefined}>
          <legend>Specialties</legend>
          {COACH_SPECIALTIES.map((value) => (
            <label key={value} className="choice">
              <input type="checkbox" name="specialties" value={value} defaultChecked={specialties.includes(value)} aria-invalid={Boolean(errors.specialties)} />
              {COACH_SPECIALTY_LABELS[value]}
            </label>
          ))}
          {errors.specialties ? (
            <p className="field-error" id="specialties-error">
              {errors.specialties}
            </p>
          ) : null}
        </fieldset>
        <fieldset className="choice-grid" aria-describedby={errors.industries ? "industries-error" : undefined}>
          <legend>Industries you work with</legend>
          {COACH_INDUSTRIES.map((value) => (
            <label key={value} className="choice">
              <input type="checkbox" name="industries" value={value} defaultChecked={industries.includes(value)} aria-invalid={Boolean(errors.industries)} />
              {value}
            </label>
          ))}
          {errors.industries ? (
            <p className="field-error" id="industries-error">
              {errors.industries}
            </p>
          ) : null}
        </fieldset>
        <p>
          <button type="submit" className="button button-primary" disabled={submitting}>
            {submitting ? "Saving…" : "Save profile"}
          </button>
        </p>
      </Form>
    </section>
  );
}

function TaxDetailsForm({ page }: { page: Page }) {
  const result = useResult("confirm-abn");
  const ref = useFocusFirstError(result);
  const submitting = useSubmitting("confirm-abn");
  const errors = result?.errors ?? {};
  const values = (result?.values ?? {}) as Record<string, string>;
  const legalName = values.legalName ?? page.legalName;
  const abn = values.abn ?? page.abn;
  const gst = values.gstRegistered ?? page.gstRegistered;
  return (
    <section id="tax-details" aria-labelledby="tax-details-heading" className="card">
      <h2 id="tax-details-heading">ABN and GST</h2>
      <p>
        Your statements and payouts use these details. Payouts are held until your ABN is confirmed, so we never have to withhold 47% of your payments for a
        missing ABN.
      </p>
      {page.abnConfirmedAt ? <p className="form-notice">Confirmed. If anything changes, update and confirm it again.</p> : null}
      <Form method="post" className="form" noValidate ref={ref} key={JSON.stringify({ legalName, abn, gst })}>
        <input type="hidden" name="intent" value="confirm-abn" />
        <FormError message={errors.form} />
        <Field
          name="legalName"
          label="Legal or business name"
          required
          error={errors.legalName}
          hint="The name registered with your ABN, as it should appear on your statements."
        >
          {(props) => <input {...props} type="text" autoComplete="organization" maxLength={200} defaultValue={legalName} />}
        </Field>
        <Field name="abn" label="ABN" required error={errors.abn} hint="11 digits, for example 51 824 753 556.">
          {(props) => <input {...props} type="text" inputMode="numeric" maxLength={20} defaultValue={abn} />}
        </Field>
        <fieldset className="choice-grid" aria-describedby={errors.gstRegistered ? "gst-error" : "gst-hint"}>
          <legend>Are you registered for GST?</legend>
          <p className="hint" id="gst-hint">
            If you are, your monthly statement is a recipient-created tax invoice and includes GST on your share; you'll be asked to accept the RCTI agreement.
          </p>
          <label className="choice">
            <input type="radio" name="gstRegistered" value="yes" defaultChecked={gst === "yes"} />
            Yes, I'm registered for GST
          </label>
          <label className="choice">
            <input type="radio" name="gstRegistered" value="no" defaultChecked={gst === "no"} />
            No, I'm not registered for GST
          </label>
          {errors.gstRegistered ? (
            <p className="field-error" id="gst-error">
              {errors.gstRegistered}
            </p>
          ) : null}
        </fieldset>
        <div className="field field-checkbox">
          <input
            id="field-confirm"
            type="checkbox"
            name="confirm"
            aria-invalid={Boolean(errors.confirm)}
            aria-describedby={errors.confirm ? "field-confirm-error" : undefined}
          />
          <label htmlFor="field-confirm">I confirm these details are correct and I'll tell you if they change.</label>
          {errors.confirm ? (
            <p className="field-error" id="field-confirm-error">
              {errors.confirm}
            </p>
          ) : null}
        </div>
        <p>
          <button type="submit" className="button button-primary" disabled={submitting}>
            {submitting ? "Confirming…" : "Confirm ABN and GST"}
          </button>
        </p>
      </Form>
    </section>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Your Profile", description: "Your coach profile and tax details.", path: "/coach/profile" }),
  NOINDEX,
];

export function ErrorBoundary() {
  return <SectionErrorBoundary section="coach" />;
}
