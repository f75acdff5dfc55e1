import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { beforeAll, expect, inject, test } from "vitest";
import type { ChatStreamEvent } from "~/ai-coach/chat-types";
import type { ReplyPlan } from "~/ai-coach/conversation-protocol";
import { readChatStream } from "~/ai-coach/sse";
import type { FakeStream } from "../../fakes/openai-server";
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
import { waitFor } from "../../wait-for";
import { fetchApp } from "../app";

beforeAll(() => ensureContentIndex());

/** The fake model's streamed replies so far: each one's question and how it ended (tests/fakes/openai-server.ts). */
async function modelStreams(): Promise<FakeStream[]> {
  return (await fetch(`${inject("fakeOpenAiUrl").replace(/\/v1$/, "")}/__streams`)).json();
}

/** Starts a long reply and reads until `deltas` deltas have arrived; returns the open iterator. */
async function startSlowReply(cookie: string, deltas = 3, message = "Plan my week [slow]") {
  const response = await sendChat(cookie, { message, conversationId: null, clientMessageId: clientMessageId() });
  expect(response.status).toBe(200);
  const conversationId = response.headers.get("X-Conversation-Id")!;
  const events = readChatStream(response.body!);
  const seen: ChatStreamEvent[] = [];
  for await (const event of events) {
    seen.push(event);
    if (seen.filter((e) => e.event === "delta").length >= deltas) break;
  }
  return { conversationId, seen };
}

test("closing the stream mid-reply does not stop the reply: it completes in storage", async () => {
  const user = await createSubscriber("lite");
  // The loop above broke out of the iterator, which cancels the stream: the browser has gone.
  const { conversationId } = await startSlowReply(user.cookie);
  const mid = await conversationJson(user.cookie, conversationId);
  expect(mid.messages[1]).toMatchObject({ role: "assistant", status: "streaming" });
  const finished = await waitFor(async () => {
    const state = await conversationJson(user.cookie, conversationId);
    return state.messages[1]?.status === "complete" ? state : null;
  });
  expect(finished.messages[1]!.content).toMatch(/^Coach reply to: Plan my week\..*review them every Friday afternoon\.$/s);
  expect(finished.streaming).toBe(false);
  const row = await env.DB.prepare("SELECT message_count FROM ai_conversations WHERE id = ?").bind(conversationId).first<number>("message_count");
  expect(row).toBe(2);
});

test("a reload mid-reply gets the partial reply in its snapshot, then the rest live; storage keeps the partial text as it grows", async () => {
  const user = await createSubscriber("pro");
  const { conversationId } = await startSlowReply(user.cookie, 4);
  const stub = env.CONVERSATION.get(env.CONVERSATION.idFromName(conversationId));
  // Written to storage while still streaming (throttled), so a restarted object would still have it.
  await waitFor(() =>
    runInDurableObject(stub, (_instance, state) => {
      const row = state.storage.sql.exec<{ content: string; status: string }>("SELECT content, status FROM chat_messages WHERE role = 'assistant'").one();
      return row.status === "streaming" && row.content.length > 0;
    }),
  );
  const reload = await fetchApp(`/ai-coach/conversations/${conversationId}/stream`, { cookie: user.cookie });
  expect(reload.status).toBe(200);
  const events = await allEvents(reload);
  const snapshot = events[0]!;
  expect(snapshot.event).toBe("snapshot");
  if (snapshot.event !== "snapshot") return;
  const partial = snapshot.data.messages[1]!;
  expect(partial.status).toBe("streaming");
  expect(partial.content.length).toBeGreaterThan(0);
  expect(snapshot.data.conversation.id).toBe(conversationId);
  const deltas = events.filter((e) => e.event === "delta").map((e) => (e.event === "delta" ? e.data.text : ""));
  expect(deltas.length).toBeGreaterThan(0);
  const done = events.at(-1)!;
  expect(done.event).toBe("done");
  if (done.event !== "done") return;
  expect(done.data.status).toBe("complete");
  // Nothing lost, nothing repeated: the snapshot's text plus the live deltas is the whole reply.
  expect(partial.content + deltas.join("")).toBe(done.data.content);
});

test("two tabs follow the same reply to the same end", async () => {
  const user = await createSubscriber("lite");
  const { conversationId } = await startSlowReply(user.cookie, 2);
  const [a, b] = await Promise.all([
    fetchApp(`/ai-coach/conversations/${conversationId}/stream`, { cookie: user.cookie }),
    fetchApp(`/ai-coach/conversations/${conversationId}/stream`, { cookie: user.cookie }),
  ]);
  const [eventsA, eventsB] = await Promise.all([allEvents(a), allEvents(b)]);
  expect(eventsA.at(-1)).toEqual(eventsB.at(-1));
  expect(eventsA.at(-1)).toMatchObject({ event: "done", data: { status: "complete" } });
});

test("an idle conversation's stream closes right after its snapshot", async () => {
  const user = await createSubscriber("lite");
  const { conversationId } = await chatToEnd(user.cookie, "Quick question about BAS");
  const events = await allEvents(await fetchApp(`/ai-coach/conversations/${conversationId}/stream`, { cookie: user.cookie }));
  expect(events.map((e) => e.event)).toEqual(["snapshot"]);
});

test("Stop ends the reply, keeps what was said and marks it stopped", async () => {
  const user = await createSubscriber("lite");
  const question = `Plan my week [slow] (${crypto.randomUUID()})`;
  const { conversationId } = await startSlowReply(user.cookie, 3, question);
  const follower = readChatStream((await fetchApp(`/ai-coach/conversations/${conversationId}/stream`, { cookie: user.cookie })).body!);
  expect((await follower.next()).value).toMatchObject({ event: "snapshot" });
  const stop = await fetchApp(`/ai-coach/conversations/${conversationId}/stop`, { cookie: user.cookie, method: "POST" });
  expect(stop.status).toBe(204);
  const events: ChatStreamEvent[] = [];
  for await (const event of follower) events.push(event);
  const done = events.at(-1)!;
  expect(done).toMatchObject({ event: "done", data: { status: "stopped" } });
  const stored = await conversationJson(user.cookie, conversationId);
  expect(stored.messages[1]).toMatchObject({ role: "assistant", status: "stopped" });
  expect(stored.messages[1]!.content.length).toBeGreaterThan(0);
  expect(stored.messages[1]!.content).not.toContain(
    "Friday afternoon. Keep going with small weekly steps and review them every Friday afternoon. Keep going with small weekly steps and review them every Friday afternoon. Keep going with small weekly steps and review them every Friday afternoon. Keep going with small weekly steps and review them every Friday afternoon. Keep going with small weekly steps and review them every Friday afternoon.",
  );
  // Stopped for good: it does not carry on in the background. The model's stream was hung up on
  // (nothing more can arrive), and what was stored stayed as it was.
  await waitFor(async () => (await modelStreams()).some((stream) => stream.question === question && stream.outcome === "closed"), {
    message: "the model's stream of the stopped reply closed by the coach",
  });
  expect((await conversationJson(user.cookie, conversationId)).messages[1]!.content).toBe(stored.messages[1]!.content);
  // The conversation takes the next message.
  const next = await chatToEnd(user.cookie, "Next question", conversationId);
  expect(next.done.status).toBe("complete");
});

test("a second message while a reply is being written is refused with 409, not lost silently", async () => {
  const user = await createSubscriber("lite");
  const { conversationId } = await startSlowReply(user.cookie, 1);
  const busy = await sendChat(user.cookie, { message: "Another one", conversationId, clientMessageId: clientMessageId() });
  expect(busy.status).toBe(409);
  expect(await busy.json()).toMatchObject({ code: "reply_in_progress" });
  await fetchApp(`/ai-coach/conversations/${conversationId}/stop`, { cookie: user.cookie, method: "POST" });
  // The refused message was not counted.
  const usage = await env.DB.prepare("SELECT messages FROM ai_usage WHERE user_id = ?").bind(user.id).first<number>("messages");
  expect(usage).toBe(1);
});

test("the model failing before any text: the labelled offline coach answers from the site's own content", async () => {
  const user = await createSubscriber("lite");
  const { conversationId, done } = await chatToEnd(user.cookie, "How do I build a cash flow forecast for BAS? [fail]");
  expect(done.status).toBe("complete");
  expect(done.content).toMatch(/^\*\*Offline coach:\*\* The AI model didn't answer/);
  expect(done.content).toContain("(/blog/13-week-cash-flow-forecast)");
  const stored = await conversationJson(user.cookie, conversationId);
  expect(stored.messages[1]).toMatchObject({ offline: true, status: "complete" });
});

test("the model failing mid-reply: what it said is kept and the offline coach finishes, labelled", async () => {
  const user = await createSubscriber("lite");
  const { done, conversationId } = await chatToEnd(user.cookie, "Hiring an apprentice [fail-mid]");
  expect(done.content).toMatch(/^Coach reply to: Hiring/);
  expect(done.content).toContain("**Offline coach:**");
  expect((await conversationJson(user.cookie, conversationId)).messages[1]!.offline).toBe(true);
});

test("a model that never answers is given up on after OPENAI_TIMEOUT_MS, and the offline coach answers", async () => {
  const user = await createSubscriber("lite");
  const started = Date.now();
  const { done } = await chatToEnd(user.cookie, "Pricing question [hang]", null, modelEnv({ OPENAI_TIMEOUT_MS: "1000" }));
  expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  expect(done.content).toContain("**Offline coach:**");
});

test("with no model configured the offline coach answers at a reading pace, clearly labelled", async () => {
  const user = await createSubscriber("lite");
  const started = Date.now();
  const { done, events } = await chatToEnd(user.cookie, "How should I plan the next 90 days?", null, env);
  const took = Date.now() - started;
  expect(done.content).toMatch(/^\*\*Offline coach:\*\* No AI model is connected/);
  expect(events.filter((e) => e.event === "delta").length).toBeGreaterThan(10);
  expect(took).toBeGreaterThan(700);
  expect(took).toBeLessThan(6000);
});

function testPlan(conversationId: string): ReplyPlan {
  return { conversationId, userId: "nobody", tier: "lite", systemPrompt: "test", articles: [], offerEscalation: false };
}

/** Storage as a restarted object finds it: question u1, and reply a1 still streaming with `partial` written so far. */
function seedStreamingReply(sql: SqlStorage, question: string, partial: string, plan: ReplyPlan) {
  sql.exec(
    "INSERT INTO chat_messages (id, role, content, timestamp, status, client_message_id) VALUES ('u1', 'user', ?, '2026-01-01T00:00:00.000Z', 'complete', 'c1')",
    question,
  );
  sql.exec(
    "INSERT INTO chat_messages (id, role, content, timestamp, status, reply_to) VALUES ('a1', 'assistant', ?, '2026-01-01T00:00:00.001Z', 'streaming', 'u1')",
    partial,
  );
  sql.exec("INSERT INTO pending_replies (message_id, plan, attempts) VALUES ('a1', ?, 1)", JSON.stringify(plan));
}

test("an object that restarts mid-reply: a reply with no text yet is written again; one with text is kept and marked failed", async () => {
  const fresh = env.CONVERSATION.get(env.CONVERSATION.idFromName(crypto.randomUUID()));
  await runInDurableObject(fresh, async (instance, state) => {
    seedStreamingReply(state.storage.sql, "Cash flow tips?", "", testPlan("x"));
    await instance.alarm();
    const row = state.storage.sql
      .exec<{ status: string; content: string; offline: number }>("SELECT status, content, offline FROM chat_messages WHERE id = 'a1'")
      .one();
    // No model in the object's own settings: the offline coach writes it.
    expect(row).toMatchObject({ status: "complete", offline: 1 });
    expect(row.content).toContain("Offline coach:");
    expect(state.storage.sql.exec("SELECT count(*) AS n FROM pending_replies").one().n).toBe(0);
  });
  const partial = env.CONVERSATION.get(env.CONVERSATION.idFromName(crypto.randomUUID()));
  await runInDurableObject(partial, async (instance, state) => {
    seedStreamingReply(state.storage.sql, "Hi", "Half a rep", testPlan("y"));
    await instance.alarm();
    const row = state.storage.sql.exec<{ status: string; content: string }>("SELECT status, content FROM chat_messages WHERE id = 'a1'").one();
    expect(row).toEqual({ status: "failed", content: "Half a rep" });
  });
});
