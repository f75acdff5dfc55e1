import type { IconName } from "~/content/types";

export const CHALLENGES = [
  {
    title: "You are the bottleneck",
    body: "Every quote, invoice and staff question lands on your desk. The business can't grow past the hours you can work.",
  },
  {
    title: "Cash flow keeps you up at night",
    body: "Revenue looks fine on paper, but BAS time, supplier terms and slow-paying customers squeeze the bank balance.",
  },
  {
    title: "Too many tools, not enough system",
    body: "Spreadsheets, three apps that don't talk to each other and processes that live in one person's head.",
  },
  {
    title: "No time to plan",
    body: "You know you need a strategy for the next 12 months, but this week's fires always win.",
  },
] as const;

export const PILLARS: { title: string; to: string; icon: IconName; body: string }[] = [
  {
    title: "Strategic Planning",
    to: "/services/strategic-planning",
    icon: "compass",
    body: "A one-page plan for the next 12 months, with quarterly priorities your team can actually follow.",
  },
  {
    title: "Operational Improvement",
    to: "/services/operational-improvement",
    icon: "gear",
    body: "Map how work really flows, remove the double handling and win back the hours lost each week.",
  },
  {
    title: "Digital Systems",
    to: "/services/digital-systems",
    icon: "layers",
    body: "Choose and connect the right cloud tools — accounting, CRM, job management — so data is entered once.",
  },
  {
    title: "Software Solutions",
    to: "/services/software-solutions",
    icon: "code",
    body: "When off-the-shelf doesn't fit, we scope and oversee custom software that pays for itself.",
  },
];

// In a module of their own: the ClarityAI page shows one, without the rest of the home page.
export { AI_COACH_SAMPLES } from "./ai-coach-samples";

export const TESTIMONIALS = [
  {
    quote: "Within six weeks we had a proper weekly rhythm and I stopped working Saturdays. Our gross margin is up four points since we fixed quoting.",
    name: "Sarah M.",
    role: "Director, landscaping business, Newcastle NSW",
  },
  {
    quote: "The virtual sessions fit around school pick-up. Our coach helped us move off spreadsheets and our month-end close went from four days to one.",
    name: "Priya K.",
    role: "Co-owner, allied health clinic, Melbourne VIC",
  },
  {
    quote: "I use ClarityAI most nights to think through decisions before my coaching call. It's like having a sounding board that never sleeps.",
    name: "Tom R.",
    role: "Founder, e-commerce brand, Brisbane QLD",
  },
] as const;

export const INTERNAL_LINKS = [
  { label: "All coaching services", to: "/services" },
  { label: "ClarityAI, the 24/7 AI business coach", to: "/services/clarityai" },
  { label: "Strategic planning coaching", to: "/services/strategic-planning" },
  { label: "Operational improvement", to: "/services/operational-improvement" },
  { label: "Digital systems for small business", to: "/services/digital-systems" },
  { label: "Custom software solutions", to: "/services/software-solutions" },
  { label: "About our coaches", to: "/about" },
  { label: "Client case studies", to: "/case-studies" },
  { label: "Free resources and templates", to: "/resources" },
  { label: "Business coaching blog", to: "/blog" },
  { label: "Business coaching near you", to: "/locations" },
  { label: "Become a coach", to: "/become-coach" },
] as const;
