import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { expect, inject, test, vi } from "vitest";
import { configuredDestinations, forwardConversion, hashIdentifiers } from "~/attribution/forwarding.server";
import { AttributionForwardJobSchema } from "~/attribution/jobs";
import type { AttributionRecord, RecordedConversionType } from "~/attribution/types";
import { createDb } from "~/db/client.server";
import { createAppContext } from "~/create-context.server";
import { conversions } from "~/db/schema";
import { readEnv } from "~/platform/env.server";
import type { FakeApi, RecordedRequest } from "../../fakes/analytics-server";
import { allowConsoleErrors } from "../../console-errors";
import { deliverJobs } from "../queue";

// Forwarding conversions to GA4, Google Ads and Meta, against the fake in tests/fakes/analytics-server.ts.
// Each test configures its own ids (one random number in all of them), so it reads back only the
// requests it caused.

const db = createDb(env.DB);
const fakeUrl = () => inject("fakeAnalyticsUrl");

const RAW_EMAIL = "Jane.Citizen@Gmail.com";
const RAW_PHONE = "0412 345 678";

/** Bindings with every destination configured, all ids containing `key`. */
function configured(extra: Record<string, string> = {}) {
  const key = String(1_000_000_000 + Math.floor(Math.random() * 8_999_999_999));
  const bindings = {
    ...env,
    GA4_MEASUREMENT_ID: `G-${key}`,
    GA4_API_SECRET: "ga4-secret-value",
    GA4_API_URL: fakeUrl(),
    GOOGLE_ADS_CUSTOMER_ID: `${key.slice(0, 3)}-${key.slice(3, 6)}-${key.slice(6)}`,
    GOOGLE_ADS_CONVERSION_ACTION_ID: "987654321",
    GOOGLE_ADS_DEVELOPER_TOKEN: "developer-token-value",
    GOOGLE_ADS_CLIENT_ID: `${key}.apps.googleusercontent.com`,
    GOOGLE_ADS_CLIENT_SECRET: "client-secret-value",
    GOOGLE_ADS_REFRESH_TOKEN: "1//refresh-token-value",
    GOOGLE_ADS_LOGIN_CUSTOMER_ID: "111-222-3333",
    GOOGLE_ADS_API_URL: fakeUrl(),
    GOOGLE_OAUTH_TOKEN_URL: `${fakeUrl()}/token`,
    META_PIXEL_ID: key,
    META_ACCESS_TOKEN: "meta-access-token-value",
    META_TEST_EVENT_CODE: "TEST12345",
    META_GRAPH_API_URL: fakeUrl(),
    ...extra,
  } as Env;
  return { key, bindings, appEnv: readEnv(bindings) };
}

function attribution(sessionId: string, touch: Partial<AttributionRecord["last"]> = {}): AttributionRecord {
  const last = { source: "google", medium: "cpc", campaign: "autumn-coaching", landingPage: "/services/clarityai", at: "2026-01-15T02:00:00.000Z", ...touch };
  return { v: 1, sessionId, first: last, last, touches: 1, gpc: false };
}

async function insertConversion(
  options: { type?: RecordedConversionType; valueCents?: number; gpc?: boolean; record?: AttributionRecord | null; occurredAt?: string } = {},
) {
  const id = crypto.randomUUID();
  const record = options.record === undefined ? attribution(`sess-${id}`, { gclid: "Cj0KCQ-test-gclid", fbclid: "IwAR-test-fbclid" }) : options.record;
  const last = record?.last ?? { source: "(direct)", medium: "(none)", campaign: "(not set)" };
  await db.insert(conversions).values({
    id,
    type: options.type ?? "PAYMENT_COMPLETION",
    dedupeKey: `test:${id}`,
    valueCents: options.valueCents ?? 14_900,
    occurredAt: options.occurredAt ?? "2026-01-15T03:04:05.000Z",
    reportDate: "2026-01-15",
    source: last.source,
    medium: last.medium,
    campaign: last.campaign,
    firstSource: last.source,
    firstMedium: last.medium,
    firstCampaign: last.campaign,
    attribution: record ? JSON.stringify(record) : null,
    attributionSession: record?.sessionId ?? null,
    gpc: options.gpc ?? false,
    forwardStatus: "pending",
  });
  return id;
}

/** The job as the queue consumer sees it: parsed by its schema. */
async function jobFor(conversionId: string, contact: { email?: string; phone?: string } = { email: RAW_EMAIL, phone: RAW_PHONE }) {
  return AttributionForwardJobSchema.parse({ type: "attribution.forward", version: 1, conversionId, identifiers: await hashIdentifiers(contact) });
}

function run(job: Awaited<ReturnType<typeof jobFor>>, bindings: Env, fetcher: typeof fetch = fetch) {
  return forwardConversion(job, createAppContext(bindings, { fetch: fetcher }));
}

async function requestsFor(key: string, api?: FakeApi): Promise<RecordedRequest[]> {
  const all = (await (await fetch(`${fakeUrl()}/__requests?key=${key}`)).json()) as RecordedRequest[];
  return api ? all.filter((request) => request.api === api) : all;
}

async function failNext(api: FakeApi, key: string, status: number, body?: unknown) {
  const response = await fetch(`${fakeUrl()}/__fail`, { method: "POST", body: JSON.stringify({ api, key, status, body }) });
  expect(response.status).toBe(204);
}

async function rowOf(id: string) {
  const row = await db.query.conversions.findFirst({ where: eq(conversions.id, id) });
  return {
    status: row?.forwardStatus,
    detail: row?.forwardDetail ? (JSON.parse(row.forwardDetail) as Record<string, string>) : null,
    forwardedAt: row?.forwardedAt,
  };
}

async function sha256(text: string) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

test("a destination counts only with all its settings; with none configured nothing is sent", async () => {
  expect(configuredDestinations(readEnv(env))).toEqual([]);
  expect(configuredDestinations(configured().appEnv)).toEqual(["ga4", "google_ads", "meta"]);
  expect(configuredDestinations(configured({ GA4_API_SECRET: "", GOOGLE_ADS_REFRESH_TOKEN: "" }).appEnv)).toEqual(["meta"]);
  expect(configuredDestinations(configured({ META_ACCESS_TOKEN: "", GOOGLE_ADS_DEVELOPER_TOKEN: "" }).appEnv)).toEqual(["ga4"]);

  const id = await insertConversion();
  const fetcher = vi.fn(fetch);
  await run(await jobFor(id), env, fetcher);

  expect(fetcher).not.toHaveBeenCalled();
  expect(await rowOf(id)).toEqual({ status: "not_forwarded", detail: null, forwardedAt: null });
});

test("a pending conversion goes to GA4, Google Ads and Meta in their shapes, with hashed identifiers only, once", async () => {
  const { key, bindings } = configured();
  const id = await insertConversion();
  await run(await jobFor(id), bindings);

  const row = await rowOf(id);
  expect(row).toEqual({ status: "forwarded", detail: { ga4: "sent", google_ads: "sent", meta: "sent" }, forwardedAt: expect.any(String) });

  const [ga4] = await requestsFor(key, "ga4");
  expect(ga4).toMatchObject({ path: "/mp/collect", query: { measurement_id: `G-${key}`, api_secret: "ga4-secret-value" }, status: 204 });
  expect(JSON.parse(ga4!.body)).toEqual({
    client_id: `sess-${id}`,
    timestamp_micros: Date.parse("2026-01-15T03:04:05.000Z") * 1000,
    non_personalized_ads: true,
    events: [
      {
        name: "purchase",
        params: {
          currency: "AUD",
          value: 149,
          transaction_id: id,
          conversion_type: "PAYMENT_COMPLETION",
          source: "google",
          medium: "cpc",
          campaign: "autumn-coaching",
          engagement_time_msec: 1,
        },
      },
    ],
  });

  const [token] = await requestsFor(key, "oauth");
  expect(Object.fromEntries(new URLSearchParams(token!.body))).toEqual({
    grant_type: "refresh_token",
    client_id: `${key}.apps.googleusercontent.com`,
    client_secret: "client-secret-value",
    refresh_token: "1//refresh-token-value",
  });

  const [ads] = await requestsFor(key, "google_ads");
  expect(ads).toMatchObject({
    path: `/v23/customers/${key}:uploadClickConversions`,
    status: 200,
    headers: { "developer-token": "developer-token-value", "login-customer-id": "1112223333", authorization: expect.stringMatching(/^Bearer ya29\.fake-/) },
  });
  expect(JSON.parse(ads!.body)).toEqual({
    conversions: [
      {
        conversionAction: `customers/${key}/conversionActions/987654321`,
        // 3:04 am UTC on 15 January is 2:04 pm in Sydney (AEDT).
        conversionDateTime: "2026-01-15 14:04:05+11:00",
        conversionValue: 149,
        currencyCode: "AUD",
        orderId: id,
        gclid: "Cj0KCQ-test-gclid",
        userIdentifiers: [{ hashedEmail: await sha256("janecitizen@gmail.com") }, { hashedPhoneNumber: await sha256("+61412345678") }],
      },
    ],
    partialFailure: true,
  });

  const [meta] = await requestsFor(key, "meta");
  expect(meta).toMatchObject({ path: `/v21.0/${key}/events`, query: { access_token: "meta-access-token-value" }, status: 200 });
  const metaBody = JSON.parse(meta!.body) as { data: Record<string, unknown>[]; test_event_code: string };
  expect(metaBody.test_event_code).toBe("TEST12345");
  expect(metaBody.data).toEqual([
    {
      event_name: "Purchase",
      event_time: Date.parse("2026-01-15T03:04:05.000Z") / 1000,
      event_id: id,
      action_source: "website",
      event_source_url: "http://localhost:8787/services/clarityai",
      user_data: {
        em: [await sha256("jane.citizen@gmail.com")],
        ph: [await sha256("61412345678")],
        fbc: `fb.1.${Date.parse("2026-01-15T02:00:00.000Z")}.IwAR-test-fbclid`,
      },
      custom_data: { currency: "AUD", value: 149 },
    },
  ]);

  // No raw identifier, IP address or user agent in any request, URL or header.
  const everything = JSON.stringify(await requestsFor(key)).toLowerCase();
  for (const raw of ["jane.citizen", "janecitizen@", "412345678", "412 345 678", "client_ip_address", "client_user_agent", "user_id"]) {
    expect(everything).not.toContain(raw);
  }

  // Redelivered: nothing is sent twice and the row is unchanged.
  await run(await jobFor(id), bindings);
  expect((await requestsFor(key)).map((request) => request.api).sort()).toEqual(["ga4", "google_ads", "meta", "oauth"]);
  expect(await rowOf(id)).toEqual(row);
});

test("Meta gets identifiers in its own normalisation when the job carries them", async () => {
  const { key, bindings } = configured();
  const id = await insertConversion({ type: "DISCOVERY_CALL_BOOKING", valueCents: 0 });
  const identifiers = await hashIdentifiers({ email: RAW_EMAIL, phone: RAW_PHONE });
  await run({ type: "attribution.forward", version: 1, conversionId: id, identifiers }, bindings);

  const [meta] = await requestsFor(key, "meta");
  const [event] = (JSON.parse(meta!.body) as { data: { event_name: string; user_data: Record<string, unknown> }[] }).data;
  expect(event!.event_name).toBe("Schedule");
  expect(event!.user_data).toMatchObject({ em: [await sha256("jane.citizen@gmail.com")], ph: [await sha256("61412345678")] });
  const [ga4] = await requestsFor(key, "ga4");
  expect(JSON.parse(ga4!.body).events[0]).toMatchObject({ name: "generate_lead", params: { value: 0, conversion_type: "DISCOVERY_CALL_BOOKING" } });
});

test("a conversion made with Global Privacy Control is never sent anywhere", async () => {
  const { key, bindings } = configured();
  const id = await insertConversion({ gpc: true });
  const fetcher = vi.fn(fetch);
  await run(await jobFor(id), bindings, fetcher);

  expect(fetcher).not.toHaveBeenCalled();
  expect(await requestsFor(key)).toEqual([]);
  expect(await rowOf(id)).toEqual({ status: "withheld_gpc", detail: null, forwardedAt: null });
});

test("without a click id or identifiers Google Ads and Meta are skipped and GA4 still counts a direct visit", async () => {
  const { key, bindings } = configured();
  const id = await insertConversion({ type: "CONTACT_FORM", valueCents: 0, record: null });
  await run(await jobFor(id, {}), bindings);

  expect(await rowOf(id)).toEqual({
    status: "forwarded",
    detail: { ga4: "sent", google_ads: "skipped: no click id or identifiers", meta: "skipped: no click id or identifiers" },
    forwardedAt: expect.any(String),
  });
  const sent = await requestsFor(key);
  expect(sent.map((request) => request.api)).toEqual(["ga4"]);
  const body = JSON.parse(sent[0]!.body);
  // No session: the conversion's id stands in for GA4's client id; a direct visit has no campaign parameters.
  expect(body.client_id).toBe(id);
  expect(body.events[0]).toEqual({ name: "generate_lead", params: { currency: "AUD", value: 0, conversion_type: "CONTACT_FORM", engagement_time_msec: 1 } });
});

test("a 500 from one destination: the others are sent, the job is retried, and the retry sends only that one", async () => {
  const errors = allowConsoleErrors();
  const { key, bindings } = configured();
  const id = await insertConversion({ type: "BEGIN_CHECKOUT", valueCents: 4_900 });
  const body = await jobFor(id);
  await failNext("meta", key, 500);

  const first = await deliverJobs([body], { bindings });
  expect(first.retryMessages).toHaveLength(1);
  expect(first.explicitAcks).toEqual([]);
  expect(errors).toEqual([expect.stringMatching(/^jobs: failed, will retry .*attribution\.forward: will retry meta \(retrying: 500/)]);
  expect(await rowOf(id)).toEqual({ status: "pending", detail: { ga4: "sent", google_ads: "sent", meta: "retrying: 500 code 500" }, forwardedAt: null });

  const second = await deliverJobs([body], { bindings });
  expect(second.explicitAcks).toHaveLength(1);
  expect(second.retryMessages).toEqual([]);
  const seen = (await requestsFor(key)).map((request) => `${request.api} ${request.status}`);
  // The destinations are sent to side by side: the first delivery's order varies.
  expect(seen.slice(0, 4).sort()).toEqual(["ga4 204", "google_ads 200", "meta 500", "oauth 200"]);
  expect(seen.slice(4)).toEqual(["meta 200"]);
  expect(await rowOf(id)).toEqual({ status: "forwarded", detail: { ga4: "sent", google_ads: "sent", meta: "sent" }, forwardedAt: expect.any(String) });
  const [, retried] = await requestsFor(key, "meta");
  expect(JSON.parse(retried!.body).data[0]).toMatchObject({ event_name: "InitiateCheckout", event_id: id });
});

test("a 400 is final: that destination is failed, the others sent, and the job is not retried", async () => {
  const { key, bindings } = configured();
  const id = await insertConversion();
  await failNext("google_ads", key, 400, { error: { code: 400, status: "INVALID_ARGUMENT" } });

  await expect(run(await jobFor(id), bindings)).resolves.toBeUndefined();
  expect(await rowOf(id)).toEqual({
    status: "partly_forwarded",
    detail: { ga4: "sent", google_ads: "failed: 400 INVALID_ARGUMENT", meta: "sent" },
    forwardedAt: expect.any(String),
  });
  await run(await jobFor(id), bindings);
  expect(await requestsFor(key, "google_ads")).toHaveLength(1);
});

test("Google Ads' partial failure and a refused OAuth token are failures; nothing sent at all is 'failed'", async () => {
  const { key, bindings } = configured({ META_ACCESS_TOKEN: "", GA4_API_SECRET: "" });
  const id = await insertConversion();
  await failNext("google_ads", key, 200);
  await run(await jobFor(id), bindings);
  expect(await rowOf(id)).toEqual({
    status: "failed",
    detail: { google_ads: expect.stringMatching(/^failed: partial failure: The click is too old/) },
    forwardedAt: null,
  });

  const other = await insertConversion();
  await failNext("oauth", key, 400, { error: "invalid_grant" });
  await run(await jobFor(other), bindings);
  expect(await rowOf(other)).toMatchObject({ status: "failed", detail: { google_ads: "failed: 400 (OAuth token)" } });
});

test("an unreachable or silent destination is retried; Meta's transient errors are retried too", async () => {
  const ga4Only = configured({ GOOGLE_ADS_DEVELOPER_TOKEN: "", META_ACCESS_TOKEN: "" });
  const id = await insertConversion();
  const unreachable = vi.fn<typeof fetch>(async () => {
    throw new TypeError("Network connection lost.");
  });
  await expect(run(await jobFor(id), ga4Only.bindings, unreachable)).rejects.toThrow("attribution.forward: will retry ga4 (retrying: network error)");
  expect(await rowOf(id)).toEqual({ status: "pending", detail: { ga4: "retrying: network error" }, forwardedAt: null });
  const silent = vi.fn<typeof fetch>(async () => {
    throw new DOMException("The operation was aborted due to timeout", "TimeoutError");
  });
  await expect(run(await jobFor(id), ga4Only.bindings, silent)).rejects.toThrow("ga4 (retrying: timeout)");
  // Each fetch is bounded by a timeout signal.
  expect(silent.mock.calls[0]![1]!.signal).toBeInstanceOf(AbortSignal);
  await run(await jobFor(id), ga4Only.bindings);
  expect(await rowOf(id)).toMatchObject({ status: "forwarded", detail: { ga4: "sent" } });

  const { key, bindings } = configured();
  const other = await insertConversion();
  await failNext("meta", key, 400, { error: { code: 2, is_transient: true } });
  await expect(run(await jobFor(other), bindings)).rejects.toThrow("meta (retrying: 400 code 2)");
  await failNext("meta", key, 429);
  await expect(run(await jobFor(other), bindings)).rejects.toThrow("meta (retrying: 429");
  await run(await jobFor(other), bindings);
  expect(await rowOf(other)).toMatchObject({ status: "forwarded", detail: { ga4: "sent", google_ads: "sent", meta: "sent" } });
  expect(await requestsFor(key, "ga4")).toHaveLength(1);
  expect(await requestsFor(key, "meta")).toHaveLength(3);
});

test("a deleted or already settled conversion is left alone", async () => {
  const { key, bindings } = configured();
  const fetcher = vi.fn(fetch);
  await run(await jobFor(crypto.randomUUID()), bindings, fetcher);

  const id = await insertConversion();
  await db.update(conversions).set({ forwardStatus: "not_forwarded" }).where(eq(conversions.id, id));
  await run(await jobFor(id), bindings, fetcher);

  expect(fetcher).not.toHaveBeenCalled();
  expect(await requestsFor(key)).toEqual([]);
  expect(await rowOf(id)).toEqual({ status: "not_forwarded", detail: null, forwardedAt: null });
});
