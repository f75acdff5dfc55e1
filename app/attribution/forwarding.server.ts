import { and, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { conversions } from "~/db/schema";
import type { JobHandler } from "~/jobs/handler.server";
import type { AppEnv } from "~/platform/env.server";
import { sha256Hex } from "~/utils/hex";
import { googleAdsSettings, sendToGoogleAds } from "./google-ads.server";
import { ga4Settings, sendToGa4 } from "./ga4.server";
import type { AttributionForwardJob } from "./jobs";
import { metaSettings, sendToMeta } from "./meta.server";
import {
  parseAttributionSnapshot,
  type DestinationResult,
  type ForwardDestination,
  type ForwardedConversion,
  type ForwardIdentifiers,
  type ForwardStatus,
  type RecordedConversionType,
} from "./types";

// Sends a recorded conversion to the advertising and analytics services that are configured (GA4,
// Google Ads, Meta), from the jobs queue. Each destination is one file that alone talks to its
// service; this module decides what is sent and keeps the outcome per destination on the row:
//   forward_detail {"ga4":"sent","google_ads":"skipped: no click id or identifiers","meta":"retrying: 503"}
// "sent", "skipped: …" and "failed: …" (the service refused it: a 4xx, never retried) are final;
// "retrying: …" (network error, timeout, 429 or 5xx) is not: the job throws after recording it,
// the queue delivers it again (3 retries, then the dead-letter queue and /admin/jobs, where a replay
// carries on), and only destinations not yet final are tried again. While any destination is
// retrying the conversion stays "pending"; then it becomes forwarded (all that applied were sent),
// partly_forwarded, failed (nothing sent, something refused) or not_forwarded (all skipped).
// Nothing is sent for a conversion made with Global Privacy Control. No IP address, user agent,
// user id or raw email or phone number ever leaves: only SHA-256 hashes of normalised identifiers.

/** A destination is on only when every one of its settings is present. */
export function configuredDestinations(env: AppEnv): ForwardDestination[] {
  const destinations: ForwardDestination[] = [];
  if (ga4Settings(env)) destinations.push("ga4");
  if (googleAdsSettings(env)) destinations.push("google_ads");
  if (metaSettings(env)) destinations.push("meta");
  return destinations;
}

/**
 * Hashed identifiers as the job carries them. emailSha256 and phoneSha256 follow Google's rules
 * (enhanced conversions); Meta normalises differently (dots in Gmail addresses kept, phone digits
 * without "+"), hence metaEmailSha256 and metaPhoneSha256.
 */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Trimmed and lower-cased; null when it is not an email address. */
export function normaliseEmail(email: string | null | undefined): string | null {
  const value = (email ?? "").trim().toLowerCase();
  return EMAIL.test(value) ? value : null;
}

/** Google's rule: Gmail ignores dots in the local part, so they are removed before hashing. */
export function normaliseEmailForGoogle(email: string | null | undefined): string | null {
  const value = normaliseEmail(email);
  if (!value) return null;
  const at = value.lastIndexOf("@");
  const [local, domain] = [value.slice(0, at), value.slice(at + 1)];
  return domain === "gmail.com" || domain === "googlemail.com" ? `${local.replaceAll(".", "")}@${domain}` : value;
}

/**
 * E.164 ("+61412345678"), reading a number without a country code as Australian: 04xx xxx xxx,
 * (02) xxxx xxxx, 412 345 678, 61 4xx…, +61 (0)4xx…, 0011 <country code> …. Spaces, dots, dashes and
 * brackets are ignored; anything else, or a number of the wrong length, gives null.
 */
export function normalisePhone(phone: string | null | undefined): string | null {
  const compact = (phone ?? "").trim().replace(/[\s().-]/g, "");
  if (!/^\+?\d+$/.test(compact)) return null;
  let international: string;
  if (compact.startsWith("+")) international = compact.slice(1);
  else if (compact.startsWith("0011")) international = compact.slice(4);
  else if (/^0[2-478]\d{8}$/.test(compact)) international = `61${compact.slice(1)}`;
  else if (/^[2-478]\d{8}$/.test(compact)) international = `61${compact}`;
  else if (/^61[2-478]\d{8}$/.test(compact)) international = compact;
  else return null;
  // "+61 (0)4…": the trunk 0 is not dialled from abroad.
  if (/^610[2-478]\d{8}$/.test(international)) international = `61${international.slice(3)}`;
  if (international.startsWith("61") && !/^61[2-478]\d{8}$/.test(international)) return null;
  return /^[1-9]\d{7,14}$/.test(international) ? `+${international}` : null;
}

/** SHA-256 hex of the normalised email and phone; anything empty or invalid is left out. */
export async function hashIdentifiers(contact?: { email?: string | null; phone?: string | null }): Promise<ForwardIdentifiers> {
  const identifiers: ForwardIdentifiers = {};
  const googleEmail = normaliseEmailForGoogle(contact?.email);
  const email = normaliseEmail(contact?.email);
  const phone = normalisePhone(contact?.phone);
  if (googleEmail) identifiers.emailSha256 = await sha256Hex(googleEmail);
  if (email) identifiers.metaEmailSha256 = await sha256Hex(email);
  if (phone) {
    identifiers.phoneSha256 = await sha256Hex(phone);
    identifiers.metaPhoneSha256 = await sha256Hex(phone.slice(1));
  }
  return identifiers;
}

type Outcome = { final: boolean; detail: string };

function outcomeOf(result: DestinationResult): Outcome {
  if ("skipped" in result) return { final: true, detail: `skipped: ${result.skipped}` };
  const { status, error, transient } = result;
  if (status >= 200 && status < 300 && !error) return { final: true, detail: "sent" };
  // A 2xx with an error: the service took the request but refused the conversion (Google Ads' partial failure).
  if (status >= 200 && status < 300) return { final: true, detail: `failed: ${error}` };
  const reason = error ? `${status} ${error}` : String(status);
  if (transient || status === 429 || status >= 500) return { final: false, detail: `retrying: ${reason}` };
  return { final: true, detail: `failed: ${reason}` };
}

function errorOutcome(error: unknown): Outcome {
  const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
  return { final: false, detail: `retrying: ${timedOut ? "timeout" : "network error"}` };
}

const SENDERS: Record<ForwardDestination, (env: AppEnv, conversion: ForwardedConversion, fetcher: typeof fetch) => Promise<DestinationResult>> = {
  ga4: (env, conversion, fetcher) => sendToGa4(ga4Settings(env)!, conversion, fetcher),
  google_ads: (env, conversion, fetcher) => sendToGoogleAds(googleAdsSettings(env)!, conversion, fetcher),
  meta: (env, conversion, fetcher) => sendToMeta(metaSettings(env)!, conversion, fetcher),
};

function isFinal(detail: string | undefined): boolean {
  return detail !== undefined && !detail.startsWith("retrying:");
}

function parseDetail(json: string | null): Partial<Record<ForwardDestination, string>> {
  if (!json) return {};
  try {
    const parsed: unknown = JSON.parse(json);
    return parsed && typeof parsed === "object" ? (parsed as Partial<Record<ForwardDestination, string>>) : {};
  } catch {
    return {};
  }
}

/** The conversion's status once every destination has a final outcome. */
function finalStatus(details: string[]): ForwardStatus {
  const sent = details.filter((detail) => detail === "sent").length;
  const failed = details.filter((detail) => detail.startsWith("failed:")).length;
  if (sent && failed) return "partly_forwarded";
  if (sent) return "forwarded";
  if (failed) return "failed";
  return "not_forwarded";
}

async function finish(db: Db, id: string, status: ForwardStatus, detail: Record<string, string> | null, forwardedAt: string | null) {
  await db
    .update(conversions)
    .set({ forwardStatus: status, forwardDetail: detail ? JSON.stringify(detail) : null, forwardedAt })
    .where(and(eq(conversions.id, id), eq(conversions.forwardStatus, "pending")));
}

/** The attribution.forward job: idempotent, and a redelivery only retries what is not final yet. */
export const forwardConversion: JobHandler<AttributionForwardJob> = async (job, { db, env, services: { fetch: fetcher } }) => {
  const row = await db.query.conversions.findFirst({ where: eq(conversions.id, job.conversionId) });
  // Deleted (retention, erasure) or already settled: nothing to do.
  if (!row || row.forwardStatus !== "pending") return;
  if (row.gpc) {
    await finish(db, row.id, "withheld_gpc", null, null);
    return;
  }
  const detail = parseDetail(row.forwardDetail);
  const due = configuredDestinations(env).filter((destination) => !isFinal(detail[destination]));
  const conversion: ForwardedConversion = {
    id: row.id,
    type: row.type as RecordedConversionType,
    valueCents: row.valueCents,
    currency: row.currency,
    occurredAt: new Date(row.occurredAt),
    source: row.source,
    medium: row.medium,
    campaign: row.campaign,
    attribution: parseAttributionSnapshot(row.attribution),
    sessionId: row.attributionSession,
    identifiers: job.identifiers,
    siteOrigin: new URL(env.PUBLIC_SITE_URL).origin,
  };
  const outcomes = await Promise.all(
    due.map(async (destination) => {
      try {
        return [destination, outcomeOf(await SENDERS[destination](env, conversion, fetcher))] as const;
      } catch (error) {
        return [destination, errorOutcome(error)] as const;
      }
    }),
  );
  for (const [destination, outcome] of outcomes) detail[destination] = outcome.detail;

  // Destinations no longer configured keep what they had; only those still configured count.
  const retrying = outcomes.filter(([, outcome]) => !outcome.final).map(([destination, outcome]) => `${destination} (${outcome.detail})`);
  const current = configuredDestinations(env).map((destination) => detail[destination]!);
  const recorded = Object.fromEntries(Object.entries(detail).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  if (retrying.length) {
    await finish(db, row.id, "pending", recorded, null);
    throw new Error(`attribution.forward: will retry ${retrying.join(", ")}`);
  }
  const status = finalStatus(current);
  const forwardedAt = status === "forwarded" || status === "partly_forwarded" ? new Date().toISOString() : null;
  await finish(db, row.id, status, Object.keys(recorded).length ? recorded : null, forwardedAt);
};
