import { env } from "cloudflare:workers";
import { beforeAll, expect, inject, test } from "vitest";
import {
  allEvents,
  chatToEnd,
  clientMessageId,
  conversationJson,
  createSubscriber,
  ensureContentIndex,
  modelEnv,
  sendChat,
} from "../../factories/conversations";
import { createSignedInUser } from "../../factories/users";
import { waitFor } from "../../wait-for";
import { countRows, fetchApp } from "../app";

beforeAll(() => ensureContentIndex());

async function fakeRequests(): Promise<{ tools?: unknown[]; messages: { role: string; content: string | null }[] }[]> {
  return (await fetch(`${inject("fakeOpenAiUrl").replace(/\/v1$/, "")}/__requests`)).json();
}

test("Pro: the model's escalate_to_expert call records an escalation with the transcript, emails the admins, and the reply says so", async () => {
  const admin = await createSignedInUser({ roles: ["admin"] });
  const user = await createSubscriber("pro");
  const { conversationId, done } = await chatToEnd(user.cookie, "Can a human expert review my restructure plan?");
  expect(done.escalationTriggered).toBe(true);
  expect(done.content).toContain("I've passed your question to our expert team");
  const row = await env.DB.prepare(
    'SELECT id, user_id, message_id, "trigger", reason, question, transcript, status FROM ai_escalations WHERE conversation_id = ?',
  )
    .bind(conversationId)
    .first<{ id: string; message_id: string; trigger: string; reason: string; question: string; transcript: string; status: string; user_id: string }>();
  expect(row).toMatchObject({
    user_id: user.id,
    trigger: "model",
    reason: "The user asked for a human expert.",
    question: "Can a human expert review my restructure plan?",
    status: "open",
  });
  expect(JSON.parse(row!.transcript)).toEqual([expect.objectContaining({ role: "user", content: "Can a human expert review my restructure plan?" })]);
  const stored = await conversationJson(user.cookie, conversationId);
  expect(stored.messages[0]).toMatchObject({ id: row!.message_id, escalationId: row!.id });
  await waitFor(() => countRows("email_outbox", "to_address = ? AND dedupe_key = ?", admin.email, `escalation.raised:${row!.id}:${admin.id}`));
  // The snapshot lists it for the client to follow.
  const snapshot = (await allEvents(await fetchApp(`/ai-coach/conversations/${conversationId}/stream`, { cookie: user.cookie })))[0]!;
  expect(snapshot).toMatchObject({ event: "snapshot", data: { escalations: [{ id: row!.id, messageId: row!.message_id, status: "open" }] } });
});

test("Lite: the tool isn't offered, nothing is escalated, and Ask an expert is refused with 403", async () => {
  const user = await createSubscriber("lite");
  const { conversationId, done } = await chatToEnd(user.cookie, "I want a human expert to look at this");
  expect(done.escalationTriggered).toBe(false);
  const sent = (await fakeRequests()).filter((r) => r.messages.some((m) => m.content === "I want a human expert to look at this"));
  expect(sent.length).toBeGreaterThan(0);
  expect(sent.every((r) => r.tools === undefined)).toBe(true);
  expect(sent[0]!.messages[0]!.content).toContain("ClarityAI Lite");
  const ask = await fetchApp(`/ai-coach/conversations/${conversationId}/escalate`, { cookie: user.cookie, json: {} });
  expect(ask.status).toBe(403);
  expect(await ask.json()).toMatchObject({ code: "pro_required" });
  expect(await countRows("ai_escalations", "user_id = ?", user.id)).toBe(0);
});

test("Ask an expert: once per message, within the monthly allowance", async () => {
  const user = await createSubscriber("pro");
  const bindings = modelEnv({ CLARITYAI_MONTHLY_ESCALATIONS_PRO: "1" });
  const first = await chatToEnd(user.cookie, "Is my pricing right?");
  const ask = await fetchApp(`/ai-coach/conversations/${first.conversationId}/escalate`, { cookie: user.cookie, json: {}, bindings });
  expect(ask.status).toBe(200);
  const raised = (await ask.json()) as { escalationTriggered: boolean; escalationId: string };
  expect(raised.escalationTriggered).toBe(true);
  const again = await fetchApp(`/ai-coach/conversations/${first.conversationId}/escalate`, { cookie: user.cookie, json: {}, bindings });
  expect(await again.json()).toEqual(raised);
  expect(await countRows("ai_escalations", "user_id = ? AND \"trigger\" = 'user'", user.id)).toBe(1);
  const second = await chatToEnd(user.cookie, "And my hiring plan?", first.conversationId);
  const over = await fetchApp(`/ai-coach/conversations/${second.conversationId}/escalate`, { cookie: user.cookie, json: {}, bindings });
  expect(over.status).toBe(429);
  expect(await over.json()).toMatchObject({ code: "escalation_limit", error: expect.stringContaining("all 1 expert reviews") });
  expect(
    (await fetchApp(`/ai-coach/conversations/${first.conversationId}/escalate`, { cookie: user.cookie, json: { messageId: "nope" }, bindings })).status,
  ).toBe(404);
  const status = await (await fetchApp("/ai-coach/status", { cookie: user.cookie, bindings })).json();
  expect(status).toMatchObject({ tier: "pro", escalations: { used: 1, limit: 1 } });
});

test("an expert's reply is added once per escalation; purge forgets everything and can be repeated", async () => {
  const user = await createSubscriber("pro");
  const { conversationId } = await chatToEnd(user.cookie, "Question for the experts later");
  const stub = env.CONVERSATION.get(env.CONVERSATION.idFromName(conversationId));
  const input = { escalationId: crypto.randomUUID(), content: "Here is what we suggest.", repliedAt: new Date().toISOString() };
  const first = await stub.addExpertReply(input);
  const second = await stub.addExpertReply({ ...input, content: "changed" });
  expect(first).toMatchObject({ role: "expert", content: "Here is what we suggest.", status: "complete" });
  expect(second).toEqual(first);
  const stored = await conversationJson(user.cookie, conversationId);
  expect(stored.messages.map((m) => m.role)).toEqual(["user", "assistant", "expert"]);
  expect(await env.DB.prepare("SELECT message_count FROM ai_conversations WHERE id = ?").bind(conversationId).first<number>("message_count")).toBe(3);
  await stub.purge();
  await stub.purge();
  expect((await stub.snapshot()).messages).toEqual([]);
  // Still usable afterwards (the schema is re-created).
  const again = await sendChat(user.cookie, { message: "Fresh start", conversationId, clientMessageId: clientMessageId() });
  expect((await allEvents(again)).at(-1)).toMatchObject({ event: "done", data: { status: "complete" } });
});
