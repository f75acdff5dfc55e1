import { env } from "cloudflare:workers";
import { beforeAll, expect, test } from "vitest";
import { sydneyDay } from "~/utils/sydney-time";
import { allEvents, chatToEnd, clientMessageId, createSubscriber, ensureContentIndex, modelEnv, sendChat } from "../../factories/conversations";
import { countRows, fetchApp } from "../app";

beforeAll(() => ensureContentIndex());

test("someone else's conversation is a 404 on every route, and stays untouched", async () => {
  const owner = await createSubscriber("pro");
  const other = await createSubscriber("pro");
  const { conversationId } = await chatToEnd(owner.cookie, "Private question about my margins");
  const base = `/ai-coach/conversations/${conversationId}`;
  for (const path of [base, `${base}/stream`, `${base}/export.md`]) {
    const response = await fetchApp(path, { cookie: other.cookie });
    expect(response.status, path).toBe(404);
    expect(await response.json()).toMatchObject({ code: "not_found" });
  }
  for (const [path, body] of [
    [`${base}/stop`, undefined],
    [`${base}/escalate`, {}],
    [base, { intent: "rename", title: "Mine now" }],
    [base, { intent: "delete" }],
  ] as const) {
    const response = await fetchApp(path, { method: "POST", cookie: other.cookie, json: body });
    expect(response.status, path).toBe(404);
  }
  const hijack = await sendChat(other.cookie, { message: "Let me in", conversationId, clientMessageId: clientMessageId() });
  expect(hijack.status).toBe(404);
  expect(await countRows("ai_conversations", "id = ? AND user_id = ? AND message_count = 2", conversationId, owner.id)).toBe(1);
  expect(await countRows("ai_escalations", "conversation_id = ?", conversationId)).toBe(0);
  const own = await fetchApp(`${base}/export.md`, { cookie: owner.cookie });
  expect(own.status).toBe(200);
  expect(own.headers.get("Content-Disposition")).toMatch(/^attachment; filename="clarityai-conversation-\d{4}-\d{2}-\d{2}\.md"$/);
  expect(await own.text()).toMatch(/^# Private question about my margins\n[\s\S]*## You · [\s\S]*## ClarityAI · /);
});

test("a signed-in user without a subscription gets 402 subscription_required, and nothing is stored or counted", async () => {
  for (const user of [await createSubscriber(null), await createSubscriber("pro", { status: "canceled" })]) {
    const response = await sendChat(user.cookie, { message: "Hello", conversationId: null, clientMessageId: clientMessageId() });
    expect(response.status).toBe(402);
    const body = (await response.json()) as { error: string; code: string };
    expect(body.code).toBe("subscription_required");
    expect(body.error).toContain("subscription");
    expect(await countRows("ai_conversations", "user_id = ?", user.id)).toBe(0);
    expect(await countRows("ai_usage", "user_id = ?", user.id)).toBe(0);
    const status = await (await fetchApp("/ai-coach/status", { cookie: user.cookie })).json();
    expect(status).toMatchObject({ hasActiveSubscription: false, tier: null, usage: null, escalations: null });
  }
});

test("a visitor is sent to sign in; a form post or bad JSON is a clear 400", async () => {
  const visitor = await fetchApp(
    new Request("http://localhost/ai-coach/chat", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}", redirect: "manual" }),
  );
  expect(visitor.status).toBe(302);
  expect(visitor.headers.get("Location")).toBe("/auth?redirectTo=%2Fai-coach%2Fchat");
  const user = await createSubscriber("lite");
  for (const [body, code] of [
    ["{not json", "invalid_json"],
    [{ message: "   ", conversationId: null, clientMessageId: clientMessageId() }, "invalid_request"],
    [{ message: "x".repeat(4001), conversationId: null, clientMessageId: clientMessageId() }, "invalid_request"],
    [{ message: "Hi", conversationId: "not-a-uuid", clientMessageId: clientMessageId() }, "invalid_request"],
    [{ message: "Hi", conversationId: null }, "invalid_request"],
  ] as const) {
    const response = await sendChat(user.cookie, body);
    expect(response.status, JSON.stringify(body).slice(0, 60)).toBe(400);
    expect(await response.json()).toMatchObject({ code });
  }
  const form = await fetchApp(
    new Request("http://localhost/ai-coach/chat", {
      method: "POST",
      headers: { Cookie: user.cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: "message=hi",
    }),
  );
  expect(form.status).toBe(400);
  expect(await countRows("ai_usage", "user_id = ?", user.id)).toBe(0);
});

test("the daily limit: counted once per new message on the Sydney date; at the limit a clear 429 with the meter, and retries still answered", async () => {
  const user = await createSubscriber("lite");
  const bindings = modelEnv({ CLARITYAI_DAILY_MESSAGES_LITE: "2" });
  const first = await chatToEnd(user.cookie, "One", null, bindings);
  const id = clientMessageId();
  const second = await sendChat(user.cookie, { message: "Two", conversationId: first.conversationId, clientMessageId: id }, bindings);
  expect((await allEvents(second)).at(-1)).toMatchObject({ event: "done", data: { usage: { used: 2, limit: 2 } } });
  const over = await sendChat(user.cookie, { message: "Three", conversationId: first.conversationId, clientMessageId: clientMessageId() }, bindings);
  expect(over.status).toBe(429);
  const body = (await over.json()) as { error: string; code: string; usage: { used: number; limit: number; resetsAt: string } };
  expect(body.code).toBe("usage_limit");
  expect(body.error).toMatch(/^You've used all 2 messages for today\. Your limit resets at midnight AE[SD]T, so/);
  expect(body.usage).toMatchObject({ used: 2, limit: 2 });
  expect(Date.parse(body.usage.resetsAt)).toBeGreaterThan(Date.now());
  expect(Date.parse(body.usage.resetsAt) - Date.now()).toBeLessThanOrEqual(86_400_000);
  // A retry of a message already stored is not a new message.
  const retry = await sendChat(user.cookie, { message: "Two", conversationId: first.conversationId, clientMessageId: id }, bindings);
  expect(retry.status).toBe(200);
  await allEvents(retry);
  const row = await env.DB.prepare("SELECT day, messages FROM ai_usage WHERE user_id = ?").bind(user.id).first();
  expect(row).toEqual({ day: sydneyDay(new Date()), messages: 2 });
  const status = await (await fetchApp("/ai-coach/status", { cookie: user.cookie, bindings })).json();
  expect(status).toMatchObject({ hasActiveSubscription: true, tier: "lite", usage: { used: 2, limit: 2 }, escalations: null });
});

test("concurrent sends at the edge of the limit: exactly the allowance gets through", async () => {
  const user = await createSubscriber("lite");
  const bindings = modelEnv({ CLARITYAI_DAILY_MESSAGES_LITE: "3" });
  const responses = await Promise.all(
    Array.from({ length: 6 }, (_, i) =>
      sendChat(user.cookie, { message: `Parallel ${i}`, conversationId: null, clientMessageId: clientMessageId() }, bindings),
    ),
  );
  const statuses = responses.map((r) => r.status).sort();
  await Promise.all(responses.map((r) => (r.status === 200 ? allEvents(r) : r.body?.cancel())));
  expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
  expect(await env.DB.prepare("SELECT messages FROM ai_usage WHERE user_id = ?").bind(user.id).first<number>("messages")).toBe(3);
});

test("rename, list and delete a conversation; deleting empties its Durable Object", async () => {
  const user = await createSubscriber("lite");
  const { conversationId } = await chatToEnd(user.cookie, "Something to rename");
  const renamed = await fetchApp(`/ai-coach/conversations/${conversationId}`, { cookie: user.cookie, json: { intent: "rename", title: "  Cash plan  " } });
  expect(renamed.status).toBe(200);
  expect(await renamed.json()).toMatchObject({ conversation: { id: conversationId, title: "Cash plan" } });
  expect(
    ((await (await fetchApp("/ai-coach/conversations", { cookie: user.cookie })).json()) as { conversations: { title: string }[] }).conversations[0]!.title,
  ).toBe("Cash plan");
  expect((await fetchApp(`/ai-coach/conversations/${conversationId}`, { cookie: user.cookie, json: { intent: "rename", title: "" } })).status).toBe(400);
  expect((await fetchApp(`/ai-coach/conversations/${conversationId}`, { cookie: user.cookie, json: { intent: "explode" } })).status).toBe(400);
  const deleted = await fetchApp(`/ai-coach/conversations/${conversationId}`, { cookie: user.cookie, json: { intent: "delete" } });
  expect(deleted.status).toBe(204);
  expect(await countRows("ai_conversations", "id = ?", conversationId)).toBe(0);
  const stub = env.CONVERSATION.get(env.CONVERSATION.idFromName(conversationId));
  expect((await stub.snapshot()).messages).toEqual([]);
  expect((await fetchApp(`/ai-coach/conversations/${conversationId}`, { cookie: user.cookie })).status).toBe(404);
});
