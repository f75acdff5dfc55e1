import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { checkoutOutcome } from "~/billing/checkout-result.server";
import { periodEndPhrase, planLine } from "~/billing/describe";
import { Icon } from "~/components/icons";
import { PageHero } from "~/components/page-hero";
import { BUSINESS } from "~/content/business";
import { NOINDEX, pageMeta } from "~/utils/meta";

// Where Stripe Checkout sends the customer after paying (?session_id=…). Only the signed-in owner
// of that session is told what they bought; anyone else, or the page without a session id, gets a
// neutral page that claims no payment.

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context }: LoaderFunctionArgs) {
  return checkoutOutcome(context, new URL(request.url).searchParams.get("session_id"), request);
}

const STATUS_WORDS: Record<string, string> = { active: "active", trialing: "in its trial", past_due: "past due" };

function Hero() {
  const outcome = useLoaderData<typeof loader>();
  const crumbs = [{ label: "Home", to: "/" }, { label: "Payment" }];
  if (outcome.kind === "paid") {
    const status = STATUS_WORDS[outcome.status] ?? outcome.status.replaceAll("_", " ");
    const periodEnd = periodEndPhrase(outcome);
    const when = periodEnd ? ` and ${periodEnd}` : "";
    return (
      <PageHero
        eyebrow="Payment received"
        title="Thank you — you're all set"
        lead={`You've subscribed to ${planLine(outcome)}. Your plan is ${status}${when}.`}
        crumbs={crumbs}
      >
        <Link to="/profile?tab=ai-assistant" className="button button-primary">
          Open ClarityAI
        </Link>
        <Link to="/profile?tab=billing" className="button button-secondary">
          View billing and tax invoices
        </Link>
      </PageHero>
    );
  }
  if (outcome.kind === "not-paid") {
    return (
      <PageHero
        eyebrow="Payment not completed"
        title="Your payment hasn't gone through"
        lead={`${planLine(outcome)} was not bought, and nothing was charged for it. You can try again whenever you're ready.`}
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
  return (
    <PageHero
      eyebrow="Payments"
      title="Thanks for coming back"
      lead="This page can't confirm a payment on its own. If you've just paid, your profile shows what you bought, and your confirmation email will arrive shortly."
      crumbs={crumbs}
    >
      <Link to="/profile" className="button button-primary">
        Go to your profile
      </Link>
      <Link to="/" className="button button-secondary">
        Back to the home page
      </Link>
    </PageHero>
  );
}

export default function PaymentSuccess() {
  return (
    <>
      <Hero />
      <section className="section" aria-labelledby="next-heading">
        <div className="container">
          <div className="page-narrow">
            <h2 id="next-heading">What happens next</h2>
            <ul className="outcome-list">
              <li>
                <span className="icon-badge">
                  <Icon name="chat" />
                </span>
                <div>
                  <h3>Check your inbox</h3>
                  <p>After a payment, your confirmation email should arrive within a few minutes. If you can't see it, check your spam or promotions folder.</p>
                </div>
              </li>
              <li>
                <span className="icon-badge">
                  <Icon name="clock" />
                </span>
                <div>
                  <h3>Booked a coaching session?</h3>
                  <p>
                    The email includes your session time in Australian time, a calendar invite and the link to join your video call. You can reschedule free of
                    charge up to 24 hours before.
                  </p>
                </div>
              </li>
              <li>
                <span className="icon-badge">
                  <Icon name="spark" />
                </span>
                <div>
                  <h3>Subscribed to ClarityAI?</h3>
                  <p>
                    Your plan is usually active within a minute. <Link to="/profile?tab=ai-assistant">Open ClarityAI in your profile</Link> and ask it anything
                    about your business. Your GST tax invoices are in the Billing tab.
                  </p>
                </div>
              </li>
            </ul>
            <p>
              No email after 30 minutes, or something doesn't look right? Email <a href={`mailto:${BUSINESS.email}`}>{BUSINESS.email}</a> or call{" "}
              <a href={BUSINESS.phoneHref}>{BUSINESS.phone}</a> ({BUSINESS.hours}) and we'll sort it out.
            </p>
          </div>
        </div>
      </section>
    </>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, {
    title: "Payment",
    description: "After a payment to ClarityAI Coaching: what you bought and what happens next.",
    path: "/payment-success",
  }),
  NOINDEX,
];
