// The ClarityAI plans as the plan cards describe them, apart from the rest of the ClarityAI page's
// content (clarityai.ts): the services overview and the profile's Billing tab show only these.

export type ClarityAiPlanContent = { id: "lite" | "pro"; name: string; tagline: string; features: string[] };

export const CLARITYAI_PLANS: ClarityAiPlanContent[] = [
  {
    id: "lite",
    name: "ClarityAI Lite",
    tagline: "Your always-on sounding board.",
    features: [
      "24/7 access to the AI coach, from any device",
      "Trained on our coaching playbooks",
      "Australian context: BAS, GST, super and awards",
      "Quick-start prompts tailored to your industry",
      "Conversations kept for 3 months, then deleted automatically",
    ],
  },
  {
    id: "pro",
    name: "ClarityAI Pro",
    tagline: "The AI coach, with human experts behind it.",
    features: [
      "Everything in Lite",
      "Escalate complex questions to our human experts",
      "Follow-up by email from our team on escalated questions",
      "Ideal alongside paid coaching sessions",
    ],
  },
];
