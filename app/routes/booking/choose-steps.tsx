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
  const { filter } = flow;
  const filtered = Boolean(filter.specialty || filter.industry);
  return (
    <section aria-labelledby="booking-coach-heading" className="booking-block">
      {flow.notice ? <p className="notice">{flow.notice}</p> : null}
      <h2 id="booking-coach-heading">Choose a coach</h2>
      <p>Every coach works by video with clients all over Australia. Choose one, or let us find the first one free.</p>
      <Form method="get" action="/booking" className="coach-filter" aria-label="Filter coaches">
        <input type="hidden" name="type" value={flow.type.id} />
        <input type="hidden" name="tz" value={flow.zone} />
        <div className="field">
          <label htmlFor="coach-filter-specialty">Specialty</label>
          <select id="coach-filter-specialty" name="specialty" defaultValue={filter.specialty}>
            <option value="">Any specialty</option>
            {filter.specialties.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="coach-filter-industry">Industry</label>
          <select id="coach-filter-industry" name="industry" defaultValue={filter.industry}>
            <option value="">Any industry</option>
            {filter.industries.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <p>
          <button type="submit" className="button button-secondary">
            Show coaches
          </button>
        </p>
      </Form>
      <p role="status">
        {filtered ? `${flow.coaches.length} of ${filter.total} coaches match. ` : null}
        {filtered ? <Link to={filter.clearHref}>Show all coaches</Link> : null}
      </p>
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
            <div className="coach-card-head">
              {coach.photoHref ? (
                <img src={coach.photoHref} alt="" className="coach-card-photo" width={72} height={72} loading="lazy" decoding="async" />
              ) : (
                <span className="coach-card-photo coach-card-initials" aria-hidden="true">
                  {coach.initials}
                </span>
              )}
              <div>
                <h3>{coach.name}</h3>
                <p className="booking-option-meta">{coach.place}</p>
              </div>
            </div>
            {coach.headline ? <p>{coach.headline}</p> : null}
            {coach.bio ? <p className="coach-card-bio">{coach.bio}</p> : null}
            {coach.specialties.length ? (
              <ul className="coach-tags" aria-label={`${coach.name}'s specialties`}>
                {coach.specialties.map((label) => (
                  <li key={label}>{label}</li>
                ))}
              </ul>
            ) : null}
            {coach.industries.length ? <p className="hint">Works with: {coach.industries.join(", ")}</p> : null}
            <Link to={coach.href} className="button button-secondary" aria-label={`Choose ${coach.name}`}>
              Choose
            </Link>
          </li>
        ))}
      </ul>
      {filtered && flow.coaches.length === 0 ? <p>No coach matches both choices yet. Try another, or choose the first available coach.</p> : null}
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
