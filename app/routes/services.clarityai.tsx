import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { aiPlans } from "~/billing/plans";
import { planSettings } from "~/billing/plans.server";
import { AiCoachTranscript } from "~/components/home/ai-coach-transcript";
import { Icon } from "~/components/icons";
import { FaqSection } from "~/components/faq-section";
import { PageHero } from "~/components/page-hero";
import { BUSINESS } from "~/content/business";
import { CLARITYAI, clarityAiFaq } from "~/content/clarityai";
import { pageMeta, siteOriginOf } from "~/utils/meta";
import { breadcrumbLd, faqLd, serviceLd, structuredData } from "~/utils/structured-data";
import { CallToAction } from "~/components/call-to-action";
import { ClarityAiPlanCards, ClarityAiPrivacy } from "~/components/clarityai-sections";
import { StepList } from "~/components/marketing-blocks";
import { DISCOVERY_CALL_HREF } from "~/booking/flow-links";

const ESCALATION_STEPS = [
  {
    title: "Ask as usual",
    body: "Chat with ClarityAI exactly as you normally would. Most questions get a full answer straight away.",
  },
  {
    title: "Flagged for expert review",
    body: "When a question is complex or high-stakes — a restructure, a dispute, a big investment — it's flagged and you'll see an “Expert Review Requested” notice.",
  },
  {
    title: "A human follows up by email",
    body: "An admin from our team reviews the question with the right expert and follows up with you by email.",
  },
];

// Prices and limits come from configuration; the page is the same for every visitor (edge-cached).
export function loader({ context }: LoaderFunctionArgs) {
  const plans = aiPlans(planSettings(context.env));
  // The page's words travel as data rather than in its JavaScript, which keeps the page's first load
  // within the public pages' budget.
  const { features, exampleQuestions, promptCategories, plans: planContent } = CLARITYAI;
  return { plans, faq: clarityAiFaq(plans), content: { features, exampleQuestions, promptCategories, plans: planContent } };
}

const PLANS_RETURN_TO = "/services/clarityai#plans";

export default function ClarityAiPage() {
  const { plans, faq, content } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHero
        eyebrow="ClarityAI · AI business coach"
        title="ClarityAI: your AI business coach, available 24/7"
        lead="Trained on our coaching playbooks and built for Australian small business — BAS, GST, super and award wages included. Think through decisions, draft plans and prepare for hard conversations whenever you need to."
        crumbs={[{ label: "Home", to: "/" }, { label: "Services", to: "/services" }, { label: "ClarityAI" }]}
      >
        <Link to={DISCOVERY_CALL_HREF} className="button button-primary">
          Book Free 20-min Call
        </Link>
        <a href="#plans" className="button button-secondary">
          Compare Lite and Pro
        </a>
      </PageHero>

      <section className="section" aria-labelledby="features-heading">
        <div className="container">
          <div className="section-header">
            <h2 id="features-heading">A business coach in your pocket</h2>
            <p className="lead">
              The hardest business decisions rarely arrive during office hours. ClarityAI gives you a knowledgeable sounding board the moment you need one.
            </p>
          </div>
          <div className="grid grid-4">
            {content.features.map((feature) => (
              <article key={feature.title} className="card pillar-card">
                <span className="icon-badge">
                  <Icon name={feature.icon} />
                </span>
                <h3>{feature.title}</h3>
                <p>{feature.body}</p>
              </article>
            ))}
          </div>
        </div>
      </section>

      <section className="section section-navy" aria-labelledby="ask-heading">
        <div className="container service-split">
          <div>
            <h2 id="ask-heading">What you can ask</h2>
            <p>
              Anything you'd ask an experienced coach or a business-savvy friend. ClarityAI asks follow-up questions, explains its reasoning and turns ideas
              into next steps. Owners ask it things like:
            </p>
            <ul className="check-list">
              {content.exampleQuestions.map((question) => (
                <li key={question}>{question}</li>
              ))}
            </ul>
          </div>
          <AiCoachTranscript />
        </div>
      </section>

      <section className="section section-mist" aria-labelledby="prompts-heading">
        <div className="container">
          <div className="section-header">
            <h2 id="prompts-heading">Quick-start prompts</h2>
            <p className="lead">
              Not sure where to begin? ClarityAI opens with ready-made prompts in six categories. Pick one and fill in the blanks — your industry comes straight
              from your profile.
            </p>
          </div>
          <div className="grid grid-3up">
            {content.promptCategories.map((category) => (
              <article key={category.name} className="card">
                <h3>{category.name}</h3>
                <ul className="prompt-list">
                  {category.prompts.map((prompt) => (
                    <li key={prompt.title}>
                      <strong>{prompt.title}</strong>
                      {prompt.text}
                    </li>
                  ))}
                </ul>
              </article>
            ))}
          </div>
        </div>
      </section>

      <section id="plans" className="section" aria-labelledby="plans-heading">
        <div className="container">
          <div className="section-header">
            <h2 id="plans-heading">Two plans: Lite and Pro</h2>
            <p className="lead">
              Both plans include the full 24/7 AI coach. Pro adds a team of human experts behind it and allows more messages a day. Pay monthly, or annually and
              save.
            </p>
          </div>
          <ClarityAiPlanCards plans={plans} content={content.plans} returnTo={PLANS_RETURN_TO} />
          <div className="button-row">
            <Link to={DISCOVERY_CALL_HREF} className="button button-primary">
              Book Free 20-min Call
            </Link>
            <Link to="/contact" className="button button-secondary">
              Ask a question
            </Link>
          </div>
          <p className="steps-note">
            Prices are in Australian dollars and include GST; every payment comes with a GST tax invoice. Cancel at any time from the Billing tab of your
            profile.
          </p>
        </div>
      </section>

      <section className="section section-mist" aria-labelledby="escalation-heading">
        <div className="container">
          <div className="section-header">
            <p className="eyebrow">Pro plan</p>
            <h2 id="escalation-heading">When a question needs a human</h2>
            <p className="lead">AI is great at thinking things through, but some questions deserve an experienced person. On the Pro plan, they get one.</p>
          </div>
          <StepList steps={ESCALATION_STEPS} />
        </div>
      </section>

      <ClarityAiPrivacy
        heading="Your privacy, in plain English"
        retentionMonths={BUSINESS.aiRetentionMonths}
        shareTip="Leave out tax file numbers, bank details, health information and your customers' personal details. The coaching works just as well without them."
        showOverseas
        mist={false}
      />

      <FaqSection heading="ClarityAI: frequently asked questions" faqs={faq} />

      <CallToAction heading="Get the best of both: AI at any hour, coaches when it counts">
        <p>
          Book a free {BUSINESS.discoveryCallMinutes}-minute call to see how ClarityAI and virtual coaching can work together for your business, or send us a
          question about the plans.
        </p>
      </CallToAction>
    </>
  );
}

const META_DESCRIPTION =
  "ClarityAI is an AI business coach trained on our coaching playbooks, with BAS, GST, super and award know-how. Lite and Pro plans, with human expert escalation.";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  ...pageMeta(matches, {
    title: "ClarityAI: 24/7 AI Business Coach for Australian Small Business",
    description: META_DESCRIPTION,
    path: "/services/clarityai",
  }),
  ...structuredData([
    serviceLd(siteOriginOf(matches), {
      name: "ClarityAI — AI business coach",
      description: META_DESCRIPTION,
      path: "/services/clarityai",
      serviceType: "AI business coaching",
    }),
    breadcrumbLd(siteOriginOf(matches), [{ label: "Home", to: "/" }, { label: "Services", to: "/services" }, { label: "ClarityAI" }], "/services/clarityai"),
    ...(data ? [faqLd(data.faq)] : []),
  ]),
];
