import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type LinksFunction, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { requireRole } from "~/auth/guards.server";
import { formatTimestamp } from "~/booking/time-zones";
import { COACH_AGREEMENT, COACH_AGREEMENT_VERSION, RCTI_AGREEMENT, RCTI_AGREEMENT_VERSION, type AgreementSection } from "~/coach-network/agreements";
import { loadOnboardingChecklist } from "~/coach-network/onboarding.server";
import { acceptAgreements, ensureCoachProfile } from "~/coach-network/profile.server";
import { PageHero } from "~/components/page-hero";
import { SectionErrorBoundary } from "~/components/section-error-boundary";
import { FormError } from "~/components/ui/form-error";
import { redirectWithToast } from "~/platform/toast.server";
import stylesHref from "~/styles/coach-profile.css?url";
import { NOINDEX, pageMeta } from "~/utils/meta";

// The coach agreement and, for a GST-registered coach, the recipient-created tax invoice (RCTI)
// agreement. Accepting records the version and the time on the coach's profile and in the audit log.

export const links: LinksFunction = () => [{ rel: "stylesheet", href: stylesHref }];

const ZONE = "Australia/Sydney";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireRole(request, context, "coach");
  const profile = await ensureCoachProfile(context.db, viewer.id);
  const now = context.services.clock.now();
  const rctiCurrent = Boolean(profile.rctiAgreementExpiresAt && profile.rctiAgreementExpiresAt > now.toISOString());
  return {
    gstRegistered: profile.gstRegistered,
    abnConfirmed: Boolean(profile.abnConfirmedAt),
    accepted:
      profile.agreementVersion === COACH_AGREEMENT_VERSION && profile.agreementAcceptedAt
        ? { version: profile.agreementVersion, at: formatTimestamp(profile.agreementAcceptedAt, ZONE) }
        : null,
    rcti:
      rctiCurrent && profile.rctiAgreementAcceptedAt && profile.rctiAgreementExpiresAt
        ? { at: formatTimestamp(profile.rctiAgreementAcceptedAt, ZONE), until: formatTimestamp(profile.rctiAgreementExpiresAt, ZONE) }
        : null,
    version: COACH_AGREEMENT_VERSION,
    rctiVersion: RCTI_AGREEMENT_VERSION,
  };
}

type ActionData = { errors: Record<string, string> };

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireRole(request, context, "coach");
  const formData = await request.formData();
  const profile = await ensureCoachProfile(context.db, viewer.id);
  const errors: Record<string, string> = {};
  if (formData.get("intent") !== "accept") errors.form = "That action isn't available. Please reload the page and try again.";
  else {
    if (formData.get("acceptAgreement") !== "on") errors.acceptAgreement = "Tick the box to accept the coach agreement.";
    if (profile.gstRegistered && formData.get("acceptRcti") !== "on")
      errors.acceptRcti = "Tick the box to accept the RCTI agreement: it's needed because you're registered for GST.";
  }
  if (Object.keys(errors).length)
    return data<ActionData>({ errors: { form: errors.form ?? "Please accept the agreements below to continue.", ...errors } }, { status: 400 });
  await acceptAgreements(context, viewer.id, { rcti: profile.gstRegistered });
  const checklist = await loadOnboardingChecklist(context.db, viewer.id, context.services.clock.now());
  return redirectWithToast(
    checklist.complete ? "/coach/agreement" : "/coach/onboarding",
    { title: "Agreement accepted", description: "Thank you. A record of it is kept with your profile.", variant: "success" },
    context.env.SESSION_SECRET,
  );
}

function AgreementText({ sections, id }: { sections: AgreementSection[]; id: string }) {
  return (
    // A scrolling region must be reachable by keyboard.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="agreement-text" tabIndex={0} role="region" aria-labelledby={id}>
      {sections.map((section) => (
        <section key={section.heading}>
          <h3>{section.heading}</h3>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      ))}
    </div>
  );
}

export default function CoachAgreement() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<ActionData>();
  const errors = result?.errors ?? {};
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (result) ref.current?.querySelector<HTMLElement>('[aria-invalid="true"], .form-error')?.focus();
  }, [result]);
  const needsRcti = page.gstRegistered;
  const allAccepted = page.accepted && (!needsRcti || page.rcti);
  return (
    <>
      <PageHero
        eyebrow="Coach portal"
        title="Your coach agreement"
        lead="How we work together: your sessions, your revenue share and how you're paid."
        crumbs={[{ label: "Home", to: "/" }, { label: "Coach portal", to: "/coach" }, { label: "Agreement" }]}
      />
      <div className="section">
        <div className="container page-narrow">
          {!page.abnConfirmed ? (
            <p className="notice" role="note">
              Confirm your ABN and GST registration first on <Link to="/coach/profile#tax-details">your profile</Link>: if you're registered for GST, the
              recipient-created tax invoice agreement is part of this step.
            </p>
          ) : null}
          <section className="card" aria-labelledby="coach-agreement-heading">
            <h2 id="coach-agreement-heading">Coach agreement (version {page.version})</h2>
            <AgreementText sections={COACH_AGREEMENT} id="coach-agreement-heading" />
            {page.accepted ? (
              <p className="form-notice">
                You accepted version {page.accepted.version} on {page.accepted.at}.
              </p>
            ) : null}
          </section>
          {needsRcti ? (
            <section className="card" aria-labelledby="rcti-agreement-heading">
              <h2 id="rcti-agreement-heading">Recipient-created tax invoice agreement (version {page.rctiVersion})</h2>
              <AgreementText sections={RCTI_AGREEMENT} id="rcti-agreement-heading" />
              {page.rcti ? (
                <p className="form-notice">
                  You accepted it on {page.rcti.at}; it's current until {page.rcti.until}.
                </p>
              ) : null}
            </section>
          ) : null}
          {allAccepted ? (
            <p>
              <Link to="/coach/onboarding">Back to your onboarding checklist</Link>
            </p>
          ) : (
            <Form method="post" className="form card" noValidate ref={ref}>
              <input type="hidden" name="intent" value="accept" />
              <FormError message={errors.form} />
              <div className="field field-checkbox">
                <input
                  id="field-acceptAgreement"
                  type="checkbox"
                  name="acceptAgreement"
                  aria-invalid={Boolean(errors.acceptAgreement)}
                  aria-describedby={errors.acceptAgreement ? "field-acceptAgreement-error" : undefined}
                />
                <label htmlFor="field-acceptAgreement">I have read and accept the coach agreement (version {page.version}).</label>
                {errors.acceptAgreement ? (
                  <p className="field-error" id="field-acceptAgreement-error">
                    {errors.acceptAgreement}
                  </p>
                ) : null}
              </div>
              {needsRcti ? (
                <div className="field field-checkbox">
                  <input
                    id="field-acceptRcti"
                    type="checkbox"
                    name="acceptRcti"
                    aria-invalid={Boolean(errors.acceptRcti)}
                    aria-describedby={errors.acceptRcti ? "field-acceptRcti-error" : undefined}
                  />
                  <label htmlFor="field-acceptRcti">I have read and accept the recipient-created tax invoice agreement (version {page.rctiVersion}).</label>
                  {errors.acceptRcti ? (
                    <p className="field-error" id="field-acceptRcti-error">
                      {errors.acceptRcti}
                    </p>
                  ) : null}
                </div>
              ) : null}
              <p>
                <button type="submit" className="button button-primary">
                  Accept
                </button>
              </p>
            </Form>
          )}
        </div>
      </div>
    </>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Coach Agreement", description: "Your coach agreement.", path: "/coach/agreement" }),
  NOINDEX,
];

export function ErrorBoundary() {
  return <SectionErrorBoundary section="coach" />;
}
