import type { ActionFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { LeadForm } from "~/leads/lead-form-fields";
import { PageHero } from "~/components/page-hero";
import { BUSINESS } from "~/content/business";
import { leadFormHeaders, submitLead } from "~/leads/leads.server";
import { pageMeta, siteOriginOf } from "~/utils/meta";
import { breadcrumbLd, structuredData } from "~/utils/structured-data";
import { DISCOVERY_CALL_HREF } from "~/booking/flow-links";

export const headers = leadFormHeaders;

export async function action({ request, context }: ActionFunctionArgs) {
  return submitLead({
    request,
    context,
    source: "contact",
    conversion: { type: "CONTACT_FORM", form: "contact", label: "Contact form" },
    successToast: {
      title: "Thanks — your message is with us",
      description: "A coach will reply within one business day.",
    },
  });
}

export default function Contact() {
  return (
    <>
      <PageHero
        eyebrow="Contact"
        title="Talk to a business coach"
        lead="Tell us a little about your business and what's on your mind. A coach — not a sales team — will reply within one business day."
        crumbs={[{ label: "Home", to: "/" }, { label: "Contact" }]}
      />
      <section className="section" aria-label="Contact form and details">
        <div className="container grid grid-2">
          <div>
            <h2>Send us a message</h2>
            <LeadForm submitLabel="Send message" messageLabel="How can we help?" />
          </div>
          <aside className="card" aria-labelledby="contact-details-heading">
            <h2 id="contact-details-heading">Other ways to reach us</h2>
            <p>
              <strong>Email:</strong> <a href={`mailto:${BUSINESS.email}`}>{BUSINESS.email}</a>
              <br />
              <strong>Phone:</strong> <a href={BUSINESS.phoneHref}>{BUSINESS.phone}</a>
              <br />
              <strong>Hours:</strong> {BUSINESS.hours}
            </p>
            <p>All our coaching is virtual, so we work with businesses right across Australia — from Perth to Cairns.</p>
            <p>
              Ready to talk now? <Link to={DISCOVERY_CALL_HREF}>Book a free {BUSINESS.discoveryCallMinutes}-minute discovery call</Link>.
            </p>
            <p className="hint">
              We use your details only to reply to you. See our <Link to="/privacy">privacy policy</Link>.
            </p>
          </aside>
        </div>
      </section>
    </>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, {
    title: "Contact Us",
    description: "Contact ClarityAI Coaching. Send a message to an experienced Australian business coach and get a reply within one business day.",
    path: "/contact",
  }),
  ...structuredData([breadcrumbLd(siteOriginOf(matches), [{ label: "Home", to: "/" }, { label: "Contact" }], "/contact")]),
];
