import { env } from "cloudflare:workers";

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
