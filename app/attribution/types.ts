// Attribution and conversions (SPEC §3): where a visitor came from, kept for the browser session,
// and the nine conversion types the business measures. Plain TypeScript, shared with the browser.

export const CONVERSION_TYPES = [
  "BOOKING_SUBMISSION",
  "PAYMENT_COMPLETION",
  "DISCOVERY_CALL_BOOKING",
  "BEGIN_CHECKOUT",
  "PAGE_VIEW",
  "CONTACT_FORM",
  "SOFTWARE_INQUIRY",
  "PACKAGE_INQUIRY",
  "PACKAGE_CHECKOUT",
] as const;
export type ConversionType = (typeof CONVERSION_TYPES)[number];

/** Every type but PAGE_VIEW is stored as a row; page views are daily counters per path and source. */
export type RecordedConversionType = Exclude<ConversionType, "PAGE_VIEW">;
export const RECORDED_CONVERSION_TYPES = CONVERSION_TYPES.filter((type): type is RecordedConversionType => type !== "PAGE_VIEW");

/** The report's funnel: page views → inquiries → checkouts → payments. Revenue is the payments' value. */
export const FUNNEL_STAGES = {
  inquiries: ["CONTACT_FORM", "SOFTWARE_INQUIRY", "PACKAGE_INQUIRY", "BOOKING_SUBMISSION", "DISCOVERY_CALL_BOOKING"],
  checkouts: ["BEGIN_CHECKOUT", "PACKAGE_CHECKOUT"],
  payments: ["PAYMENT_COMPLETION"],
} as const satisfies Record<string, readonly RecordedConversionType[]>;

/** What a visit without campaign parameters or an outside referrer is reported as (GA's convention). */
export const DIRECT = { source: "(direct)", medium: "(none)", campaign: "(not set)" } as const;
/**
 * Where page views beyond a day's first PAGE_VIEW_SOURCES_PER_DAY source / medium / campaign
 * combinations are counted (decision record 006): anyone can make up campaign values, and each
 * would otherwise keep counter rows for 13 months.
 */
export const OTHER_SOURCES = { source: "(other)", medium: "(other)", campaign: "(other)" } as const;
export const PAGE_VIEW_SOURCES_PER_DAY = 200;
/** What a conversion's attribution becomes when its account is deleted. */
export const REMOVED = { source: "(removed)", medium: "(removed)", campaign: "(removed)" } as const;

/** One arrival: from campaign parameters, a click id or an outside referrer. */
export type Touch = {
  source: string;
  medium: string;
  campaign: string;
  term?: string;
  content?: string;
  gclid?: string;
  fbclid?: string;
  /** The referring page's origin and path (never its query), when there was one. */
  referrer?: string;
  /** The path the visitor landed on (tracking parameters removed). */
  landingPage: string;
  /** ISO-8601 UTC. */
  at: string;
};

/** One browser session's attribution (in KV: app/attribution/capture.server.ts), and the snapshot a conversion keeps. */
export type AttributionRecord = {
  v: 1;
  sessionId: string;
  first: Touch;
  last: Touch;
  /** How many touches the session has had (first = 1). */
  touches: number;
  /** The browser sent Sec-GPC: 1: nothing about this visitor is forwarded to third parties. */
  gpc: boolean;
};

/** A conversion's stored attribution snapshot (JSON); null when absent or not a record. */
export function parseAttributionSnapshot(json: string | null): AttributionRecord | null {
  if (!json) return null;
  try {
    const record = JSON.parse(json) as Partial<AttributionRecord> | null;
    const valid =
      record &&
      typeof record === "object" &&
      record.v === 1 &&
      typeof record.sessionId === "string" &&
      typeof record.first === "object" &&
      typeof record.last === "object";
    return valid ? (record as AttributionRecord) : null;
  } catch {
    return null;
  }
}

export const FORWARD_STATUSES = ["pending", "forwarded", "partly_forwarded", "failed", "not_forwarded", "withheld_gpc"] as const;
export type ForwardStatus = (typeof FORWARD_STATUSES)[number];
export const FORWARD_DESTINATIONS = ["ga4", "google_ads", "meta"] as const;
export type ForwardDestination = (typeof FORWARD_DESTINATIONS)[number];

// What a conversion forwarding destination (GA4, Google Ads, Meta) is given and answers.

export type ForwardIdentifiers = { emailSha256?: string; phoneSha256?: string; metaEmailSha256?: string; metaPhoneSha256?: string };

/** What a destination is given: the conversion, never its user, with hashed identifiers only. */
export type ForwardedConversion = {
  id: string;
  type: RecordedConversionType;
  valueCents: number;
  currency: string;
  occurredAt: Date;
  /** The last touch's source, medium and campaign (the report's columns). */
  source: string;
  medium: string;
  campaign: string;
  attribution: AttributionRecord | null;
  /** The browser session's id, when there was one. */
  sessionId: string | null;
  identifiers: ForwardIdentifiers;
  /** The origin of PUBLIC_SITE_URL. */
  siteOrigin: string;
};

/** A destination's answer: left out on purpose, or the HTTP status (and the service's reason when a 2xx still failed). */
export type DestinationResult = { skipped: string } | { status: number; error?: string; transient?: boolean };
