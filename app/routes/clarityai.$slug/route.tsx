import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { aiPlans } from "~/billing/plans";
import { planSettings } from "~/billing/plans.server";
import { CallToAction } from "~/components/call-to-action";
import { LinkCard, TextCardGrid } from "~/components/marketing-blocks";
import { ClarityAiPlanCards, ClarityAiPrivacy } from "~/components/clarityai-sections";
import { FaqSection } from "~/components/faq-section";
import { PageHero } from "~/components/page-hero";
import { ResponsiveImage } from "~/components/responsive-image";
import { BUSINESS } from "~/content/business";
import { NOT_FOUND_META, pageMeta, siteOriginOf } from "~/utils/meta";
import { breadcrumbLd, faqLd, serviceLd, structuredData } from "~/utils/structured-data";
import { clarityAiPageData } from "./page-data.server";
import { notFoundResponse } from "~/auth/permissions.server";
import { DISCOVERY_CALL_HREF } from "~/booking/flow-links";

// The content stays on the server (page-data.server.ts): the browser receives only the one page
// it is showing, already shaped for rendering.
export function loader({ params, context }: LoaderFunctionArgs) {
  const page = clarityAiPageData(params.slug);
  if (!page) {
    throw notFoundResponse();
  }
  // Prices and limits come from configuration: the same for every visitor (the page is edge-cached).
  return { ...page, aiPlans: aiPlans(planSettings(context.env)) };
}

const PLANS_HREF = "/services/clarityai#plans";

function crumbsFor(name: string) {
  return [{ label: "Home", to: "/" }, { label: "ClarityAI", to: "/services/clarityai" }, { label: name }];
}

/** The two buttons the hero and the plans section both offer. */
function PlansAndCallButtons() {
  return (
    <>
      <Link to={PLANS_HREF} className="button button-primary">
        View Plans
      </Link>
      <Link to={DISCOVERY_CALL_HREF} className="button button-secondary">
        Book Free 20-min Call
      </Link>
    </>
  );
}

export default function ClarityAiTopicOrCityPage() {
  const page = useLoaderData<typeof loader>();
  return (
    <>
      <PageHero eyebrow={page.eyebrow} title={page.headline} lead={page.lead} crumbs={crumbsFor(page.name)}>
        <PlansAndCallButtons />
      </PageHero>

      <section className="section" aria-labelledby="intro-heading">
        <div className="container service-split">
          <div>
            <h2 id="intro-heading">{page.introHeading}</h2>
            {page.intro.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            {page.local ? (
              <>
                <h3 id="industries-heading">Industries we hear from most</h3>
                <ul className="check-list" aria-labelledby="industries-heading">
                  {page.local.industries.map((industry) => (
                    <li key={industry}>{industry}</li>
                  ))}
                </ul>
              </>
            ) : null}
          </div>
          <div className="clarityai-aside">
            <ResponsiveImage
              imageKey="ai-coach"
              alt={page.imageAlt}
              className="clarityai-figure"
              sizes="(min-width: 1200px) 480px, (min-width: 861px) 40vw, 100vw"
            />
            {page.local ? (
              <div className="card example-card">
                <h3>
                  On {page.name} time: {page.local.timeZone.label}
                </h3>
                <p>{page.local.timeZone.body}</p>
                <p>ClarityAI answers at 11 pm in Darwin just as it does at 6 am in Perth.</p>
              </div>
            ) : null}
          </div>
        </div>
      </section>

      <section className="section section-mist" aria-labelledby="helps-heading">
        <div className="container">
          <div className="section-header">
            <h2 id="helps-heading">{page.helpsHeading}</h2>
          </div>
          <TextCardGrid className={page.helps.length === 4 ? "grid grid-2up" : "grid grid-3up"} cards={page.helps} />
        </div>
      </section>

      <section className="section section-navy" aria-labelledby="questions-heading">
        <div className="container service-split">
          <div>
            <h2 id="questions-heading">{page.questionsHeading}</h2>
            <p>Ask in your own words, with your own numbers. Owners ask it things like:</p>
            <ul className="check-list">
              {page.questions.map((question) => (
                <li key={question}>{question}</li>
              ))}
            </ul>
          </div>
          <div className="clarityai-exchange">
            <h3 id="exchange-heading">A sample conversation</h3>
            <div className="chat-demo">
              <ol aria-labelledby="exchange-heading">
                <li className="chat-bubble" data-role="user">
                  <span className="chat-label">You</span>
                  {page.exchange.question}
                </li>
                <li className="chat-bubble" data-role="assistant">
                  <span className="chat-label">ClarityAI</span>
                  {page.exchange.answer.map((paragraph) => (
                    <p key={paragraph}>{paragraph}</p>
                  ))}
                </li>
              </ol>
            </div>
          </div>
        </div>
      </section>

      <section id="plans" className="section" aria-labelledby="plans-heading">
        <div className="container">
          <div className="section-header">
            <h2 id="plans-heading">{page.plansHeading}</h2>
            <p className="lead">Both plans include the full 24/7 AI coach. Pro adds human experts behind it for the questions that need a person.</p>
          </div>
          <ClarityAiPlanCards plans={page.aiPlans} content={page.plans} tierNotes={page.tiers} returnTo={`${page.path}#plans`} />
          <div className="button-row">
            <PlansAndCallButtons />
          </div>
          <p className="steps-note">Prices are in Australian dollars and include GST; every payment comes with a GST tax invoice.</p>
        </div>
      </section>

      <ClarityAiPrivacy heading="Your privacy" retentionMonths={page.retentionMonths} shareTip={page.privacyTip} showOverseas={false} mist />

      <FaqSection heading={page.faqHeading} faqs={page.faq} mist={false} />

      <section className="section section-mist" aria-labelledby="partner-heading">
        <div className="container service-split">
          <div>
            <h2 id="partner-heading">{page.partner.heading}</h2>
            <p className="lead">{page.partner.body}</p>
          </div>
          <LinkCard card={page.partner.card} />
        </div>
      </section>

      <section className="section" aria-labelledby="links-heading">
        <div className="container">
          <div className="section-header">
            <h2 id="links-heading">{page.linksHeading}</h2>
          </div>
          <div className={page.links.length === 4 ? "grid grid-4" : "grid grid-3"}>
            {page.links.map((card) => (
              <LinkCard key={card.to} card={card} />
            ))}
          </div>
        </div>
      </section>

      <CallToAction
        heading="Your business coach, awake whenever you are"
        primary={{ to: PLANS_HREF, label: "View Plans" }}
        secondary={{ to: DISCOVERY_CALL_HREF, label: "Book Free 20-min Call" }}
      >
        <p>
          See what's in ClarityAI Lite and Pro, or book a free {BUSINESS.discoveryCallMinutes}-minute call to talk through how the AI coach and our human
          coaches can work together for your business.
        </p>
      </CallToAction>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return NOT_FOUND_META;
  return [
    ...pageMeta(matches, { title: data.metaTitle, description: data.metaDescription, path: data.path }),
    ...structuredData([
      serviceLd(siteOriginOf(matches), {
        name: data.serviceName,
        description: data.metaDescription,
        path: data.path,
        serviceType: "AI business coaching",
        areaServed: data.areaServed ?? undefined,
      }),
      breadcrumbLd(siteOriginOf(matches), crumbsFor(data.name), data.path),
      faqLd(data.faq),
    ]),
  ];
};
