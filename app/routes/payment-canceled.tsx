import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { PageHero } from "~/components/page-hero";
import { BUSINESS } from "~/content/business";
import { NOINDEX, pageMeta } from "~/utils/meta";

export default function PaymentCanceled() {
  return (
    <>
      <PageHero
        eyebrow="Payment cancelled"
        title="No worries — nothing was charged"
        lead="You left the payment page before finishing, so no money has been taken from your card. You can pick up where you left off whenever you're ready."
        crumbs={[{ label: "Home", to: "/" }, { label: "Payment cancelled" }]}
      >
        <Link to="/services/clarityai" className="button button-primary">
          Compare ClarityAI plans
        </Link>
        <Link to="/contact" className="button button-secondary">
          Contact our team
        </Link>
      </PageHero>

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
                <Link to="/booking">Book a free {BUSINESS.discoveryCallMinutes}-minute discovery call</Link> to talk it through with a coach first
              </li>
              <li>
                Email <a href={`mailto:${BUSINESS.email}`}>{BUSINESS.email}</a> or call <a href={BUSINESS.phoneHref}>{BUSINESS.phone}</a>, {BUSINESS.hours}
              </li>
              <li>Had a problem with the payment page itself? Let us know so we can fix it. It's safe to try again — this attempt wasn't charged.</li>
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
