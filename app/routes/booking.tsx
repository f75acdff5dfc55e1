import type { ActionFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { LeadForm } from "~/leads/lead-form-fields";
import { PageHero } from "~/components/page-hero";
import { BUSINESS } from "~/content/business";
import { formatAud } from "~/utils/format";
import { leadFormHeaders, submitLead } from "~/leads/leads.server";
import { pageMeta, siteOriginOf } from "~/utils/meta";
import { breadcrumbLd, structuredData } from "~/utils/structured-data";

export const headers = leadFormHeaders;

export async function action({ request, context }: ActionFunctionArgs) {
  return submitLead({
    request,
    context,
    source: "booking",
    // The request for a discovery call: the booking of SPEC §3 until calls are booked in a calendar.
    conversion: { type: "BOOKING_SUBMISSION", form: "booking", label: "Discovery call request" },
    successToast: {
      title: "Request received",
      description: "We'll email you within one business day with times for your free discovery call.",
    },
  });
}

export default function Booking() {
  return (
    <>
      <PageHero
        eyebrow="Free discovery call"
        title={`Book your free ${BUSINESS.discoveryCallMinutes}-minute discovery call`}
        lead="A relaxed video or phone chat with an experienced coach about where your business is today and where you want it to be. No cost, no obligation, no hard sell."
        crumbs={[{ label: "Home", to: "/" }, { label: "Book a call" }]}
      />
      <section className="section" aria-label="Request a call">
        <div className="container grid grid-2">
          <div>
            <h2>Request your call</h2>
            <p>
              Leave your details and a coach will email you within one business day with times that suit you (all times in your local Australian time zone).
            </p>
            <LeadForm submitLabel="Request my free call" messageLabel="What would you like to talk about?" />
          </div>
          <aside className="card" aria-labelledby="booking-expect-heading">
            <h2 id="booking-expect-heading">What to expect</h2>
            <ul className="check-list">
              <li>{BUSINESS.discoveryCallMinutes} minutes with a coach who has run a business, not a salesperson</li>
              <li>Two or three practical ideas you can act on straight away</li>
              <li>An honest view of whether coaching is right for you — and if not, who might help</li>
              <li>If you go ahead, virtual sessions start from {formatAud(BUSINESS.virtualCoachingFromPerHour)} per hour (GST included)</li>
            </ul>
          </aside>
        </div>
      </section>
    </>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, {
    title: "Book a Free 20-Minute Discovery Call",
    description: "Book a free, no-obligation 20-minute discovery call with an experienced Australian business coach. Video or phone, at a time that suits you.",
    path: "/booking",
  }),
  ...structuredData([breadcrumbLd(siteOriginOf(matches), [{ label: "Home", to: "/" }, { label: "Book a call" }], "/booking")]),
];
