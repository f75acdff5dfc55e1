/**
 * Demo data for the marketing report (/admin/marketing): about 60 days of page views and
 * conversions, ending today in Sydney, over google / cpc, facebook / social, newsletter / email,
 * linkedin.com / social, google / organic and (direct) / (none), with a few campaigns and every
 * conversion type. Deterministic per day: each row's dedupe key is "seed:<day>:…", so seeding again
 * adds nothing for days already seeded (and fills in the days since). Used by scripts/seed.ts.
 */
import type { AttributionRecord, ForwardStatus, RecordedConversionType, Touch } from "../app/attribution/types";
import { sydneyDay, sydneyMidnight } from "../app/utils/sydney-time";

type Channel = {
  source: string;
  medium: string;
  campaigns: string[];
  /** Average page views a day. */
  views: number;
  /** Page views → inquiries. */
  inquiryRate: number;
  clickId?: "gclid" | "fbclid";
};

const CHANNELS: Channel[] = [
  { source: "google", medium: "cpc", campaigns: ["bookkeeping-sydney", "clarityai-brand"], views: 70, inquiryRate: 0.045, clickId: "gclid" },
  { source: "facebook", medium: "social", campaigns: ["spring-offer", "clarityai-launch"], views: 45, inquiryRate: 0.025, clickId: "fbclid" },
  { source: "newsletter", medium: "email", campaigns: ["monthly-tips"], views: 18, inquiryRate: 0.06 },
  { source: "linkedin.com", medium: "social", campaigns: ["(not set)"], views: 12, inquiryRate: 0.04 },
  { source: "google", medium: "organic", campaigns: ["(not set)"], views: 90, inquiryRate: 0.03 },
  { source: "(direct)", medium: "(none)", campaigns: ["(not set)"], views: 55, inquiryRate: 0.035 },
];

const PATHS = ["/", "/services", "/services/clarityai", "/contact", "/booking", "/blog/cash-flow-basics"];

const INQUIRIES: { type: RecordedConversionType; label: string; weight: number }[] = [
  { type: "CONTACT_FORM", label: "Contact form", weight: 4 },
  { type: "DISCOVERY_CALL_BOOKING", label: "Free discovery call", weight: 3 },
  { type: "BOOKING_SUBMISSION", label: "Virtual coaching session request", weight: 2 },
  { type: "PACKAGE_INQUIRY", label: "Business Clarity package inquiry", weight: 2 },
  { type: "SOFTWARE_INQUIRY", label: "ClarityAI for teams inquiry", weight: 1 },
];

const CHECKOUTS: { type: RecordedConversionType; label: string; cents: number }[] = [
  { type: "BEGIN_CHECKOUT", label: "ClarityAI Pro (monthly)", cents: 9_900 },
  { type: "BEGIN_CHECKOUT", label: "ClarityAI Lite (monthly)", cents: 4_900 },
  { type: "PACKAGE_CHECKOUT", label: "Business Clarity package", cents: 149_500 },
  { type: "PACKAGE_CHECKOUT", label: "Virtual coaching session", cents: 22_000 },
];

/** A small deterministic generator (mulberry32) seeded from a text. */
function random(seed: string) {
  let state = 2166136261;
  for (const char of seed) state = Math.imul(state ^ char.charCodeAt(0), 16777619);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** About `mean` (Poisson-like, from the generator). */
function around(next: () => number, mean: number): number {
  return Math.max(0, Math.round(mean * (0.6 + next() * 0.8)));
}

function pick<T>(next: () => number, items: readonly T[]): T {
  return items[Math.floor(next() * items.length)]!;
}

function sql(value: string | number | null): string {
  if (value === null) return "NULL";
  return typeof value === "number" ? String(value) : `'${value.replaceAll("'", "''")}'`;
}

function addDays(day: string, days: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

function touch(channel: Channel, campaign: string, landingPage: string, at: Date, next: () => number): Touch {
  const result: Touch = { source: channel.source, medium: channel.medium, campaign, landingPage, at: at.toISOString() };
  if (channel.clickId) result[channel.clickId] = `seed${Math.floor(next() * 1e9).toString(36)}`;
  if (channel.source === "linkedin.com") result.referrer = "https://www.linkedin.com/";
  return result;
}

/** INSERT statements for `days` days ending `today` (YYYY-MM-DD, Sydney): conversions and page view counters. */
export function marketingDemoStatements({ today = sydneyDay(new Date()), days = 60 } = {}): string[] {
  const statements: string[] = [];
  for (let offset = days - 1; offset >= 0; offset--) {
    const day = addDays(today, -offset);
    const [y, m, d] = day.split("-").map(Number) as [number, number, number];
    const midnight = sydneyMidnight(y, m, d).getTime();
    const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
    // Quieter weekends; the newsletter goes out on Tuesdays.
    const dayFactor = weekday === 0 || weekday === 6 ? 0.6 : 1;
    CHANNELS.forEach((channel, channelIndex) => {
      const next = random(`${day}:${channel.source}:${channel.medium}`);
      const factor = dayFactor * (channel.source === "newsletter" && weekday === 2 ? 3 : 1);
      for (const campaign of channel.campaigns) {
        const views = around(next, (channel.views * factor) / channel.campaigns.length);
        // Page views by path: most land on the home page and the services pages.
        let left = views;
        PATHS.forEach((path, i) => {
          const count = i === PATHS.length - 1 ? left : Math.min(left, Math.round(views * [0.4, 0.2, 0.15, 0.1, 0.08][i]!));
          left -= count;
          if (count > 0) {
            statements.push(
              `INSERT INTO page_view_counts (day, source, medium, campaign, path, views) VALUES (${[day, channel.source, channel.medium, campaign, path, count].map(sql).join(", ")}) ON CONFLICT DO NOTHING;`,
            );
          }
        });
        const inquiries = around(next, views * channel.inquiryRate);
        const checkouts = around(next, inquiries * 0.45);
        const rows: { type: RecordedConversionType; label: string; cents: number }[] = [];
        for (let i = 0; i < inquiries; i++) {
          const total = INQUIRIES.reduce((sum, item) => sum + item.weight, 0);
          let roll = next() * total;
          const inquiry = INQUIRIES.find((item) => (roll -= item.weight) < 0) ?? INQUIRIES[0]!;
          rows.push({ type: inquiry.type, label: inquiry.label, cents: 0 });
        }
        for (let i = 0; i < checkouts; i++) {
          const checkout = pick(next, CHECKOUTS);
          rows.push(checkout);
          // Most checkouts are paid for; a few are abandoned.
          if (next() < 0.7) rows.push({ type: "PAYMENT_COMPLETION", label: checkout.label, cents: checkout.cents });
        }
        let previousAt = midnight;
        rows.forEach((row, n) => {
          // A payment follows its checkout by a few minutes; everything else happens between 7 am and 10 pm.
          const at = new Date(row.type === "PAYMENT_COMPLETION" ? previousAt + 240_000 : midnight + Math.floor((7 + next() * 15) * 3_600_000));
          previousAt = at.getTime();
          const landingPage = pick(next, PATHS.slice(0, 3));
          const direct = channel.source === "(direct)";
          // A quarter of the campaign visitors first found the site through organic search or LinkedIn.
          const firstChannel =
            !direct && next() < 0.25
              ? CHANNELS[
                  pick(
                    next,
                    [3, 4].filter((i) => i !== channelIndex),
                  )
                ]!
              : channel;
          const firstCampaign = firstChannel === channel ? campaign : firstChannel.campaigns[0]!;
          const gpc = next() < 0.08;
          const sessionId = `seed-${day}-${channelIndex}-${campaign}-${n}`;
          const last = touch(channel, campaign, landingPage, at, next);
          const first = firstChannel === channel ? last : touch(firstChannel, firstCampaign, "/", new Date(at.getTime() - 3 * 86_400_000), next);
          const attribution: AttributionRecord | null = direct ? null : { v: 1, sessionId, first, last, touches: first === last ? 1 : 2, gpc };
          const roll = next();
          const status: ForwardStatus = gpc
            ? "withheld_gpc"
            : offset === 0 && roll < 0.3
              ? "pending"
              : roll < 0.7
                ? "forwarded"
                : roll < 0.75
                  ? "partly_forwarded"
                  : roll < 0.78
                    ? "failed"
                    : "not_forwarded";
          const values = [
            `seed-${crypto.randomUUID()}`,
            row.type,
            `seed:${day}:${channelIndex}:${campaign}:${n}`,
            row.label,
            row.cents,
            at.toISOString(),
            day,
            channel.source,
            channel.medium,
            campaign,
            firstChannel.source,
            firstChannel.medium,
            firstCampaign,
            attribution ? JSON.stringify(attribution) : null,
            attribution ? sessionId : null,
            gpc ? 1 : 0,
            status,
            status === "forwarded" || status === "partly_forwarded" ? at.toISOString() : null,
          ];
          statements.push(
            `INSERT INTO conversions (id, type, dedupe_key, label, value_cents, occurred_at, report_date, source, medium, campaign, first_source, first_medium, first_campaign, attribution, attribution_session, gpc, forward_status, forwarded_at) VALUES (${values.map(sql).join(", ")}) ON CONFLICT(dedupe_key) DO NOTHING;`,
          );
        });
      }
    });
  }
  return statements;
}
