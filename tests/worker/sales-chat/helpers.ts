import { env } from "cloudflare:workers";
import { inject } from "vitest";
import { readSalesChatStream, type SalesChatEvent, type SalesChatRequest } from "~/sales-chat/types";
import { fetchApp } from "../app";

// Shared by the Service Assistant tests: requests as the widget sends them, and what they stored.

/** The bindings with the fake model configured (tests/fakes/openai-server.ts). Without them no model is set: the offline assistant answers. */
export function modelEnv(): Env {
  return { ...env, OPENAI_API_KEY: "test-key", OPENAI_BASE_URL: inject("fakeOpenAiUrl") } as Env;
}

export function chatBody(message: string, extra: Partial<SalesChatRequest> = {}): SalesChatRequest {
  return { message, conversationHistory: [], contactInfo: null, conversationId: crypto.randomUUID(), pagePath: "/services", ...extra };
}

/** POST /sales-chat as the widget sends it. */
export function postSalesChat(body: unknown, { bindings = env, headers = {} as Record<string, string> } = {}) {
  return fetchApp(
    new Request("http://localhost/sales-chat", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "text/event-stream", Origin: "http://localhost", ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
    bindings,
  );
}

/** POST /functions/v1/service-discovery-chat without supabase-js (for status and header checks). */
export function postFunction(body: unknown, { bindings = env, headers = {} as Record<string, string> } = {}) {
  return fetchApp(
    new Request("http://localhost/functions/v1/service-discovery-chat", {
      method: "POST",
      headers: { "Content-Type": "application/json", apikey: "test-anon-key", ...headers },
      body: JSON.stringify(body),
    }),
    bindings,
  );
}

/** The reply of POST /sales-chat, read to the end. */
export async function streamedReply(response: Response) {
  const events: SalesChatEvent[] = [];
  for await (const event of readSalesChatStream(response.body!)) events.push(event);
  const done = events.find((event) => event.event === "done");
  const deltas = events.flatMap((event) => (event.event === "delta" ? [event.data.text] : []));
  return { events, done: done?.event === "done" ? done.data : null, text: deltas.join("") };
}

/** The answer of the function endpoint (the offline assistant when no model is configured). */
export async function functionReply(
  message: string,
  extra: Partial<SalesChatRequest> = {},
  bindings: Env = env,
  headers: Record<string, string> = {},
): Promise<string> {
  const response = await postFunction(chatBody(message, extra), { bindings, headers });
  if (response.status !== 200) throw new Error(`service-discovery-chat answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { message: string }).message;
}

export type LeadRow = {
  id: string;
  email: string;
  name: string;
  company: string | null;
  business_type: string | null;
  source: string;
  status: string;
  marketing_consent_at: string | null;
  marketing_consent_source: string | null;
};
export type ActivityRow = {
  id: string;
  lead_id: string;
  source: string;
  message: string | null;
  /** JSON: the name, company, phone and business type the enquiry gave. */
  details: string | null;
  transcript: string | null;
  page_path: string | null;
  attribution: string | null;
};

export async function leadByEmail(email: string) {
  return env.DB.prepare("SELECT * FROM leads WHERE email = ?").bind(email.toLowerCase()).first<LeadRow>();
}

export async function activitiesOf(leadId: string) {
  return (await env.DB.prepare("SELECT * FROM lead_activities WHERE lead_id = ? ORDER BY created_at, id").bind(leadId).all<ActivityRow>()).results;
}
