import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { runJob } from "~/jobs/registry.server";
import { createAppContext } from "~/create-context.server";
import { chatToEnd, conversationJson, createSubscriber } from "../../factories/conversations";
import { outboxFor } from "../../factories/emails";
import { createSignedInUser, createUser } from "../../factories/users";
import { fetchApp, pageText } from "../app";
import { holdBatches } from "../queue";

// /admin/escalations: the admins' list and detail pages, assign → reply → resolve, and what the
// client then sees in their conversation. Driven through the Worker as a browser would.

const admin = () => createSignedInUser({ roles: ["admin"] });

type EscalationRow = {
  id: string;
  status: string;
  assigned_to: string | null;
  reply: string | null;
  replied_at: string | null;
  resolved_at: string | null;
  question: string | null;
  transcript: string | null;
  transcript_purged_at: string | null;
};

function escalationRow(id: string) {
  return env.DB.prepare("SELECT * FROM ai_escalations WHERE id = ?").bind(id).first<EscalationRow>();
}

/** A Pro subscriber who asked a question and pressed "Ask an expert". */
async function escalatedConversation(question = "How should I price a fixed-fee bookkeeping package?") {
  const client = await createSubscriber("pro");
  const { conversationId } = await chatToEnd(client.cookie, question);
  const response = await fetchApp(`/ai-coach/conversations/${conversationId}/escalate`, { cookie: client.cookie, json: {} });
  expect(response.status).toBe(200);
  const { escalationId } = (await response.json()) as { escalationId: string };
  return { client, conversationId, escalationId };
}

test("an admin lists the open escalation, assigns it, replies (email + conversation) and resolves it; the client sees the reply and the status", async () => {
  const { client, conversationId, escalationId } = await escalatedConversation();
  const staff = await admin();

  const list = await fetchApp("/admin/escalations", { cookie: staff.cookie });
  expect(list.status).toBe(200);
  const listHtml = await pageText(list);
  expect(listHtml).toContain(`/admin/escalations/${escalationId}`);
  expect(listHtml).toContain(client.email);
  expect(listHtml).toContain("The client");
  // Raised-when in Australian time, with its zone abbreviation.
  expect(listHtml).toMatch(/\d{1,2}:\d{2}\s?[ap]m (AEST|AEDT)/);

  const detail = await pageText(await fetchApp(`/admin/escalations/${escalationId}`, { cookie: staff.cookie }));
  expect(detail).toContain("How should I price a fixed-fee bookkeeping package?");
  expect(detail).toContain("ClarityAI");

  const assigned = await fetchApp(`/admin/escalations/${escalationId}`, { cookie: staff.cookie, form: { intent: "assign", assigneeId: staff.id } });
  expect(assigned.status).toBe(302);
  expect(await escalationRow(escalationId)).toMatchObject({ status: "assigned", assigned_to: staff.id });
  expect(await pageText(await fetchApp("/admin/escalations?status=assigned", { cookie: staff.cookie }))).toContain(`/admin/escalations/${escalationId}`);
  expect(await pageText(await fetchApp("/admin/escalations?status=open", { cookie: staff.cookie }))).not.toContain(`/admin/escalations/${escalationId}`);

  const reply = "Start from your hours per client per month, then add a margin of 30%.\nHappy to talk it through.";
  const replied = await fetchApp(`/admin/escalations/${escalationId}`, { cookie: staff.cookie, form: { intent: "reply", reply } });
  expect(replied.status).toBe(302);
  expect(await escalationRow(escalationId)).toMatchObject({ reply, status: "assigned" });
  const emails = await outboxFor(`escalation.reply:${escalationId}`);
  expect(emails).toHaveLength(1);
  expect(emails[0]).toMatchObject({ to_address: client.email, subject: "A ClarityAI expert has replied to your question" });
  expect(String(emails[0]!.text_body)).toContain("add a margin of 30%");

  const afterReply = await conversationJson(client.cookie, conversationId);
  const expert = afterReply.messages.filter((message) => message.role === "expert");
  expect(expert).toHaveLength(1);
  expect(expert[0]!.content).toBe(reply);

  // Submitting the same reply again (a double click, a retry) duplicates nothing.
  expect((await fetchApp(`/admin/escalations/${escalationId}`, { cookie: staff.cookie, form: { intent: "reply", reply } })).status).toBe(302);
  expect(await outboxFor(`escalation.reply:${escalationId}`)).toHaveLength(1);
  expect((await conversationJson(client.cookie, conversationId)).messages.filter((m) => m.role === "expert")).toHaveLength(1);
  // A different second reply is refused: the client has one answer.
  const second = await fetchApp(`/admin/escalations/${escalationId}`, { cookie: staff.cookie, form: { intent: "reply", reply: "Something else entirely." } });
  expect(second.status).toBe(409);
  expect((await escalationRow(escalationId))!.reply).toBe(reply);

  const resolved = await fetchApp(`/admin/escalations/${escalationId}`, { cookie: staff.cookie, form: { intent: "resolve" } });
  expect(resolved.status).toBe(302);
  const row = await escalationRow(escalationId);
  expect(row).toMatchObject({ status: "resolved", assigned_to: staff.id });
  expect(row!.resolved_at).not.toBeNull();

  const seen = (await (await fetchApp(`/ai-coach/conversations/${conversationId}`, { cookie: client.cookie })).json()) as {
    escalations: { id: string; status: string }[];
  };
  expect(seen.escalations).toEqual([expect.objectContaining({ id: escalationId, status: "resolved" })]);
  expect(await pageText(await fetchApp("/admin/escalations?status=resolved", { cookie: staff.cookie }))).toContain(`/admin/escalations/${escalationId}`);
  expect(await pageText(await fetchApp("/admin/escalations", { cookie: staff.cookie }))).not.toContain(`/admin/escalations/${escalationId}`);
});

test("the list puts the longest-waiting open escalation first", async () => {
  const staff = await admin();
  const { client } = await escalatedConversation("First question?");
  const older = crypto.randomUUID();
  await env.DB.prepare(
    "INSERT INTO ai_escalations (id, user_id, conversation_id, message_id, \"trigger\", reason, question, transcript, created_at) VALUES (?, ?, ?, ?, 'model', 'Needs a tax specialist', 'Older?', '[]', '2000-01-01T00:00:00.000Z')",
  )
    .bind(older, client.id, crypto.randomUUID(), crypto.randomUUID())
    .run();
  const html = await pageText(await fetchApp("/admin/escalations?status=open", { cookie: staff.cookie }));
  const links = [...html.matchAll(/href="\/admin\/escalations\/([0-9a-f-]{36})"/g)].map((m) => m[1]);
  expect(links[0]).toBe(older);
  expect(html).toContain("Needs a tax specialist");
  expect(html).toContain("The coach");
});

test("non-admins and signed-out visitors get neither the pages nor the actions", async () => {
  const { client, escalationId } = await escalatedConversation();
  for (const path of ["/admin/escalations", `/admin/escalations/${escalationId}`]) {
    const asClient = await fetchApp(path, { cookie: client.cookie });
    expect(asClient.status).toBe(302);
    expect(asClient.headers.get("Location")).toBe("/");
    const signedOut = await fetchApp(path);
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("Location")).toMatch(/^\/auth/);
  }
  const attempts: Record<string, string>[] = [
    { intent: "reply", reply: "I am not an admin" },
    { intent: "resolve" },
    { intent: "assign", assigneeId: client.id },
  ];
  for (const fields of attempts) {
    const response = await fetchApp(`/admin/escalations/${escalationId}`, { cookie: client.cookie, form: fields });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
  }
  expect(await escalationRow(escalationId)).toMatchObject({ status: "open", assigned_to: null, reply: null, resolved_at: null });
  expect(await outboxFor(`escalation.reply:${escalationId}`)).toHaveLength(0);
});

test("bad input is a 4xx with a message and changes nothing; an unknown escalation is a 404", async () => {
  const { client, escalationId } = await escalatedConversation();
  const staff = await admin();
  const path = `/admin/escalations/${escalationId}`;
  const blank = await fetchApp(path, { cookie: staff.cookie, form: { intent: "reply", reply: "   " } });
  expect(blank.status).toBe(400);
  expect(await pageText(blank)).toContain("Write a reply before sending it.");
  expect((await fetchApp(path, { cookie: staff.cookie, form: { intent: "reply", reply: "x".repeat(8001) } })).status).toBe(400);
  const notAdmin = await fetchApp(path, { cookie: staff.cookie, form: { intent: "assign", assigneeId: client.id } });
  expect(notAdmin.status).toBe(400);
  expect(await pageText(notAdmin)).toContain("only be assigned to an administrator");
  expect((await fetchApp(path, { cookie: staff.cookie, form: { intent: "explode" } })).status).toBe(400);
  expect(await escalationRow(escalationId)).toMatchObject({ status: "open", assigned_to: null, reply: null });
  expect((await fetchApp(`/admin/escalations/${crypto.randomUUID()}`, { cookie: staff.cookie })).status).toBe(404);
  expect((await fetchApp(`/admin/escalations/${crypto.randomUUID()}`, { cookie: staff.cookie, form: { intent: "resolve" } })).status).toBe(404);
});

test("the transcript is shown as text: markup a client typed is never HTML on the admin's page", async () => {
  const staff = await admin();
  const client = await createUser();
  const id = crypto.randomUUID();
  const transcript = JSON.stringify([
    { role: "user", content: '<script>alert("x")</script> and <img src=x onerror=alert(1)> [link](javascript:alert(1))', timestamp: new Date().toISOString() },
    { role: "assistant", content: "**Bold** advice", timestamp: new Date().toISOString() },
  ]);
  await env.DB.prepare(
    "INSERT INTO ai_escalations (id, user_id, conversation_id, message_id, \"trigger\", reason, question, transcript) VALUES (?, ?, ?, ?, 'user', NULL, ?, ?)",
  )
    .bind(id, client.id, crypto.randomUUID(), crypto.randomUUID(), "<b>question</b>", transcript)
    .run();
  const html = await pageText(await fetchApp(`/admin/escalations/${id}`, { cookie: staff.cookie }));
  expect(html).not.toContain('<script>alert("x")');
  expect(html).not.toContain("<img src=x");
  expect(html).not.toContain('href="javascript:');
  expect(html).toContain("&lt;script&gt;");
  expect(html).toContain("<strong>Bold</strong>");
});

test("a reply to an escalation whose conversation was deleted is still emailed, the admin is told, and the conversation stays gone", async () => {
  const { client, conversationId, escalationId } = await escalatedConversation();
  const staff = await admin();
  expect((await fetchApp(`/ai-coach/conversations/${conversationId}`, { cookie: client.cookie, json: { intent: "delete" } })).status).toBeLessThan(300);
  const response = await fetchApp(`/admin/escalations/${escalationId}`, { cookie: staff.cookie, form: { intent: "reply", reply: "Here is what I'd do." } });
  expect(response.status).toBe(302);
  // The toast (a signed cookie) carries the message; the page shows it on the next load.
  const page = await pageText(
    await fetchApp(response.headers.get("Location")!, {
      cookie: `${staff.cookie}; ${response.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ")}`,
    }),
  );
  expect(page).toContain("be added to it");
  expect(await outboxFor(`escalation.reply:${escalationId}`)).toHaveLength(1);
  const stub = env.CONVERSATION.get(env.CONVERSATION.idFromName(conversationId));
  expect((await stub.snapshot()).messages).toEqual([]);
  expect(await env.DB.prepare("SELECT count(*) AS n FROM ai_conversations WHERE id = ?").bind(conversationId).first("n")).toBe(0);
});

// ── Retention ─────────────────────────────────────────────────────────────────────────────────

const DAY = 24 * 60 * 60 * 1000;

/** Keeps what is sent with JOBS.sendBatch (the purge jobs) for the test to run itself. */

function jobContext() {
  return createAppContext(env);
}

test("retention: the sweep purges a conversation idle for 3 months (messages and index row), keeps a recent one, and a redelivered purge is harmless", async () => {
  const client = await createSubscriber("pro");
  const { conversationId: old } = await chatToEnd(client.cookie, "An old question about cash flow");
  const { conversationId: recent } = await chatToEnd(client.cookie, "A recent question about hiring");
  const now = Date.now();
  // The clock is injected: the sweep runs "80 days from now"; the old conversation's last activity
  // was 20 days ago (100 days idle by then), the recent one's is now (80 days idle: kept).
  await env.DB.prepare("UPDATE ai_conversations SET last_activity_at = ? WHERE id = ?")
    .bind(new Date(now - 20 * DAY).toISOString(), old)
    .run();
  const scheduledAt = new Date(now + 80 * DAY).toISOString();

  const sent = holdBatches();
  await runJob({ type: "ai-coach.retention-sweep", version: 1, scheduledAt }, jobContext());
  const purges = sent.filter((job): job is { conversationId: string } => (job as { type: string }).type === "ai-coach.purge-conversation");
  expect(purges.map((job) => job.conversationId)).toContain(old);
  expect(purges.map((job) => job.conversationId)).not.toContain(recent);

  const job = purges.find((p) => p.conversationId === old)! as Parameters<typeof runJob>[0];
  expect(job).toMatchObject({ version: 1, reason: "retention", scheduledAt });
  expect((await conversationJson(client.cookie, old)).messages.length).toBeGreaterThan(0);
  await runJob(job, jobContext());
  const stub = (id: string) => env.CONVERSATION.get(env.CONVERSATION.idFromName(id));
  expect((await stub(old).snapshot()).messages).toEqual([]);
  expect(await env.DB.prepare("SELECT count(*) AS n FROM ai_conversations WHERE id = ?").bind(old).first("n")).toBe(0);
  expect((await fetchApp(`/ai-coach/conversations/${old}`, { cookie: client.cookie })).status).toBe(404);

  // Redelivered: already gone is success, and nothing comes back.
  await runJob(job, jobContext());
  expect((await stub(old).snapshot()).messages).toEqual([]);
  expect(await env.DB.prepare("SELECT count(*) AS n FROM ai_conversations WHERE id = ?").bind(old).first("n")).toBe(0);

  // The recent one is untouched, and a purge job for it (e.g. enqueued before it was picked up
  // again) leaves it alone.
  const before = (await conversationJson(client.cookie, recent)).messages.length;
  expect(before).toBeGreaterThan(0);
  await runJob({ type: "ai-coach.purge-conversation", version: 1, conversationId: recent, reason: "retention", scheduledAt }, jobContext());
  expect((await conversationJson(client.cookie, recent)).messages).toHaveLength(before);
});

test("retention: the daily cron enqueues the sweep, stamped with its scheduled time", async () => {
  const { jobsForSchedule } = await import("../../../workers/scheduled");
  const jobs = jobsForSchedule({ scheduledTime: Date.parse("2026-11-21T16:00:00Z") });
  expect(jobs).toContainEqual({ type: "ai-coach.retention-sweep", version: 1, scheduledAt: "2026-11-21T16:00:00.000Z" });
});

test("retention: an escalation idle for 3 months loses its transcript and question, and keeps what admins need", async () => {
  const staff = await admin();
  const client = await createUser();
  const insert = (
    id: string,
    createdAt: string,
    extra: { status?: string; reply?: string | null; repliedAt?: string | null; resolvedAt?: string | null } = {},
  ) =>
    env.DB.prepare(
      'INSERT INTO ai_escalations (id, user_id, conversation_id, message_id, "trigger", reason, question, transcript, status, assigned_to, reply, replied_at, resolved_at, created_at) VALUES (?, ?, ?, ?, \'model\', \'Tax question\', \'What can I claim?\', \'[{"role":"user","content":"What can I claim?"}]\', ?, ?, ?, ?, ?, ?)',
    )
      .bind(
        id,
        client.id,
        crypto.randomUUID(),
        crypto.randomUUID(),
        extra.status ?? "open",
        staff.id,
        extra.reply ?? null,
        extra.repliedAt ?? null,
        extra.resolvedAt ?? null,
        createdAt,
      )
      .run();
  const at = (iso: string) => new Date(iso).toISOString();
  const expired = crypto.randomUUID();
  const recentlyResolved = crypto.randomUUID();
  const recent = crypto.randomUUID();
  // Raised in January and resolved with a reply in February; the sweep runs on 1 June.
  await insert(expired, at("2031-01-10T00:00:00Z"), {
    status: "resolved",
    reply: "Talk to a registered tax agent.",
    repliedAt: at("2031-02-01T00:00:00Z"),
    resolvedAt: at("2031-02-02T00:00:00Z"),
  });
  // Raised in January but resolved in April: its last activity is within the period.
  await insert(recentlyResolved, at("2031-01-10T00:00:00Z"), { status: "resolved", resolvedAt: at("2031-04-01T00:00:00Z") });
  await insert(recent, at("2031-05-20T00:00:00Z"));

  // (The conversations of earlier tests are past the period in 2031 too: their purge jobs are held, not run.)
  holdBatches();
  await runJob({ type: "ai-coach.retention-sweep", version: 1, scheduledAt: "2031-06-01T16:00:00.000Z" }, jobContext());

  expect(await escalationRow(expired)).toMatchObject({
    question: null,
    transcript: null,
    transcript_purged_at: "2031-06-01T16:00:00.000Z",
    status: "resolved",
    assigned_to: staff.id,
    reply: "Talk to a registered tax agent.",
    reason: "Tax question",
    trigger: "model",
  });
  for (const id of [recentlyResolved, recent]) expect(await escalationRow(id)).toMatchObject({ question: "What can I claim?", transcript_purged_at: null });
  const page = await pageText(await fetchApp(`/admin/escalations/${expired}`, { cookie: staff.cookie }));
  expect(page).toContain("The transcript was deleted on");
  expect(page).toContain("Talk to a registered tax agent.");
});

// ── Account deletion and export ───────────────────────────────────────────────────────────────

test("a deleted account's conversations are purged from their Durable Objects, and the export lists conversations and escalations", async () => {
  const { client, conversationId, escalationId } = await escalatedConversation("A question I will take with me");
  const exported = (await (await fetchApp("/profile/export.json", { cookie: client.cookie })).json()) as Record<string, unknown>;
  expect(exported.aiConversations).toEqual([expect.objectContaining({ id: conversationId })]);
  expect(exported.aiEscalations).toEqual([expect.objectContaining({ id: escalationId, question: "A question I will take with me" })]);
  expect(JSON.stringify(exported.aiEscalations)).not.toContain("assignedTo");

  const sent = holdBatches();
  const response = await fetchApp("/profile?tab=privacy", { cookie: client.cookie, form: { intent: "delete-account", confirm: "DELETE" } });
  expect(response.status).toBe(302);
  expect(sent).toEqual([expect.objectContaining({ type: "ai-coach.purge-conversation", conversationId, reason: "account-deleted" })]);
  expect(await env.DB.prepare("SELECT count(*) AS n FROM ai_conversations WHERE user_id = ?").bind(client.id).first("n")).toBe(0);
  expect(await env.DB.prepare("SELECT count(*) AS n FROM ai_escalations WHERE user_id = ?").bind(client.id).first("n")).toBe(0);
  // The job runs after the rows have gone: the messages go too.
  await runJob(sent[0] as Parameters<typeof runJob>[0], jobContext());
  expect((await env.CONVERSATION.get(env.CONVERSATION.idFromName(conversationId)).snapshot()).messages).toEqual([]);
});

test("deleting an admin unassigns their escalations and keeps their replies", async () => {
  const { escalationId } = await escalatedConversation();
  const staff = await admin();
  await fetchApp(`/admin/escalations/${escalationId}`, { cookie: staff.cookie, form: { intent: "reply", reply: "Kept after I leave." } });
  expect((await fetchApp("/profile?tab=privacy", { cookie: staff.cookie, form: { intent: "delete-account", confirm: "DELETE" } })).status).toBe(302);
  expect(await escalationRow(escalationId)).toMatchObject({ assigned_to: null, reply: "Kept after I leave.", status: "assigned" });
});
