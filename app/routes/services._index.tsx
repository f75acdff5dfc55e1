import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { aiPlans } from "~/billing/plans";
import { planSettings } from "~/billing/plans.server";
import { ClarityAiPlanCards } from "~/components/clarityai-sections";
import { Icon } from "~/components/icons";
import { FaqSection } from "~/components/faq-section";
import { PageHero } from "~/components/page-hero";
import { BUSINESS } from "~/content/business";
import { CLARITYAI_PLANS } from "~/content/clarityai-plans";
import { SERVICE_SLUGS, SERVICE_SUMMARIES } from "~/content/services";
import { formatAud, formatAudRange } from "~/utils/format";
import { pageMeta, siteOriginOf } from "~/utils/meta";
import { breadcrumbLd, faqLd, structuredData } from "~/utils/structured-data";
import { CallToAction } from "~/components/call-to-action";
import { Guarantee } from "~/components/guarantee";
import { PriceCompare, StepList } from "~/components/marketing-blocks";
import { DISCOVERY_CALL_HREF } from "~/booking/flow-links";

const ourRate = formatAud(BUSINESS.virtualCoachingFromPerHour);
const traditionalRange = formatAudRange(BUSINESS.traditionalCoachingPerHour.low, BUSINESS.traditionalCoachingPerHour.high);
const clarityAi = SERVICE_SUMMARIES.clarityai;

const STEPS = [
  {
    title: `Free ${BUSINESS.discoveryCallMinutes}-minute discovery call`,
    body: "A relaxed video or phone call with an experienced coach. Tell us what's going on; we'll ask a few sharp questions and tell you honestly whether we can help — and where to start.",
  },
  {
    title: "Your coaching plan",
    body: "We match you with a coach who knows your kind of business and agree a plan: which pillar comes first, what success looks like in 90 days and how often you'll meet.",
  },
  {
    title: `Sessions from ${ourRate} an hour`,
    body: "Focused video sessions, booked in your time zone, each ending with clear actions. Between sessions you can keep thinking things through with ClarityAI, day or night.",
  },
];

const WHERE_TO_START = [
  {
    problem: "You're flat out, but the business isn't getting any further ahead",
    to: SERVICE_SUMMARIES["strategic-planning"].to,
    label: "Start with Strategic Planning",
  },
  {
    problem: "Every question, approval and decision still lands on your desk",
    to: SERVICE_SUMMARIES["operational-improvement"].to,
    label: "Start with Operational Improvement",
  },
  {
    problem: "Your data lives in spreadsheets and apps that don't talk to each other",
    to: SERVICE_SUMMARIES["digital-systems"].to,
    label: "Start with Digital Systems",
  },
  {
    problem: "You've looked, and no off-the-shelf product fits the way you work",
    to: SERVICE_SUMMARIES["software-solutions"].to,
    label: "Start with Software Solutions",
  },
  {
    problem: "You need a sounding board at 10 pm, not next Tuesday",
    to: SERVICE_SUMMARIES.clarityai.to,
    label: "Start with ClarityAI",
  },
  {
    problem: "It's a bit of everything, and you're not sure which matters most",
    to: DISCOVERY_CALL_HREF,
    label: "Talk it through on a free 20-minute call",
  },
];

const FAQ = [
  {
    question: "What happens on the free discovery call?",
    answer: `It's a ${BUSINESS.discoveryCallMinutes}-minute conversation with one of our coaches, by video or phone. You'll talk about where the business is and what's getting in the way, and leave with at least one practical idea — whether or not you decide to work with us.`,
  },
  {
    question: "How does the money-back guarantee work?",
    answer: "If you don't feel your first paid consultation was worth it, tell us and we'll refund it in full. No forms and no fine print.",
  },
  {
    question: "Are your prices GST-inclusive?",
    answer: `Yes. All our prices are in Australian dollars and include GST. Virtual coaching starts from ${ourRate} an hour, compared with the ${traditionalRange} an hour that traditional in-person coaching typically costs.`,
  },
  {
    question: "Do I need to be in a capital city?",
    answer:
      "No. Every session is online, so we coach businesses right across Australia — from inner-city Sydney to regional Queensland and the WA wheatbelt — and book sessions in your local time.",
  },
  {
    question: "Is business coaching tax-deductible?",
    answer:
      "Coaching that relates to running your current business is generally a deductible business expense. Your situation may differ, so check with your accountant or tax agent.",
  },
];

// ClarityAI's prices and limits come from configuration; the page is the same for every visitor (edge-cached).
export function loader({ context }: LoaderFunctionArgs) {
  return { plans: aiPlans(planSettings(context.env)) };
}

export default function ServicesIndex() {
  const { plans } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHero
        eyebrow="Our services"
        title="Business coaching services for Australian small business"
        lead="Virtual coaching across four pillars — strategy, operations, digital systems and software — plus ClarityAI, a 24/7 AI business coach for the questions that can't wait until your next session."
        crumbs={[{ label: "Home", to: "/" }, { label: "Services" }]}
      >
        <Link to={DISCOVERY_CALL_HREF} className="button button-primary">
          Book Free 20-min Call
        </Link>
        <a href="#how-it-works" className="button button-secondary">
          How virtual coaching works
        </a>
      </PageHero>

      <section className="section" aria-labelledby="pillars-heading">
        <div className="container">
          <div className="section-header">
            <h2 id="pillars-heading">Four pillars of a business that runs better</h2>
            <p className="lead">Start with the one that hurts most, or combine them. Your coach tailors the plan to where your business is today.</p>
          </div>
          <div className="grid grid-2up">
            {SERVICE_SLUGS.map((slug) => {
              const service = SERVICE_SUMMARIES[slug];
              return (
                <article key={slug} className="card pillar-card">
                  <span className="icon-badge">
                    <Icon name={service.icon} />
                  </span>
                  <h3>{service.title}</h3>
                  <p>{service.summary}</p>
                  <ul className="check-list">
                    {service.highlights.map((highlight) => (
                      <li key={highlight}>{highlight}</li>
                    ))}
                  </ul>
                  <Link to={service.to} className="card-action" prefetch="intent">
                    {service.linkLabel}
                  </Link>
                </article>
              );
            })}
          </div>
        </div>
      </section>

      <section id="clarityai" className="section section-navy" aria-labelledby="clarityai-heading">
        <div className="container">
          <div className="page-narrow">
            <p className="eyebrow">ClarityAI · AI business coach</p>
            <h2 id="clarityai-heading">ClarityAI: an AI business coach that never clocks off</h2>
            <p>
              Trained on our coaching playbooks and built for Australian small business, ClarityAI helps you think through decisions, draft plans and prepare
              for hard conversations — at any hour. It's the perfect partner to human coaching: bring your best ideas from ClarityAI to your next session.
            </p>
            <ul className="check-list">
              {clarityAi.highlights.map((highlight) => (
                <li key={highlight}>{highlight}</li>
              ))}
            </ul>
          </div>
          <h3 className="clarityai-plans-heading">Two plans: Lite and Pro</h3>
          <ClarityAiPlanCards plans={plans} content={CLARITYAI_PLANS} returnTo="/services#clarityai" />
          <div className="button-row">
            <Link to={clarityAi.to} className="button button-primary" prefetch="intent">
              Explore ClarityAI
            </Link>
          </div>
        </div>
      </section>

      <section id="how-it-works" className="section" aria-labelledby="how-heading">
        <div className="container">
          <div className="section-header">
            <h2 id="how-heading">How virtual coaching works</h2>
            <p className="lead">
              Experienced coaches, without the travel, the boardroom hire or the consultant price tag. You get the same expertise for a fraction of the cost.
            </p>
          </div>
          <StepList steps={STEPS} />
          <div className="service-split pricing-row">
            <PriceCompare traditionalLabel="Traditional in-person coaching" />
            <p>
              Prices in AUD, GST included. Because sessions are online, you don't pay for your coach's travel, office or parking — and you don't lose half a day
              to a meeting.
            </p>
          </div>
        </div>
      </section>

      <section className="section section-mist" aria-labelledby="guarantee-heading">
        <div className="container">
          <div className="section-header">
            <h2 id="guarantee-heading">Our money-back guarantee</h2>
            <p className="lead">Trying a coach shouldn't be a gamble. So we take the risk, not you.</p>
          </div>
          <Guarantee>No forms, no fine print.</Guarantee>
        </div>
      </section>

      <section className="section" aria-labelledby="start-heading">
        <div className="container">
          <div className="section-header">
            <h2 id="start-heading">Not sure where to start?</h2>
            <p className="lead">Find the sentence that sounds most like you.</p>
          </div>
          <ul className="start-list">
            {WHERE_TO_START.map((row) => (
              <li key={row.to} className="card">
                <p>{row.problem}</p>
                <Link to={row.to}>{row.label}</Link>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <FaqSection heading="Questions about our services" faqs={FAQ} />

      <CallToAction heading="Find out what to fix first — in 20 minutes">
        <p>Book a free discovery call with an experienced coach. No cost, no obligation, and you'll leave with at least one idea you can use this week.</p>
      </CallToAction>
    </>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, {
    title: "Business Coaching Services for Small Business",
    description: `Strategic planning, operations, digital systems and custom software coaching from ${ourRate}/hour, plus ClarityAI, a 24/7 AI coach. Money-back guarantee.`,
    path: "/services",
  }),
  ...structuredData([breadcrumbLd(siteOriginOf(matches), [{ label: "Home", to: "/" }, { label: "Services" }], "/services"), faqLd(FAQ)]),
];
