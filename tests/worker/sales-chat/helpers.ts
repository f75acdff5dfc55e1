import { env } from "cloudflare:workers";
import { readSalesChatStream, type SalesChatEvent, type SalesChatRequest } from "~/sales-chat/types";
import { fetchApp } from "../app";

// The Service Assistant's messages as the widget sends them, and its answers read to the end.

export function chatBody(message: string, extra: Partial<SalesChatRequest> = {}): SalesChatRequest {
  return { message, conversationHistory: [], contactInfo: null, conversationId: crypto.randomUUID(), pagePath: "/services", ...extra };
}

/** The reply of POST /sales-chat, read to the end. */
export async function streamedReply(response: Response) {
  const events: SalesChatEvent[] = [];
  for await (const event of readSalesChatStream(response.body!)) events.push(event);
  const done = events.find((event) => event.event === "done");
  const deltas = events.flatMap((event) => (event.event === "delta" ? [event.data.text] : []));
  return { events, done: done?.event === "done" ? done.data : null, text: deltas.join("") };
}

/** The answer of POST /functions/v1/service-discovery-chat (the offline assistant when no model is configured). */
export async function functionReply(
  message: string,
  extra: Partial<SalesChatRequest> = {},
  bindings: Env = env,
  headers: Record<string, string> = {},
): Promise<string> {
  const response = await fetchApp("/functions/v1/service-discovery-chat", {
    json: chatBody(message, extra),
    headers: { apikey: "test-anon-key", ...headers },
    bindings,
  });
  if (response.status !== 200) throw new Error(`service-discovery-chat answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { message: string }).message;
}
