import { Form, Link } from "@remix-run/react";
import { formatCents } from "~/billing/describe";
import { FormError } from "~/components/ui/form-error";
import { TableScroll } from "~/components/ui/table-scroll";
import { SummaryView } from "~/meetings/ui/record/summary-view";
import type { BookingsTabData, BookingView } from "./bookings.server";
import { useIntentResult, useSubmitting } from "./form-state";

// The Bookings tab: upcoming sessions (join, reschedule, cancel with the policy spelled out), past
// ones, package credits with their expiry, tax invoices and credit notes, and the money-back
// guarantee. Every form works without JavaScript.

const TAB_PATH = "/profile?tab=bookings";

export function BookingsTab({ bookings }: { bookings: BookingsTabData }) {
  const { upcoming, past, credits, payments, guarantee } = bookings;
  return (
    <>
      <section aria-labelledby="upcoming-heading" className="profile-panel">
        <h2 id="upcoming-heading">Upcoming bookings</h2>
        {upcoming.length ? (
          <ul className="booking-list">
            {upcoming.map((booking) => (
              <UpcomingBooking key={booking.id} booking={booking} noticeHours={bookings.noticeHours} />
            ))}
          </ul>
        ) : (
          <p>No upcoming bookings.</p>
        )}
        <p>
          <Link to="/booking" className="button button-primary">
            Book a session
          </Link>
        </p>
      </section>

      {guarantee ? <GuaranteePanel guarantee={guarantee} days={bookings.guaranteeDays} /> : null}

      <section aria-labelledby="credits-heading" className="profile-panel">
        <h2 id="credits-heading">Package credits</h2>
        {credits.length ? (
          <ul className="booking-credits">
            {credits.map((credit) => (
              <li key={credit.purchaseId}>
                <strong>{credit.packageName}</strong>: {credit.remaining} {credit.remaining === 1 ? "session" : "sessions"} of {credit.durationMinutes} minutes
                left, to use by {credit.expires}
              </li>
            ))}
          </ul>
        ) : (
          <p>You have no package credits. Packages of 4 or 10 sessions save on the single-session price.</p>
        )}
      </section>

      <section aria-labelledby="booking-invoices-heading" className="profile-panel">
        <h2 id="booking-invoices-heading">Tax invoices and credit notes</h2>
        {payments.length ? (
          <TableScroll label="Tax invoices for sessions and packages">
            <table className="admin-table">
              <caption className="visually-hidden">Tax invoices for your sessions and packages, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Invoice</th>
                  <th scope="col">Date</th>
                  <th scope="col">Description</th>
                  <th scope="col">Total incl. GST</th>
                  <th scope="col">Credit notes</th>
                </tr>
              </thead>
              <tbody>
                {payments.map((payment) => (
                  <tr key={payment.id}>
                    <td className="cell-nowrap">
                      <Link to={`/profile/payments/${encodeURIComponent(payment.id)}`} aria-label={`Tax invoice ${payment.number}`}>
                        {payment.number}
                      </Link>{" "}
                      (
                      <a href={`/profile/payments/${encodeURIComponent(payment.id)}.pdf`} download aria-label={`Tax invoice ${payment.number} as PDF`}>
                        PDF
                      </a>
                      )
                    </td>
                    <td className="cell-nowrap">{payment.paidOn}</td>
                    <td className="cell-wrap">{payment.description}</td>
                    <td className="cell-nowrap">{formatCents(payment.amountCents)}</td>
                    <td>
                      {payment.creditNotes.length ? (
                        <ul className="booking-credit-notes">
                          {payment.creditNotes.map((note) => (
                            <li key={note.id}>
                              <Link to={`/profile/credit-notes/${encodeURIComponent(note.id)}`} aria-label={`Credit note ${note.number}`}>
                                {note.number}
                              </Link>{" "}
                              (
                              <a href={`/profile/credit-notes/${encodeURIComponent(note.id)}.pdf`} download aria-label={`Credit note ${note.number} as PDF`}>
                                PDF
                              </a>
                              ): −{formatCents(note.amountCents)} on {note.date}
                            </li>
                          ))}
                        </ul>
                      ) : (
                        <span className="hint">None</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        ) : (
          <p>No invoices yet. A GST tax invoice appears here for every session or package you pay for.</p>
        )}
      </section>

      <section aria-labelledby="past-heading" className="profile-panel">
        <h2 id="past-heading">Past and cancelled bookings</h2>
        {past.length ? (
          <ul className="booking-list">
            {past.map((booking) => (
              <li key={booking.id} className="booking-item">
                <BookingSummary booking={booking} />
                {booking.room?.state === "open" ? (
                  <div className="button-row">
                    <RoomButton booking={booking} />
                  </div>
                ) : null}
                <PastSessionRecord booking={booking} />
              </li>
            ))}
          </ul>
        ) : (
          <p>None yet.</p>
        )}
      </section>
    </>
  );
}

/** A past session's summary from the coach (an expander) and the way to its record (chat, recordings, rating). */
function PastSessionRecord({ booking }: { booking: BookingsTabData["past"][number] }) {
  if (!booking.recordPath) return null;
  return (
    <>
      {booking.summary ? (
        <details className="booking-session-summary">
          <summary>
            Session summary<span className="visually-hidden">: {booking.typeName}</span>
          </summary>
          <SummaryView summary={booking.summary} />
        </details>
      ) : null}
      <p>
        <Link to={booking.recordPath}>
          Session record and rating<span className="visually-hidden">: {booking.typeName}</span>
        </Link>
      </p>
    </>
  );
}

function BookingSummary({ booking }: { booking: BookingView }) {
  return (
    <div className="booking-summary">
      <h3 className="booking-title">
        {booking.typeName} with {booking.coachName}
      </h3>
      <p className="booking-when">
        <time dateTime={booking.startsAt}>{booking.when}</time>
      </p>
      <p className="booking-meta">
        <span className={`badge booking-status booking-status-${booking.status}`}>{booking.statusLabel}</span> · {booking.payment} · Reference{" "}
        {booking.reference}
      </p>
    </div>
  );
}

/** "Join" while the session's room is open; otherwise the meeting page, with when the room opens. */
function RoomButton({ booking }: { booking: BookingView }) {
  const { room } = booking;
  if (!room) return null;
  if (room.state === "open") {
    return (
      <Link to={room.href} className="button button-primary button-small">
        Join<span className="visually-hidden"> the video call: {booking.typeName}</span>
      </Link>
    );
  }
  return (
    <>
      <Link to={room.href} className="button button-secondary button-small">
        Meeting room<span className="visually-hidden">: {booking.typeName}</span>
      </Link>
      <span className="hint">{room.hours}</span>
    </>
  );
}

function UpcomingBooking({ booking, noticeHours }: { booking: BookingView; noticeHours: number }) {
  const cancel = useIntentResult("cancel-booking");
  const cancelling = useSubmitting("cancel-booking");
  const problem = cancel?.bookingId === booking.id ? (cancel.errors.form ?? cancel.errors.reason) : undefined;
  const refundWords = booking.paidByCard ? "your payment is refunded in full" : booking.paidByCredit ? "your package credit is returned" : null;
  return (
    <li className="booking-item">
      <BookingSummary booking={booking} />
      <FormError message={problem} />
      {booking.joinable ? (
        <div className="button-row">
          <RoomButton booking={booking} />
          {booking.managePath ? (
            <a href={booking.managePath} className="button button-secondary button-small">
              Reschedule<span className="visually-hidden"> {booking.typeName}</span>
            </a>
          ) : null}
        </div>
      ) : (
        <p className="hint">Waiting for the payment to be completed. This time is held for you for a few minutes.</p>
      )}
      {booking.joinable ? (
        <details className="booking-cancel">
          <summary>
            Cancel this booking<span className="visually-hidden">: {booking.typeName}</span>
          </summary>
          <p>
            {booking.freeChange
              ? `You can cancel or reschedule free of charge until ${booking.freeChangeUntil}${refundWords ? `: ${refundWords}` : ""}.`
              : `It's less than ${noticeHours} hours before the start, so ${
                  booking.paidByCard
                    ? "the session isn't refunded"
                    : booking.paidByCredit
                      ? "the credit isn't returned"
                      : "please let your coach know if you can"
                }. You can still cancel to free the time for your coach.`}
          </p>
          <Form method="post" action={TAB_PATH} className="form" preventScrollReset>
            <input type="hidden" name="intent" value="cancel-booking" />
            <input type="hidden" name="bookingId" value={booking.id} />
            <div className="field">
              <label htmlFor={`cancel-reason-${booking.id}`}>
                Reason <span className="hint">(optional, shared with your coach)</span>
              </label>
              <textarea id={`cancel-reason-${booking.id}`} name="reason" maxLength={500} rows={2} />
            </div>
            <div className="button-row">
              <button type="submit" className="button button-danger" disabled={cancelling}>
                {cancelling ? "Cancelling…" : "Yes, cancel the booking"}
              </button>
            </div>
          </Form>
        </details>
      ) : null}
    </li>
  );
}

function GuaranteePanel({ guarantee, days }: { guarantee: NonNullable<BookingsTabData["guarantee"]>; days: number }) {
  const result = useIntentResult("request-guarantee");
  const submitting = useSubmitting("request-guarantee");
  const errors = result?.errors ?? {};
  return (
    <section aria-labelledby="guarantee-heading" className="profile-panel">
      <h2 id="guarantee-heading">Money-back guarantee</h2>
      {guarantee.request ? (
        <p>
          You asked for a refund of your first consultation ({guarantee.booking.typeName}, {guarantee.booking.when}) on {guarantee.request.requestedOn}. Status:{" "}
          <strong>{guarantee.request.label}</strong>.
        </p>
      ) : (
        <>
          <p>
            If your first paid consultation ({guarantee.booking.typeName}, {guarantee.booking.when}) wasn't worth it, tell us and we'll refund it in full. You
            can ask until {guarantee.until} ({days} days after it ended).
          </p>
          <Form method="post" action={TAB_PATH} className="form" preventScrollReset>
            <input type="hidden" name="intent" value="request-guarantee" />
            <input type="hidden" name="bookingId" value={guarantee.booking.id} />
            <FormError message={errors.form} />
            <div className="field">
              <label htmlFor="guarantee-reason">What didn't work for you?</label>
              <textarea
                id="guarantee-reason"
                name="reason"
                maxLength={2000}
                rows={4}
                required
                aria-invalid={errors.reason ? true : undefined}
                aria-describedby={errors.reason ? "guarantee-reason-error" : undefined}
              />
              {errors.reason ? (
                <p className="field-error" id="guarantee-reason-error">
                  {errors.reason}
                </p>
              ) : null}
            </div>
            <div className="button-row">
              <button type="submit" className="button button-secondary" disabled={submitting}>
                {submitting ? "Sending…" : "Ask for a refund"}
              </button>
            </div>
          </Form>
        </>
      )}
    </section>
  );
}
