import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { SectionErrorBoundary } from "~/components/section-error-boundary";
import { PageHero } from "~/components/page-hero";
import { FormError } from "~/components/ui/form-error";
import { NOINDEX, pageMeta } from "~/utils/meta";
import { checkoutReturnAction, loadCheckoutReturn, type CheckoutReturnActionData, type CheckoutReturnData } from "./checkout-return.server";

// /booking/checkout-cancelled?booking=…&token=…: where Stripe Checkout sends someone who backs out of
// paying for a session. Opening it changes nothing: the browser that came back with the checkout's
// signed token (or the owner, signed in) sees how long the time is held and chooses to go back to
// paying or to release the time now; anyone else sees only that a checkout was cancelled.

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const query = new URL(request.url).searchParams;
  const view = await loadCheckoutReturn(context, { bookingId: query.get("booking"), token: query.get("token") });
  return data(view, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  return checkoutReturnAction(context, await request.formData());
}

const CRUMBS = [{ label: "Home", to: "/" }, { label: "Book a call", to: "/booking" }, { label: "Checkout cancelled" }];

function Held({ view }: { view: Extract<CheckoutReturnData, { state: "held" }> }) {
  const actionData = useActionData<CheckoutReturnActionData>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const hidden = (
    <>
      <input type="hidden" name="booking" value={view.bookingId} />
      {view.token ? <input type="hidden" name="token" value={view.token} /> : null}
    </>
  );
  return (
    <>
      <PageHero
        eyebrow="Payment cancelled"
        title="Your payment was cancelled"
        lead={`Nothing was charged. Your time, ${view.when}, is held for you until ${view.heldUntil}: go back to paying to keep it, or release it so others can book it.`}
        crumbs={CRUMBS}
      />
      <div className="section">
        <div className="container page-narrow">
          <FormError message={actionData?.error} />
          <div className="button-row">
            <Form method="post">
              {hidden}
              <button type="submit" name="intent" value="resume" className="button button-primary" disabled={busy}>
                Return to payment
              </button>
            </Form>
            <Form method="post">
              {hidden}
              <button type="submit" name="intent" value="release" className="button button-secondary" disabled={busy}>
                Release this time
              </button>
            </Form>
          </div>
          <p>If you do neither, the time is released by itself when the hold ends.</p>
        </div>
      </div>
    </>
  );
}

export default function CheckoutCancelled() {
  const view = useLoaderData<typeof loader>();
  if (view.state === "held") return <Held view={view} />;
  const lead =
    view.state === "paid"
      ? `Your payment went through before you left the checkout, so your booking for ${view.when} is confirmed. We've emailed you the confirmation.`
      : view.state === "released"
        ? `Nothing was charged, and the time you picked (${view.when}) has been released so others can book it. You're welcome to pick a time again.`
        : "Nothing was charged, and any time held for you is released within 10 minutes. You're welcome to pick a time again whenever you're ready.";
  return (
    <PageHero
      eyebrow={view.state === "paid" ? "Booking confirmed" : "Payment cancelled"}
      title={view.state === "paid" ? "Your booking is confirmed" : "Your checkout was cancelled"}
      lead={lead}
      crumbs={CRUMBS}
    >
      {view.state === "paid" ? (
        <Link to={view.confirmationHref} className="button button-primary">
          See your booking
        </Link>
      ) : (
        <Link to={view.againHref} className="button button-primary">
          Pick a time again
        </Link>
      )}
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

export function ErrorBoundary() {
  return (
    <SectionErrorBoundary
      section="booking"
      notFound={{
        heading: "We couldn't find that booking",
        message:
          "Only the browser that went to the payment, or the account that made the booking, can change it from here. Any time held for you is released within 10 minutes.",
      }}
      failed={{ heading: "This page can't be shown just now", message: "Something went wrong on our side. Nothing was charged; please try again in a moment." }}
      links={[{ to: "/booking", label: "Book a call" }]}
    />
  );
}
