import { env } from "cloudflare:workers";
import { expect, test, vi } from "vitest";
import { allowConsoleErrors } from "../console-errors";
import { createSignedInUser, createUser, webSession } from "../factories/users";
import { countRows, fetchApp, pageText } from "../worker/app";
import { deliverMessages, holdJobs } from "../worker/queue";

// Reliability finding: a job that failed every retry went to the dead-letter queue, which nothing
// consumed, so failed emails (password resets among them) vanished without anyone knowing. Now the
// dead-letter queue is recorded in failed_jobs, the team is told once per incident, and admins
// replay or dismiss each failed job at /admin/jobs.

const DLQ = "clarityai-jobs-dlq";

type FailedJobRow = {
  id: string;
  message_id: string;
  type: string;
  body: string;
  outbox_id: string | null;
  error: string | null;
  attempts: number;
  status: string;
  incident_id: string | null;
  resolved_at: string | null;
  resolved_by: string | null;
};

const messageId = () => `msg-${crypto.randomUUID()}`;

function failedJob(messageIdValue: string) {
  return env.DB.prepare("SELECT * FROM failed_jobs WHERE message_id = ?").bind(messageIdValue).first<FailedJobRow>();
}

async function alertEmails() {
  const { results } = await env.DB.prepare("SELECT * FROM email_outbox WHERE dedupe_key LIKE 'jobs.incident:%' ORDER BY created_at, rowid").all<{
    id: string;
    dedupe_key: string;
    to_address: string;
    subject: string;
    text_body: string;
  }>();
  return results;
}

/** Storage is shared by the tests of this file: each incident test starts with none open. */
async function resolveEverything() {
  await env.DB.batch([
    env.DB.prepare("UPDATE failed_jobs SET status = 'dismissed' WHERE status = 'failed'"),
    env.DB.prepare("UPDATE job_incidents SET open_key = NULL, closed_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE open_key = 'open'"),
  ]);
}

async function pendingOutboxRow(overrides: { dedupeKey?: string; to?: string } = {}) {
  const id = crypto.randomUUID();
  await env.DB.prepare(
    "INSERT INTO email_outbox (id, dedupe_key, to_address, subject, text_body, status, provider) VALUES (?, ?, ?, ?, ?, 'pending', 'resend')",
  )
    .bind(id, overrides.dedupeKey ?? `test:${id}`, overrides.to ?? "someone@example.com.au", "Reset your password", "Your code is 123456")
    .run();
  return id;
}

test("a dead-lettered job is recorded once and acknowledged, even when delivered twice", async () => {
  const errors = allowConsoleErrors();
  holdJobs();
  const outboxId = await pendingOutboxRow();
  const id = messageId();
  const queuedAt = new Date("2026-11-20T01:02:03.000Z");
  const message = { id, body: { type: "email.send", version: 1, outboxId }, timestamp: queuedAt };

  const first = await deliverMessages(DLQ, [message]);
  const second = await deliverMessages(DLQ, [message]);

  expect(first.explicitAcks).toEqual([id]);
  expect(second.explicitAcks).toEqual([id]);
  expect(first.retryMessages).toEqual([]);
  expect(await countRows("failed_jobs", "message_id = ?", id)).toBe(1);
  const row = await failedJob(id);
  expect(row).toMatchObject({ type: "email.send", outbox_id: outboxId, status: "failed", attempts: 4, queued_at: queuedAt.toISOString() });
  expect(JSON.parse(row!.body)).toEqual({ type: "email.send", version: 1, outboxId });
  // The email's text is not copied into the failed job.
  expect(row!.body).not.toContain("123456");
  // Logged once, for the one delivery that recorded it.
  expect(errors.filter((e) => e.startsWith("jobs: gave up after every retry"))).toHaveLength(1);
});

test("the last attempt's error reaches the failed job", async () => {
  allowConsoleErrors();
  holdJobs();
  const id = messageId();
  // A lead.notify job whose lead write fails on its last attempt: the main consumer keeps the error…
  const prepare = env.DB.prepare.bind(env.DB);
  vi.spyOn(env.DB, "prepare").mockImplementation((sql: string) => {
    if (/^select "leads"."id"/i.test(sql)) throw new Error("D1 is overloaded");
    return prepare(sql);
  });
  const last = await deliverMessages("clarityai-jobs", [{ id, body: { type: "lead.notify", version: 1, leadId: crypto.randomUUID() }, attempts: 4 }]);
  vi.mocked(env.DB.prepare).mockRestore();
  expect(last.retryMessages).toEqual([{ msgId: id }]);
  expect(await countRows("job_errors", "message_id = ?", id)).toBe(1);

  // …and the dead-letter consumer records it with the job, then drops the note.
  await deliverMessages(DLQ, [{ id, body: { type: "lead.notify", version: 1, leadId: "x" } }]);
  expect(await failedJob(id)).toMatchObject({ type: "lead.notify", error: "D1 is overloaded" });
  expect(await countRows("job_errors", "message_id = ?", id)).toBe(0);
});

test("a dead letter is never acknowledged before it is stored: when D1 fails, it is retried", async () => {
  const errors = allowConsoleErrors();
  const id = messageId();
  const prepare = env.DB.prepare.bind(env.DB);
  vi.spyOn(env.DB, "prepare").mockImplementation((sql: string) => {
    if (/^insert into "failed_jobs"/i.test(sql)) throw new Error("D1 is unavailable");
    return prepare(sql);
  });

  const result = await deliverMessages(DLQ, [{ id, body: { type: "lead.notify", version: 1, leadId: "x" } }]);
  vi.mocked(env.DB.prepare).mockRestore();

  expect(result.explicitAcks).toEqual([]);
  expect(result.retryMessages).toEqual([{ msgId: id }]);
  expect(errors).toEqual([expect.stringMatching(/^jobs: could not record a dead-lettered job, will retry .*D1 is unavailable/)]);
  expect(await failedJob(id)).toBeNull();
});

test("one alert email per incident: later failures join it quietly, and once all are resolved the next failure alerts again", async () => {
  allowConsoleErrors();
  await resolveEverything();
  const { held: sent } = holdJobs();
  const before = (await alertEmails()).length;

  const [a, b, c] = [messageId(), messageId(), messageId()];
  await deliverMessages(DLQ, [{ id: a, body: { type: "lead.notify", version: 1, leadId: "lead-a" } }]);
  await deliverMessages(DLQ, [
    { id: b, body: { type: "maintenance.purge", version: 1, task: "rate-limits", scheduledAt: "2026-11-20T16:00:00.000Z" } },
    { id: c, body: { type: "lead.notify", version: 1, leadId: "lead-c" } },
  ]);

  const alerts = (await alertEmails()).slice(before);
  expect(alerts).toHaveLength(1);
  expect(alerts[0]).toMatchObject({ to_address: "team@clarityai.com.au", subject: "Background jobs are failing: lead.notify" });
  expect(alerts[0]!.text_body).toContain("/admin/jobs");
  // Its delivery was queued once.
  expect(sent).toEqual([{ type: "email.send", version: 1, outboxId: alerts[0]!.id }]);
  const rows = await Promise.all([a, b, c].map(failedJob));
  const incidentId = rows[0]!.incident_id;
  expect(incidentId).toBeTruthy();
  expect(rows.map((row) => row!.incident_id)).toEqual([incidentId, incidentId, incidentId]);
  expect(alerts[0]!.dedupe_key).toBe(`jobs.incident:${incidentId}`);

  // Resolving two of three keeps the incident open; the third closes it.
  const admin = await createSignedInUser({ roles: ["admin"] });
  for (const row of rows.slice(0, 2))
    expect((await fetchApp("/admin/jobs", { cookie: admin.cookie, form: { intent: "dismiss", id: row!.id } })).status).toBe(302);
  expect(await countRows("job_incidents", "id = ? AND open_key = 'open'", incidentId)).toBe(1);
  expect((await fetchApp("/admin/jobs", { cookie: admin.cookie, form: { intent: "dismiss", id: rows[2]!.id } })).status).toBe(302);
  expect(await countRows("job_incidents", "id = ? AND open_key IS NULL AND closed_at IS NOT NULL", incidentId)).toBe(1);

  // The next failure opens a new incident and alerts again.
  const d = messageId();
  await deliverMessages(DLQ, [{ id: d, body: { type: "lead.notify", version: 1, leadId: "lead-d" } }]);
  const next = await failedJob(d);
  expect(next!.incident_id).not.toBe(incidentId);
  expect((await alertEmails()).slice(before).map((row) => row.dedupe_key)).toEqual([`jobs.incident:${incidentId}`, `jobs.incident:${next!.incident_id}`]);
});

test("an alert email that fails itself is recorded and logged, but opens no incident and sends no further email", async () => {
  const errors = allowConsoleErrors();
  await resolveEverything();
  const { held: sent } = holdJobs();
  const first = messageId();
  await deliverMessages(DLQ, [{ id: first, body: { type: "lead.notify", version: 1, leadId: "lead-x" } }]);
  const [alert] = (await alertEmails()).slice(-1);
  const incidentId = (await failedJob(first))!.incident_id;
  await resolveEverything();
  sent.length = 0;

  // The alert's own delivery dead-letters after the incident was closed.
  const alertJob = messageId();
  const result = await deliverMessages(DLQ, [{ id: alertJob, body: { type: "email.send", version: 1, outboxId: alert!.id } }]);

  expect(result.explicitAcks).toEqual([alertJob]);
  expect(await failedJob(alertJob)).toMatchObject({ type: "email.send", outbox_id: alert!.id, status: "failed", incident_id: null });
  expect(await countRows("job_incidents", "open_key = 'open'")).toBe(0);
  expect((await alertEmails()).slice(-1)[0]!.dedupe_key).toBe(`jobs.incident:${incidentId}`);
  expect(sent).toEqual([]);
  expect(errors).toContainEqual(expect.stringMatching(/^jobs: the alert email about failed jobs could not be sent/));
});

test("replay sends the stored message to the queue again and marks it replayed by the admin", async () => {
  allowConsoleErrors();
  await resolveEverything();
  const { held: sent } = holdJobs();
  const outboxId = await pendingOutboxRow();
  const id = messageId();
  await deliverMessages(DLQ, [{ id, body: { type: "email.send", version: 1, outboxId } }]);
  const row = (await failedJob(id))!;
  const admin = await createSignedInUser({ roles: ["admin"] });
  sent.length = 0;

  const response = await fetchApp("/admin/jobs", { cookie: admin.cookie, form: { intent: "replay", id: row.id } });

  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe("/admin/jobs");
  expect(sent).toEqual([{ type: "email.send", version: 1, outboxId }]);
  const replayed = await failedJob(id);
  expect(replayed).toMatchObject({ status: "replayed", resolved_by: admin.id });
  expect(replayed!.resolved_at).toBeTruthy();
  expect(await countRows("audit_log", "action = 'failed_job_replayed' AND actor_id = ?", admin.id)).toBe(1);
  // The incident it belonged to closed with it.
  expect(await countRows("job_incidents", "open_key = 'open'")).toBe(0);

  // A second replay (another tab, another admin) sends nothing more.
  const again = await fetchApp("/admin/jobs", { cookie: admin.cookie, form: { intent: "replay", id: row.id } });
  expect(again.status).toBe(302);
  expect(sent).toHaveLength(1);
});

test("a message that is no longer valid can't be replayed: a clear 400, and nothing is sent or changed", async () => {
  allowConsoleErrors();
  const { held: sent } = holdJobs();
  const id = messageId();
  await deliverMessages(DLQ, [{ id, body: { type: "retired.job", version: 1 } }]);
  const row = (await failedJob(id))!;
  expect(row.type).toBe("retired.job");
  const admin = await createSignedInUser({ roles: ["admin"] });
  sent.length = 0;

  const response = await fetchApp("/admin/jobs", { cookie: admin.cookie, form: { intent: "replay", id: row.id } });
  expect(response.status).toBe(400);
  expect(await pageText(response)).toContain("can't be replayed");
  expect(sent).toEqual([]);
  expect((await failedJob(id))!.status).toBe("failed");

  const bad = await fetchApp("/admin/jobs", { cookie: admin.cookie, form: { intent: "replay", id: "not-an-id" } });
  expect(bad.status).toBe(400);
});

test("the admin page lists failed jobs without personal data from their messages", async () => {
  allowConsoleErrors();
  holdJobs();
  const id = messageId();
  const email = `welcome.${crypto.randomUUID().slice(0, 8)}@example.com.au`;
  const userId = crypto.randomUUID();
  await deliverMessages(DLQ, [{ id, body: { type: "user.onboarding", version: 1, userId, email, firstName: "Priya", lastName: "Sharma" } }]);
  const admin = await createSignedInUser({ roles: ["admin"] });

  const response = await fetchApp("/admin/jobs", { cookie: admin.cookie });
  expect(response.status).toBe(200);
  const html = await pageText(response);
  expect(html).toContain("<h2");
  expect(html).toContain("Failed jobs");
  expect(html).toContain("user.onboarding");
  expect(html).toContain(userId);
  expect(html).not.toContain(email);
  expect(html).not.toContain("Priya");
  expect(html).toMatch(/<th scope="col">Last error<\/th>/);
  // The list's status filter (the shared list component's GET form).
  expect(html).toMatch(/<label for="[^"]+-status">Show<\/label>/);
  expect(html).toContain('href="/admin/jobs"');
});

test("only admins reach /admin/jobs: others are turned away from the page and its actions", async () => {
  allowConsoleErrors();
  holdJobs();
  const id = messageId();
  await deliverMessages(DLQ, [{ id, body: { type: "lead.notify", version: 1, leadId: "lead-authz" } }]);
  const row = (await failedJob(id))!;
  const client = await createUser({ roles: ["client"] });
  const cookie = await webSession(client);

  const visitor = await fetchApp("/admin/jobs");
  expect(visitor.status).toBe(302);
  expect(visitor.headers.get("Location")).toBe("/auth?redirectTo=%2Fadmin%2Fjobs");
  const asClient = await fetchApp("/admin/jobs", { cookie });
  expect(asClient.status).toBe(302);
  expect(asClient.headers.get("Location")).toBe("/");

  for (const intent of ["replay", "dismiss"]) {
    const response = await fetchApp("/admin/jobs", { cookie, form: { intent, id: row.id } });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
  }
  expect((await failedJob(id))!.status).toBe("failed");
});
