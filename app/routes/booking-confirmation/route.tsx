import { data, type HeadersFunction, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { SectionErrorBoundary } from "~/components/section-error-boundary";
import { PageHero } from "~/components/page-hero";
import { NOINDEX, pageMeta } from "~/utils/meta";
import { describeBooking, type BookingView } from "~/booking/describe.server";
import { findBookingAccess } from "~/booking/access.server";
import stylesHref from "~/styles/booking.css?url";
import { BookingSummary } from "~/components/booking/booking-summary";

// /booking-confirmation?booking=…: the booking just made, in the browser that made it (for an hour),
// for its owner signed in, or with ?token=… (the link in its emails). Anyone else with the address
// — ?session_id=… straight back from paying included — gets a neutral page that names nothing of
// the booking. Never cached: it is one person's booking.

export const links: LinksFunction = () => [{ rel: "stylesheet", href: stylesHref }];

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/** While a payment is being confirmed, the page looks again this often (no script needed). */
const RECHECK_SECONDS = 4;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const query = new URL(request.url).searchParams;
  const access = await findBookingAccess(context, { bookingId: query.get("booking"), token: query.get("token"), request });
  if (!access) return data({ shown: false as const }, { status: 404, headers: { "Cache-Control": "private, no-store" } });
  const { booking } = access;
  const view = await describeBooking(context, booking);
  // Straight back from Checkout the webhook may not have landed yet: the held time is shown as
  // "confirming" until it does.
  const payment = booking.paymentMethod === "card" ? (booking.status === "held" ? "confirming" : booking.status === "confirmed" ? "received" : null) : null;
  return data({ shown: true as const, booking: view, payment }, { headers: { "Cache-Control": "private, no-store" } });
}

const CRUMBS = [{ label: "Home", to: "/" }, { label: "Book a call", to: "/booking" }, { label: "Confirmation" }];

function Heading({ booking, payment }: { booking: BookingView; payment: string | null }) {
  const crumbs = CRUMBS;
  if (booking.status === "cancelled") {
    return (
      <PageHero
        eyebrow="Booking cancelled"
        title="This booking was cancelled"
        lead={`Reference ${booking.reference}. You can book another time whenever you like.`}
        crumbs={crumbs}
      />
    );
  }
  if (booking.status === "expired") {
    return (
      <PageHero
        eyebrow="Not booked"
        title="This time wasn't booked"
        lead="The payment wasn't completed in time, so the time was released and nothing was charged. You're welcome to pick a time again."
        crumbs={crumbs}
      />
    );
  }
  if (payment === "confirming") {
    return (
      <PageHero
        eyebrow="Almost there"
        title="Confirming your payment…"
        lead="Your time is held for you while we hear back from the card payment. This page updates by itself; it usually takes a few seconds."
        crumbs={crumbs}
      />
    );
  }
  return (
    <PageHero
      eyebrow={payment === "received" ? "Payment received" : "You're booked"}
      title={`Your ${booking.typeName.toLowerCase()} is booked`}
      lead={`We've emailed the details and a calendar invitation to ${booking.email}.`}
      crumbs={crumbs}
    />
  );
}

/** For whoever may not see the booking: nothing of it, only where the confirmation went. */
function Expired() {
  return (
    <PageHero eyebrow="Booking" title="This confirmation link has expired" lead="We've emailed your confirmation and manage link to you." crumbs={CRUMBS}>
      <Link to="/profile?tab=bookings" className="button button-primary">
        Your bookings
      </Link>
      <Link to="/booking" className="button button-secondary">
        Book a call
      </Link>
    </PageHero>
  );
}

export default function BookingConfirmation() {
  const loaderData = useLoaderData<typeof loader>();
  if (!loaderData.shown) return <Expired />;
  const { booking, payment } = loaderData;
  const live = booking.status === "confirmed" || (booking.status === "held" && payment === "confirming");
  return (
    <>
      <Heading booking={booking} payment={payment} />
      <div className="section">
        <div className="container page-narrow">
          {payment === "received" ? (
            <p className="form-notice" role="status">
              Payment received. Your tax invoice is in your confirmation email{booking.status === "confirmed" ? " and in your profile" : ""}.
            </p>
          ) : null}
          <section aria-labelledby="booking-details-heading" className="card booking-block">
            <h2 id="booking-details-heading">Booking details</h2>
            <BookingSummary booking={booking} until={booking.endTime} status={STATUS_WORDS[booking.status] ?? booking.status} />
          </section>
          {booking.status === "confirmed" ? (
            <>
              <section aria-labelledby="booking-join-heading" className="booking-block">
                <h2 id="booking-join-heading">Joining the call</h2>
                <p>
                  Your meeting room is <Link to={booking.meetingHref}>{booking.meetingHref}</Link>, in your browser with nothing to install. It opens shortly
                  before the start.{" "}
                  {booking.guest
                    ? `You don't need an account: join with the one-time link in your booking emails (each works once, within an hour of its email, and we send a fresh one an hour before the session), or open the meeting room and sign in with ${booking.email}. We'll email you a code; no password needed.`
                    : "Open it then, signed in to your ClarityAI Coaching account."}
                </p>
              </section>
              <section aria-labelledby="booking-calendar-heading" className="booking-block">
                <h2 id="booking-calendar-heading">Add it to your calendar</h2>
                <ul className="booking-actions">
                  <li>
                    <a href={booking.icsHref} className="button button-secondary" download>
                      Download calendar file (.ics)
                    </a>
                  </li>
                  <li>
                    <a href={booking.googleHref} className="button button-secondary" target="_blank" rel="noopener noreferrer">
                      Google Calendar<span className="visually-hidden"> (opens in a new tab)</span>
                    </a>
                  </li>
                  <li>
                    <a href={booking.outlookHref} className="button button-secondary" target="_blank" rel="noopener noreferrer">
                      Outlook<span className="visually-hidden"> (opens in a new tab)</span>
                    </a>
                  </li>
                </ul>
              </section>
            </>
          ) : null}
          {live ? (
            <section aria-labelledby="booking-manage-heading" className="booking-block">
              <h2 id="booking-manage-heading">Need to change it?</h2>
              <p>You can move or cancel free of charge until 24 hours before the start.</p>
              <Link to={booking.manageHref} className="button button-primary">
                Reschedule or cancel
              </Link>
            </section>
          ) : (
            <p>
              <Link to="/booking" className="button button-primary">
                Pick a time
              </Link>
            </p>
          )}
        </div>
      </div>
    </>
  );
}

const STATUS_WORDS: Record<string, string> = {
  held: "Held while your payment is confirmed",
  confirmed: "Confirmed",
  cancelled: "Cancelled",
  expired: "Not booked (payment not completed)",
  completed: "Completed",
  no_show: "Missed",
};

export const meta: MetaFunction<typeof loader> = ({ data: loaderData, matches }) => [
  ...pageMeta(matches, {
    title: "Booking confirmation",
    description: "Your ClarityAI Coaching booking: the time, your coach, calendar links and how to change it.",
    path: "/booking-confirmation",
  }),
  NOINDEX,
  // Looks again every few seconds while the payment is confirmed, with or without JavaScript.
  ...(loaderData?.shown && loaderData.payment === "confirming" ? [{ httpEquiv: "refresh", content: String(RECHECK_SECONDS) } as const] : []),
];

export function ErrorBoundary() {
  return (
    <SectionErrorBoundary
      section="booking"
      notFound={{
        heading: "We couldn't find that booking",
        message:
          "The link may be incomplete or out of date. Open the link in your confirmation email, or sign in with the email you booked with to see your bookings.",
      }}
      failed={{
        heading: "Your booking can't be shown just now",
        message: "Something went wrong on our side. Your booking is safe; please try again in a moment.",
      }}
      links={[
        { to: "/profile", label: "Your profile" },
        { to: "/booking", label: "Book a call" },
      ]}
    />
  );
}
