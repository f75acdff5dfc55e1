/** A booking's details as the confirmation page and the manage page show them. */
export function BookingSummary({
  booking,
  until,
  status,
}: {
  booking: { typeName: string; durationMinutes: number; coachName: string; startsAt: string; when: string; coachWhen?: string | null; reference: string };
  /** The end time, shown after the start when given. */
  until?: string;
  status: string;
}) {
  return (
    <dl className="booking-summary">
      <dt>Booking</dt>
      <dd>
        {booking.typeName} ({booking.durationMinutes} minutes)
      </dd>
      <dt>Coach</dt>
      <dd>{booking.coachName}</dd>
      <dt>When</dt>
      <dd>
        <time dateTime={booking.startsAt}>{booking.when}</time>
        {until ? ` (until ${until})` : null}
      </dd>
      {booking.coachWhen ? (
        <>
          <dt>Coach's time</dt>
          <dd>{booking.coachWhen}</dd>
        </>
      ) : null}
      <dt>Reference</dt>
      <dd>{booking.reference}</dd>
      <dt>Status</dt>
      <dd className="booking-status">{status}</dd>
    </dl>
  );
}
