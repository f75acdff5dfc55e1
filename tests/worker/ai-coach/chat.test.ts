import { env } from "cloudflare:workers";
import { beforeAll, expect, test } from "vitest";
import { allEvents, chatToEnd, clientMessageId, conversationJson, createSubscriber, ensureContentIndex, sendChat } from "../../factories/conversations";
import { countRows, fetchApp } from "../app";

beforeAll(() => ensureContentIndex());

test("a subscriber's message streams a reply: snapshot, deltas, done, and both messages are stored", async () => {
  const user = await createSubscriber("lite");
  const response = await sendChat(user.cookie, { message: "How do I improve cash flow?", conversationId: null, clientMessageId: clientMessageId() });
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toMatch(/^text\/event-stream/);
  const conversationId = response.headers.get("X-Conversation-Id")!;
  expect(conversationId).toMatch(/^[0-9a-f-]{36}$/);
  const events = await allEvents(response);
  expect(events[0]!.event).toBe("snapshot");
  expect(events.filter((e) => e.event === "delta").length).toBeGreaterThan(2);
  const done = events.at(-1)!;
  expect(done.event).toBe("done");
  if (done.event !== "done") return;
  expect(done.data.status).toBe("complete");
  expect(done.data.content).toContain("Coach reply to: How do I improve cash flow?");
  expect(done.data.usage).toMatchObject({ used: 1, limit: 40 });

  const stored = await conversationJson(user.cookie, conversationId);
  expect(stored.messages.map((m) => [m.role, m.status])).toEqual([
    ["user", "complete"],
    ["assistant", "complete"],
  ]);
  expect(stored.conversation.title).toBe("How do I improve cash flow?");
  const row = await env.DB.prepare("SELECT user_id, message_count, tier FROM ai_conversations WHERE id = ?").bind(conversationId).first();
  expect(row).toMatchObject({ user_id: user.id, message_count: 2, tier: "lite" });
});

test("the same clientMessageId sent twice stores one message, one reply, and counts once", async () => {
  const user = await createSubscriber("pro");
  const id = clientMessageId();
  const first = await sendChat(user.cookie, { message: "What should I price my services at?", conversationId: null, clientMessageId: id });
  const conversationId = first.headers.get("X-Conversation-Id")!;
  await allEvents(first);
  const retry = await sendChat(user.cookie, { message: "What should I price my services at?", conversationId: null, clientMessageId: id });
  expect(retry.status).toBe(200);
  expect(retry.headers.get("X-Conversation-Id")).toBe(conversationId);
  const events = await allEvents(retry);
  expect(events.at(-1)).toMatchObject({ event: "done", data: { status: "complete" } });
  const again = await sendChat(user.cookie, { message: "What should I price my services at?", conversationId, clientMessageId: id });
  await allEvents(again);
  const stored = await conversationJson(user.cookie, conversationId);
  expect(stored.messages).toHaveLength(2);
  expect(await countRows("ai_usage", "user_id = ? AND messages = 1", user.id)).toBe(1);
  expect(await countRows("ai_conversations", "user_id = ?", user.id)).toBe(1);
});

test("a second message continues the conversation with the history", async () => {
  const user = await createSubscriber("lite");
  const first = await chatToEnd(user.cookie, "First question about hiring");
  const second = await chatToEnd(user.cookie, "And a follow-up", first.conversationId);
  expect(second.conversationId).toBe(first.conversationId);
  const stored = await conversationJson(user.cookie, first.conversationId);
  expect(stored.messages).toHaveLength(4);
  const listed = (await (await fetchApp("/ai-coach/conversations", { cookie: user.cookie })).json()) as {
    conversations: { id: string; messageCount: number }[];
  };
  expect(listed.conversations).toEqual([expect.objectContaining({ id: first.conversationId, messageCount: 4 })]);
});
