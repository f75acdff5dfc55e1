import type { IncomingMessage, ServerResponse } from "node:http";
import type { TestProject } from "vitest/node";
import { startLoopbackServer } from "./loopback-server";

// An OpenAI-compatible chat completions server on loopback, for the workerd tests (a vitest
// globalSetup: its URL is provided as "fakeOpenAiUrl") and the bench. POST …/chat/completions,
// streamed (server-sent events) or not. What it does is steered by markers in the last user message:
//   [fail]        answers 500 before any token
//   [fail-mid]    streams a few tokens, then drops the connection
//   [hang]        sends headers, then nothing (the caller's timeout must act)
//   [slow]        a long reply, one word every 40 ms (about 3 s)
//   [echo-system] replies with the system prompt it was given
//   [fast]        no first-token delay (the bench fills a long conversation with it)
//   "expert"      with the escalate_to_expert tool offered: calls it (reason given), no text
// A message with role "tool" last gets a short closing reply. Otherwise the reply is
// "Coach reply to: <the question>" plus a few sentences, in small chunks. The first token waits
// firstTokenDelayMs. GET /__requests lists the bodies received (newest last); DELETE clears them.
// GET /__streams lists each streamed reply's question and how it ended so far: "streaming",
// "finished", or "closed" when the connection ended before the reply did (the caller hung up).

export type FakeOpenAiOptions = { firstTokenDelayMs?: number; chunkDelayMs?: number };
export type FakeOpenAi = { url: string; close: () => Promise<void>; requests: unknown[] };
export type FakeStream = { question: string; outcome: "streaming" | "finished" | "closed" };

type ChatBody = {
  model?: string;
  stream?: boolean;
  messages?: { role: string; content: string | null }[];
  tools?: { function?: { name?: string } }[];
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (body += chunk));
    request.on("end", () => resolve(body));
    request.on("error", reject);
  });
}

function chunk(id: string, model: string, delta: Record<string, unknown>, finish: string | null = null) {
  return `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created: Math.floor(Date.now() / 1000), model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
}

function words(text: string): string[] {
  return text.match(/\S+\s*/g) ?? [];
}

function replyText(body: ChatBody): { text: string; slow: boolean; failMid: boolean } {
  const messages = body.messages ?? [];
  const last = messages.at(-1);
  if (last?.role === "tool")
    return {
      text: "I've passed your question to our expert team; they'll follow up by email. Meanwhile, here is some general guidance.",
      slow: false,
      failMid: false,
    };
  const question = [...messages].reverse().find((m) => m.role === "user")?.content ?? "";
  if (question.includes("[echo-system]"))
    return { text: messages.find((m) => m.role === "system")?.content ?? "(no system prompt)", slow: false, failMid: false };
  const slow = question.includes("[slow]");
  const base = `Coach reply to: ${question.replace(/\[[a-z-]+\]/g, "").trim()}. Start with your numbers for the last three months, then pick one change to test this month.`;
  const text = slow ? `${base} ${"Keep going with small weekly steps and review them every Friday afternoon. ".repeat(6)}`.trim() : base;
  return { text, slow, failMid: question.includes("[fail-mid]") };
}

async function handle(request: IncomingMessage, response: ServerResponse, options: Required<FakeOpenAiOptions>, requests: unknown[], streams: FakeStream[]) {
  const url = new URL(request.url ?? "/", "http://127.0.0.1");
  if (url.pathname === "/__streams") {
    response.writeHead(200, { "Content-Type": "application/json" });
    response.end(JSON.stringify(streams));
    return;
  }
  if (url.pathname === "/__requests") {
    if (request.method === "DELETE") requests.length = 0;
    response.writeHead(200, { "Content-Type": "application/json" });
    response.end(JSON.stringify(request.method === "DELETE" ? [] : requests));
    return;
  }
  if (request.method !== "POST" || !url.pathname.endsWith("/chat/completions")) {
    response.writeHead(404, { "Content-Type": "application/json" });
    response.end(JSON.stringify({ error: { message: "Not found", type: "invalid_request_error" } }));
    return;
  }
  if (!/^Bearer \S+/.test(request.headers.authorization ?? "")) {
    response.writeHead(401, { "Content-Type": "application/json" });
    response.end(JSON.stringify({ error: { message: "Missing API key", type: "invalid_request_error" } }));
    return;
  }
  let body: ChatBody;
  try {
    body = JSON.parse(await readBody(request)) as ChatBody;
  } catch {
    response.writeHead(400, { "Content-Type": "application/json" });
    response.end(JSON.stringify({ error: { message: "Invalid JSON", type: "invalid_request_error" } }));
    return;
  }
  requests.push(body);
  const model = body.model ?? "fake-model";
  const id = `chatcmpl-${Math.random().toString(36).slice(2)}`;
  const question = [...(body.messages ?? [])].reverse().find((m) => m.role === "user")?.content ?? "";
  const lastIsTool = body.messages?.at(-1)?.role === "tool";

  if (question.includes("[fail]") && !lastIsTool) {
    await sleep(options.firstTokenDelayMs);
    response.writeHead(500, { "Content-Type": "application/json" });
    response.end(JSON.stringify({ error: { message: "The fake model failed on purpose", type: "server_error" } }));
    return;
  }
  const wantsExpert = !lastIsTool && /expert/i.test(question) && (body.tools ?? []).some((tool) => tool.function?.name === "escalate_to_expert");
  const { text, slow, failMid } = replyText(body);

  if (!body.stream) {
    await sleep(options.firstTokenDelayMs);
    response.writeHead(200, { "Content-Type": "application/json" });
    const message = wantsExpert
      ? {
          role: "assistant",
          content: null,
          tool_calls: [
            {
              id: "call_fake_1",
              type: "function",
              function: { name: "escalate_to_expert", arguments: JSON.stringify({ reason: "The user asked for a human expert." }) },
            },
          ],
        }
      : { role: "assistant", content: text };
    response.end(
      JSON.stringify({
        id,
        object: "chat.completion",
        created: Math.floor(Date.now() / 1000),
        model,
        choices: [{ index: 0, message, finish_reason: wantsExpert ? "tool_calls" : "stop" }],
      }),
    );
    return;
  }

  response.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache", Connection: "keep-alive" });
  response.flushHeaders();
  const stream: FakeStream = { question, outcome: "streaming" };
  streams.push(stream);
  response.on("close", () => {
    stream.outcome = response.writableEnded ? "finished" : "closed";
  });
  if (question.includes("[hang]") && !lastIsTool) {
    // Never answers; the caller gives up.
    request.on("close", () => response.destroy());
    return;
  }
  await sleep(question.includes("[fast]") ? 0 : options.firstTokenDelayMs);
  if (response.destroyed) return;
  if (wantsExpert) {
    response.write(
      chunk(id, model, {
        role: "assistant",
        content: null,
        tool_calls: [{ index: 0, id: "call_fake_1", type: "function", function: { name: "escalate_to_expert", arguments: "" } }],
      }),
    );
    response.write(chunk(id, model, { tool_calls: [{ index: 0, function: { arguments: '{"reason":"The user asked for a human expert."}' } }] }));
    response.write(chunk(id, model, {}, "tool_calls"));
    response.end("data: [DONE]\n\n");
    return;
  }
  const pieces = words(text);
  for (let i = 0; i < pieces.length; i++) {
    if (response.destroyed) return;
    response.write(chunk(id, model, i === 0 ? { role: "assistant", content: pieces[i] } : { content: pieces[i] }));
    if (failMid && i === 6) {
      await sleep(20);
      response.destroy();
      return;
    }
    if (i < pieces.length - 1) await sleep(slow ? 40 : options.chunkDelayMs);
  }
  response.write(chunk(id, model, {}, "stop"));
  response.end("data: [DONE]\n\n");
}

export async function startFakeOpenAi(options: FakeOpenAiOptions = {}): Promise<FakeOpenAi> {
  const settings = { firstTokenDelayMs: options.firstTokenDelayMs ?? 20, chunkDelayMs: options.chunkDelayMs ?? 5 };
  const requests: unknown[] = [];
  const streams: FakeStream[] = [];
  const server = await startLoopbackServer((request, response) => handle(request, response, settings, requests, streams));
  return { url: `${server.origin}/v1`, requests, close: server.close };
}

declare module "vitest" {
  export interface ProvidedContext {
    fakeOpenAiUrl: string;
  }
}

/** vitest globalSetup: one fake for the whole run. */
export default async function setup(project: TestProject) {
  const fake = await startFakeOpenAi();
  project.provide("fakeOpenAiUrl", fake.url);
  return () => fake.close();
}
