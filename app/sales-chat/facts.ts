import type { AiPlan } from "~/billing/plans";
import { BUSINESS, MONEY_BACK_GUARANTEE } from "~/content/business";
import { LOCATIONS, type LocationSlug } from "~/content/locations";
import { SERVICE_SUMMARIES } from "~/content/services";
import { formatAud } from "~/utils/format";
import { businessHoursText, replyPromiseText } from "./reply-promise";

// What the Service Assistant may state: the site's own public facts, built from the same content
// the pages show (so a price changed there changes here). The model is told these are the only
// facts it may give; the offline assistant quotes them word for word.

export type SiteFact = {
  id: string;
  /** Words in a question that make this fact relevant (the offline assistant's matching). */
  matches: RegExp;
  text: string;
};

const aud = (amount: number) => `A${formatAud(amount)}`;

const CAPITALS: LocationSlug[] = ["sydney", "melbourne", "brisbane", "perth", "adelaide", "canberra", "darwin", "hobart"];

/** Every fact, in the order the model sees them. `plans` are the configured ClarityAI plans. */
export function siteFacts(plans: readonly AiPlan[]): SiteFact[] {
  const hourly = `$${BUSINESS.virtualCoachingFromPerHour}`;
  const traditional = `$${BUSINESS.traditionalCoachingPerHour.low}–$${BUSINESS.traditionalCoachingPerHour.high}`;
  const planPrices = plans.map((plan) => `${plan.name} costs ${aud(plan.monthlyAud)} a month (${aud(plan.annualAud)} a year if paid annually)`).join("; ");
  const pro = plans.find((plan) => plan.escalation);
  const lite = plans.find((plan) => !plan.escalation);
  const services = (["strategic-planning", "operational-improvement", "digital-systems", "software-solutions"] as const).map((slug) => {
    const service = SERVICE_SUMMARIES[slug];
    return `[${service.title}](${service.to}): ${service.summary}`;
  });
  const zones = CAPITALS.map((slug) => `${LOCATIONS[slug].name} ${LOCATIONS[slug].timeZone.short}`).join(", ");
  const { low, high } = BUSINESS.coachRevenueShare;

  return [
    {
      id: "coaching-price",
      matches: /\b(cost|costs|price|prices|pricing|fee|fees|rate|rates|charge|how much|expensive|cheap|afford|budget|pay|hour|hourly)\b|\$/i,
      text: `Virtual business coaching sessions start from ${hourly} per hour, including GST. For comparison, traditional in-person business coaching usually costs ${traditional} an hour. The exact price for your situation is worked out with you on the free discovery call; see [our services](/services).`,
    },
    {
      id: "discovery-call",
      matches: /\b(discovery|free|call|consult|consultation|book|booking|start|started|first step|meet|chat with|talk to|speak)\b/i,
      text: `The first step is a free ${BUSINESS.discoveryCallMinutes}-minute discovery call by video with one of our coaches, about the problem in front of you. There's no cost and no obligation. [Book your free ${BUSINESS.discoveryCallMinutes}-minute call](/booking).`,
    },
    {
      id: "guarantee",
      matches: /\b(guarantee|guaranteed|refund|refunds|money back|money-back|risk|worth it|not happy|satisf\w*)\b/i,
      text: `${MONEY_BACK_GUARANTEE} That is the guarantee the site offers; it applies to your first paid consultation.`,
    },
    {
      id: "how-it-works",
      matches: /\b(how does|how do|work|works|virtual|online|video|zoom|in person|in-person|face to face|session|sessions|process|coach|coaches|coaching)\b/i,
      text: `All of our coaching is virtual, by video call, so you can join from anywhere in Australia with no travel. After the free discovery call, you're matched with a coach who knows your kind of business, and sessions are booked in your own time zone.`,
    },
    {
      id: "services",
      matches:
        /\b(service|services|help|offer|strategy|strategic|plan|planning|operations?|operational|process|systems?|digital|software|app|technology|cash ?flow|growth|grow|marketing|sales|team|staff)\b/i,
      text: `Our coaching services: ${services.join(" ")} See [all services](/services).`,
    },
    {
      id: "clarityai",
      matches: /\b(clarity ?ai|ai|artificial|chatbot|24\/7|lite|pro|subscription|subscribe|plan|plans|monthly|annual)\b/i,
      text: `ClarityAI is our 24/7 AI business coach for Australian small businesses, sold by subscription: ${planPrices}. Prices are in Australian dollars and include GST, and you can cancel at any time.${lite ? ` ${lite.name} includes ${lite.dailyMessages} messages a day.` : ""}${pro ? ` ${pro.name} includes ${pro.dailyMessages} messages a day and can pass up to ${pro.monthlyEscalations} complex questions a month to our human experts, who follow up by email.` : ""} See [ClarityAI plans](/services/clarityai).`,
    },
    {
      id: "locations",
      matches:
        /\b(where|location|locations|located|office|offices|city|cities|state|states|australia|sydney|melbourne|brisbane|perth|adelaide|canberra|darwin|hobart|gold coast|newcastle|wollongong|geelong|townsville|cairns|toowoomba|time ?zones?|aest|aedt|acst|acdt|awst|daylight)\b/i,
      text: `We don't have offices: all coaching is by video, for businesses anywhere in Australia, and every session is booked in your local time (${zones}). See [the cities we work with](/locations).`,
    },
    {
      id: "availability",
      matches: /\b(available|availability|slot|slots|times?|when|today|tomorrow|this week|next week|weekend|evening|morning|hours|open)\b/i,
      text: `I can't see our coaches' calendars from here. The times on offer for the free discovery call are shown when you [book it](/booking). For anything else, ask our team: ${replyPromiseText()}`,
    },
    {
      id: "become-coach",
      matches: /\b(become|join|joining|recruit\w*|career|job|jobs|work for|apply|application|revenue share|coach network)\b/i,
      text: `Experienced business coaches can apply to join our network: coaches keep ${low}–${high}% of the revenue from their sessions and coach by video from anywhere in Australia. Read [Become a Coach](/become-coach) or [apply now](/coach-registration).`,
    },
    {
      id: "contact",
      matches: /\b(contact|email|phone|ring|number|reach|human|person|someone|team|address|abn)\b/i,
      text: `You can reach our team at ${BUSINESS.email} or on ${BUSINESS.phone} (${businessHoursText()}), or through the [contact page](/contact). ABN ${BUSINESS.abn}.`,
    },
    {
      id: "resources",
      matches: /\b(resource|resources|template|templates|checklist|download|free guide|guide|guides|blog|article|articles|learn|read)\b/i,
      text: `Free templates and checklists, such as a 13-week cash-flow forecast and a 90-day action plan, are on the [resources page](/resources), and practical guides are on [the blog](/blog).`,
    },
  ];
}
