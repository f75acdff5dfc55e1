import type { LinkCardData } from "~/components/marketing-blocks";
import { BUSINESS } from "~/content/business";
import { CLARITYAI_TOPICS, clarityAiPath, DEFAULT_PRIVACY_TIP, getClarityAiPage, type ClarityAiTopicSlug } from "~/content/clarityai-pages";
import { CLARITYAI, SERVICE_SUMMARIES } from "~/content/services";

// The content stays on the server: the browser receives only the one page it is showing,
// already shaped for rendering, so the component needs no content imports of its own.

function topicCard(slug: ClarityAiTopicSlug): LinkCardData {
  const topic = CLARITYAI_TOPICS[slug];
  return {
    to: clarityAiPath(slug),
    title: topic.name,
    summary: topic.summary,
    linkLabel: `ClarityAI for ${topic.name.toLowerCase()}`,
    icon: "spark",
  };
}

/** The topic or city page at /clarityai/{slug}, shaped for rendering; null when there is none. */
export function clarityAiPageData(slug: string | undefined) {
  const page = getClarityAiPage(slug);
  if (!slug || !page) return null;
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
