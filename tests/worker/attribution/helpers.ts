import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { ATTRIBUTION_COOKIE, readAttributionCookie } from "~/attribution/capture.server";
import { fetchApp } from "../app";

// Shared by the attribution tests: ids and the conversions table as D1 answers it.

export const unique = () => crypto.randomUUID().slice(0, 8);

/** A conversions row, with its SQL column names. */
export type ConversionRow = {
  id: string;
  type: string;
  dedupe_key: string;
  label: string | null;
  value_cents: number;
  user_id: string | null;
  report_date: string;
  source: string;
  medium: string;
  campaign: string;
  first_source: string;
  first_medium: string;
  first_campaign: string;
  attribution: string | null;
  attribution_session: string | null;
  gpc: number;
  forward_status: string;
  forward_detail: string | null;
};

export async function conversionByKey(dedupeKey: string) {
  return env.DB.prepare("SELECT * FROM conversions WHERE dedupe_key = ?").bind(dedupeKey).first<ConversionRow>();
}

export async function conversionById(id: string) {
  return env.DB.prepare("SELECT * FROM conversions WHERE id = ?").bind(id).first<ConversionRow>();
}

export const BROWSER = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";

export type Landing = { cookie: string; sessionId: string; campaign: string };

/** A browser lands on /about from a campaign link; answers the attribution cookie it keeps. */
export async function land(source = "newsletter", medium = "email"): Promise<Landing> {
  const campaign = `Spring ${unique()}`;
  const query = new URLSearchParams({ utm_source: source, utm_medium: medium, utm_campaign: campaign });
  const response = await fetchApp(`/about?${query}`, {
    headers: { "User-Agent": BROWSER, Accept: "text/html", "Sec-Fetch-Dest": "document", "Sec-Fetch-Mode": "navigate" },
  });
  expect(response.status).toBe(200);
  const setCookie = response.headers.getSetCookie().find((c) => c.startsWith(`${ATTRIBUTION_COOKIE}=`));
  expect(setCookie, "attribution cookie").toBeDefined();
  const cookie = setCookie!.split(";")[0]!;
  const parsed = readAttributionCookie(new Request("http://localhost/", { headers: { Cookie: cookie } }));
  return { cookie, sessionId: parsed!.sessionId, campaign };
}
