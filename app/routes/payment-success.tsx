import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { Icon } from "~/components/icons";
import { PageHero } from "~/components/page-hero";
import { BUSINESS } from "~/content/business";
import { NOINDEX, pageMeta } from "~/utils/meta";

export default function PaymentSuccess() {
  return (
    <>
      <PageHero
        eyebrow="Payment received"
        title="Thank you — you're all set"
        lead="Your payment has gone through. A confirmation email with your receipt and tax invoice is on its way to you now."
        crumbs={[{ label: "Home", to: "/" }, { label: "Payment successful" }]}
      >
        <Link to="/profile" className="button button-primary">
          Go to your profile
        </Link>
        <Link to="/" className="button button-secondary">
          Back to the home page
        </Link>
      </PageHero>

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
                  <p>Your confirmation email should arrive within a few minutes. If you can't see it, check your spam or promotions folder.</p>
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
                    about your business.
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
    title: "Payment Successful",
    description: "Your payment to ClarityAI Coaching was successful. Your confirmation email is on its way — here's what happens next.",
    path: "/payment-success",
  }),
  NOINDEX,
];
