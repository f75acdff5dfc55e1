import type { AppEnv } from "~/platform/env.server";
import { sydneyWallClock } from "~/utils/sydney-time";
import type { DestinationResult, ForwardedConversion } from "./types";

// Google Ads, through the Google Ads API's ConversionUploadService (enhanced conversions for leads
// and web): the only place that talks to it or to Google's OAuth token endpoint. A conversion is
// matched by its click id (gclid) and/or SHA-256 hashes of the normalised email and phone; one with
// neither is skipped. orderId (the conversion's id) lets Google drop a duplicate upload.

const TIMEOUT_MS = 10_000;

export type GoogleAdsSettings = {
  customerId: string;
  conversionActionId: string;
  developerToken: string;
  clientId: string;
  clientSecret: string;
  refreshToken: string;
  loginCustomerId: string | null;
  apiUrl: string;
  apiVersion: string;
  tokenUrl: string;
};

/** Customer ids are shown as 123-456-7890 in Google Ads; the API wants the digits. */
const digits = (id: string) => id.replace(/-/g, "");

export function googleAdsSettings(env: AppEnv): GoogleAdsSettings | null {
  const {
    GOOGLE_ADS_CUSTOMER_ID: customerId,
    GOOGLE_ADS_CONVERSION_ACTION_ID: conversionActionId,
    GOOGLE_ADS_DEVELOPER_TOKEN: developerToken,
    GOOGLE_ADS_CLIENT_ID: clientId,
    GOOGLE_ADS_CLIENT_SECRET: clientSecret,
    GOOGLE_ADS_REFRESH_TOKEN: refreshToken,
  } = env;
  if (!customerId || !conversionActionId || !developerToken || !clientId || !clientSecret || !refreshToken) return null;
  return {
    customerId: digits(customerId),
    conversionActionId,
    developerToken,
    clientId,
    clientSecret,
    refreshToken,
    loginCustomerId: env.GOOGLE_ADS_LOGIN_CUSTOMER_ID ? digits(env.GOOGLE_ADS_LOGIN_CUSTOMER_ID) : null,
    apiUrl: env.GOOGLE_ADS_API_URL.replace(/\/+$/, ""),
    apiVersion: env.GOOGLE_ADS_API_VERSION,
    tokenUrl: env.GOOGLE_OAUTH_TOKEN_URL,
  };
}

/** "yyyy-mm-dd hh:mm:ss+hh:mm" in Sydney time (AEST +10:00, AEDT +11:00), as Google Ads wants it. */
export function googleAdsDateTime(instant: Date): string {
  const parts = sydneyWallClock(instant);
  const offsetMinutes = Math.round(parts.offsetMs / 60_000);
  const sign = offsetMinutes < 0 ? "-" : "+";
  const abs = Math.abs(offsetMinutes);
  const offset = `${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}${offset}`;
}

/** The most recent Google Ads click of the session, if any. */
function gclidOf(conversion: ForwardedConversion): string | undefined {
  return conversion.attribution?.last.gclid ?? conversion.attribution?.first.gclid;
}

export function googleAdsBody(settings: GoogleAdsSettings, conversion: ForwardedConversion) {
  const { emailSha256, phoneSha256 } = conversion.identifiers;
  const gclid = gclidOf(conversion);
  const userIdentifiers = [...(emailSha256 ? [{ hashedEmail: emailSha256 }] : []), ...(phoneSha256 ? [{ hashedPhoneNumber: phoneSha256 }] : [])];
  return {
    conversions: [
      {
        conversionAction: `customers/${settings.customerId}/conversionActions/${settings.conversionActionId}`,
        conversionDateTime: googleAdsDateTime(conversion.occurredAt),
        conversionValue: conversion.valueCents / 100,
        currencyCode: conversion.currency,
        orderId: conversion.id,
        ...(gclid ? { gclid } : {}),
        ...(userIdentifiers.length ? { userIdentifiers } : {}),
      },
    ],
    partialFailure: true,
  };
}

type GoogleError = { error?: { status?: string } };
type UploadAnswer = { partialFailureError?: { code?: number; message?: string } };

async function jsonOf<T>(response: Response): Promise<T | null> {
  try {
    return (await response.json()) as T;
  } catch {
    return null;
  }
}

async function accessToken(settings: GoogleAdsSettings, fetcher: typeof fetch): Promise<{ token: string } | { status: number }> {
  const response = await fetcher(settings.tokenUrl, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "refresh_token",
      client_id: settings.clientId,
      client_secret: settings.clientSecret,
      refresh_token: settings.refreshToken,
    }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const answer = await jsonOf<{ access_token?: unknown }>(response);
  if (response.ok && typeof answer?.access_token === "string" && answer.access_token) return { token: answer.access_token };
  return { status: response.ok ? 502 : response.status };
}

export async function sendToGoogleAds(settings: GoogleAdsSettings, conversion: ForwardedConversion, fetcher: typeof fetch): Promise<DestinationResult> {
  const body = googleAdsBody(settings, conversion);
  if (!body.conversions[0]!.gclid && !body.conversions[0]!.userIdentifiers) return { skipped: "no click id or identifiers" };
  const token = await accessToken(settings, fetcher);
  if ("status" in token) return { status: token.status, error: "(OAuth token)" };
  const response = await fetcher(`${settings.apiUrl}/${settings.apiVersion}/customers/${settings.customerId}:uploadClickConversions`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Authorization: `Bearer ${token.token}`,
      "developer-token": settings.developerToken,
      ...(settings.loginCustomerId ? { "login-customer-id": settings.loginCustomerId } : {}),
    },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!response.ok) {
    const answer = await jsonOf<GoogleError>(response);
    return { status: response.status, ...(answer?.error?.status ? { error: answer.error.status.slice(0, 60) } : {}) };
  }
  // With partialFailure, a conversion Google refused comes back as a 200 with partialFailureError.
  const answer = await jsonOf<UploadAnswer>(response);
  const failure = answer?.partialFailureError;
  if (failure && (failure.code || failure.message))
    return { status: response.status, error: `partial failure: ${(failure.message ?? `code ${failure.code}`).slice(0, 200)}` };
  return { status: response.status };
}
