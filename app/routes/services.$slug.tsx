import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { FaqSection } from "~/components/faq-section";
import { PageHero } from "~/components/page-hero";
import { BUSINESS } from "~/content/business";
import { isServiceSlug, SERVICE_SUMMARIES } from "~/content/services";
import { servicePageContent } from "~/content/page-copy.server";
import { formatAud } from "~/utils/format";
import { NOT_FOUND_META, pageMeta, siteOriginOf } from "~/utils/meta";
import { breadcrumbLd, faqLd, serviceLd, structuredData } from "~/utils/structured-data";
import { CallToAction } from "~/components/call-to-action";
import { Guarantee } from "~/components/guarantee";
import { LinkCard, StepList, TextCardGrid, TrustFigures } from "~/components/marketing-blocks";
import { SOFTWARE_INQUIRY_ID, SoftwareInquiry } from "~/components/software-inquiry";
import { FormError } from "~/components/ui/form-error";
import { leadFormHeaders, submitLead, type LeadActionData } from "~/leads/leads.server";
import { notFoundResponse } from "~/auth/permissions.server";
import { DISCOVERY_CALL_HREF } from "~/booking/flow-links";

/** The one service page with a form of its own: the Software Solutions inquiry. */
const INQUIRY_SLUG = "software-solutions";

// The content stays on the server: the browser receives only the one service it is showing.
// The copy that is content (headline, lead, intro, FAQs) is the published copy edited at /admin/pages.
export async function loader({ params, context }: LoaderFunctionArgs) {
  if (!isServiceSlug(params.slug)) {
    throw notFoundResponse();
  }
  const service = await servicePageContent(context.db, params.slug);
  const related = service.related.map((slug) => SERVICE_SUMMARIES[slug]);
  return { service, related, inquiry: params.slug === INQUIRY_SLUG };
}

export const headers = leadFormHeaders;

// Only the Software Solutions page takes a post (its inquiry form); the others answer 405 and say
// where to write instead, and a slug that is no service is a 404.
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (!isServiceSlug(params.slug)) throw notFoundResponse();
  if (params.slug !== INQUIRY_SLUG) {
    return data<LeadActionData>(
      { errors: { form: "This page has no form to send. To ask about this service, use the contact page." }, values: {} },
      { status: 405, headers: { Allow: "GET, HEAD" } },
    );
  }
  return submitLead({
    request,
    context,
    // Stored with the contact enquiries (the message says which form it came from).
    source: "contact",
    conversion: { type: "SOFTWARE_INQUIRY", form: "software", label: "Software Solutions inquiry" },
    messagePrefix: "Software Solutions enquiry (from the Software Solutions page)",
    successToast: {
      title: "Thanks — your software enquiry is with us",
      description: "We'll reply within one business day.",
    },
  });
}

const ourRate = formatAud(BUSINESS.virtualCoachingFromPerHour);

export default function ServicePage() {
  const { service, related, inquiry } = useLoaderData<typeof loader>();
  const actionData = useActionData<LeadActionData>();
  return (
    <>
      {!inquiry && actionData?.errors.form ? (
        <div className="container">
          <FormError message={actionData.errors.form} />
          <p>
            <Link to="/contact">Go to the contact page</Link>
          </p>
        </div>
      ) : null}
      <PageHero
        eyebrow={service.eyebrow}
        title={service.headline}
        lead={service.lead}
        crumbs={[{ label: "Home", to: "/" }, { label: "Services", to: "/services" }, { label: service.title }]}
      >
        <Link to={DISCOVERY_CALL_HREF} className="button button-primary">
          Book Free 20-min Call
        </Link>
        {inquiry ? (
          <a href={`#${SOFTWARE_INQUIRY_ID}`} className="button button-secondary">
            Tell us what you need
          </a>
        ) : (
          <a href="#how-it-works" className="button button-secondary">
            How it works
          </a>
        )}
      </PageHero>

      <section className="section" aria-labelledby="intro-heading">
        <div className="container service-split">
          <div>
            <h2 id="intro-heading">{service.introHeading}</h2>
            {service.intro.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
          <div className="card">
            <h3 id="who-heading">Who it's for</h3>
            <ul className="check-list">
              {service.whoFor.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
        </div>
      </section>

      <section className="section section-mist" aria-labelledby="outcomes-heading">
        <div className="container">
          <div className="section-header">
            <h2 id="outcomes-heading">What you'll walk away with</h2>
            <p className="lead">Practical, tangible results — not a report that sits in a drawer.</p>
          </div>
          <TextCardGrid className="grid grid-3up" cards={service.outcomes} />
        </div>
      </section>

      <section className="section" aria-labelledby="spotlight-heading">
        <div className="container service-split">
          <div>
            <h2 id="spotlight-heading">{service.spotlight.heading}</h2>
            <p className="lead">{service.spotlight.intro}</p>
          </div>
          <div className="card">
            <ul className="check-list">
              {service.spotlight.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
        </div>
      </section>

      <section id="how-it-works" className="section section-mist" aria-labelledby="steps-heading">
        <div className="container">
          <div className="section-header">
            <h2 id="steps-heading">How it works</h2>
            <p className="lead">
              Every session is virtual, so there's no travel and no time lost. Coaching starts from {ourRate} an hour (AUD, incl. GST), and your first call is
              free.
            </p>
          </div>
          <StepList steps={service.steps} className="steps steps-5" />
          <p className="steps-note">{service.engagement}</p>
        </div>
      </section>

      <section className="section" aria-labelledby="results-heading">
        <div className="container">
          <div className="section-header">
            <h2 id="results-heading">Typical results</h2>
          </div>
          <TrustFigures figures={service.results} />
          <article className="card example-card">
            <h3>{service.example.title}</h3>
            <p>{service.example.body}</p>
          </article>
          <Guarantee />
        </div>
      </section>

      {inquiry ? <SoftwareInquiry /> : null}

      <FaqSection heading={`${service.title}: frequently asked questions`} faqs={service.faq} />

      <section className="section" aria-labelledby="related-heading">
        <div className="container">
          <div className="section-header">
            <h2 id="related-heading">Related services</h2>
            <p className="lead">Most businesses combine two or three. Your coach will suggest where to start.</p>
          </div>
          <div className="grid grid-3">
            {related.map((item) => (
              <LinkCard key={item.to} card={item} />
            ))}
          </div>
        </div>
      </section>

      <CallToAction heading="Talk it through with a coach — free">
        <p>
          In {BUSINESS.discoveryCallMinutes} minutes we'll understand where your business is, tell you honestly whether this is the right place to start and
          outline what working together would look like. No cost, no obligation.
        </p>
      </CallToAction>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return NOT_FOUND_META;
  const path = `/services/${data.service.slug}`;
  return [
    ...pageMeta(matches, { title: data.service.metaTitle, description: data.service.metaDescription, path }),
    ...structuredData([
      serviceLd(siteOriginOf(matches), { name: data.service.title, description: data.service.metaDescription, path }),
      breadcrumbLd(siteOriginOf(matches), [{ label: "Home", to: "/" }, { label: "Services", to: "/services" }, { label: data.service.title }], path),
      faqLd(data.service.faq),
    ]),
  ];
};
