import { SHARE_TIERS } from "~/coach-network/share-tiers";
// Facts about the business that appear on many pages. One place, so a change is made once.
export const BUSINESS = {
  name: "ClarityAI Coaching",
  email: "hello@clarityai.com.au",
  phone: "1300 252 748",
  phoneHref: "tel:+611300252748",
  abn: "52 674 318 905",
  // The team works on Sydney time, which is AEST or AEDT by the date: the label holds all year.
  hours: "Monday to Friday, 9 am to 5 pm Sydney time",
  discoveryCallMinutes: 20,
  virtualCoachingFromPerHour: 150,
  traditionalCoachingPerHour: { low: 200, high: 500 },
  // The lowest and highest tier of the coach network's revenue share (app/coach-network/share-tiers.ts).
  coachRevenueShare: {
    low: Math.min(...SHARE_TIERS.map((tier) => tier.rateBp)) / 100,
    high: Math.max(...SHARE_TIERS.map((tier) => tier.rateBp)) / 100,
  },
  aiRetentionMonths: 3,
} as const;

/**
 * How enquiries are answered (a lead from any form or the Service Assistant): within this many
 * business days, Monday to Friday between these hours on the zone's clock, the state's public
 * holidays off. The Service Assistant promises it to each visitor who shares their details, with the
 * day and time it falls due, and the admin leads list shows it.
 */
export const ENQUIRY_REPLY = {
  businessDays: 1,
  opens: "09:00",
  closes: "17:00",
  timeZone: "Australia/Sydney",
  zoneName: "Sydney time",
  holidayState: "NSW",
} as const;

export const TRUST_CLAIMS = [
  { figure: "100+", label: "small businesses coached" },
  { figure: "95%", label: "see measurable results within 90 days" },
  { figure: "15 hrs", label: "saved per week, on average" },
  { figure: "98%", label: "client satisfaction" },
] as const;

export const MONEY_BACK_GUARANTEE = "Money-back guarantee: if your first paid consultation isn't worth it, tell us and we'll refund it in full.";
