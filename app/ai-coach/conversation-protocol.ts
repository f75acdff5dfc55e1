import type { ConversationSummary, EscalationStatus, StoredChatMessage, UsageMeter } from "./chat-types";

// What the Worker and the Conversation Durable Object (workers/conversation.ts) say to each other.
// Streams go through the object's fetch handler (server-sent events); everything else is RPC.

/** A page of the site's own content, found in the content index, that a reply may link to. */
export type ContentArticle = { kind: string; path: string; title: string; excerpt: string };

/** Where and how the model is reached (app/ai-coach/model.server.ts). Kept in memory only, never stored. */
export type ModelSettings = { apiKey: string | null; baseURL: string | null; model: string; timeoutMs: number };

/**
 * Where a new conversation was started from (a lesson of the learning hub, say): its first message
 * quotes the material, and the reply acknowledges what it received, the offline coach included.
 */
export type StartedFrom = {
  /** What it is, as it reads in a sentence: 'the lesson "Your 13-week cash-flow forecast"'. */
  label: string;
  /** What the first message quotes from it, as it reads in a sentence: "its summary and key points", "your worksheet answers". */
  includes: string[];
};

/**
 * Everything the object needs to write one reply, stored with the reply until it ends, so an
 * object that restarts mid-reply can finish it. No secrets in it.
 */
export type ReplyPlan = {
  conversationId: string;
  userId: string;
  tier: "lite" | "pro";
  systemPrompt: string;
  /** The site's pages that match the question: given to the model, and what the offline coach answers from. */
  articles: ContentArticle[];
  /** Pro only: the model may call escalate_to_expert. */
  offerEscalation: boolean;
  /** The first reply of a conversation started from other material (see StartedFrom). */
  startedFrom?: StartedFrom;
};

/** The body of the object's POST /send. */
export type SendRequest = {
  clientMessageId: string;
  content: string;
  timestamp: string;
  plan: ReplyPlan;
  model: ModelSettings;
  /** For the snapshot: the index row and the conversation's escalations, as D1 has them. */
  conversation: ConversationSummary;
  escalations: EscalationStatus[];
  /** The sender's meter after this message, for the done event. */
  usage: UsageMeter | null;
};

/** The object's answer headers to POST /send. */
export const SEND_CREATED_HEADER = "X-Message-Created";
export const SEND_REFUSED_HEADER = "X-Send-Refused";

/** The body of the object's POST /stream. */
export type StreamRequest = { conversation: ConversationSummary; escalations: EscalationStatus[] };

export type ConversationSnapshot = { messages: StoredChatMessage[]; streaming: boolean };

export type ExpertReplyInput = { escalationId: string; content: string; repliedAt: string };
