import type { ActionFunctionArgs, HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, isRouteErrorResponse, Link, useActionData, useLoaderData, useNavigation, useRouteError } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { PageHero } from "~/components/page-hero";
import { BusinessTypeOptions } from "~/components/ui/business-type-options";
import { Field } from "~/components/ui/field";
import { FormError } from "~/components/ui/form-error";
import { BUSINESS } from "~/content/business";
import { formatAud } from "~/utils/format";
import { pageMeta, siteOriginOf } from "~/utils/meta";
import { breadcrumbLd, structuredData } from "~/utils/structured-data";
import { bookIntent, buyPackageIntent, type BookingActionData } from "./book.server";
import { loadFlow, type FlowData, type Step } from "./flow.server";
import { SlotPicker, TakenNotice } from "./slot-picker";
import { TimeZoneForm, useDetectedZone } from "./time-zone-form";
import stylesHref from "./booking.css?url";

// /booking: type → coach → day and time → details (→ payment) → /booking-confirmation. Each step is
// a GET of this page with the choices so far (flow.server.ts); the details form posts here.

export const links: LinksFunction = () => [{ rel: "stylesheet", href: stylesHref }];

export const headers: HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const headers = new Headers(loaderHeaders);
  actionHeaders.forEach((value, name) => headers.set(name, value));
  return headers;
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  return data(await loadFlow(request, context), { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "book") return bookIntent(request, context, formData);
  if (intent === "buy-package") return buyPackageIntent(request, context, formData);
  return data<BookingActionData>({ errors: { form: "That action isn't available. Please reload the page and try again." }, values: {} }, { status: 400 });
}

const CRUMBS = [{ label: "Home", to: "/" }, { label: "Book a call" }];

const STEPS: { id: Exclude<Step, "package">; label: string }[] = [
  { id: "type", label: "Session" },
  { id: "coach", label: "Coach" },
  { id: "when", label: "Day and time" },
  { id: "details", label: "Your details" },
];

function StepNav({ step, hrefs }: { step: Step; hrefs: Partial<Record<Step, string>> }) {
  const currentIndex = STEPS.findIndex((s) => s.id === step);
  return (
    <nav aria-label="Booking steps" className="booking-steps">
      <ol>
        {STEPS.map((s, index) => {
          const current = s.id === step;
          const href = index < currentIndex ? hrefs[s.id] : undefined;
          return (
            <li key={s.id} aria-current={current ? "step" : undefined}>
              {href ? <Link to={href}>{s.label}</Link> : <span>{s.label}</span>}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

function ZoneNote({ flow }: { flow: Extract<FlowData, { step: "when" }> }) {
  const zoneLabel = flow.zones.find((z) => z.id === flow.zone)?.label ?? flow.zone;
  return (
    <div className="booking-zone">
      <p className="hint">
        Times are shown in <strong>{zoneLabel}</strong>
        {flow.zoneChosen ? "." : " unless you choose another time zone."}
      </p>
      <TimeZoneForm
        zone={flow.zone}
        zones={flow.zones}
        action="/booking"
        hidden={{ type: flow.params.type, coach: flow.params.coach, from: flow.from, day: flow.selectedDay ?? undefined }}
      />
    </div>
  );
}

function TypeStep({ flow }: { flow: Extract<FlowData, { step: "type" }> }) {
  return (
    <>
      {flow.notice ? <p className="notice">{flow.notice}</p> : null}
      <section aria-labelledby="booking-types-heading" className="booking-block">
        <h2 id="booking-types-heading">What would you like to book?</h2>
        <ul className="booking-options">
          {flow.types.map((type) => (
            <li key={type.id} className="card booking-option">
              <h3>{type.name}</h3>
              <p className="booking-option-meta">
                {type.durationMinutes} minutes · {type.price}
              </p>
              <p>{type.description}</p>
              <Link to={type.href} className="button button-primary" aria-label={`Choose ${type.name}`}>
                Choose
              </Link>
            </li>
          ))}
        </ul>
      </section>
      {flow.packages.length ? (
        <section aria-labelledby="booking-packages-heading" className="booking-block">
          <h2 id="booking-packages-heading">Packages</h2>
          <p>Buy several one-hour sessions at once and save. You book each session with a credit whenever it suits you.</p>
          <ul className="booking-options">
            {flow.packages.map((pkg) => (
              <li key={pkg.id} className="card booking-option">
                <h3>{pkg.name}</h3>
                <p className="booking-option-meta">
                  {pkg.sessions} sessions · {pkg.price}
                </p>
                <p>{pkg.description}</p>
                <p className="hint">Credits can be used for {pkg.validityMonths} months after you pay.</p>
                <Link to={pkg.href} className="button button-secondary" aria-label={`Choose the ${pkg.name}`}>
                  Choose package
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

function PackageStep({ flow }: { flow: Extract<FlowData, { step: "package" }> }) {
  const actionData = useActionData<BookingActionData>();
  const navigation = useNavigation();
  const pkg = flow.package;
  return (
    <section aria-labelledby="booking-package-heading" className="booking-block">
      <h2 id="booking-package-heading">{pkg.name}</h2>
      <p>{pkg.description}</p>
      <dl className="booking-summary">
        <dt>Sessions</dt>
        <dd>
          {pkg.sessions} × {pkg.durationMinutes} minutes
        </dd>
        <dt>Price</dt>
        <dd>
          {pkg.price} ({pkg.perSession} a session)
        </dd>
        <dt>Use by</dt>
        <dd>{pkg.validityMonths} months after you pay</dd>
      </dl>
      <FormError message={actionData?.errors.form} />
      {flow.signedIn ? (
        <Form method="post">
          <input type="hidden" name="intent" value="buy-package" />
          <input type="hidden" name="packageId" value={pkg.id} />
          <button type="submit" className="button button-primary" disabled={navigation.state === "submitting"}>
            {navigation.state === "submitting" ? "Opening checkout…" : `Pay ${pkg.price} by card`}
          </button>
        </Form>
      ) : (
        <>
          <p>Your credits are kept with your account, so please sign in or create a free account first.</p>
          <Link to={flow.signInHref} className="button button-primary">
            Sign in to buy
          </Link>
        </>
      )}
      <p>
        <Link to={flow.backHref}>Back to all sessions and packages</Link>
      </p>
    </section>
  );
}

function CoachStep({ flow }: { flow: Extract<FlowData, { step: "coach" }> }) {
  return (
    <section aria-labelledby="booking-coach-heading" className="booking-block">
      {flow.notice ? <p className="notice">{flow.notice}</p> : null}
      <h2 id="booking-coach-heading">Choose a coach</h2>
      <p>Every coach works by video with clients all over Australia. Choose one, or let us find the first one free.</p>
      <ul className="booking-options">
        <li className="card booking-option">
          <h3>First available coach</h3>
          <p>See every free time across our coaches and pick the one that suits you best.</p>
          <Link to={flow.anyHref} className="button button-primary" aria-label="Choose the first available coach">
            Choose
          </Link>
        </li>
        {flow.coaches.map((coach) => (
          <li key={coach.slug} className="card booking-option">
            <h3>{coach.name}</h3>
            <p className="booking-option-meta">{coach.place}</p>
            {coach.headline ? <p>{coach.headline}</p> : null}
            <Link to={coach.href} className="button button-secondary" aria-label={`Choose ${coach.name}`}>
              Choose
            </Link>
          </li>
        ))}
      </ul>
      <p>
        <Link to={flow.backHref}>Back to sessions</Link>
      </p>
    </section>
  );
}

function WhenStep({ flow }: { flow: Extract<FlowData, { step: "when" }> }) {
  const zoneLabel = flow.zones.find((z) => z.id === flow.zone)?.label ?? flow.zone;
  // Just refused as taken, the page shows the booking's own alternatives rather than the link's.
  const taken = useActionData<BookingActionData>()?.taken ?? flow.taken;
  const takenRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (taken) takenRef.current?.querySelector<HTMLElement>('[role="alert"]')?.focus();
  }, [taken]);
  return (
    <>
      <Choices flow={flow} />
      <div ref={takenRef}>{taken ? <TakenNotice alternatives={taken.alternatives} /> : null}</div>
      <ZoneNote flow={flow} />
      <SlotPicker
        days={flow.days}
        times={flow.times}
        selectedDayLabel={flow.selectedDayLabel}
        zoneLabel={zoneLabel}
        showCoach={!flow.coach}
        earlier={flow.earlier}
        later={flow.later}
      />
    </>
  );
}

function Choices({ flow }: { flow: Extract<FlowData, { step: "when" | "details" }> }) {
  return (
    <p className="booking-choices">
      <strong>{flow.type.name}</strong> ({flow.type.durationMinutes} minutes, {flow.type.price}) with{" "}
      <strong>{flow.coach ? flow.coach.name : "the first available coach"}</strong>.
    </p>
  );
}

function DetailsStep({ flow }: { flow: Extract<FlowData, { step: "details" }> }) {
  const actionData = useActionData<BookingActionData>();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const errors = actionData?.errors ?? {};
  const values = actionData?.values ?? flow.prefill;
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!actionData) return;
    const target = actionData.taken
      ? document.querySelector<HTMLElement>(".booking-taken")
      : formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], .form-error');
    target?.focus();
  }, [actionData]);

  const { slot, type } = flow;
  const payLabel = type.paid ? "Continue to payment" : "Book my free call";
  return (
    <>
      <Choices flow={flow} />
      {actionData?.taken ? <TakenNotice alternatives={actionData.taken.alternatives} /> : null}
      <section aria-labelledby="booking-slot-heading" className="card booking-slot">
        <h2 id="booking-slot-heading">Your time</h2>
        <p className="booking-slot-time">
          {slot.date}, {slot.time}
        </p>
        {!slot.sameZoneAsCoach ? (
          <p>
            That's {slot.coachTime}
            {slot.coachDate !== slot.date ? ` on ${slot.coachDate}` : ""} for {slot.coachName}.
          </p>
        ) : (
          <p>With {slot.coachName}, who is in the same time zone.</p>
        )}
        <p>
          <Link to={flow.backHref}>Choose a different time</Link>
        </p>
      </section>
      <section aria-labelledby="booking-details-heading" className="booking-block">
        <h2 id="booking-details-heading">Your details</h2>
        <Form method="post" className="form" noValidate ref={formRef} aria-describedby="booking-required-note">
          <p id="booking-required-note" className="hint">
            Fields marked <span aria-hidden="true">*</span> are required.
          </p>
          {actionData?.taken ? null : <FormError message={errors.form} />}
          <input type="hidden" name="intent" value="book" />
          <input type="hidden" name="type" value={type.id} />
          <input type="hidden" name="coach" value={flow.params.coach} />
          <input type="hidden" name="tz" value={flow.zone} />
          <input type="hidden" name="time" value={slot.startsAt} />
          <div className="form-row">
            <Field name="name" value={values.name} label="Name" error={errors.name} required>
              {(props) => <input {...props} type="text" autoComplete="name" maxLength={120} />}
            </Field>
            <Field name="email" value={values.email} label="Email" error={errors.email} required hint="Your confirmation and calendar invitation go here.">
              {(props) => <input {...props} type="email" autoComplete="email" maxLength={254} />}
            </Field>
          </div>
          <div className="form-row">
            <Field name="company" value={values.company} label="Company" error={errors.company}>
              {(props) => <input {...props} type="text" autoComplete="organization" maxLength={160} />}
            </Field>
            <Field name="phone" value={values.phone} label="Phone" error={errors.phone} hint="In case the video connection drops.">
              {(props) => <input {...props} type="tel" autoComplete="tel" maxLength={30} />}
            </Field>
          </div>
          <Field name="businessType" value={values.businessType} label="Business type" error={errors.businessType}>
            {(props) => (
              <select {...props} defaultValue={props.defaultValue ?? ""}>
                <BusinessTypeOptions />
              </select>
            )}
          </Field>
          <Field name="notes" value={values.notes} label="What would you like to talk about?" error={errors.notes}>
            {(props) => <textarea {...props} maxLength={1000} />}
          </Field>
          {type.paid ? (
            <fieldset className="booking-payment" aria-describedby={errors.payWith ? "booking-pay-error" : undefined}>
              <legend>Payment</legend>
              <div className="field field-checkbox">
                <input type="radio" id="pay-card" name="payWith" value="card" defaultChecked />
                <label htmlFor="pay-card">Pay {type.price} by card now</label>
              </div>
              {flow.credits.length ? (
                <div className="field field-checkbox">
                  <input type="radio" id="pay-credit" name="payWith" value="credit" />
                  <label htmlFor="pay-credit">Use a package credit ({flow.credits[0]!.label})</label>
                </div>
              ) : null}
              {errors.payWith ? (
                <p className="field-error" id="booking-pay-error">
                  {errors.payWith}
                </p>
              ) : null}
              <p className="hint">
                The time is held for 10 minutes while you pay. Free to cancel or move until 24 hours before the start; after that, sessions aren't refunded.
              </p>
            </fieldset>
          ) : (
            <p className="hint">Free to cancel or move at any time up to 24 hours before the call.</p>
          )}
          <div>
            <button type="submit" className="button button-primary" disabled={submitting}>
              {submitting ? "Booking…" : payLabel}
            </button>
          </div>
        </Form>
      </section>
    </>
  );
}

function stepHrefs(flow: FlowData): Partial<Record<Step, string>> {
  const zone = encodeURIComponent(flow.zone);
  if (flow.step === "when" || flow.step === "details") {
    return {
      type: `/booking?tz=${zone}`,
      coach: `/booking?type=${encodeURIComponent(flow.type.id)}&tz=${zone}`,
      when: flow.step === "details" ? flow.backHref : undefined,
    };
  }
  if (flow.step === "coach") return { type: `/booking?tz=${zone}` };
  return {};
}

export default function Booking() {
  const flow = useLoaderData<typeof loader>();
  const actionData = useActionData<BookingActionData>();
  useDetectedZone(flow.zoneChosen, flow.zone, flow.zones);
  // The details and package steps show their own form's answer; a post from anywhere else (a stale
  // page, a changed address) still gets its message.
  const strayAnswer = actionData && flow.step !== "details" && flow.step !== "package" ? actionData : null;
  return (
    <>
      <PageHero
        eyebrow="Book online"
        title={`Book your free ${BUSINESS.discoveryCallMinutes}-minute discovery call`}
        lead="Pick a time with an experienced Australian business coach, in your own time zone. Every call is by video, with a phone call as the fallback. You can book paid coaching sessions here too."
        crumbs={CRUMBS}
      />
      <div className="section booking-section">
        <div className="container booking-layout">
          <div className="booking-main">
            {flow.step !== "package" ? <StepNav step={flow.step} hrefs={stepHrefs(flow)} /> : null}
            {strayAnswer?.taken && flow.step !== "when" ? <TakenNotice alternatives={strayAnswer.taken.alternatives} /> : null}
            {strayAnswer && !strayAnswer.taken ? (
              <FormError message={strayAnswer.errors.form ?? Object.values(strayAnswer.errors).find(Boolean) ?? "Please check your details and try again."} />
            ) : null}
            {flow.step === "type" ? <TypeStep flow={flow} /> : null}
            {flow.step === "package" ? <PackageStep flow={flow} /> : null}
            {flow.step === "coach" ? <CoachStep flow={flow} /> : null}
            {flow.step === "when" ? <WhenStep flow={flow} /> : null}
            {flow.step === "details" ? <DetailsStep flow={flow} /> : null}
          </div>
          <aside className="card booking-aside" aria-labelledby="booking-expect-heading">
            <h2 id="booking-expect-heading">What to expect</h2>
            <ul className="check-list">
              <li>{BUSINESS.discoveryCallMinutes} minutes with a coach who has run a business, not a salesperson</li>
              <li>Two or three practical ideas you can act on straight away</li>
              <li>An honest view of whether coaching is right for you — and if not, who might help</li>
              <li>Virtual sessions from {formatAud(BUSINESS.virtualCoachingFromPerHour)} per hour (GST included)</li>
              <li>A calendar invitation by email, and a link to move or cancel your booking</li>
            </ul>
          </aside>
        </div>
      </div>
    </>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, {
    title: "Book a Free 20-Minute Discovery Call",
    description:
      "Book a free, no-obligation 20-minute discovery call with an experienced Australian business coach. Pick a time online, in your own time zone.",
    path: "/booking",
  }),
  ...structuredData([breadcrumbLd(siteOriginOf(matches), CRUMBS, "/booking")]),
];

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="container page-narrow error-page" aria-labelledby="booking-error-heading">
      <p className="eyebrow">Booking</p>
      <h1 id="booking-error-heading">{notFound ? "We couldn't find that booking step" : "Booking isn't available just now"}</h1>
      <p role="alert">
        {notFound
          ? "The link may be out of date. Please start again and pick a time."
          : "Something went wrong on our side and the booking page could not be shown. Please try again in a moment."}
      </p>
      <p>
        <a href="/booking" className="button button-primary">
          Start again
        </a>{" "}
        <Link to="/contact">Contact us</Link>
      </p>
    </section>
  );
}
