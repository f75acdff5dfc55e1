import { env } from "cloudflare:workers";
import { inject } from "vitest";
import type { ChatStreamEvent, StoredChatMessage } from "~/ai-coach/chat-types";
import { rebuildContentIndex } from "~/ai-coach/content-index.server";
import { readChatStream } from "~/ai-coach/sse";
import type { Role } from "~/db/schema";
import { type SubscriptionOptions, createSubscription } from "./subscriptions";
import { createSignedInUser } from "./users";
import { fetchApp } from "../worker/app";

// ClarityAI subscribers and their conversations with the AI coach. A conversation is made the way
// a subscriber makes one, through POST /ai-coach/chat, answered by the fake model on loopback
// (tests/fakes/openai-server.ts), so its Durable Object and index row are the real ones.

/** The bindings with the fake model configured. Without them no model is set: the offline coach answers. */
export function modelEnv(extra: Partial<Record<string, string>> = {}): Env {
  return { ...env, OPENAI_API_KEY: "test-key", OPENAI_BASE_URL: inject("fakeOpenAiUrl"), ...extra } as Env;
}

/** The coach's content index (the articles it cites), rebuilt from the content in the database now. */
export function ensureContentIndex() {
  return rebuildContentIndex(env.DB);
}

/** A signed-in user with a ClarityAI subscription of this tier (none for null). */
export async function createSubscriber(
  tier: "lite" | "pro" | null,
  { roles = [] as Role[], status = "active" }: { roles?: Role[]; status?: SubscriptionOptions["status"] } = {},
) {
  const user = await createSignedInUser({ roles });
  if (tier) await createSubscription(user.id, { tier, status });
  return user;
}

export function clientMessageId() {
  return `msg-${crypto.randomUUID()}`;
}

/** POST /ai-coach/chat as the chat panel sends it: the answer streams the reply. */
export function sendChat(cookie: string, body: unknown, bindings: Env = modelEnv()) {
  return fetchApp("/ai-coach/chat", { json: body, cookie, bindings });
}

/** Every event of a stream until it closes. */
export async function allEvents(response: Response): Promise<ChatStreamEvent[]> {
  const events: ChatStreamEvent[] = [];
  for await (const event of readChatStream(response.body!)) events.push(event);
  return events;
}

export function doneOf(events: ChatStreamEvent[]) {
  const done = events.find((event) => event.event === "done");
  if (!done || done.event !== "done") throw new Error(`no done event in ${JSON.stringify(events.map((e) => e.event))}`);
  return done.data;
}

/** Sends a message (starting a conversation, or in `conversationId`) and reads its reply to the end. */
export async function chatToEnd(cookie: string, message: string, conversationId: string | null = null, bindings: Env = modelEnv()) {
  const response = await sendChat(cookie, { message, conversationId, clientMessageId: clientMessageId() }, bindings);
  if (response.status !== 200) throw new Error(`chat answered ${response.status}: ${await response.text()}`);
  const events = await allEvents(response);
  return { conversationId: response.headers.get("X-Conversation-Id")!, events, done: doneOf(events) };
}

/** A conversation as its owner's browser reads it (GET /ai-coach/conversations/:id). */
export async function conversationJson(cookie: string, id: string) {
  const response = await fetchApp(`/ai-coach/conversations/${id}`, { cookie });
  return (await response.json()) as {
    conversation: { messageCount: number; title: string };
    messages: StoredChatMessage[];
    streaming: boolean;
  };
}
