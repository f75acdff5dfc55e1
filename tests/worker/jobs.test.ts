import { env } from "cloudflare:workers";
import { expect, test, vi } from "vitest";
import { allowConsoleErrors } from "../console-errors";
import { outboxFor } from "../factories/emails";
import { createLead } from "../factories/leads";
import { deliverJobs, fireCron } from "./queue";

// Typed as the runtime sees the Worker, so every handler takes (event, env, ctx).

test("a lead.notify job writes one team email to the outbox, however often it is delivered", async () => {
  const lead = await createLead({ name: "Jordan Lee" });
  const job = { type: "lead.notify", version: 1, leadId: lead.id, activityId: lead.activityId };

  const first = await deliverJobs([job]);
  const second = await deliverJobs([job]);

  expect(first.explicitAcks).toHaveLength(1);
  expect(second.explicitAcks).toHaveLength(1);
  const rows = await outboxFor(`lead.notify:${lead.activityId}`);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ to_address: "team@clarityai.com.au", subject: "New contact enquiry from Jordan Lee", status: "stored", provider: "outbox" });
  expect(String(rows[0]!.text_body)).toContain(lead.email);
});

test("invalid messages are logged and acknowledged, never retried", async () => {
  const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  const result = await deliverJobs([{ type: "lead.notify", version: 2, leadId: "x" }, { type: "unknown.job", version: 1 }, "not even an object"]);

  expect(result.explicitAcks).toHaveLength(3);
  expect(result.retryMessages).toEqual([]);
  expect(warn).toHaveBeenCalledTimes(3);
  expect(warn.mock.calls[0]![0]).toBe("jobs: dropped invalid message");
});

/**
 * Makes D1 fail every statement whose SQL matches, as an outage in the middle of a job would; every
 * other statement runs for real. Returns the SQL of each statement prepared, in order.
 */
function failD1Statements(matches: RegExp) {
  const prepare = env.DB.prepare.bind(env.DB);
  const prepared: string[] = [];
  const unavailable = (): never => {
    throw new Error("D1 is unavailable");
  };
  vi.spyOn(env.DB, "prepare").mockImplementation((sql: string) => {
    prepared.push(sql);
    return matches.test(sql) ? unavailable() : prepare(sql);
  });
  return prepared;
}

test("a job whose first write fails, after its first statement succeeded, is retried, not acknowledged, and writes nothing", async () => {
  const errors = allowConsoleErrors();
  const lead = await createLead();
  const prepared = failD1Statements(/^insert into "email_outbox"/i);

  const result = await deliverJobs([{ type: "lead.notify", version: 1, leadId: lead.id }], { attempts: 2 });
  vi.mocked(env.DB.prepare).mockRestore();

  // The enquiry was read (the first statement succeeded; a job without an activity id tells of the
  // lead's latest); then writing the email failed.
  expect(prepared.map((sql) => sql.split(" ").slice(0, 2).join(" ").toLowerCase())).toEqual(['select "leads"."id",', "insert into"]);
  expect(result.explicitAcks).toEqual([]);
  expect(result.retryMessages).toEqual([{ msgId: expect.stringMatching(/^msg-/) }]);
  expect(errors).toEqual([expect.stringMatching(/^jobs: failed, will retry .*"type":"lead.notify".*"attempts":2/)]);
  expect(await outboxFor(`lead.notify:${lead.activityId}`)).toEqual([]);
});

test("a job that fails after its first write is retried; nothing is half-written, and the retry finishes it exactly once", async () => {
  const errors = allowConsoleErrors();
  const lead = await createLead({ name: "Morgan Price" });
  const job = { type: "lead.notify", version: 1, leadId: lead.id };
  // The email is recorded in the outbox (first write), then marking it delivered (second write) fails.
  const prepared = failD1Statements(/^update "email_outbox"/i);

  const failed = await deliverJobs([job], { attempts: 1 });
  vi.mocked(env.DB.prepare).mockRestore();

  expect(prepared.filter((sql) => /^(insert|update)/i.test(sql)).map((sql) => sql.split(" ").slice(0, 2).join(" ").toLowerCase())).toEqual([
    "insert into",
    'update "email_outbox"',
  ]);
  expect(failed.explicitAcks).toEqual([]);
  expect(failed.retryMessages).toEqual([{ msgId: expect.stringMatching(/^msg-/) }]);
  expect(errors).toEqual([expect.stringMatching(/^jobs: failed, will retry .*"type":"lead.notify".*"attempts":1.*D1 is unavailable/)]);
  // The one row written is whole and still waiting: not delivered, not half-updated, no sent time.
  const recorded = await outboxFor(`lead.notify:${lead.activityId}`);
  expect(recorded).toEqual([
    expect.objectContaining({ to_address: "team@clarityai.com.au", subject: "New contact enquiry from Morgan Price", status: "pending", sent_at: null }),
  ]);
  expect(String(recorded[0]!.text_body)).toContain(lead.email);

  // The queue's retry delivers that same row: one email, stored once.
  const retried = await deliverJobs([job], { attempts: 2 });
  expect(retried.explicitAcks).toHaveLength(1);
  const rows = await outboxFor(`lead.notify:${lead.activityId}`);
  expect(rows).toEqual([expect.objectContaining({ id: recorded[0]!.id, status: "stored", provider: "outbox" })]);
});

test("a maintenance.purge job removes rate-limit windows older than a day and keeps recent ones", async () => {
  const now = Date.parse("2026-11-20T16:00:00.000Z");
  const oldKey = `test:${crypto.randomUUID()}`;
  const recentKey = `test:${crypto.randomUUID()}`;
  await env.DB.batch([
    env.DB.prepare("INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, 3)").bind(oldKey, now - 25 * 3600_000),
    env.DB.prepare("INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, 3)").bind(recentKey, now - 3600_000),
  ]);

  const result = await deliverJobs([{ type: "maintenance.purge", version: 1, task: "rate-limits", scheduledAt: new Date(now).toISOString() }]);

  expect(result.explicitAcks).toHaveLength(1);
  const { results } = await env.DB.prepare("SELECT key FROM rate_limits WHERE key IN (?, ?)").bind(oldKey, recentKey).all();
  expect(results).toEqual([{ key: recentKey }]);
});

test("the daily cron enqueues the purge instead of doing it inline", async () => {
  const sendBatch = vi.spyOn(env.JOBS, "sendBatch");
  const scheduledTime = Date.parse("2026-11-21T16:00:00.000Z");
  const staleKey = `test:${crypto.randomUUID()}`;
  await env.DB.prepare("INSERT INTO rate_limits (key, window_start, count) VALUES (?, 0, 1)").bind(staleKey).run();

  await fireCron("0 16 * * *", scheduledTime);

  expect(sendBatch).toHaveBeenCalledWith([
    { body: { type: "maintenance.purge", version: 1, task: "rate-limits", scheduledAt: "2026-11-21T16:00:00.000Z" } },
    { body: { type: "maintenance.purge", version: 1, task: "auth-tokens", scheduledAt: "2026-11-21T16:00:00.000Z" } },
    { body: { type: "maintenance.purge", version: 1, task: "audit-log", scheduledAt: "2026-11-21T16:00:00.000Z" } },
    { body: { type: "ai-coach.retention-sweep", version: 1, scheduledAt: "2026-11-21T16:00:00.000Z" } },
    { body: { type: "attribution.expire", version: 1, scheduledAt: "2026-11-21T16:00:00.000Z" } },
    { body: { type: "meetings.recordings-retention", version: 1, scheduledAt: "2026-11-21T16:00:00.000Z" } },
    { body: { type: "coach-network.issue-statements", version: 1, scheduledAt: "2026-11-21T16:00:00.000Z" } },
    { body: { type: "coach-network.cv-retention", version: 1, scheduledAt: "2026-11-21T16:00:00.000Z" } },
  ]);
  // Nothing was deleted by the cron handler itself.
  expect(await env.DB.prepare("SELECT count(*) AS n FROM rate_limits WHERE key = ?").bind(staleKey).first("n")).toBe(1);
});

test("a maintenance.purge auth-tokens job removes spent refresh tokens and expired one-time codes, and keeps what is still needed", async () => {
  const now = Date.parse("2026-11-20T16:00:00.000Z");
  const ago = (ms: number) => new Date(now - ms).toISOString();
  const userId = crypto.randomUUID();
  const [live, ended] = [crypto.randomUUID(), crypto.randomUUID()];
  const token = (label: string) => `${label}-${crypto.randomUUID()}`;
  const tokens = {
    current: token("current"),
    spentRecently: token("spent-recently"),
    spentLongAgo: token("spent-long-ago"),
    ofEndedSession: token("of-ended-session"),
  };
  const codes = { fresh: crypto.randomUUID(), expired: crypto.randomUUID() };
  await env.DB.batch([
    env.DB.prepare("INSERT INTO users (id, email) VALUES (?, ?)").bind(userId, `purge.${userId.slice(0, 8)}@example.com.au`),
    env.DB.prepare("INSERT INTO auth_sessions (id, user_id) VALUES (?, ?)").bind(live, userId),
    env.DB.prepare("INSERT INTO auth_sessions (id, user_id, revoked_at) VALUES (?, ?, ?)").bind(ended, userId, ago(3 * 86_400_000)),
    env.DB.prepare("INSERT INTO refresh_tokens (token_hash, session_id, user_id, revoked_at, created_at) VALUES (?, ?, ?, NULL, ?)").bind(
      tokens.current,
      live,
      userId,
      ago(40 * 86_400_000),
    ),
    env.DB.prepare("INSERT INTO refresh_tokens (token_hash, session_id, user_id, revoked_at) VALUES (?, ?, ?, ?)").bind(
      tokens.spentRecently,
      live,
      userId,
      ago(23 * 3600_000),
    ),
    env.DB.prepare("INSERT INTO refresh_tokens (token_hash, session_id, user_id, revoked_at) VALUES (?, ?, ?, ?)").bind(
      tokens.spentLongAgo,
      live,
      userId,
      ago(25 * 3600_000),
    ),
    // A token of an ended session, left unrevoked: it goes with its session.
    env.DB.prepare("INSERT INTO refresh_tokens (token_hash, session_id, user_id) VALUES (?, ?, ?)").bind(tokens.ofEndedSession, ended, userId),
    env.DB.prepare(
      "INSERT INTO one_time_tokens (id, user_id, token_type, token_hash, link_hash, relates_to, created_at) VALUES (?, ?, 'recovery', ?, ?, 'a', ?)",
    ).bind(codes.fresh, userId, `hash-${codes.fresh}`, `link-${codes.fresh}`, ago(59 * 60_000)),
    env.DB.prepare(
      "INSERT INTO one_time_tokens (id, user_id, token_type, token_hash, link_hash, relates_to, created_at) VALUES (?, ?, 'magiclink', ?, ?, 'a', ?)",
    ).bind(codes.expired, userId, `hash-${codes.expired}`, `link-${codes.expired}`, ago(61 * 60_000)),
  ]);

  const result = await deliverJobs([{ type: "maintenance.purge", version: 1, task: "auth-tokens", scheduledAt: new Date(now).toISOString() }]);

  expect(result.explicitAcks).toHaveLength(1);
  const { results: kept } = await env.DB.prepare("SELECT token_hash FROM refresh_tokens WHERE user_id = ? ORDER BY token_hash").bind(userId).all();
  expect(kept).toEqual([{ token_hash: tokens.current }, { token_hash: tokens.spentRecently }]);
  const { results: codesKept } = await env.DB.prepare("SELECT id FROM one_time_tokens WHERE user_id = ?").bind(userId).all();
  expect(codesKept).toEqual([{ id: codes.fresh }]);
  // The sessions themselves stay (the account's session history); only their tokens go.
  expect(await env.DB.prepare("SELECT count(*) AS n FROM auth_sessions WHERE user_id = ?").bind(userId).first("n")).toBe(2);
});

test("the 15-minute cron re-enqueues emails stuck in pending, spaced and bounded, and never fresh ones or ones already with admins", async () => {
  const errors = allowConsoleErrors();
  const sendBatch = vi.spyOn(env.JOBS, "sendBatch").mockResolvedValue(undefined as unknown as QueueSendBatchResponse);
  vi.spyOn(env.JOBS, "send").mockResolvedValue(undefined as unknown as QueueSendResponse);
  const start = Date.now();
  const minutesAgo = (minutes: number) => new Date(start - minutes * 60_000).toISOString();
  const [stuck, fresh, withAdmins] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
  const insert =
    "INSERT INTO email_outbox (id, dedupe_key, to_address, subject, text_body, status, provider, created_at) VALUES (?, ?, 'a@example.com.au', 'Reset your password', 'Code', 'pending', 'resend', ?)";
  await env.DB.batch([
    env.DB.prepare(insert).bind(stuck, `test:${stuck}`, minutesAgo(20)),
    env.DB.prepare(insert).bind(fresh, `test:${fresh}`, minutesAgo(5)),
    env.DB.prepare(insert).bind(withAdmins, `test:${withAdmins}`, minutesAgo(60)),
    env.DB.prepare(
      "INSERT INTO failed_jobs (id, message_id, type, body, outbox_id, attempts, queued_at, failed_at) VALUES (?, ?, 'email.send', '{}', ?, 4, ?, ?)",
    ).bind(crypto.randomUUID(), `msg-${crypto.randomUUID()}`, withAdmins, minutesAgo(60), minutesAgo(50)),
  ]);
  const sweep = async (at: number) => {
    sendBatch.mockClear();
    await fireCron("*/15 * * * *", at);
    return sendBatch.mock.calls.flatMap(([messages]) => [...messages].map((message) => (message.body as { outboxId: string }).outboxId));
  };

  const first = await sweep(start);
  expect(first).toContain(stuck);
  expect(first).not.toContain(fresh);
  expect(first).not.toContain(withAdmins);
  expect(sendBatch.mock.calls[0]![0]).toContainEqual({ body: { type: "email.send", version: 1, outboxId: stuck } });
  // Its job may still be retrying: not again within the hour.
  expect(await sweep(start + 15 * 60_000)).not.toContain(stuck);
  expect(await sweep(start + 61 * 60_000)).toContain(stuck);
  expect(await sweep(start + 122 * 60_000)).toContain(stuck);
  expect(await env.DB.prepare("SELECT count FROM outbox_requeues WHERE outbox_id = ?").bind(stuck).first("count")).toBe(3);
  // After three re-enqueues it goes to admins as a failed job instead, and the sweep stops.
  expect(await sweep(start + 183 * 60_000)).not.toContain(stuck);
  const failed = await env.DB.prepare("SELECT type, status, error FROM failed_jobs WHERE outbox_id = ?").bind(stuck).first();
  expect(failed).toEqual({ type: "email.send", status: "failed", error: "Still waiting to send after 3 re-enqueues by the outbox sweep" });
  expect(await sweep(start + 244 * 60_000)).not.toContain(stuck);
  expect(errors).toContainEqual(expect.stringMatching(/^jobs: gave up after every retry/));
});
