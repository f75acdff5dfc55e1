import { createExecutionContext, createMessageBatch, createScheduledController, getQueueResult, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect, test, vi } from "vitest";
import app from "../../workers/app";
import { allowConsoleErrors } from "../console-errors";
import { createLead, outboxFor } from "./factories";

// Typed as the runtime sees the Worker, so every handler takes (event, env, ctx).
const worker: Required<Pick<ExportedHandler<Env>, "queue" | "scheduled">> = app;

async function deliver(bodies: unknown[], attempts = 1) {
  const batch = createMessageBatch(
    "clarityai-jobs",
    bodies.map((body, i) => ({ id: `msg-${crypto.randomUUID()}-${i}`, timestamp: new Date(), attempts, body })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch, env, ctx);
  await waitOnExecutionContext(ctx);
  return getQueueResult(batch, ctx);
}

test("a lead.notify job writes one team email to the outbox, however often it is delivered", async () => {
  const lead = await createLead({ name: "Jordan Lee" });
  const job = { type: "lead.notify", version: 1, leadId: lead.id };

  const first = await deliver([job]);
  const second = await deliver([job]);

  expect(first.explicitAcks).toHaveLength(1);
  expect(second.explicitAcks).toHaveLength(1);
  const rows = await outboxFor(`lead.notify:${lead.id}`);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ to_address: "team@clarityai.com.au", subject: "New contact enquiry from Jordan Lee", status: "stored", provider: "outbox" });
  expect(String(rows[0]!.text_body)).toContain(lead.email);
});

test("invalid messages are logged and acknowledged, never retried", async () => {
  const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  const result = await deliver([{ type: "lead.notify", version: 2, leadId: "x" }, { type: "unknown.job", version: 1 }, "not even an object"]);

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

  const result = await deliver([{ type: "lead.notify", version: 1, leadId: lead.id }], 2);
  vi.mocked(env.DB.prepare).mockRestore();

  // The lead was read (the first statement succeeded); then writing the email failed.
  expect(prepared.map((sql) => sql.split(" ").slice(0, 3).join(" ").toLowerCase())).toEqual(['select "id", "source",', 'insert into "email_outbox"']);
  expect(result.explicitAcks).toEqual([]);
  expect(result.retryMessages).toEqual([{ msgId: expect.stringMatching(/^msg-/) }]);
  expect(errors).toEqual([expect.stringMatching(/^jobs: failed, will retry .*"type":"lead.notify".*"attempts":2/)]);
  expect(await outboxFor(`lead.notify:${lead.id}`)).toEqual([]);
});

test("a job that fails after its first write is retried; nothing is half-written, and the retry finishes it exactly once", async () => {
  const errors = allowConsoleErrors();
  const lead = await createLead({ name: "Morgan Price" });
  const job = { type: "lead.notify", version: 1, leadId: lead.id };
  // The email is recorded in the outbox (first write), then marking it delivered (second write) fails.
  const prepared = failD1Statements(/^update "email_outbox"/i);

  const failed = await deliver([job], 1);
  vi.mocked(env.DB.prepare).mockRestore();

  expect(prepared.filter((sql) => /^(insert|update)/i.test(sql)).map((sql) => sql.split(" ").slice(0, 2).join(" ").toLowerCase())).toEqual([
    "insert into",
    'update "email_outbox"',
  ]);
  expect(failed.explicitAcks).toEqual([]);
  expect(failed.retryMessages).toEqual([{ msgId: expect.stringMatching(/^msg-/) }]);
  expect(errors).toEqual([expect.stringMatching(/^jobs: failed, will retry .*"type":"lead.notify".*"attempts":1.*D1 is unavailable/)]);
  // The one row written is whole and still waiting: not delivered, not half-updated, no sent time.
  const recorded = await outboxFor(`lead.notify:${lead.id}`);
  expect(recorded).toEqual([
    expect.objectContaining({ to_address: "team@clarityai.com.au", subject: "New contact enquiry from Morgan Price", status: "pending", sent_at: null }),
  ]);
  expect(String(recorded[0]!.text_body)).toContain(lead.email);

  // The queue's retry delivers that same row: one email, stored once.
  const retried = await deliver([job], 2);
  expect(retried.explicitAcks).toHaveLength(1);
  const rows = await outboxFor(`lead.notify:${lead.id}`);
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

  const result = await deliver([{ type: "maintenance.purge", version: 1, task: "rate-limits", scheduledAt: new Date(now).toISOString() }]);

  expect(result.explicitAcks).toHaveLength(1);
  const { results } = await env.DB.prepare("SELECT key FROM rate_limits WHERE key IN (?, ?)").bind(oldKey, recentKey).all();
  expect(results).toEqual([{ key: recentKey }]);
});

test("the daily cron enqueues the purge instead of doing it inline", async () => {
  const sendBatch = vi.spyOn(env.JOBS, "sendBatch");
  const scheduledTime = Date.parse("2026-11-21T16:00:00.000Z");
  const staleKey = `test:${crypto.randomUUID()}`;
  await env.DB.prepare("INSERT INTO rate_limits (key, window_start, count) VALUES (?, 0, 1)").bind(staleKey).run();

  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime, cron: "0 16 * * *" }), env, ctx);
  await waitOnExecutionContext(ctx);

  expect(sendBatch).toHaveBeenCalledWith([{ body: { type: "maintenance.purge", version: 1, task: "rate-limits", scheduledAt: "2026-11-21T16:00:00.000Z" } }]);
  // Nothing was deleted by the cron handler itself.
  expect(await env.DB.prepare("SELECT count(*) AS n FROM rate_limits WHERE key = ?").bind(staleKey).first("n")).toBe(1);
});
