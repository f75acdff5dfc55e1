import { data, type ActionFunctionArgs, type HeadersFunction, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { SectionErrorBoundary } from "~/components/section-error-boundary";
import { useEffect, useRef } from "react";
import { PageHero } from "~/components/page-hero";
import { Field } from "~/components/ui/field";
import { FormError } from "~/components/ui/form-error";
import { NOINDEX } from "~/utils/meta";
import stylesHref from "~/styles/booking.css?url";
import { SlotPicker, TakenNotice } from "~/components/booking/slot-picker";
import { TimeZoneForm } from "~/components/booking/time-zone-form";
import { cancelIntent, loadManage, rescheduleIntent, unknownIntent, type ManageActionData } from "./manage.server";
import { BookingSummary } from "~/components/booking/booking-summary";

// /booking/manage/{token}: see the booking, move it (the same day-and-time picker as the booking
// flow) or cancel it, with the cancellation policy spelt out. No sign-in: the signed link is the key.

export const links: LinksFunction = () => [{ rel: "stylesheet", href: stylesHref }];

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" });

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return data(await loadManage(request, context, params.token ?? ""), { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "reschedule") return rescheduleIntent(context, params.token ?? "", formData);
  if (intent === "cancel") return cancelIntent(context, params.token ?? "", formData);
  return unknownIntent();
}

type ManageData = ReturnType<typeof useLoaderData<typeof loader>>;

function Policy({ policy }: { policy: ManageData["policy"] }) {
  return (
    <section aria-labelledby="manage-policy-heading" className="booking-block">
      <h2 id="manage-policy-heading">Changes and cancellations</h2>
      <p>
        You can move or cancel free of charge until {policy.noticeHours} hours before the start — for this booking, until <strong>{policy.freeUntil}</strong>.
        {policy.paid
          ? ` After that, a cancelled session isn't refunded${policy.paymentMethod === "credit" ? " and its package credit isn't returned" : ""}.`
          : " The discovery call is free either way, but please let us know if you can't make it."}
      </p>
      {!policy.free ? (
        <p className="notice">
          {policy.paid
            ? "It's now less than 24 hours before the start, so cancelling won't be refunded."
            : "It's now less than 24 hours before the start. You can still cancel so your coach knows."}
        </p>
      ) : null}
    </section>
  );
}

function Reschedule({ manage }: { manage: ManageData }) {
  const actionData = useActionData<ManageActionData>();
  const navigation = useNavigation();
  const reschedule = manage.reschedule;
  if (!reschedule) return null;
  const zoneLabel = manage.zone;
  if (reschedule.kind === "confirm") {
    return (
      <section aria-labelledby="manage-move-heading" className="card booking-block">
        <h2 id="manage-move-heading">Move to this time?</h2>
        <p className="booking-slot-time">{reschedule.label}</p>
        {reschedule.coachTime ? <p>That's {reschedule.coachTime} for your coach.</p> : null}
        {actionData?.intent === "reschedule" && actionData.taken ? <TakenNotice alternatives={actionData.taken.alternatives} /> : null}
        {actionData?.intent === "reschedule" && !actionData.taken ? <FormError message={actionData.errors.form} /> : null}
        <Form method="post" className="booking-actions">
          <input type="hidden" name="intent" value="reschedule" />
          <input type="hidden" name="time" value={reschedule.startsAt} />
          <input type="hidden" name="tz" value={manage.zone} />
          <button type="submit" className="button button-primary" disabled={navigation.state === "submitting"}>
            {navigation.state === "submitting" ? "Moving…" : "Move my booking"}
          </button>
          <Link to={reschedule.backHref} className="button button-secondary">
            Choose a different time
          </Link>
        </Form>
      </section>
    );
  }
  return (
    <section aria-labelledby="manage-pick-heading" className="booking-block">
      <h2 id="manage-pick-heading">Pick a new time</h2>
      {reschedule.taken ? <TakenNotice alternatives={[]} /> : null}
      {actionData?.intent === "reschedule" && !actionData.taken ? <FormError message={actionData.errors.form} /> : null}
      <div className="booking-zone">
        <TimeZoneForm
          zone={manage.zone}
          zones={reschedule.zones}
          action={manage.path}
          hidden={{ reschedule: "1", from: reschedule.from, day: reschedule.selectedDay ?? undefined }}
        />
      </div>
      <SlotPicker
        days={reschedule.days}
        times={reschedule.times}
        selectedDayLabel={reschedule.selectedDayLabel}
        zoneLabel={reschedule.zones.find((z) => z.id === zoneLabel)?.label ?? zoneLabel}
        showCoach={false}
        earlier={reschedule.earlier}
        later={reschedule.later}
      />
      <p>
        <Link to={manage.path}>Keep my current time</Link>
      </p>
    </section>
  );
}

/** The first tap only opens the confirmation: nothing is cancelled from here. */
function CancelOffer({ manage }: { manage: ManageData }) {
  return (
    <section aria-labelledby="manage-cancel-heading" className="booking-block">
      <h2 id="manage-cancel-heading">Cancel this booking</h2>
      <p>You'll see what happens to your payment or credit before anything is cancelled.</p>
      <Link to={`${manage.path}?cancel=1#manage-cancel-confirm`} className="button button-secondary">
        Cancel booking…
      </Link>
    </section>
  );
}

/** "Cancel this booking?": what happens to the money or credit for this booking, an optional reason, then the one button that cancels. */
function CancelConfirm({ manage, cancel }: { manage: ManageData; cancel: NonNullable<ManageData["cancel"]> }) {
  const actionData = useActionData<ManageActionData>();
  const navigation = useNavigation();
  const result = actionData?.intent === "cancel" ? actionData : undefined;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // Arriving at the step (or back with an error), focus goes to what needs reading: the heading, or the error.
  useEffect(() => {
    const target = result ? formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], .form-error') : headingRef.current;
    (target ?? headingRef.current)?.focus();
  }, [result]);
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "cancel";
  return (
    <section aria-labelledby="manage-cancel-confirm" className="card booking-block">
      <h2 id="manage-cancel-confirm" ref={headingRef} tabIndex={-1}>
        Cancel this booking?
      </h2>
      <p className={cancel.terms === "no-refund" || cancel.terms === "credit-kept" ? "notice" : undefined} id="manage-cancel-terms">
        <strong>{cancel.text}</strong>
      </p>
      <Form method="post" action={`${manage.path}?cancel=1`} className="form" noValidate ref={formRef}>
        <FormError message={result?.errors.form} />
        <input type="hidden" name="intent" value="cancel" />
        <input type="hidden" name="confirm" value={cancel.terms} />
        <Field
          name="reason"
          id="manage-reason"
          label="Reason (optional)"
          error={result?.errors.reason}
          hint="Your coach will see it in their cancellation email."
        >
          {(props) => <textarea {...props} maxLength={500} rows={3} />}
        </Field>
        <div className="booking-actions">
          <button type="submit" className="button button-danger" disabled={submitting}>
            {submitting ? "Cancelling…" : "Yes, cancel this booking"}
          </button>
          <Link to={manage.path} className="button button-secondary">
            Keep my booking
          </Link>
        </div>
      </Form>
    </section>
  );
}

export default function ManageBooking() {
  const manage = useLoaderData<typeof loader>();
  const actionData = useActionData<ManageActionData>();
  const actionIntent = actionData?.intent;
  const { booking } = manage;
  const crumbs = [{ label: "Home", to: "/" }, { label: "Your booking" }];
  const cancelled = booking.status === "cancelled";
  return (
    <>
      <PageHero
        eyebrow="Your booking"
        title={cancelled ? "This booking is cancelled" : "Manage your booking"}
        lead={
          cancelled
            ? "Nothing more to do. You're welcome to book another time whenever it suits you."
            : "Move it to another time or cancel it. No sign-in needed."
        }
        crumbs={crumbs}
      />
      <div className="section">
        <div className="container page-narrow">
          <section aria-labelledby="manage-details-heading" className="card booking-block">
            <h2 id="manage-details-heading">Booking details</h2>
            <BookingSummary
              booking={booking}
              status={cancelled ? "Cancelled" : booking.status === "confirmed" ? "Confirmed" : booking.status.replaceAll("_", " ")}
            />
            {booking.status === "confirmed" ? (
              <p>
                <Link to={booking.confirmationHref}>Calendar links and meeting room</Link>
              </p>
            ) : null}
          </section>
          {manage.changeable && manage.cancel && (manage.cancel.step || actionIntent === "cancel") ? (
            <CancelConfirm manage={manage} cancel={manage.cancel} />
          ) : manage.changeable ? (
            <>
              <Policy policy={manage.policy} />
              {manage.reschedule ? (
                <Reschedule manage={manage} />
              ) : (
                <section aria-labelledby="manage-move-heading" className="booking-block">
                  <h2 id="manage-move-heading">Move to another time</h2>
                  <p>Pick a new day and time with the same coach.</p>
                  <Link to={`${manage.path}?reschedule=1&tz=${encodeURIComponent(manage.zone)}`} className="button button-primary">
                    Reschedule
                  </Link>
                </section>
              )}
              <CancelOffer manage={manage} />
            </>
          ) : cancelled ? (
            <>
              <FormError message={actionData?.errors.form} />
              <p>
                <Link to="/booking" className="button button-primary">
                  Book another time
                </Link>
              </p>
            </>
          ) : (
            <p>This booking can no longer be changed here. If you need help, please contact us.</p>
          )}
        </div>
      </div>
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Manage your booking | ClarityAI Coaching" }, NOINDEX];

export function ErrorBoundary() {
  return (
    <SectionErrorBoundary
      section="booking"
      notFound={{
        eyebrow: "Error 404",
        heading: "This booking link isn't valid",
        message:
          "The link may have expired (links stop working a day after the booking ends) or been copied incompletely. Open the link in your latest booking email, or sign in to see your bookings in your profile.",
      }}
      failed={{
        heading: "Your booking can't be shown just now",
        message: "Something went wrong on our side. Your booking is safe; please try again in a moment.",
      }}
      links={[
        { to: "/profile", label: "Your profile" },
        { to: "/contact", label: "Contact us" },
      ]}
    />
  );
}
