import OpenAI from "openai";
import type { ChatCompletionMessageParam, ChatCompletionTool } from "openai/resources/chat/completions";
import type { AppEnv } from "~/platform/env.server";
import type { ModelSettings } from "./conversation-protocol";
import { offlineCoachAnswer } from "./offline-coach";

// The AI coach's one outside service: any OpenAI-compatible chat completions API, reached with the
// `openai` SDK. OPENAI_BASE_URL picks the provider (OpenAI itself when unset; Cloudflare Workers AI's
// OpenAI-compatible endpoint, an AI Gateway or a local Ollama otherwise; see README). Without a key
// nothing is called: the labelled offline coach (offline-coach.ts) answers instead, as it does when
// the provider fails or goes quiet for longer than OPENAI_TIMEOUT_MS.

export function modelSettings(env: AppEnv): ModelSettings {
  return { apiKey: env.OPENAI_API_KEY ?? null, baseURL: env.OPENAI_BASE_URL ?? null, model: env.OPENAI_MODEL, timeoutMs: env.OPENAI_TIMEOUT_MS };
}

export const ESCALATION_TOOL_NAME = "escalate_to_expert";

/** Offered to Pro subscribers only: the model decides when a question needs a human expert. */
const ESCALATION_TOOL: ChatCompletionTool = {
  type: "function",
  function: {
    name: ESCALATION_TOOL_NAME,
    description:
      "Pass the user's question to ClarityAI's human experts, who follow up by email. Use it when the user asks for a human expert, or when the question is complex or high-stakes enough that a person should review it (a restructure, a staffing dispute, a major financial commitment).",
    parameters: {
      type: "object",
      properties: { reason: { type: "string", description: "One sentence on why a human expert should look at this." } },
      required: ["reason"],
      additionalProperties: false,
    },
  },
};

export type ModelMessage = { role: "system" | "user" | "assistant"; content: string };

export type ModelEvent = { type: "text"; text: string } | { type: "escalate"; reason: string; callId: string };

/** The provider failed, refused or went quiet: the caller falls back to the offline coach. */
export class ModelUnavailableError extends Error {
  override name = "ModelUnavailableError";
}

/**
 * Streams one reply. Yields text as it arrives and, when the model calls escalate_to_expert, one
 * escalate event at the end. Throws ModelUnavailableError when the provider fails, and when no
 * chunk arrives for settings.timeoutMs (the first token included). Aborting `signal` ends it quietly.
 */
export async function* streamModelReply(
  settings: ModelSettings,
  messages: (ModelMessage | ChatCompletionMessageParam)[],
  options: { offerEscalation: boolean; signal: AbortSignal },
): AsyncGenerator<ModelEvent> {
  if (!settings.apiKey) throw new ModelUnavailableError("no model is configured");
  const idle = new AbortController();
  const onAbort = () => idle.abort();
  options.signal.addEventListener("abort", onAbort);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const armTimer = () => {
    clearTimeout(timer);
    timer = setTimeout(() => idle.abort(), settings.timeoutMs);
  };
  const client = new OpenAI({ apiKey: settings.apiKey, baseURL: settings.baseURL ?? undefined, timeout: settings.timeoutMs, maxRetries: 0 });
  const toolCalls = new Map<number, { id: string; name: string; args: string }>();
  try {
    armTimer();
    const stream = await client.chat.completions.create(
      {
        model: settings.model,
        messages: messages as ChatCompletionMessageParam[],
        stream: true,
        temperature: 0.4,
        ...(options.offerEscalation ? { tools: [ESCALATION_TOOL], tool_choice: "auto" as const } : {}),
      },
      { signal: idle.signal },
    );
    for await (const chunk of stream) {
      armTimer();
      const delta = chunk.choices[0]?.delta;
      if (!delta) continue;
      if (delta.content) yield { type: "text", text: delta.content };
      for (const call of delta.tool_calls ?? []) {
        const entry = toolCalls.get(call.index) ?? { id: "", name: "", args: "" };
        if (call.id) entry.id = call.id;
        if (call.function?.name) entry.name += call.function.name;
        if (call.function?.arguments) entry.args += call.function.arguments;
        toolCalls.set(call.index, entry);
      }
    }
    // The SDK ends a stream quietly when it is aborted: going quiet must still count as a failure.
    if (idle.signal.aborted && !options.signal.aborted) throw new ModelUnavailableError(`no answer within ${settings.timeoutMs} ms`);
  } catch (error) {
    if (options.signal.aborted) return;
    if (error instanceof ModelUnavailableError) throw error;
    const why = idle.signal.aborted ? `no answer within ${settings.timeoutMs} ms` : error instanceof Error ? error.message : String(error);
    throw new ModelUnavailableError(why.slice(0, 300));
  } finally {
    clearTimeout(timer);
    options.signal.removeEventListener("abort", onAbort);
  }
  for (const call of toolCalls.values()) {
    if (call.name !== ESCALATION_TOOL_NAME || !options.offerEscalation) continue;
    yield { type: "escalate", reason: escalationReason(call.args), callId: call.id || "call_escalation" };
    return;
  }
}

function escalationReason(args: string): string {
  try {
    const parsed = JSON.parse(args) as { reason?: unknown };
    if (typeof parsed.reason === "string" && parsed.reason.trim()) return parsed.reason.trim().slice(0, 500);
  } catch {
    // A malformed argument still counts as the model's request; the reason is just unknown.
  }
  return "The coach judged that this question needs a human expert.";
}

/** The messages of a follow-up call that tells the model what became of its escalate_to_expert call. */
export function toolResultMessages(callId: string, reason: string, result: string): ChatCompletionMessageParam[] {
  return [
    {
      role: "assistant",
      content: null,
      tool_calls: [{ id: callId, type: "function", function: { name: ESCALATION_TOOL_NAME, arguments: JSON.stringify({ reason }) } }],
    },
    { role: "tool", tool_call_id: callId, content: result },
  ];
}

/**
 * The context's model service (services.model): the configured OpenAI-compatible model, or, when no
 * key is set (or the model fails), the labelled offline coach written from the site's own content.
 */
export type ModelService = {
  settings: ModelSettings;
  /** False when no key is set: every reply is the offline coach's. */
  configured: boolean;
  /** Streams one reply from the model (see streamModelReply). */
  streamReply(messages: (ModelMessage | ChatCompletionMessageParam)[], options: { offerEscalation: boolean; signal: AbortSignal }): AsyncGenerator<ModelEvent>;
  /** The offline coach's answer (offline-coach.ts). */
  offlineAnswer: typeof offlineCoachAnswer;
};

export function createModelService(settings: ModelSettings): ModelService {
  return {
    settings,
    configured: Boolean(settings.apiKey),
    streamReply: (messages, options) => streamModelReply(settings, messages, options),
    offlineAnswer: offlineCoachAnswer,
  };
}
