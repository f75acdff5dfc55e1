import type { AppEnv } from "~/platform/env.server";
import type { DestinationResult, ForwardedConversion } from "./types";
import type { RecordedConversionType, Touch } from "./types";

// Meta (Facebook and Instagram ads), through the Conversions API: the only place that talks to it.
// An event is matched by the Facebook click id (fbc) and/or SHA-256 hashes of the normalised email
// and phone, and deduplicated against the pixel by event_id (the conversion's id). No IP address or
// user agent is sent (Meta calls them required for website events; without them matching relies on
// the click id and hashes alone). An event with nothing to match it by is skipped.

const TIMEOUT_MS = 10_000;
// Meta keeps each Graph API version for at least two years.
const GRAPH_API_VERSION = "v21.0";

export type MetaSettings = { pixelId: string; accessToken: string; testEventCode: string | null; apiUrl: string };

export function metaSettings(env: AppEnv): MetaSettings | null {
  if (!env.META_PIXEL_ID || !env.META_ACCESS_TOKEN) return null;
  return {
    pixelId: env.META_PIXEL_ID,
    accessToken: env.META_ACCESS_TOKEN,
    testEventCode: env.META_TEST_EVENT_CODE ?? null,
    apiUrl: env.META_GRAPH_API_URL.replace(/\/+$/, ""),
  };
}

/** Meta's standard events. */
export const META_EVENT_NAMES: Record<RecordedConversionType, string> = {
  CONTACT_FORM: "Lead",
  SOFTWARE_INQUIRY: "Lead",
  PACKAGE_INQUIRY: "Lead",
  BOOKING_SUBMISSION: "Lead",
  DISCOVERY_CALL_BOOKING: "Schedule",
  BEGIN_CHECKOUT: "InitiateCheckout",
  PACKAGE_CHECKOUT: "InitiateCheckout",
  PAYMENT_COMPLETION: "Purchase",
};

/** fb.1.<when the click id was first seen, in ms>.<fbclid>, as the pixel would have set it. */
function fbcOf(conversion: ForwardedConversion): string | undefined {
  const attribution = conversion.attribution;
  const touch: Touch | undefined = attribution?.last.fbclid ? attribution.last : attribution?.first.fbclid ? attribution.first : undefined;
  if (!touch?.fbclid) return undefined;
  const at = Date.parse(touch.at);
  return `fb.1.${Number.isFinite(at) ? at : conversion.occurredAt.getTime()}.${touch.fbclid}`;
}

export function metaBody(settings: MetaSettings, conversion: ForwardedConversion) {
  const { emailSha256, metaEmailSha256, metaPhoneSha256 } = conversion.identifiers;
  // Meta hashes the email as typed (lower-cased); the Google hash differs only for Gmail addresses with dots.
  const em = metaEmailSha256 ?? emailSha256;
  const fbc = fbcOf(conversion);
  const landingPage = conversion.attribution?.last.landingPage ?? "/";
  return {
    data: [
      {
        event_name: META_EVENT_NAMES[conversion.type],
        event_time: Math.floor(conversion.occurredAt.getTime() / 1000),
        event_id: conversion.id,
        action_source: "website",
        event_source_url: `${conversion.siteOrigin}${landingPage.startsWith("/") ? landingPage : `/${landingPage}`}`,
        user_data: {
          ...(em ? { em: [em] } : {}),
          ...(metaPhoneSha256 ? { ph: [metaPhoneSha256] } : {}),
          ...(fbc ? { fbc } : {}),
        },
        custom_data: { currency: conversion.currency, value: conversion.valueCents / 100 },
      },
    ],
    ...(settings.testEventCode ? { test_event_code: settings.testEventCode } : {}),
  };
}

type GraphError = { error?: { code?: number; is_transient?: boolean } };

export async function sendToMeta(settings: MetaSettings, conversion: ForwardedConversion, fetcher: typeof fetch): Promise<DestinationResult> {
  const body = metaBody(settings, conversion);
  if (Object.keys(body.data[0]!.user_data).length === 0) return { skipped: "no click id or identifiers" };
  const url = new URL(`${settings.apiUrl}/${GRAPH_API_VERSION}/${encodeURIComponent(settings.pixelId)}/events`);
  url.searchParams.set("access_token", settings.accessToken);
  const response = await fetcher(url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (response.ok) {
    await response.body?.cancel();
    return { status: response.status };
  }
  let answer: GraphError | null = null;
  try {
    answer = (await response.json()) as GraphError;
  } catch {
    // Not JSON: the status says enough.
  }
  // Meta reports throttling and its own hiccups as 4xx with is_transient: those are retried.
  return {
    status: response.status,
    ...(answer?.error?.code !== undefined ? { error: `code ${answer.error.code}` } : {}),
    ...(answer?.error?.is_transient ? { transient: true } : {}),
  };
}
