import { formatCents } from "~/billing/describe";
import type { AdminBookingData } from "./actions.server";

// The facts of one booking on its admin page: status, what and when, the client, payment and
// refunds, cancellation and when it was booked.

const STATUS_LABELS: Record<string, string> = {
  held: "Held for payment",
  confirmed: "Confirmed",
  cancelled: "Cancelled",
  expired: "Hold expired",
  completed: "Completed",
  no_show: "No-show",
};

const PAYMENT_LABELS: Record<string, string> = { free: "Free", card: "Card", credit: "Package credit" };

const REFUND_LABELS: Record<string, string> = { partially_refunded: "Partly refunded", refunded: "Refunded in full" };
export function BookingFacts({ booking, payment }: Pick<AdminBookingData, "booking" | "payment">) {
  return (
    <dl className="email-meta">
      <dt>Status</dt>
      <dd>
        <span className={`badge booking-status booking-status-${booking.status}`}>{STATUS_LABELS[booking.status] ?? booking.status}</span>
      </dd>
      <dt>What</dt>
      <dd>
        {booking.typeName} with {booking.coachName}
      </dd>
      <dt>When</dt>
      <dd>
        <time dateTime={booking.startsAt}>{booking.coachTime}</time> (coach's time)
        {booking.clientTime ? (
          <>
            <br />
            {booking.clientTime} (client's time)
          </>
        ) : null}
      </dd>
      <dt>Client</dt>
      <dd>
        {booking.name} · <a href={`mailto:${booking.email}`}>{booking.email}</a>
        {booking.company ? ` · ${booking.company}` : null}
        {booking.phone ? ` · ${booking.phone}` : null}
      </dd>
      {booking.notes ? (
        <>
          <dt>Notes</dt>
          <dd className="cell-wrap">{booking.notes}</dd>
        </>
      ) : null}
      <dt>Payment</dt>
      <dd>
        {PAYMENT_LABELS[booking.paymentMethod] ?? booking.paymentMethod}
        {payment ? ` · ${formatCents(payment.amountCents)} on ${payment.paidAt}, tax invoice ${payment.invoiceNumber}` : null}
        {payment && payment.refundedCents > 0 ? (
          <>
            {" · "}
            <span className={`badge payment-status payment-status-${payment.status}`}>{REFUND_LABELS[payment.status] ?? payment.status}</span>{" "}
            {payment.status === "refunded"
              ? `${formatCents(payment.refundedCents)} refunded`
              : `${formatCents(payment.refundedCents)} of ${formatCents(payment.amountCents)} refunded, ${formatCents(payment.remainingCents)} refundable`}
          </>
        ) : null}
      </dd>
      {payment?.refunds.length ? (
        <>
          <dt>Credit notes</dt>
          <dd>{payment.refunds.map((refund) => `${refund.number} (${formatCents(refund.amountCents)}, ${refund.createdAt})`).join("; ")}</dd>
        </>
      ) : null}
      {booking.cancelledAt ? (
        <>
          <dt>Cancelled</dt>
          <dd>
            {booking.cancelledAt}
            {booking.cancelReason ? `: ${booking.cancelReason}` : null}
          </dd>
        </>
      ) : null}
      <dt>Booked</dt>
      <dd>{booking.createdAt}</dd>
    </dl>
  );
}
