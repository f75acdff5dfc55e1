// The AI coach chat's shapes, shared by the Conversation Durable Object, the server routes and the
// browser. A reply streams to the browser as server-sent events (text/event-stream), one JSON object
// per `data:` line, named by `event:`.

/** user: the subscriber; assistant: ClarityAI; expert: a human expert's reply to an escalation. */
export type ChatMessageRole = "user" | "assistant" | "expert";

/** Who wrote a message, as the subscriber reads it (the chat and its Markdown export). */
export const MESSAGE_AUTHORS: Record<ChatMessageRole, string> = { user: "You", assistant: "ClarityAI", expert: "ClarityAI expert" };

/** streaming: being written now; stopped: the user pressed Stop (what was said is kept); failed: no reply could be produced. */
export type ChatMessageStatus = "complete" | "streaming" | "stopped" | "failed";

export type StoredChatMessage = {
  id: string;
  role: ChatMessageRole;
  content: string;
  /** ISO-8601 UTC. */
  timestamp: string;
  status: ChatMessageStatus;
  /** True when the labelled offline coach wrote it (no model configured, or the model failed). */
  offline?: boolean;
  /** On the user message an escalation was raised for. */
  escalationId?: string;
};

export type ConversationSummary = { id: string; title: string; createdAt: string; lastActivityAt: string; messageCount: number };

/** An expert escalation raised in the conversation, for the client to see its progress. */
export type EscalationStatus = { id: string; messageId: string; status: "open" | "assigned" | "resolved" };

export type UsageMeter = { used: number; limit: number; resetsAt: string };

export type ChatStreamEvent =
  /** First event of every stream: the conversation as stored, including a reply still being written. */
  | { event: "snapshot"; data: { conversation: ConversationSummary; messages: StoredChatMessage[]; escalations: EscalationStatus[] } }
  /** Text appended to the streaming reply. */
  | { event: "delta"; data: { messageId: string; text: string } }
  /** The reply ended; content is the whole stored reply. The stream closes after this event. */
  | {
      event: "done";
      data: { messageId: string; status: Exclude<ChatMessageStatus, "streaming">; content: string; escalationTriggered: boolean; usage?: UsageMeter };
    }
  /** Something went wrong before a reply could start; message is safe to show. The stream closes. */
  | { event: "error"; data: { code: string; message: string } };

export const CHAT_MAX_MESSAGE_LENGTH = 4000;

/** SPEC §8's texts. */
export const CHAT_ERRORS = {
  subscriptionTitle: "Subscription Required",
  subscriptionDescription: "Please subscribe to ClarityAI to access the assistant.",
  genericTitle: "Error",
  genericDescription: "Failed to send message. Please try again.",
  escalationTitle: "Expert Review Requested",
  escalationDescription: "Your query has been flagged for expert review. An admin will follow up via email.",
} as const;

/** A refusal from the /ai-coach API (JSON, with a 4xx status); `error` is safe to show as it is. */
export type ChatApiError = { error: string; code: string; usage?: UsageMeter };

/** GET /ai-coach/status. */
export type AiCoachStatus = {
  hasActiveSubscription: boolean;
  tier: "lite" | "pro" | null;
  status: string;
  usage: UsageMeter | null;
  escalations: { used: number; limit: number } | null;
};

/** POST /ai-coach/conversations/:id/escalate. */
export type EscalateResult = { escalationTriggered: boolean; escalationId: string | null };

/** One prompt template of get-prompt-packs (SPEC §3), its placeholders already filled in. */
export type PromptTemplate = { id: string; title: string; description: string; prompt_template: string };
export type PromptPacks = Record<string, PromptTemplate[]>;
