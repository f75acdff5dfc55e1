import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { getBooking } from "~/booking/bookings.server";
import { getCoachById } from "~/booking/catalogue.server";
import { abandonCheckout } from "~/booking/payments.server";
import { formatDateTime } from "~/booking/time-zones";
import { PageHero } from "~/components/page-hero";
import { NOINDEX, pageMeta } from "~/utils/meta";
import { flowHref } from "./booking/flow-links";

// /booking/checkout-cancelled?booking=…: where Stripe Checkout sends someone who backs out of paying
// for a session. The checkout is closed and the held time released at once (rather than when the
// hold runs out), and the page offers the same choices again.

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const bookingId = new URL(request.url).searchParams.get("booking") ?? "";
  const booking = UUID.test(bookingId) ? await getBooking(context.db, bookingId) : null;
  // Only an unpaid hold is released; a booking already paid for (or long gone) is left as it is.
  if (!booking || booking.paymentMethod !== "card" || (booking.status !== "held" && booking.status !== "expired")) {
    return data({ released: null, againHref: "/booking" }, { headers: { "Cache-Control": "private, no-store" } });
  }
  let released = true;
  if (booking.status === "held") {
    try {
      released = (await abandonCheckout(context, booking.id)).status !== "paid";
    } catch (error) {
      // The payment service is out of reach: the hold still runs out by itself within minutes.
      console.warn("booking: could not close the abandoned checkout", error instanceof Error ? error.message : String(error));
      released = false;
    }
  }
  const coach = await getCoachById(context.db, booking.coachId);
  return data(
    {
      released: released ? formatDateTime(booking.startsAt, booking.clientTimeZone) : null,
      againHref: flowHref({ type: booking.bookingTypeId, coach: coach?.slug ?? "any", tz: booking.clientTimeZone }),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function CheckoutCancelled() {
  const { released, againHref } = useLoaderData<typeof loader>();
  return (
    <PageHero
      eyebrow="Payment cancelled"
      title="Your checkout was cancelled"
      lead={
        released
          ? `Nothing was charged, and the time you picked (${released}) has been released so others can book it. You're welcome to pick a time again.`
          : "Nothing was charged, and any time held for you is released within 10 minutes. You're welcome to pick a time again whenever you're ready."
      }
      crumbs={[{ label: "Home", to: "/" }, { label: "Book a call", to: "/booking" }, { label: "Checkout cancelled" }]}
    >
      <Link to={againHref} className="button button-primary">
        Pick a time again
      </Link>
      <Link to="/contact" className="button button-secondary">
        Ask us a question
      </Link>
    </PageHero>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, {
    title: "Checkout cancelled",
    description: "Your booking checkout was cancelled and nothing was charged.",
    path: "/booking/checkout-cancelled",
  }),
  NOINDEX,
];
