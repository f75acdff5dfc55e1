import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { checkoutOutcome } from "~/billing/checkout-result.server";
import { periodEndPhrase, planLine } from "~/billing/describe";
import { PageHero } from "~/components/page-hero";
import { BUSINESS } from "~/content/business";
import { NOINDEX, pageMeta } from "~/utils/meta";
import { DISCOVERY_CALL_HREF } from "~/booking/flow-links";

// Where Stripe Checkout sends the customer who leaves without paying (?session_id=…). Only the
// signed-in owner of that session is told which plan was not bought; otherwise the page is neutral.

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context }: LoaderFunctionArgs) {
  return checkoutOutcome(context, new URL(request.url).searchParams.get("session_id"));
}

function Hero() {
  const outcome = useLoaderData<typeof loader>();
  const crumbs = [{ label: "Home", to: "/" }, { label: "Payment cancelled" }];
  if (outcome.kind === "paid") {
    // Paid in another tab, then came back through the cancel link: say so rather than "not bought".
    const periodEnd = periodEndPhrase(outcome);
    const when = periodEnd ? `, and ${periodEnd}` : "";
    return (
      <PageHero eyebrow="Already paid" title="This plan is already yours" lead={`${planLine(outcome)} was paid for${when}.`} crumbs={crumbs}>
        <Link to="/profile?tab=ai-assistant" className="button button-primary">
          Open ClarityAI
        </Link>
        <Link to="/profile?tab=billing" className="button button-secondary">
          View billing
        </Link>
      </PageHero>
    );
  }
  const lead =
    outcome.kind === "not-paid"
      ? `You left the payment page before finishing, so ${planLine(outcome)} was not bought and no money has been taken from your card. You can pick up where you left off whenever you're ready.`
      : "If you left a payment page before finishing, nothing was charged for it. You can pick up where you left off whenever you're ready.";
  return (
    <PageHero
      eyebrow="Payment cancelled"
      title={outcome.kind === "not-paid" ? "No worries — nothing was charged" : "Payment cancelled"}
      lead={lead}
      crumbs={crumbs}
    >
      <Link to="/services/clarityai" className="button button-primary">
        Compare ClarityAI plans
      </Link>
      <Link to="/contact" className="button button-secondary">
        Contact our team
      </Link>
    </PageHero>
  );
}

export default function PaymentCanceled() {
  return (
    <>
      <Hero />

      <section className="section" aria-labelledby="help-heading">
        <div className="container">
          <div className="page-narrow">
            <h2 id="help-heading">Not sure which option is right for you?</h2>
            <p>
              That's completely normal. If you had a question about pricing, plans or how sessions work, we're happy to help — prices are in AUD and include
              GST, and your first paid consultation is covered by our money-back guarantee.
            </p>
            <ul className="check-list">
              <li>
                <Link to={DISCOVERY_CALL_HREF}>Book a free {BUSINESS.discoveryCallMinutes}-minute discovery call</Link> to talk it through with a coach first
              </li>
              <li>
                Email <a href={`mailto:${BUSINESS.email}`}>{BUSINESS.email}</a> or call <a href={BUSINESS.phoneHref}>{BUSINESS.phone}</a>, {BUSINESS.hours}
              </li>
              <li>
                Had a problem with the payment page itself? Let us know so we can fix it. It's safe to try again — a payment you didn't finish isn't charged.
              </li>
            </ul>
          </div>
        </div>
      </section>
    </>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, {
    title: "Payment Cancelled",
    description: "Your ClarityAI Coaching payment was cancelled and nothing was charged. Compare ClarityAI plans or contact our team when you're ready.",
    path: "/payment-canceled",
  }),
  NOINDEX,
];
