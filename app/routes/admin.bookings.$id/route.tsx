import type { ActionFunctionArgs, LoaderFunctionArgs, LinksFunction, MetaFunction } from "@remix-run/cloudflare";
import stylesHref from "~/styles/booking-portals.css?url";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { requireRole } from "~/auth/guards.server";
import { formatCents } from "~/billing/describe";
import { BookingFacts } from "./booking-facts";
import { describedByOf, FieldFrame } from "~/components/ui/field";
import { FormError } from "~/components/ui/form-error";
import { NOINDEX, pageMeta } from "~/utils/meta";
import {
  approveRequest,
  cancelAction,
  declineRequest,
  loadAdminBooking,
  outcomeAction,
  refundAction,
  refused,
  rescheduleAction,
  type AdminBookingActionData,
  type AdminBookingIntent,
  type IntentArgs,
} from "./actions.server";
import { notFoundResponse } from "~/auth/permissions.server";
import { stepUpDue } from "~/auth/step-up.server";
import { StepUpField } from "~/components/ui/step-up-field";
import { ConfirmAction } from "~/components/ui/confirm-action";

// One booking for the admins: the client, coach, time (the coach's zone, and the client's when it
// differs), payment and refunds, a guarantee request, and the history of changes; and the forms to
// reschedule, cancel, refund, record the outcome and decide a guarantee request. All audited.

export const links: LinksFunction = () => [{ rel: "stylesheet", href: stylesHref }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireRole(request, context, "admin");
  const [booking, stepUp] = await Promise.all([loadAdminBooking(context, params.id ?? ""), stepUpDue(context, viewer)]);
  return { ...booking, stepUp };
}

const HANDLERS: Record<AdminBookingIntent, (args: IntentArgs) => Promise<Response | ReturnType<typeof refused>>> = {
  reschedule: rescheduleAction,
  cancel: cancelAction,
  refund: refundAction,
  outcome: outcomeAction,
  "approve-request": approveRequest,
  "decline-request": declineRequest,
};

function isIntent(value: FormDataEntryValue | null): value is AdminBookingIntent {
  return typeof value === "string" && Object.hasOwn(HANDLERS, value);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requireRole(request, context, "admin");
  const bookingId = params.id ?? "";
  if (!/^[A-Za-z0-9-]{1,64}$/.test(bookingId)) throw notFoundResponse();
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (!isIntent(intent)) return refused(null, { form: "That action isn't available. Reload the page and try again." });
  return HANDLERS[intent]({ request, context, viewer, bookingId, formData });
}

const REQUEST_LABELS: Record<string, string> = { requested: "Waiting for a decision", approved: "Approved", declined: "Declined" };

export default function AdminBooking() {
  const { booking, can, payment, request, history, stepUp } = useLoaderData<typeof loader>();
  const actionData = useActionData<AdminBookingActionData>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const errorsFor = (intent: AdminBookingIntent | null) => (actionData && actionData.intent === intent ? actionData.errors : {});
  return (
    <section aria-labelledby="booking-heading" className="admin-booking">
      <p>
        <Link to="/admin/bookings">← Back to the bookings</Link>
      </p>
      <h2 id="booking-heading">Booking {booking.reference}</h2>
      <FormError message={errorsFor(null).form} />
      <BookingFacts booking={booking} payment={payment} />
      <p>
        <Link to={`/meeting/${booking.id}/record`}>Session record: summary, rating and chat</Link>
      </p>

      {request ? (
        <div className="admin-booking-panel">
          <h3>Money-back guarantee request</h3>
          <p>
            Asked on {request.createdAt}: <q>{request.reason}</q>
          </p>
          <p>
            Status: <strong>{REQUEST_LABELS[request.status] ?? request.status}</strong>
            {request.decidedAt ? ` (${request.decidedAt})` : null}
          </p>
          <FormError message={errorsFor("approve-request").form ?? errorsFor("decline-request").form} />
          {request.status === "requested" ? (
            <div className="button-row">
              <ConfirmAction
                label="Approve and refund…"
                tone="primary"
                confirmLabel="Yes, approve and refund"
                fields={{ intent: "approve-request", requestId: request.id }}
                defaultOpen={Boolean(errorsFor("approve-request").stepUpCode)}
                consequence="The session's payment goes back to the client's card in full, a credit note is issued and the client is emailed. A refund can't be undone."
              >
                <StepUpField id="approve-step-up" required={stepUp} error={errorsFor("approve-request").stepUpCode} />
              </ConfirmAction>
              <ConfirmAction
                label="Decline…"
                confirmLabel="Yes, decline the request"
                fields={{ intent: "decline-request", requestId: request.id }}
                defaultOpen={Boolean(errorsFor("decline-request").stepUpCode)}
                consequence="The client is told their guarantee request was declined and nothing is refunded. The decision can't be changed here afterwards."
              >
                <StepUpField id="guarantee-step-up" required={stepUp} error={errorsFor("decline-request").stepUpCode} />
              </ConfirmAction>
            </div>
          ) : null}
        </div>
      ) : null}

      {can.outcome ? (
        <Form method="post" className="admin-booking-panel">
          <h3>Outcome</h3>
          <input type="hidden" name="intent" value="outcome" />
          <FormError message={errorsFor("outcome").form ?? errorsFor("outcome").outcome} />
          <div className="button-row">
            <button type="submit" name="outcome" value="completed" className="button button-primary" disabled={busy}>
              Mark completed
            </button>
            <button type="submit" name="outcome" value="no_show" className="button button-secondary" disabled={busy}>
              Mark no-show
            </button>
          </div>
        </Form>
      ) : null}

      {can.reschedule ? (
        <Form method="post" className="admin-booking-panel form">
          <h3>Reschedule</h3>
          <input type="hidden" name="intent" value="reschedule" />
          <FormError message={errorsFor("reschedule").form} />
          <FieldFrame
            id="reschedule-starts-at"
            label={`New start (coach's time, ${booking.zoneAbbreviation})`}
            hint="Any time the coach is free: their hours, time off and buffer apply, but not the notice clients need."
            error={errorsFor("reschedule").startsAt}
          >
            <input
              id="reschedule-starts-at"
              name="startsAt"
              type="datetime-local"
              step={300}
              defaultValue={booking.startInput}
              aria-invalid={errorsFor("reschedule").startsAt ? true : undefined}
              aria-describedby={describedByOf("reschedule-starts-at", "hint", errorsFor("reschedule").startsAt)}
            />
          </FieldFrame>
          {actionData?.intent === "reschedule" && actionData.alternatives?.length ? (
            <div>
              <p>Free times nearby:</p>
              <ul>
                {actionData.alternatives.map((slot) => (
                  <li key={slot.startsAt}>{slot.label}</li>
                ))}
              </ul>
            </div>
          ) : null}
          <div className="button-row">
            <button type="submit" className="button button-secondary" disabled={busy}>
              Move the booking
            </button>
          </div>
        </Form>
      ) : null}

      {can.cancel ? (
        <div className="admin-booking-panel form">
          <h3>Cancel</h3>
          <FormError message={errorsFor("cancel").form} />
          <ConfirmAction
            label="Cancel the booking…"
            confirmLabel="Yes, cancel the booking"
            fields={{ intent: "cancel" }}
            disabled={busy}
            defaultOpen={Boolean(errorsFor("cancel").reason || errorsFor("cancel").stepUpCode)}
            consequence={`The booking is cancelled and the client and coach are emailed your reason. ${
              payment && payment.remainingCents > 0
                ? `${formatCents(payment.remainingCents)} goes back to the client's card with a credit note.`
                : booking.paymentMethod === "credit"
                  ? "The package credit is returned to the client."
                  : "Nothing is refunded: there is no card payment left to refund."
            } A cancellation can't be undone.`}
          >
            <FieldFrame id="cancel-reason" label="Reason (sent to the client and coach)" error={errorsFor("cancel").reason}>
              <textarea
                id="cancel-reason"
                name="reason"
                rows={2}
                maxLength={500}
                aria-invalid={errorsFor("cancel").reason ? true : undefined}
                aria-describedby={describedByOf("cancel-reason", undefined, errorsFor("cancel").reason)}
              />
            </FieldFrame>
            <StepUpField id="cancel-step-up" required={stepUp && Boolean(payment && payment.remainingCents > 0)} error={errorsFor("cancel").stepUpCode} />
          </ConfirmAction>
        </div>
      ) : null}

      {can.refund && payment ? (
        actionData?.intent === "refund" && actionData.confirmRefund ? (
          <RefundConfirmation
            confirm={actionData.confirmRefund}
            email={booking.email}
            busy={busy}
            stepUp={stepUp}
            stepUpError={errorsFor("refund").stepUpCode}
          />
        ) : (
          <Form method="post" className="admin-booking-panel form" aria-labelledby="refund-heading">
            <h3 id="refund-heading">Refund</h3>
            <p className="hint">
              Refund all or part of the {formatCents(payment.remainingCents)} not yet refunded to the client&apos;s card. Each refund issues a credit note for
              its amount and emails the client. The booking itself is not changed.
            </p>
            <input type="hidden" name="intent" value="refund" />
            <FormError message={errorsFor("refund").form} />
            <FieldFrame
              id="refund-amount"
              label="Amount to refund (A$, incl. GST)"
              hint={`Up to ${formatCents(payment.remainingCents)}.`}
              error={errorsFor("refund").amount}
            >
              <input
                id="refund-amount"
                name="amount"
                inputMode="decimal"
                autoComplete="off"
                required
                defaultValue={actionData?.intent === "refund" ? (actionData.values?.amount ?? payment.remainingInput) : payment.remainingInput}
                aria-invalid={errorsFor("refund").amount ? true : undefined}
                aria-describedby={describedByOf("refund-amount", "hint", errorsFor("refund").amount)}
              />
            </FieldFrame>
            <FieldFrame id="refund-reason" label="Reason (printed on the credit note)" error={errorsFor("refund").reason}>
              <input
                id="refund-reason"
                name="reason"
                maxLength={500}
                required
                defaultValue={actionData?.intent === "refund" ? actionData.values?.reason : undefined}
                aria-invalid={errorsFor("refund").reason ? true : undefined}
                aria-describedby={describedByOf("refund-reason", undefined, errorsFor("refund").reason)}
              />
            </FieldFrame>
            <div className="button-row">
              <button type="submit" className="button button-secondary" disabled={busy}>
                Review the refund
              </button>
            </div>
          </Form>
        )
      ) : null}

      <div className="admin-booking-panel">
        <h3>History</h3>
        {history.length ? (
          <ul className="audit-detail">
            {history.map((entry) => (
              <li key={entry.id}>
                {entry.when}: {entry.what}
                {entry.by ? ` by ${entry.by}` : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="hint">No changes by the team yet.</p>
        )}
      </div>
    </section>
  );
}

/**
 * The refund's second step: the amount, where it goes and what follows, sent back with
 * `confirm=yes`. Focus moves to its heading so keyboard and screen-reader users land on it.
 */
function RefundConfirmation({
  confirm,
  email,
  busy,
  stepUp,
  stepUpError,
}: {
  confirm: NonNullable<AdminBookingActionData["confirmRefund"]>;
  email: string;
  busy: boolean;
  stepUp: boolean;
  stepUpError?: string;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Form method="post" className="admin-booking-panel form refund-confirmation" aria-labelledby="refund-confirm-heading">
      <h3 id="refund-confirm-heading" tabIndex={-1} ref={heading}>
        Confirm the refund of {formatCents(confirm.amountCents)}
      </h3>
      <p role="status">
        {formatCents(confirm.amountCents)} goes back to the client&apos;s card, a credit note for {formatCents(confirm.amountCents)} is issued and {email} is
        emailed.{" "}
        {confirm.remainingAfterCents > 0 ? `${formatCents(confirm.remainingAfterCents)} will remain refundable.` : "The payment will then be refunded in full."}
      </p>
      <dl className="email-meta">
        <dt>Amount</dt>
        <dd>{formatCents(confirm.amountCents)} (incl. GST)</dd>
        <dt>Reason</dt>
        <dd className="cell-wrap">{confirm.reason}</dd>
      </dl>
      <input type="hidden" name="intent" value="refund" />
      <input type="hidden" name="confirm" value="yes" />
      <input type="hidden" name="amount" value={confirm.amount} />
      <input type="hidden" name="reason" value={confirm.reason} />
      <input type="hidden" name="refundedBefore" value={confirm.refundedBefore} />
      <StepUpField id="refund-step-up" required={stepUp} error={stepUpError} />
      <div className="button-row">
        <button type="submit" className="button button-danger" disabled={busy}>
          Refund {formatCents(confirm.amountCents)}
        </button>
        <Link to="." className="button button-secondary" preventScrollReset>
          Change or cancel
        </Link>
      </div>
    </Form>
  );
}

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => [
  ...pageMeta(matches, {
    title: data ? `Booking ${data.booking.reference} · Admin` : "Booking · Admin",
    description: "ClarityAI Coaching administration.",
    path: "/admin/bookings",
  }),
  NOINDEX,
];
