import { createClient } from "@supabase/supabase-js";
import { env } from "cloudflare:workers";
import { beforeAll, expect, test } from "vitest";
import { PRO_REQUIRED_MESSAGE } from "~/ai-coach/escalation-requests.server";
import { ANON_KEY } from "../supabase/client";
import { chatToEnd, conversationJson, createSubscriber, ensureContentIndex } from "../../factories/conversations";
import { createSignedInUser, TEST_PASSWORD } from "../../factories/users";
import { countRows, fetchApp, pageText } from "../app";

// The AI coach with no model configured (the default on a fresh machine): the offline coach answers
// from the site's pages in whole sentences with links, says plainly what it is, and escalates a Pro
// subscriber's request for a person as the model's escalate_to_expert call would.

beforeAll(() => ensureContentIndex());

/** No OPENAI_API_KEY: the offline coach answers. */
const NO_MODEL = env;

async function functionsClient(email: string) {
  const client = createClient("http://localhost", ANON_KEY, {
    global: { fetch: (input: RequestInfo | URL, init?: RequestInit) => fetchApp(new Request(input, init), { bindings: NO_MODEL }) },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  const { error } = await client.auth.signInWithPassword({ email, password: TEST_PASSWORD });
  expect(error).toBeNull();
  return client;
}

async function escalationsOf(userId: string) {
  return (
    await env.DB.prepare('SELECT id, conversation_id, message_id, "trigger", question, status FROM ai_escalations WHERE user_id = ? ORDER BY created_at')
      .bind(userId)
      .all<{ id: string; conversation_id: string; message_id: string; trigger: string; question: string; status: string }>()
  ).results;
}

test("a BAS question: the BAS pages in whole sentences with links, labelled in one line, streamed, and no promise about later", async () => {
  const user = await createSubscriber("lite");
  const { done, events } = await chatToEnd(user.cookie, "Can you help me plan for BAS this quarter?", null, NO_MODEL);
  expect(done.status).toBe("complete");
  expect(done.escalationTriggered).toBe(false);
  const content = done.content;
  expect(content.split("\n")[0]).toBe("**Offline coach:** No AI model is connected, so I answer from our own guides.");
  expect(content).toContain("](/blog/13-week-cash-flow-forecast)");
  expect(content).not.toContain("/blog/how-to-write-a-90-day-plan");
  expect(content).not.toMatch(/…|ask again|in a few minutes/i);
  // Every quoted excerpt is whole sentences.
  for (const line of content.split("\n").filter((l) => l.startsWith("- **["))) expect(line).toMatch(/\)\*\*: [\p{Lu}\d].*[.!]$/u);
  expect(events.filter((event) => event.event === "delta").length).toBeGreaterThan(10);
});

test("Pro, no model, through the panel: asking in words for an expert escalates it (flag, admin queue, stored on the question)", async () => {
  const admin = await createSignedInUser({ roles: ["admin"] });
  const user = await createSubscriber("pro");
  const first = await chatToEnd(user.cookie, "Should I restructure into a company before buying a second café?", null, NO_MODEL);
  expect(first.done.escalationTriggered).toBe(false);
  expect(await countRows("ai_escalations", "user_id = ?", user.id)).toBe(0);

  const { done } = await chatToEnd(user.cookie, "Please escalate this to an expert.", first.conversationId, NO_MODEL);
  expect(done.escalationTriggered).toBe(true);
  expect(done.content).toContain("I've passed your question to ClarityAI's human experts. They'll follow up by email.");
  const [row] = await escalationsOf(user.id);
  expect(row).toMatchObject({ conversation_id: first.conversationId, trigger: "model", question: "Please escalate this to an expert.", status: "open" });
  const stored = await conversationJson(user.cookie, first.conversationId);
  expect(stored.messages.find((message) => message.id === row!.message_id)).toMatchObject({ role: "user", escalationId: row!.id });
  // In the admin queue.
  const detail = await fetchApp(`/admin/escalations/${row!.id}`, { cookie: admin.cookie });
  expect(detail.status).toBe(200);
  const text = await pageText(detail);
  expect(text).toContain("Please escalate this to an expert.");
  expect(text).toContain("Should I restructure into a company before buying a second café?");
  // Counted in the month's allowance.
  const status = (await (await fetchApp("/ai-coach/status", { cookie: user.cookie })).json()) as { escalations: { used: number } };
  expect(status.escalations.used).toBe(1);
});

test("Pro, no model, through chat-with-ai: 'can a human look at this' returns escalationTriggered", async () => {
  const user = await createSubscriber("pro");
  const client = await functionsClient(user.email);
  const { data, error } = await client.functions.invoke("chat-with-ai", { body: { message: "Can a human look at my pricing?", conversationId: null } });
  expect(error).toBeNull();
  expect(data.escalationTriggered).toBe(true);
  expect(data.response).toContain("passed your question to ClarityAI's human experts");
  expect(await escalationsOf(user.id)).toEqual([
    expect.objectContaining({ conversation_id: data.conversationId, question: "Can a human look at my pricing?" }),
  ]);
});

test("Pro over the monthly allowance: not escalated, told why as the tool path does; nothing written", async () => {
  const user = await createSubscriber("pro");
  const now = new Date().toISOString();
  // The month's allowance (5 by default) already used.
  for (let i = 0; i < 5; i++) {
    await env.DB.prepare(
      "INSERT INTO ai_escalations (id, user_id, conversation_id, message_id, \"trigger\", question, created_at, updated_at) VALUES (?, ?, ?, 'm', 'user', 'q', ?, ?)",
    )
      .bind(crypto.randomUUID(), user.id, crypto.randomUUID(), now, now)
      .run();
  }
  const { done } = await chatToEnd(user.cookie, "I'd like to talk to a real coach", null, NO_MODEL);
  expect(done.escalationTriggered).toBe(false);
  expect(done.content).toContain("You've used all 5 expert reviews included in ClarityAI Pro this month.");
  expect(await countRows("ai_escalations", "user_id = ?", user.id)).toBe(5);
});

test("Lite, no model: a request for a person gets the Pro answer; questions that only mention the words escalate nothing", async () => {
  const lite = await createSubscriber("lite");
  const { done } = await chatToEnd(lite.cookie, "talk to a real coach", null, NO_MODEL);
  expect(done.escalationTriggered).toBe(false);
  expect(done.content).toContain(PRO_REQUIRED_MESSAGE);
  expect(await countRows("ai_escalations", "user_id = ?", lite.id)).toBe(0);

  const pro = await createSubscriber("pro");
  for (const question of ["What does escalate mean?", "My customers want to talk to a real person. How do I handle that?"]) {
    const reply = await chatToEnd(pro.cookie, question, null, NO_MODEL);
    expect(reply.done.escalationTriggered, question).toBe(false);
  }
  expect(await countRows("ai_escalations", "user_id = ?", pro.id)).toBe(0);
});
