import { eq } from "drizzle-orm";
import type { AppContext } from "~/context.server";
import type { Db } from "~/db/client.server";
import { conversions } from "~/db/schema";
import type { JobMessage } from "~/jobs/messages";
import { hmacSha256, toHex } from "~/utils/hex";
import { sydneyDay } from "~/utils/sydney-time";
import { getAttribution, sendsGpc } from "./capture.server";
import { configuredDestinations, hashIdentifiers } from "./forwarding.server";
import { pageViewPath } from "./page-views.server";
import {
  DIRECT,
  parseAttributionSnapshot,
  RECORDED_CONVERSION_TYPES,
  type AttributionRecord,
  type ConversionType,
  type ForwardStatus,
  type RecordedConversionType,
} from "./types";

// Conversions (SPEC §3): each is recorded once per dedupe key with the attribution of the browser
// session it happened in (last touch in source/medium/campaign, first touch in first_*), and,
// when a third party is configured and the visitor did not send Global Privacy Control, handed to
// the attribution.forward job with only hashed identifiers. Page views are daily counters instead.

export type ConversionInput = {
  type: ConversionType;
  /** What makes two attempts the same conversion (a retried form, a redelivered webhook): recorded once. */
  dedupeKey: string;
  /** AUD cents, GST included; a whole number, 0 or more. */
  valueCents?: number;
  label?: string;
  userId?: string | null;
  /** Hashed for the forward job only; never stored with the conversion. */
  contact?: { email?: string | null; phone?: string | null };
  /** The session's attribution; by default read for `request` (null: a direct visit). */
  attribution?: AttributionRecord | null;
  request?: Request;
  occurredAt?: Date;
  /** Already known to have asked not to be tracked (e.g. a payment whose checkout was begun with GPC). */
  gpc?: boolean;
};

export type ConversionResult = { id: string | null; recorded: boolean };

/** What storing a conversion needs of the context (a request's, a webhook delivery's or a job's). */
export type ConversionContext = Pick<AppContext, "db" | "env" | "services">;

const MAX_DEDUPE_KEY = 300;
const MAX_LABEL = 200;

/**
 * Records one conversion. PAGE_VIEW adds to the day's counter for the request's path. Every other
 * type is one row per dedupe key: a second call with the same key changes nothing and answers
 * `recorded: false` with the first call's id. A newly recorded conversion that may be forwarded
 * enqueues its forward job; failing to enqueue is logged and never fails the caller.
 */
export async function recordConversion(context: AppContext, input: ConversionInput): Promise<ConversionResult> {
  const attribution = input.attribution !== undefined ? input.attribution : input.request ? await getAttribution(context, input.request) : null;
  if (input.type === "PAGE_VIEW") {
    if (!input.request) throw new Error("recordConversion: a page view needs its request");
    const touch = attribution?.last ?? DIRECT;
    const ctx = context.cloudflare.ctx;
    context.isolate.pageViews.count(
      { db: context.db, waitUntil: (promise) => ctx.waitUntil(promise) },
      {
        path: pageViewPath(new URL(input.request.url).pathname),
        source: touch.source,
        medium: touch.medium,
        campaign: touch.campaign,
        at: input.occurredAt ?? context.services.clock.now(),
      },
    );
    return { id: null, recorded: true };
  }
  return storeConversion(context, { ...input, type: input.type, attribution });
}

function checkInput(input: ConversionInput): asserts input is ConversionInput & { type: RecordedConversionType } {
  if (!(RECORDED_CONVERSION_TYPES as readonly string[]).includes(input.type)) throw new Error(`recordConversion: unknown type ${String(input.type)}`);
  if (typeof input.dedupeKey !== "string" || input.dedupeKey.length === 0 || input.dedupeKey.length > MAX_DEDUPE_KEY) {
    throw new Error("recordConversion: the dedupe key must be 1 to 300 characters");
  }
  const value = input.valueCents ?? 0;
  if (!Number.isSafeInteger(value) || value < 0) throw new Error("recordConversion: the value must be a whole number of cents, 0 or more");
  if (input.occurredAt && Number.isNaN(input.occurredAt.getTime())) throw new Error("recordConversion: occurredAt is not a valid date");
}

/** Records a conversion whose attribution is already known (null: direct). See recordConversion. */
export async function storeConversion(
  context: ConversionContext,
  input: ConversionInput & { type: RecordedConversionType; attribution: AttributionRecord | null },
): Promise<ConversionResult> {
  checkInput(input);
  const occurredAt = input.occurredAt ?? context.services.clock.now();
  const attribution = input.attribution;
  const gpc = Boolean(attribution?.gpc || input.gpc || (input.request && sendsGpc(input.request)));
  const destinations = configuredDestinations(context.env);
  const forwardStatus: ForwardStatus = destinations.length === 0 ? "not_forwarded" : gpc ? "withheld_gpc" : "pending";
  const last = attribution?.last ?? DIRECT;
  const first = attribution?.first ?? DIRECT;
  const id = crypto.randomUUID();

  const inserted = await context.db
    .insert(conversions)
    .values({
      id,
      type: input.type,
      dedupeKey: input.dedupeKey,
      label: input.label ? input.label.slice(0, MAX_LABEL) : null,
      valueCents: input.valueCents ?? 0,
      currency: "AUD",
      userId: input.userId ?? null,
      occurredAt: occurredAt.toISOString(),
      reportDate: sydneyDay(occurredAt),
      source: last.source,
      medium: last.medium,
      campaign: last.campaign,
      firstSource: first.source,
      firstMedium: first.medium,
      firstCampaign: first.campaign,
      // The snapshot says what was decided about GPC, so a later conversion copied from it (a
      // payment from its checkout) decides the same.
      attribution: attribution ? JSON.stringify({ ...attribution, gpc }) : null,
      attributionSession: attribution?.sessionId ?? null,
      gpc,
      forwardStatus,
    })
    .onConflictDoNothing({ target: conversions.dedupeKey })
    .returning({ id: conversions.id });

  if (inserted.length === 0) {
    const existing = await context.db.select({ id: conversions.id }).from(conversions).where(eq(conversions.dedupeKey, input.dedupeKey)).get();
    return { id: existing?.id ?? null, recorded: false };
  }
  if (forwardStatus === "pending") await enqueueForward(context, id, input.contact, destinations);
  return { id, recorded: true };
}

async function enqueueForward(context: ConversionContext, conversionId: string, contact: ConversionInput["contact"], destinations: readonly string[]) {
  try {
    const job: JobMessage = { type: "attribution.forward", version: 1, conversionId, identifiers: await hashIdentifiers(contact) };
    await context.services.jobs.send(job);
  } catch (error) {
    // Only the conversion's id goes to the log. The row says it was never sent, for the report.
    console.warn(`attribution: could not enqueue forwarding of conversion ${conversionId}:`, error instanceof Error ? error.name : "unknown error");
    const detail = Object.fromEntries(destinations.map((destination) => [destination, "failed: could not be queued for sending"]));
    await context.db
      .update(conversions)
      .set({ forwardStatus: "failed", forwardDetail: JSON.stringify(detail) })
      .where(eq(conversions.id, conversionId))
      .run()
      .catch(() => undefined);
  }
}

/** The attribution recorded with the conversion of this dedupe key (e.g. a checkout's, for its payment). */
export async function conversionAttributionByKey(db: Db, dedupeKey: string): Promise<AttributionRecord | null> {
  return (await conversionOriginByKey(db, dedupeKey))?.attribution ?? null;
}

/** The attribution and the GPC decision of the conversion of this dedupe key; null when there is none. */
export async function conversionOriginByKey(db: Db, dedupeKey: string): Promise<{ attribution: AttributionRecord | null; gpc: boolean } | null> {
  const row = await db
    .select({ attribution: conversions.attribution, gpc: conversions.gpc })
    .from(conversions)
    .where(eq(conversions.dedupeKey, dedupeKey))
    .get();
  return row ? { attribution: parseAttributionSnapshot(row.attribution), gpc: row.gpc } : null;
}

function normalised(text: string): string {
  return text.trim().replace(/\s+/g, " ").toLowerCase();
}

/**
 * The dedupe key of a form conversion: the same details sent to the same form on the same Sydney
 * day are one conversion (a retried or double-clicked submission). The details are reduced to an
 * HMAC keyed with the site's secret, so the key cannot be matched back to an address by hashing guesses.
 */
export async function formConversionKey(secret: string, form: string, details: readonly (string | null | undefined)[], at = new Date()): Promise<string> {
  const message = details.map((detail) => normalised(detail ?? "")).join("\u0000");
  const mac = await hmacSha256(secret, `conversion:${form}\u0000${message}`);
  return `lead:${form}:${toHex(mac)}:${sydneyDay(at)}`;
}
