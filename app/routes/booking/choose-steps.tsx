import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { FormError } from "~/components/ui/form-error";
import type { BookingActionData } from "./book.server";
import type { FlowData, Step } from "./flow.server";

// The booking page's first steps: the step list, then choosing a session or a package, then a coach.

const STEPS: { id: Exclude<Step, "package">; label: string }[] = [
  { id: "type", label: "Session" },
  { id: "coach", label: "Coach" },
  { id: "when", label: "Day and time" },
  { id: "details", label: "Your details" },
];

export function StepNav({ step, hrefs }: { step: Step; hrefs: Partial<Record<Step, string>> }) {
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

export function TypeStep({ flow }: { flow: Extract<FlowData, { step: "type" }> }) {
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

export function PackageStep({ flow }: { flow: Extract<FlowData, { step: "package" }> }) {
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

export function CoachStep({ flow }: { flow: Extract<FlowData, { step: "coach" }> }) {
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

export function stepHrefs(flow: FlowData): Partial<Record<Step, string>> {
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
