import { env } from "cloudflare:workers";
import { inject } from "vitest";
import type { ChatStreamEvent } from "~/ai-coach/chat-types";
import { rebuildContentIndex } from "~/ai-coach/content-index.server";
import { readChatStream } from "~/ai-coach/sse";
import type { Role } from "~/db/schema";
import { fetchApp } from "../app";
import { createConfirmedUser, signInOnWeb } from "../auth-helpers";

/** The bindings with the fake model configured (tests/fakes/openai-server.ts). */
export function modelEnv(extra: Partial<Record<string, string>> = {}): Env {
  return { ...env, OPENAI_API_KEY: "test-key", OPENAI_BASE_URL: inject("fakeOpenAiUrl"), ...extra } as Env;
}

let indexed: Promise<void> | undefined;
/** The content index, built once per test file. */
export function ensureContentIndex() {
  return (indexed ??= rebuildContentIndex(env.DB));
}

/** A signed-in user with a ClarityAI subscription row written straight into D1 (or none). */
export async function subscriber(tier: "lite" | "pro" | null, { roles = [] as Role[], status = "active" } = {}) {
  const user = await createConfirmedUser({ roles });
  if (tier) {
    await env.DB.prepare(
      "INSERT INTO ai_subscriptions (user_id, stripe_customer_id, stripe_subscription_id, tier, billing_interval, status) VALUES (?, ?, ?, ?, 'month', ?)",
    )
      .bind(user.id, `cus_test_${user.id.slice(0, 8)}`, `sub_test_${user.id.slice(0, 8)}`, tier, status)
      .run();
  }
  return { ...user, cookie: await signInOnWeb(user) };
}

export function clientMessageId() {
  return `msg-${crypto.randomUUID()}`;
}

export function chatRequest(cookie: string, body: unknown, bindings: Env = modelEnv()) {
  return fetchApp(
    new Request("http://localhost/ai-coach/chat", {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/json", Origin: "http://localhost" },
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
    bindings,
  );
}

export function apiGet(cookie: string, path: string, bindings: Env = env) {
  return fetchApp(new Request(`http://localhost${path}`, { headers: { Cookie: cookie }, redirect: "manual" }), bindings);
}

export function apiPost(cookie: string, path: string, body?: unknown, bindings: Env = env) {
  return fetchApp(
    new Request(`http://localhost${path}`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: "http://localhost", ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: "manual",
    }),
    bindings,
  );
}

/** Every event of a stream until it closes. */
export async function allEvents(response: Response): Promise<ChatStreamEvent[]> {
  const events: ChatStreamEvent[] = [];
  for await (const event of readChatStream(response.body!)) events.push(event);
  return events;
}

/** Sends a message and reads its stream to the end; returns the conversation id and the events. */
export async function chatToEnd(cookie: string, message: string, conversationId: string | null = null, bindings: Env = modelEnv()) {
  const response = await chatRequest(cookie, { message, conversationId, clientMessageId: clientMessageId() }, bindings);
  if (response.status !== 200) throw new Error(`chat answered ${response.status}: ${await response.text()}`);
  const events = await allEvents(response);
  return { conversationId: response.headers.get("X-Conversation-Id")!, events, done: doneOf(events) };
}

export function doneOf(events: ChatStreamEvent[]) {
  const done = events.find((event) => event.event === "done");
  if (!done || done.event !== "done") throw new Error(`no done event in ${JSON.stringify(events.map((e) => e.event))}`);
  return done.data;
}

/** Waits for a condition (no fixed sleeps): polls every 25 ms up to `timeoutMs`. */
export async function waitFor<T>(probe: () => Promise<T | null | undefined | false>, timeoutMs = 8_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error("waitFor: condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export async function conversationJson(cookie: string, id: string) {
  const response = await apiGet(cookie, `/ai-coach/conversations/${id}`);
  return (await response.json()) as {
    conversation: { messageCount: number; title: string };
    messages: import("~/ai-coach/chat-types").StoredChatMessage[];
    streaming: boolean;
  };
}
