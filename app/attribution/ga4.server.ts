import type { AppEnv } from "~/platform/env.server";
import type { DestinationResult, ForwardedConversion } from "./types";
import type { RecordedConversionType } from "./types";
import { DIRECT, REMOVED } from "./types";

// Google Analytics 4, through the Measurement Protocol: the only place that talks to it.
// One event per conversion, keyed to the browser session (client_id), never to a person: no
// user_id, IP address, email or phone number is sent, and ads personalisation is off for it.
// GA4 answers 2xx even to events it drops; its debug endpoint (/debug/mp/collect) explains why.

const TIMEOUT_MS = 10_000;

export type Ga4Settings = { measurementId: string; apiSecret: string; baseUrl: string };

export function ga4Settings(env: AppEnv): Ga4Settings | null {
  if (!env.GA4_MEASUREMENT_ID || !env.GA4_API_SECRET) return null;
  return { measurementId: env.GA4_MEASUREMENT_ID, apiSecret: env.GA4_API_SECRET, baseUrl: env.GA4_API_URL };
}

/**
 * GA4's recommended events. A discovery-call booking is a lead like the enquiries; every event also
 * carries the site's own type as the custom parameter conversion_type, so GA4 can tell them apart.
 */
export const GA4_EVENT_NAMES: Record<RecordedConversionType, string> = {
  CONTACT_FORM: "generate_lead",
  SOFTWARE_INQUIRY: "generate_lead",
  PACKAGE_INQUIRY: "generate_lead",
  BOOKING_SUBMISSION: "generate_lead",
  DISCOVERY_CALL_BOOKING: "generate_lead",
  BEGIN_CHECKOUT: "begin_checkout",
  PACKAGE_CHECKOUT: "begin_checkout",
  PAYMENT_COMPLETION: "purchase",
};

/** GA4 keeps event parameter values up to 100 characters. */
const clip = (value: string) => value.slice(0, 100);

export function ga4Body(conversion: ForwardedConversion) {
  const params: Record<string, string | number> = {
    currency: conversion.currency,
    value: conversion.valueCents / 100,
    conversion_type: conversion.type,
    engagement_time_msec: 1,
  };
  if (conversion.type === "PAYMENT_COMPLETION") params.transaction_id = conversion.id;
  // Campaign parameters only for a real source: GA4 works out direct visits itself.
  if (conversion.source !== DIRECT.source && conversion.source !== REMOVED.source) {
    params.source = clip(conversion.source);
    params.medium = clip(conversion.medium);
    if (conversion.campaign !== DIRECT.campaign) params.campaign = clip(conversion.campaign);
    const last = conversion.attribution?.last;
    if (last?.term) params.term = clip(last.term);
    if (last?.content) params.content = clip(last.content);
  }
  return {
    client_id: conversion.sessionId ?? conversion.id,
    timestamp_micros: conversion.occurredAt.getTime() * 1000,
    non_personalized_ads: true,
    events: [{ name: GA4_EVENT_NAMES[conversion.type], params }],
  };
}

export async function sendToGa4(settings: Ga4Settings, conversion: ForwardedConversion, fetcher: typeof fetch): Promise<DestinationResult> {
  const url = new URL(`${settings.baseUrl.replace(/\/+$/, "")}/mp/collect`);
  url.searchParams.set("measurement_id", settings.measurementId);
  url.searchParams.set("api_secret", settings.apiSecret);
  const response = await fetcher(url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(ga4Body(conversion)),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  await response.body?.cancel();
  return { status: response.status };
}
