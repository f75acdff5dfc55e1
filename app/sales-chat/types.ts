import { readSseStream } from "~/ai-coach/sse";

// The Service Assistant's shapes (SPEC §2 widget 2, §7 service-discovery-chat), shared by the
// Worker, the widget and the tests. Plain TypeScript: nothing here may pull server code into the
// browser bundle.

export type SalesChatRole = "user" | "assistant";
export type SalesChatMessage = { role: SalesChatRole; content: string };

/** SPEC §3 discovery contact info, plus the separate, never pre-ticked marketing consent (Spam Act 2003). */
export type ContactInfo = {
  name: string;
  email: string;
  company?: string;
  phone?: string;
  businessType?: string;
  marketingConsent?: boolean;
};

/**
 * One message to the assistant. message, conversationHistory and contactInfo are SPEC §7's;
 * conversationId (a UUID the widget makes per conversation) and pagePath (where the conversation
 * started) are optional extras the widget sends so a lead keeps one transcript and its landing page.
 */
export type SalesChatRequest = {
  message: string;
  conversationHistory: SalesChatMessage[];
  contactInfo: ContactInfo | null;
  conversationId?: string;
  pagePath?: string;
};

/** The reply streams as server-sent events from POST /sales-chat. */
export type SalesChatEvent =
  /** Text appended to the reply. */
  | { event: "delta"; data: { text: string } }
  /** The reply ended: content is the whole reply; offline is true when the labelled offline assistant wrote it. The stream closes. */
  | { event: "done"; data: { content: string; offline: boolean } }
  /** No reply could be produced; message is safe to show. The stream closes. */
  | { event: "error"; data: { code: string; message: string } };

/** A refusal from POST /sales-chat (JSON with a 4xx status): `error` is safe to show; `fields` names bad contact fields. */
export type SalesChatApiError = { error: string; code: string; fields?: Partial<Record<keyof ContactInfo, string>> };

export const SALES_CHAT_EVENTS: readonly SalesChatEvent["event"][] = ["delta", "done", "error"];

export function readSalesChatStream(body: ReadableStream<Uint8Array>, signal?: AbortSignal): AsyncGenerator<SalesChatEvent> {
  return readSseStream<SalesChatEvent>(body, SALES_CHAT_EVENTS, signal);
}

export const SALES_CHAT_LIMITS = {
  /** Characters in one visitor message. */
  messageLength: 1000,
  /** Earlier messages accepted with a request; the widget sends at most this many (the newest). */
  historyMessages: 24,
  /** Characters kept of one earlier message (longer ones are cut); the whole request stays under 64 kB. */
  historyMessageLength: 2000,
  /** Earlier messages the model sees: the newest ones. */
  modelHistoryMessages: 12,
} as const;

/** SPEC §8: the toast when a message could not be sent (the widget also removes the message). */
export const SALES_CHAT_ERROR = { title: "Error", description: "Failed to send message. Please try again." } as const;

export const SALES_CHAT_WELCOME =
  "Hi! I'm the ClarityAI Coaching Service Assistant. Ask me about our coaching services, prices, the free 20-minute discovery call or ClarityAI, our AI business coach.";

export const SUGGESTED_QUESTIONS = [
  "How much does business coaching cost?",
  "How does the free discovery call work?",
  "What's the difference between ClarityAI Lite and Pro?",
  "Can you help with cash flow and planning?",
] as const;

const CONTACT_SUMMARY_OPENING = "Here are my details so your team can follow up.";

/** SPEC §7: the chat message the "Let's connect" form sends, summarising name, email, company and business type. */
export function contactSummary(info: Pick<ContactInfo, "name" | "email" | "company" | "businessType">): string {
  const parts = [`Name: ${info.name.trim()}`, `Email: ${info.email.trim()}`];
  if (info.company?.trim()) parts.push(`Company: ${info.company.trim()}`);
  if (info.businessType?.trim()) parts.push(`Business type: ${info.businessType.trim()}`);
  return `${CONTACT_SUMMARY_OPENING} ${parts.join("; ")}.`;
}

/** Whether a message is the "Let's connect" form's summary rather than a question. */
export function isContactSummary(message: string): boolean {
  return message.trim().startsWith(CONTACT_SUMMARY_OPENING);
}
