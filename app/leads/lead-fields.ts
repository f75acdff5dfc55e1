// Options and limits of the lead form, safe for the browser bundle (no zod).
export const BUSINESS_TYPES = [
  "Trades and construction",
  "Retail and e-commerce",
  "Hospitality and food",
  "Professional services",
  "Health and wellbeing",
  "Creative and marketing",
  "Manufacturing",
  "Agriculture",
  "Other",
] as const;

export const LEAD_LIMITS = { name: 120, email: 254, company: 160, phone: 30, message: 2000 } as const;

/** Days a marketing-consent confirmation link works (double opt-in). */
export const CONSENT_LINK_DAYS = 7;
