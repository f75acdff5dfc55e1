import type { AiPlan } from "~/billing/plans";
import type { IconName } from "~/content/types";
import { formatAud } from "~/utils/format";
import { CLARITYAI_PLANS, type ClarityAiPlanContent } from "./clarityai-plans";

// The ClarityAI page's content, in a module of its own: the other service pages do not load it.

export type ClarityAiContent = {
  features: { icon: IconName; title: string; body: string }[];
  exampleQuestions: string[];
  promptCategories: { name: string; prompts: { title: string; text: string }[] }[];
  plans: ClarityAiPlanContent[];
  faq: { question: string; answer: string }[];
};

const CLARITYAI_PRICE_QUESTION = "How much will ClarityAI cost?";

/** The ClarityAI FAQ with the configured prices stated in the pricing answer. */
export function clarityAiFaq(plans: readonly AiPlan[]): ClarityAiContent["faq"] {
  const aud = (amount: number) => `A${formatAud(amount)}`;
  const [first] = plans;
  const annualMonths = first ? Math.round(first.annualAud / first.monthlyAud) : 12;
  const free = 12 - annualMonths;
  const monthly = plans.map((plan) => `${plan.name} costs ${aud(plan.monthlyAud)} a month`).join(" and ");
  const annual = plans.map((plan) => aud(plan.annualAud)).join(" or ");
  const answer = [
    `${monthly}.`,
    free > 0
      ? `Pay annually and you pay for ${annualMonths} months instead of 12: ${annual} a year, ${free === 1 ? "1 month" : `${free} months`} free.`
      : `Annual plans cost ${annual} a year.`,
    "Prices are in Australian dollars and include GST, and every payment comes with a GST tax invoice.",
    "You can cancel at any time from the Billing tab of your profile; your plan stays active until the end of the period you've paid for.",
  ].join(" ");
  return CLARITYAI.faq.map((entry) => (entry.question === CLARITYAI_PRICE_QUESTION ? { ...entry, answer } : entry));
}

/** Content for the ClarityAI page and the ClarityAI section of the services overview. */
export const CLARITYAI: ClarityAiContent = {
  features: [
    {
      icon: "clock",
      title: "There 24/7",
      body: "Ask at 10 pm on a Sunday or 5 am before the tools go down. No appointment, no waiting for a call back.",
    },
    {
      icon: "compass",
      title: "Trained on our coaching playbooks",
      body: "The same frameworks our human coaches use for planning, pricing, cash flow, operations and people — not generic internet advice.",
    },
    {
      icon: "shield",
      title: "Made for Australian business",
      body: "Understands BAS and GST, super guarantee, Single Touch Payroll, modern awards and penalty rates, and the way Australian customers buy.",
    },
    {
      icon: "users",
      title: "Backed by human experts",
      body: "On the Pro plan, questions that need a person — a tricky restructure, a staffing dispute — can be escalated to our expert team.",
    },
  ],
  exampleQuestions: [
    "My BAS is due on the 28th and cash is tight. What are my options?",
    "Should I hire an apprentice or a second qualified tradie?",
    "Write a follow-up email for a $12,000 quote that's gone quiet.",
    "Which award probably covers my café staff, and what should I check with Fair Work?",
    "Help me prepare for a conversation with a team member who keeps running late.",
    "Our gross margin fell from 42% to 35%. Where should I look first?",
  ],
  promptCategories: [
    {
      name: "Strategy and planning",
      prompts: [
        { title: "90-day plan", text: "Build a 90-day plan for my [industry] business with three priorities and weekly actions." },
        { title: "Decision check", text: "Pressure-test this decision before I commit: [describe the decision]." },
      ],
    },
    {
      name: "Cash flow and finance",
      prompts: [
        { title: "BAS readiness", text: "Help me set aside GST and PAYG each month so BAS time isn't a shock." },
        { title: "Cash leak finder", text: "My revenue is [revenue range] but cash is always tight. Where should I look?" },
      ],
    },
    {
      name: "Operations",
      prompts: [
        { title: "Process clean-up", text: "Map [your process] step by step and show me where time is being lost." },
        { title: "Checklist writer", text: "Turn how we do [your process] into a one-page checklist my team can follow." },
      ],
    },
    {
      name: "Marketing and sales",
      prompts: [
        { title: "Ideal customer", text: "Describe what [your target audience] cares about and how to reach them on a small budget." },
        { title: "Quote follow-up", text: "Write a two-step follow-up for quotes that haven't been accepted after a week." },
      ],
    },
    {
      name: "Growth and customers",
      prompts: [
        { title: "Growth options", text: "Compare three ways to grow my [industry] business next year and what each would take." },
        { title: "Win-back offer", text: "Write a short offer to win back customers who haven't bought from us in six months." },
      ],
    },
    {
      name: "Team and people",
      prompts: [
        { title: "Hard conversation", text: "Help me plan a fair, calm conversation about [the issue] with a team member." },
        { title: "Role clarity", text: "Write a one-page role description for a new [role] in my [industry] business." },
      ],
    },
  ],
  plans: CLARITYAI_PLANS,
  faq: [
    {
      question: "Does ClarityAI replace my accountant, lawyer or coach?",
      answer:
        "No. ClarityAI gives general information and coaching, not financial, tax or legal advice. For lodgements, tax positions or legal disputes, talk to your registered tax or BAS agent or your lawyer — ClarityAI will help you arrive with better questions. It works best alongside human coaching, not instead of it.",
    },
    {
      question: "What's the difference between Lite and Pro?",
      answer:
        "Both plans give you the same 24/7 AI coach; Pro allows more messages a day. Pro also adds a human safety net: when a question is too complex or too important for AI alone, it can be escalated for expert review, and our team follows up with you by email.",
    },
    {
      question: CLARITYAI_PRICE_QUESTION,
      // The figures come from configuration: pages state them with clarityAiFaq(plans).
      answer:
        "Both plans are billed monthly or annually in Australian dollars, GST included, and an annual plan costs less than twelve monthly payments. The plans section of the ClarityAI page shows the current prices. You can cancel at any time from the Billing tab of your profile.",
    },
    {
      question: "Does ClarityAI know about my business?",
      answer:
        "It uses the industry in your profile to tailor its quick-start prompts and remembers what you've said within a conversation. It can't see your accounting software, bank accounts or emails — you share only what you type.",
    },
    {
      question: "How long are my conversations kept?",
      answer: "Conversations are deleted automatically after 3 months. You can start a fresh conversation at any time with the New Chat or Clear buttons.",
    },
    {
      question: "Where is my data processed?",
      answer:
        "To generate answers, your messages are sent to our AI provider, which processes them on servers outside Australia. Please don't include tax file numbers, bank details, health information or your customers' personal details in your questions. Our privacy policy explains how we handle personal information.",
    },
  ],
};
