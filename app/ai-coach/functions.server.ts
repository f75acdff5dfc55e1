import { FunctionError, functionJson, type ServerFunction } from "~/data-api/server-function.server";
import { ChatError, sendChatMessage } from "./chat.server";
import { getPromptPacks } from "./prompt-packs.server";
import { readChatStream } from "./sse";

// SPEC §7 chat-with-ai and get-prompt-packs at /functions/v1/{name}, for supabase.functions.invoke.
// chat-with-ai answers once the whole reply is written (the web UI streams it instead).

function asFunctionError(error: unknown): never {
  if (error instanceof ChatError) throw new FunctionError(error.status, error.code, error.message);
  throw error;
}

export const chatWithAi: ServerFunction = {
  access: "user",
  async handle({ user, body, context }) {
    const payload = await body();
    if (typeof payload !== "object" || payload === null || Array.isArray(payload))
      throw new FunctionError(400, "invalid_body", "Expected a JSON object with a message");
    const { message, conversationId } = payload as { message?: unknown; conversationId?: unknown };
    const sent = await sendChatMessage(context, user.id, { message, conversationId: conversationId ?? null, clientMessageId: crypto.randomUUID() }).catch(
      asFunctionError,
    );
    if (!sent.response.body) throw new FunctionError(502, "reply_failed", "Failed to send message. Please try again.");
    for await (const event of readChatStream(sent.response.body)) {
      if (event.event === "error") throw new FunctionError(502, event.data.code, event.data.message);
      if (event.event !== "done") continue;
      if (event.data.status === "failed" && !event.data.content)
        throw new FunctionError(502, "reply_failed", "The coach couldn't reply just now. Please try again.");
      return functionJson({ response: event.data.content, conversationId: sent.conversationId, escalationTriggered: event.data.escalationTriggered });
    }
    throw new FunctionError(502, "reply_failed", "Failed to send message. Please try again.");
  },
};

export const getPromptPacksFunction: ServerFunction = {
  access: "user",
  async handle({ user, context }) {
    return functionJson({ promptPacks: await getPromptPacks(context.db, user.id) });
  },
};
