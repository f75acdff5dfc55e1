import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { Icon, type IconName } from "~/components/icons";
import { FaqSection } from "~/components/faq-section";
import { PageHero } from "~/components/page-hero";
import { ResponsiveImage } from "~/components/responsive-image";
import { BUSINESS } from "~/content/business";
import {
  CLARITYAI_TOPICS,
  clarityAiPath,
  DEFAULT_PRIVACY_TIP,
  getClarityAiPage,
  type ClarityAiTopicSlug,
} from "~/content/clarityai-pages";
import { CLARITYAI, SERVICE_SUMMARIES } from "~/content/services";
import { NOT_FOUND_META, pageMeta, siteOriginOf } from "~/utils/meta";
import { breadcrumbLd, faqLd, serviceLd, structuredData } from "~/utils/structured-data";

type LinkCard = { to: string; title: string; summary: string; linkLabel: string; icon: IconName };

function topicCard(slug: ClarityAiTopicSlug): LinkCard {
  const topic = CLARITYAI_TOPICS[slug];
  return {
    to: clarityAiPath(slug),
    title: topic.name,
    summary: topic.summary,
    linkLabel: `ClarityAI for ${topic.name.toLowerCase()}`,
    icon: "spark",
  };
}

// The content stays on the server: the browser receives only the one page it is showing,
// already shaped for rendering, so the component needs no content imports of its own.
export function loader({ params }: LoaderFunctionArgs) {
  const slug = params.slug;
  const page = getClarityAiPage(slug);
  if (!slug || !page) {
    throw new Response("Not Found", { status: 404 });
  }
  const path = `/clarityai/${slug}`;
  const lowerName = page.name.toLowerCase();
  const common = {
    path,
    name: page.name,
    metaTitle: page.metaTitle,
    metaDescription: page.metaDescription,
    headline: page.headline,
    lead: page.lead,
    introHeading: page.introHeading,
    intro: page.intro,
    helps: page.helps,
    questions: page.questions,
    exchange: page.exchange,
    tiers: page.tiers,
    faq: page.faq,
    plans: CLARITYAI.plans,
    retentionMonths: BUSINESS.aiRetentionMonths,
  };

  if (page.kind === "topic") {
    const service = page.service ? SERVICE_SUMMARIES[page.service] : null;
    return {
      ...common,
      kind: "topic" as const,
      eyebrow: `ClarityAI · ${page.name}`,
      serviceName: `ClarityAI: AI coaching for ${lowerName}`,
      areaServed: null,
      imageAlt: `Illustration of ClarityAI, the AI business coach, helping an owner with ${lowerName}`,
      helpsHeading: `How ClarityAI helps with ${lowerName}`,
      questionsHeading: `Questions owners ask ClarityAI about ${lowerName}`,
      plansHeading: `Lite or Pro for ${lowerName}`,
      faqHeading: `ClarityAI for ${lowerName}: frequently asked questions`,
      privacyTip: page.privacyTip,
      local: null,
      linksHeading: "Related ClarityAI topics",
      links: page.related.map(topicCard),
      partner: {
        heading: "Prefer to work on it with a person?",
        body: page.serviceNote,
        card: service
          ? { to: service.to, title: service.title, summary: service.summary, linkLabel: service.linkLabel, icon: service.icon }
          : {
              to: "/services",
              title: "All coaching services",
              summary: "Virtual coaching in strategy, operations, digital systems and software, with ClarityAI between sessions.",
              linkLabel: "See all our virtual coaching services",
              icon: "users" as const,
            },
      },
    };
  }

  return {
    ...common,
    kind: "city" as const,
    eyebrow: `ClarityAI · ${page.name}, ${page.state}`,
    serviceName: `ClarityAI: AI business coach for ${page.name} businesses`,
    areaServed: page.name,
    imageAlt: `Illustration of ClarityAI, the AI business coach, supporting ${page.name} business owners`,
    helpsHeading: `How ClarityAI helps ${page.name} businesses`,
    questionsHeading: `Questions ${page.name} owners ask ClarityAI`,
    plansHeading: `Lite or Pro for your ${page.name} business`,
    faqHeading: `ClarityAI in ${page.name}: frequently asked questions`,
    privacyTip: page.privacyTip ?? DEFAULT_PRIVACY_TIP,
    local: { industries: page.industries, timeZone: page.timeZone },
    linksHeading: `Popular ClarityAI topics for ${page.name} businesses`,
    links: page.topics.map(topicCard),
    partner: {
      heading: `Business coaching in ${page.name}`,
      body: page.locationSummary,
      card: {
        to: `/locations/${slug}-business-coaching`,
        title: `Virtual business coaching in ${page.name}`,
        summary: `How our coaches work with ${page.name} businesses over video, what it costs and how to book your free call.`,
        linkLabel: `See business coaching in ${page.name}`,
        icon: "users" as const,
      },
    },
  };
}

const PLANS_HREF = "/services/clarityai#plans";

function crumbsFor(name: string) {
  return [{ label: "Home", to: "/" }, { label: "ClarityAI", to: "/services/clarityai" }, { label: name }];
}

function CardLink({ card }: { card: LinkCard }) {
  return (
    <Link to={card.to} className="card card-link pillar-card" prefetch="intent">
      <span className="icon-badge">
        <Icon name={card.icon} />
      </span>
      <h3>{card.title}</h3>
      <p>{card.summary}</p>
      <span className="more">{card.linkLabel}</span>
    </Link>
  );
}

export default function ClarityAiTopicOrCityPage() {
  const page = useLoaderData<typeof loader>();
  return (
    <>
      <PageHero eyebrow={page.eyebrow} title={page.headline} lead={page.lead} crumbs={crumbsFor(page.name)}>
        <Link to={PLANS_HREF} className="button button-primary">
          View Plans
        </Link>
        <Link to="/booking" className="button button-secondary">
          Book Free 20-min Call
        </Link>
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
          <div className={page.helps.length === 4 ? "grid grid-2up" : "grid grid-3up"}>
            {page.helps.map((item) => (
              <article key={item.title} className="card">
                <h3>{item.title}</h3>
                <p>{item.body}</p>
              </article>
            ))}
          </div>
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

      <section className="section" aria-labelledby="plans-heading">
        <div className="container">
          <div className="section-header">
            <h2 id="plans-heading">{page.plansHeading}</h2>
            <p className="lead">
              Both plans include the full 24/7 AI coach. Pro adds human experts behind it for the questions that need a
              person.
            </p>
          </div>
          <div className="grid grid-2">
            {page.plans.map((plan) => (
              <article
                key={plan.id}
                className={plan.id === "pro" ? "card plan-card plan-card-featured" : "card plan-card"}
                aria-labelledby={`plan-${plan.id}-heading`}
              >
                <h3 id={`plan-${plan.id}-heading`}>{plan.name}</h3>
                <p>{plan.tagline}</p>
                <p className="price-tag price-tag-pending">Pricing coming soon</p>
                <p>{plan.id === "pro" ? page.tiers.pro : page.tiers.lite}</p>
                <ul className="check-list">
                  {plan.features.map((feature) => (
                    <li key={feature}>{feature}</li>
                  ))}
                </ul>
              </article>
            ))}
          </div>
          <div className="button-row">
            <Link to={PLANS_HREF} className="button button-primary">
              View Plans
            </Link>
            <Link to="/booking" className="button button-secondary">
              Book Free 20-min Call
            </Link>
          </div>
          <p className="steps-note">We're finalising pricing now. Prices will be shown in Australian dollars, including GST.</p>
        </div>
      </section>

      <section className="section section-mist" aria-labelledby="privacy-heading">
        <div className="container">
          <div className="section-header">
            <h2 id="privacy-heading">Your privacy</h2>
          </div>
          <div className="grid grid-3">
            <article className="card">
              <h3>Deleted after {page.retentionMonths} months</h3>
              <p>
                Conversations are deleted automatically after {page.retentionMonths} months. Start a fresh chat any time
                with New Chat or Clear.
              </p>
            </article>
            <article className="card">
              <h3>Share only what's needed</h3>
              <p>{page.privacyTip}</p>
            </article>
            <article className="card">
              <h3>Information, not advice</h3>
              <p>
                ClarityAI gives general information and coaching. For tax, legal or financial advice, talk to your
                accountant, BAS agent or lawyer.
              </p>
            </article>
          </div>
          <p className="steps-note">
            <Link to="/privacy">Read our privacy policy</Link> to see how we handle personal information.
          </p>
        </div>
      </section>

      <FaqSection heading={page.faqHeading} faqs={page.faq} mist={false} />

      <section className="section section-mist" aria-labelledby="partner-heading">
        <div className="container service-split">
          <div>
            <h2 id="partner-heading">{page.partner.heading}</h2>
            <p className="lead">{page.partner.body}</p>
          </div>
          <CardLink card={page.partner.card} />
        </div>
      </section>

      <section className="section" aria-labelledby="links-heading">
        <div className="container">
          <div className="section-header">
            <h2 id="links-heading">{page.linksHeading}</h2>
          </div>
          <div className={page.links.length === 4 ? "grid grid-4" : "grid grid-3"}>
            {page.links.map((card) => (
              <CardLink key={card.to} card={card} />
            ))}
          </div>
        </div>
      </section>

      <section className="section section-navy" aria-labelledby="cta-heading">
        <div className="container cta-band">
          <h2 id="cta-heading">Your business coach, awake whenever you are</h2>
          <p>
            See what's in ClarityAI Lite and Pro, or book a free {BUSINESS.discoveryCallMinutes}-minute call to talk
            through how the AI coach and our human coaches can work together for your business.
          </p>
          <div className="button-row">
            <Link to={PLANS_HREF} className="button button-primary">
              View Plans
            </Link>
            <Link to="/booking" className="button button-outline-light">
              Book Free 20-min Call
            </Link>
          </div>
        </div>
      </section>
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
