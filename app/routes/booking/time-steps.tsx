import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { SlotPicker, TakenNotice } from "~/components/booking/slot-picker";
import { TimeZoneForm } from "~/components/booking/time-zone-form";
import { BusinessTypeOptions } from "~/components/business-type-options";
import { Field } from "~/components/ui/field";
import { FormError } from "~/components/ui/form-error";
import type { BookingActionData } from "./book.server";
import type { FlowData } from "./flow.server";

// The booking page's last steps: a day and time, then the client's details (and payment choice).

function ZoneNote({ flow }: { flow: Extract<FlowData, { step: "when" }> }) {
  const zoneLabel = flow.zones.find((z) => z.id === flow.zone)?.label ?? flow.zone;
  return (
    <div className="booking-zone">
      <p className="hint">
        Times are shown in <strong>{zoneLabel}</strong>
        {flow.zoneChosen ? "." : " unless you choose another time zone."}
        {flow.earliestStart ? ` We don't offer times before ${flow.earliestStart} your time.` : null}
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

export function WhenStep({ flow }: { flow: Extract<FlowData, { step: "when" }> }) {
  const zoneLabel = flow.zones.find((z) => z.id === flow.zone)?.label ?? flow.zone;
  // Just refused as taken, the page shows the booking's own alternatives rather than the link's.
  const taken = useActionData<BookingActionData>()?.taken ?? flow.taken;
  const takenRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (taken) takenRef.current?.querySelector<HTMLElement>('[role="alert"]')?.focus();
  }, [taken]);
  return (
    <>
      <SessionSwitch flow={flow} />
      <div ref={takenRef}>{taken ? <TakenNotice alternatives={taken.alternatives} /> : null}</div>
      {flow.notice ? (
        <p className="notice" role="status">
          {flow.notice}
        </p>
      ) : null}
      <SlotPicker
        days={flow.days}
        times={flow.times}
        shownDay={flow.shownDay}
        selectedDayLabel={flow.selectedDayLabel}
        zoneLabel={zoneLabel}
        showCoach={!flow.coach}
        earlier={flow.earlier}
        later={flow.later}
      />
      <ZoneNote flow={flow} />
    </>
  );
}

/** The other sessions, one click away, and the coach, changeable: the day and time step keeps its other choices. */
function SessionSwitch({ flow }: { flow: Extract<FlowData, { step: "when" }> }) {
  return (
    <div className="booking-switch">
      <nav aria-label="Session type">
        <ul className="booking-switch-list">
          {flow.sessions.map((session) => (
            <li key={session.id}>
              <Link to={session.href} className="chip" aria-current={session.current ? "true" : undefined} preventScrollReset>
                <span className="booking-switch-name">{session.name}</span>
                <span className="booking-switch-meta">
                  {session.durationMinutes} min · {session.price}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="booking-switch-coach">
        Coach: <strong>{flow.coach ? flow.coach.name : "first available"}</strong> · <Link to={flow.coachHref}>Choose a coach</Link>
      </p>
    </div>
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

export function DetailsStep({ flow }: { flow: Extract<FlowData, { step: "details" }> }) {
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
