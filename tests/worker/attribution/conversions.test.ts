import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { collectUserData } from "~/accounts/data-export.server";
import { conversionAttributionByKey, formConversionKey, recordConversion, storeConversion } from "~/attribution/conversions.server";
import { attributionCutoffDay } from "~/attribution/retention.server";
import { DIRECT, REMOVED, type AttributionRecord, type Touch } from "~/attribution/types";
import { createDb } from "~/db/client.server";
import { createAppContext } from "~/create-context.server";
import { runJob } from "~/jobs/registry.server";
import { sha256Hex } from "~/utils/hex";
import { conversionById, conversionByKey, unique } from "./helpers";
import { createUser, webSession } from "../../factories/users";
import { contextFor, countRows, fetchApp } from "../app";

// recordConversion: one row per dedupe key, the session's attribution in its columns, the forward
// status and job; the 13-month expiry; and what deleting an account does to conversions.

const db = createDb(env.DB);

function touch(source: string, medium: string, campaign: string, at = "2026-11-20T01:00:00.000Z"): Touch {
  return { source, medium, campaign, landingPage: "/about", at, gclid: "gclid-abc" };
}

function record(overrides: Partial<AttributionRecord> = {}): AttributionRecord {
  return {
    v: 1,
    sessionId: crypto.randomUUID(),
    first: touch("linkedin", "social", "first-touch"),
    last: touch("newsletter", "email", "Spring Offer"),
    touches: 2,
    gpc: false,
    ...overrides,
  };
}

/** Bindings with GA4 configured, so conversions may be forwarded. */
const withGa4 = { ...env, GA4_MEASUREMENT_ID: "G-TEST123", GA4_API_SECRET: "ga4-secret" } as Env;

/** A queue that keeps what it is sent (or refuses it), instead of running the forward job. */
function fakeJobs(refuse = false) {
  const sent: unknown[] = [];
  return {
    sent,
    jobs: {
      send: async (body: unknown) => {
        if (refuse) throw new Error("queue unavailable");
        sent.push(body);
      },
    } as unknown as Queue,
  };
}

function depsFor(bindings: Env, jobs: Queue) {
  return createAppContext({ ...bindings, JOBS: jobs });
}

test("a conversion keeps the last touch in its columns, the first touch in first_*, the snapshot and the Sydney day", async () => {
  const attribution = record();
  const key = `test:${unique()}`;
  // 14:30 UTC on 31 March 2026 is already 1 April in Sydney (AEDT, UTC+11).
  const result = await recordConversion(contextFor(env), {
    type: "CONTACT_FORM",
    dedupeKey: key,
    label: "Contact form",
    attribution,
    occurredAt: new Date("2026-03-31T14:30:00Z"),
  });
  expect(result.recorded).toBe(true);
  const row = await conversionByKey(key);
  expect(row).toMatchObject({
    id: result.id,
    type: "CONTACT_FORM",
    value_cents: 0,
    report_date: "2026-04-01",
    source: "newsletter",
    medium: "email",
    campaign: "Spring Offer",
    first_source: "linkedin",
    first_medium: "social",
    first_campaign: "first-touch",
    attribution_session: attribution.sessionId,
    gpc: 0,
    forward_status: "not_forwarded",
  });
  expect(JSON.parse(row!.attribution!)).toEqual(attribution);
  expect(await conversionAttributionByKey(db, key)).toEqual(attribution);

  // A direct visit: GA's "(direct) / (none)", no snapshot, no session.
  const direct = `test:${unique()}`;
  await recordConversion(contextFor(env), { type: "BOOKING_SUBMISSION", dedupeKey: direct, request: new Request("http://localhost/booking") });
  expect(await conversionByKey(direct)).toMatchObject({
    source: DIRECT.source,
    medium: DIRECT.medium,
    campaign: DIRECT.campaign,
    first_source: DIRECT.source,
    attribution: null,
    attribution_session: null,
  });
  expect(await conversionAttributionByKey(db, direct)).toBeNull();
  expect(await conversionAttributionByKey(db, `test:${unique()}`)).toBeNull();
});

test("the same dedupe key records once, one after the other and all at once", async () => {
  const key = `test:${unique()}`;
  const first = await recordConversion(contextFor(env), { type: "BEGIN_CHECKOUT", dedupeKey: key, valueCents: 14_900, attribution: record() });
  const again = await recordConversion(contextFor(env), { type: "BEGIN_CHECKOUT", dedupeKey: key, valueCents: 99_999, attribution: null });
  expect(first.recorded).toBe(true);
  expect(again).toEqual({ id: first.id, recorded: false });
  expect(await conversionByKey(key)).toMatchObject({ value_cents: 14_900, source: "newsletter" });

  const concurrent = `test:${unique()}`;
  const results = await Promise.all(
    Array.from({ length: 8 }, () =>
      recordConversion(contextFor(env), { type: "PAYMENT_COMPLETION", dedupeKey: concurrent, valueCents: 4_900, attribution: null }),
    ),
  );
  expect(results.filter((r) => r.recorded)).toHaveLength(1);
  expect(new Set(results.map((r) => r.id)).size).toBe(1);
  expect(await countRows("conversions", "dedupe_key = ?", concurrent)).toBe(1);
});

test("with nothing configured a conversion is not_forwarded and no job is sent", async () => {
  const { sent, jobs } = fakeJobs();
  const key = `test:${unique()}`;
  await storeConversion(depsFor(env, jobs), { type: "CONTACT_FORM", dedupeKey: key, attribution: record(), contact: { email: "someone@example.com.au" } });
  expect(await conversionByKey(key)).toMatchObject({ forward_status: "not_forwarded", gpc: 0 });
  expect(sent).toEqual([]);
});

test("with a destination configured: pending with one job of hashed identifiers, or withheld for Global Privacy Control", async () => {
  const { sent, jobs } = fakeJobs();
  const deps = depsFor(withGa4, jobs);
  const email = `Pat.${unique()}@Example.com.au`;
  const key = `test:${unique()}`;
  const pending = await storeConversion(deps, { type: "CONTACT_FORM", dedupeKey: key, attribution: record(), contact: { email, phone: "0412 345 678" } });
  expect(await conversionByKey(key)).toMatchObject({ forward_status: "pending", gpc: 0 });
  expect(sent).toHaveLength(1);
  expect(sent[0]).toMatchObject({
    type: "attribution.forward",
    version: 1,
    conversionId: pending.id,
    identifiers: { emailSha256: await sha256Hex(email.toLowerCase()), phoneSha256: await sha256Hex("+61412345678") },
  });
  // Nothing readable about the person goes on the queue.
  expect(JSON.stringify(sent[0])).not.toMatch(/example\.com\.au|0412/i);
  // The same conversion again sends no second job.
  await storeConversion(deps, { type: "CONTACT_FORM", dedupeKey: key, attribution: record(), contact: { email } });
  expect(sent).toHaveLength(1);

  // Sec-GPC on the request, or a session that sent it earlier: stored as such, and nothing is queued.
  const gpcRequest = new Request("http://localhost/contact", { method: "POST", headers: { "Sec-GPC": "1" } });
  const fromRequest = `test:${unique()}`;
  await storeConversion(deps, { type: "CONTACT_FORM", dedupeKey: fromRequest, attribution: record(), request: gpcRequest, contact: { email } });
  const fromRecord = `test:${unique()}`;
  await storeConversion(deps, { type: "CONTACT_FORM", dedupeKey: fromRecord, attribution: record({ gpc: true }), contact: { email } });
  const directWithGpc = `test:${unique()}`;
  await storeConversion(deps, { type: "CONTACT_FORM", dedupeKey: directWithGpc, attribution: null, request: gpcRequest });
  for (const withheld of [fromRequest, fromRecord, directWithGpc]) {
    expect(await conversionByKey(withheld), withheld).toMatchObject({ forward_status: "withheld_gpc", gpc: 1 });
  }
  expect(JSON.parse((await conversionByKey(fromRequest))!.attribution!).gpc).toBe(true);
  expect(sent).toHaveLength(1);

  // Through the request context: recordConversion reads the request's GPC too.
  const viaContext = `test:${unique()}`;
  await recordConversion(contextFor(withGa4), { type: "SOFTWARE_INQUIRY", dedupeKey: viaContext, attribution: record(), request: gpcRequest });
  expect(await conversionByKey(viaContext)).toMatchObject({ forward_status: "withheld_gpc" });
});

test("a queue that refuses the forward job never fails the caller: the conversion is kept and marked failed", async () => {
  const { jobs } = fakeJobs(true);
  const key = `test:${unique()}`;
  const result = await storeConversion(depsFor(withGa4, jobs), { type: "BOOKING_SUBMISSION", dedupeKey: key, attribution: record() });
  expect(result.recorded).toBe(true);
  const row = await conversionByKey(key);
  expect(row?.forward_status).toBe("failed");
  expect(JSON.parse(row!.forward_detail!)).toEqual({ ga4: expect.stringMatching(/^failed: /) });
});

test("a value that is not whole, non-negative cents, or a bad key, is refused and nothing is written", async () => {
  for (const [label, input] of [
    ["negative", { valueCents: -1 }],
    ["fraction", { valueCents: 12.5 }],
    ["not a number", { valueCents: Number.NaN }],
    ["infinite", { valueCents: Number.POSITIVE_INFINITY }],
  ] as const) {
    const key = `test:${unique()}`;
    await expect(recordConversion(contextFor(env), { type: "PAYMENT_COMPLETION", dedupeKey: key, attribution: null, ...input }), label).rejects.toThrow(
      /value/,
    );
    expect(await countRows("conversions", "dedupe_key = ?", key), label).toBe(0);
  }
  await expect(recordConversion(contextFor(env), { type: "CONTACT_FORM", dedupeKey: "", attribution: null })).rejects.toThrow(/dedupe key/);
  await expect(recordConversion(contextFor(env), { type: "CONTACT_FORM", dedupeKey: "x".repeat(301), attribution: null })).rejects.toThrow(/dedupe key/);
});

test("a form's dedupe key is the same for the same details on the same Sydney day, and reveals nothing", async () => {
  const secret = "s".repeat(32);
  const at = new Date("2026-11-20T23:00:00Z"); // 21 November in Sydney
  const key = await formConversionKey(secret, "contact", ["pat@example.com.au", "Hello  there"], at);
  expect(key).toMatch(/^lead:contact:[0-9a-f]{64}:2026-11-21$/);
  expect(await formConversionKey(secret, "contact", [" PAT@example.com.au ", "hello there"], at)).toBe(key);
  expect(await formConversionKey(secret, "contact", ["pat@example.com.au", "Something else"], at)).not.toBe(key);
  expect(await formConversionKey(secret, "booking", ["pat@example.com.au", "Hello there"], at)).not.toBe(key);
  expect(await formConversionKey(secret, "contact", ["pat@example.com.au", "Hello there"], new Date("2026-11-21T14:00:00Z"))).not.toBe(key);
  expect(await formConversionKey("t".repeat(32), "contact", ["pat@example.com.au", "Hello there"], at)).not.toBe(key);
  expect(key).not.toContain(await sha256Hex("pat@example.com.au"));
});

// ── 13-month expiry ─────────────────────────────────────────────────────────────────────────────

test("the cutoff is 13 months back in Sydney days, clamped to the end of a shorter month", () => {
  expect(attributionCutoffDay("2027-12-15")).toBe("2026-11-15");
  expect(attributionCutoffDay("2027-01-10")).toBe("2025-12-10");
  expect(attributionCutoffDay("2027-03-31")).toBe("2026-02-28");
  expect(attributionCutoffDay("2029-03-29")).toBe("2028-02-29");
});

test("attribution.expire deletes conversions and page-view counts older than 13 months, and only those, idempotently", async () => {
  const tag = unique();
  const insert = (id: string, reportDate: string) =>
    env.DB.prepare(
      "INSERT INTO conversions (id, type, dedupe_key, report_date, source, medium, campaign, first_source, first_medium, first_campaign) VALUES (?, 'CONTACT_FORM', ?, ?, 'google', 'cpc', 'x', 'google', 'cpc', 'x')",
    )
      .bind(id, `expiry:${id}`, reportDate)
      .run();
  const old = `old-${tag}`;
  const edge = `edge-${tag}`;
  const recent = `recent-${tag}`;
  await insert(old, "2026-11-14");
  await insert(edge, "2026-11-15");
  await insert(recent, "2027-12-14");
  const path = `/expiry-${tag}`;
  for (const day of ["2026-11-14", "2026-11-15"]) {
    await env.DB.prepare("INSERT INTO page_view_counts (day, source, medium, campaign, path, views) VALUES (?, 'google', 'cpc', 'x', ?, 3)")
      .bind(day, path)
      .run();
  }

  // 01:00 UTC on 15 December 2027 is the 15th in Sydney too: everything before 15 November 2026 goes.
  const job = { type: "attribution.expire", version: 1, scheduledAt: "2027-12-15T01:00:00.000Z" } as const;
  const jobContext = createAppContext(env);
  await runJob(job, jobContext);
  expect(await conversionById(old)).toBeNull();
  expect(await conversionById(edge)).not.toBeNull();
  expect(await conversionById(recent)).not.toBeNull();
  const days = await env.DB.prepare("SELECT day FROM page_view_counts WHERE path = ? ORDER BY day").bind(path).all<{ day: string }>();
  expect(days.results.map((r) => r.day)).toEqual(["2026-11-15"]);

  await runJob(job, jobContext);
  expect(await conversionById(edge)).not.toBeNull();
  expect(await countRows("page_view_counts", "path = ?", path)).toBe(1);
});

// ── Account deletion ────────────────────────────────────────────────────────────────────────────

test("deleting the account keeps each conversion's type, value and date, and removes who and where from; its sessions leave KV", async () => {
  const user = await createUser();
  const cookie = await webSession(user);
  const theirs = record();
  const otherSession = record();
  await env.ATTRIBUTION.put(`session:${theirs.sessionId}`, JSON.stringify(theirs));
  await env.ATTRIBUTION.put(`session:${otherSession.sessionId}`, JSON.stringify(otherSession));
  const ctx = contextFor(env);
  const paid = await recordConversion(ctx, {
    type: "PAYMENT_COMPLETION",
    dedupeKey: `payment:cs_test_${unique()}`,
    valueCents: 14_900,
    label: "ClarityAI Pro (monthly)",
    userId: user.id,
    attribution: theirs,
    occurredAt: new Date("2026-11-20T01:00:00Z"),
  });
  // Sent from the same browser session before signing in: no user id, but the same session.
  const before = await recordConversion(ctx, { type: "CONTACT_FORM", dedupeKey: `test:${unique()}`, attribution: theirs });
  const stranger = await recordConversion(ctx, { type: "CONTACT_FORM", dedupeKey: `test:${unique()}`, attribution: otherSession });

  // The export has the user's conversions, with their attribution.
  const exported = await collectUserData({ db }, user.id);
  expect(exported?.conversions).toEqual([
    expect.objectContaining({
      type: "PAYMENT_COMPLETION",
      valueCents: 14_900,
      source: "newsletter",
      attribution: expect.objectContaining({ sessionId: theirs.sessionId }),
    }),
  ]);

  const response = await fetchApp("/profile?tab=privacy", { form: { intent: "delete-account", confirm: "DELETE" }, cookie });
  expect(response.status).toBe(302);
  expect(await countRows("users", "id = ?", user.id)).toBe(0);

  for (const id of [paid.id!, before.id!]) {
    const row = await conversionById(id);
    expect(row).toMatchObject({
      user_id: null,
      attribution: null,
      attribution_session: null,
      source: REMOVED.source,
      medium: REMOVED.medium,
      campaign: REMOVED.campaign,
      first_source: REMOVED.source,
      first_medium: REMOVED.medium,
      first_campaign: REMOVED.campaign,
    });
    expect(row!.dedupe_key).toBe(`erased:${id}`);
  }
  expect(await conversionById(paid.id!)).toMatchObject({
    type: "PAYMENT_COMPLETION",
    value_cents: 14_900,
    report_date: "2026-11-20",
    label: "ClarityAI Pro (monthly)",
  });
  expect(await conversionById(stranger.id!)).toMatchObject({ source: "newsletter", attribution_session: otherSession.sessionId });
  expect(await env.ATTRIBUTION.get(`session:${theirs.sessionId}`)).toBeNull();
  expect(await env.ATTRIBUTION.get(`session:${otherSession.sessionId}`)).not.toBeNull();
  const audit = await env.DB.prepare("SELECT detail FROM audit_log WHERE action = 'user_deleted' AND target_id = ?").bind(user.id).first<{ detail: string }>();
  expect(JSON.parse(audit!.detail)).toMatchObject({ conversions_anonymised: 2 });
});
