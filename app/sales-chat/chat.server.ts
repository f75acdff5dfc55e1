import type { AppLoadContext } from "@remix-run/cloudflare";
import * as z from "zod";
import { searchContent } from "~/ai-coach/content-index.server";
import type { ContentArticle } from "~/ai-coach/conversation-protocol";
import { modelSettings, ModelUnavailableError, streamModelReply, type ModelMessage } from "~/ai-coach/model.server";
import { OFFLINE_CHUNK_DELAY_MS, paceChunks } from "~/ai-coach/offline-coach";
import { getAttribution } from "~/attribution/capture.server";
import { aiPlans } from "~/billing/plans";
import { planSettings } from "~/billing/plans.server";
import { LEAD_LIMITS } from "~/leads/lead-fields";
import { LeadEmailSchema, LeadNameSchema, LeadPhoneSchema } from "~/leads/lead-form";
import { addLeadTranscriptReply, notifyTeam, recordLeadActivity, recordLeadConversion, type StoredLeadActivity } from "~/leads/leads.server";
import { clientSource, consumeRateLimit, pairSubject, tooManyRequests, type RateLimitRule } from "~/platform/rate-limit.server";
import { hmacSha256, toHex } from "~/utils/hex";
import { optionalText } from "~/utils/forms";
import { sydneyDay } from "~/utils/sydney-time";
import { siteFacts, type SiteFact } from "./facts";
import { isOffLimits, OFF_LIMITS_REPLY } from "./guard";
import { questionFacts } from "./industry-place.server";
import { offlineAssistantAnswer } from "./offline-answer";
import { thankYouReply } from "./reply-promise.server";
import { buildSalesSystemPrompt } from "./system-prompt";
import { isContactSummary, SALES_CHAT_LIMITS, type ContactInfo, type SalesChatApiError, type SalesChatMessage } from "./types";

// The Service Assistant (SPEC §7 service-discovery-chat): one visitor message in, one reply out,
// answered from the site's own facts by the shared model client, or by the labelled offline
// assistant. Nothing about a conversation is kept unless the visitor shares their details: then it
// is stored as a lead with its transcript (app/leads/). The web UI streams the reply
// (app/routes/sales-chat.ts); supabase-js gets it whole (functions.server.ts).

/** Per address (its IPv6 /64): a busy office shares one, so this is generous. */
export const SALES_CHAT_ADDRESS_LIMIT: RateLimitRule = { name: "sales-chat-address", limit: 60, windowMs: 10 * 60 * 1000 };
/** Per conversation: far more than a visitor asking questions needs. */
export const SALES_CHAT_CONVERSATION_LIMIT: RateLimitRule = { name: "sales-chat-conversation", limit: 20, windowMs: 60 * 60 * 1000 };

export const MARKETING_CONSENT_SOURCE = "Service Assistant: Let's connect form";

/** A refusal with a message safe to show, and a 4xx. */
export class SalesChatError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: SalesChatApiError["fields"],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  toJSON(): SalesChatApiError {
    return { error: this.message, code: this.code, ...(this.fields ? { fields: this.fields } : {}) };
  }
}

const MessageSchema = z
  .string({ error: "Please type a message." })
  .trim()
  .min(1, "Please type a message.")
  .max(SALES_CHAT_LIMITS.messageLength, `Messages can be up to ${SALES_CHAT_LIMITS.messageLength.toLocaleString("en-AU")} characters.`);

const HistorySchema = z
  .array(
    z.object({
      role: z.enum(["user", "assistant"], { error: "Each earlier message needs the role user or assistant." }),
      // A long earlier reply is cut, not refused: the conversation goes on.
      content: z.string({ error: "Each earlier message needs its text." }).transform((text) => text.slice(0, SALES_CHAT_LIMITS.historyMessageLength)),
    }),
    { error: "conversationHistory must be a list of earlier messages." },
  )
  .max(SALES_CHAT_LIMITS.historyMessages, `Send at most the ${SALES_CHAT_LIMITS.historyMessages} most recent earlier messages.`);

const ContactSchema = z.object({
  name: LeadNameSchema,
  email: LeadEmailSchema,
  company: optionalText(LEAD_LIMITS.company, "Company"),
  phone: LeadPhoneSchema,
  businessType: optionalText(120, "Business type"),
  marketingConsent: z.boolean({ error: "marketingConsent must be true or false." }).optional(),
});

const RequestSchema = z.object(
  {
    message: MessageSchema,
    conversationHistory: z.preprocess((value) => value ?? [], HistorySchema),
    // Before the visitor shares details the widget sends null (or empty fields): no contact.
    contactInfo: z.preprocess(
      (value) => (value && typeof value === "object" && !Array.isArray(value) && !(value as { email?: unknown }).email ? null : value),
      z.unknown(),
    ),
    conversationId: z.uuid({ error: "conversationId must be a UUID." }).optional(),
    pagePath: z
      .string()
      .max(300)
      .regex(/^\/(?!\/)[^\s]*$/, "pagePath must be a path on this site.")
      .optional()
      .catch(undefined),
  },
  { error: "Send a JSON object with a message." },
);

type Contact = z.output<typeof ContactSchema>;

/** A message accepted for a reply. */
export type SalesChatTurn = {
  message: string;
  history: SalesChatMessage[];
  contact: Contact | null;
  facts: SiteFact[];
  /** The facts looked up for this question (an industry, a place: industry-place.ts). */
  questionFacts: SiteFact[];
  articles: ContentArticle[];
  /** Thanks by name and when the team will reply, when the visitor has just shared their details. */
  thanks: string | null;
  /** The message is only the "Let's connect" summary: the thanks is the whole answer. */
  detailsOnly: boolean;
  /** The lead activity this conversation is stored as, when the visitor has shared their details. */
  lead: StoredLeadActivity | null;
};

function parseRequest(body: unknown) {
  const parsed = RequestSchema.safeParse(body);
  if (!parsed.success) throw new SalesChatError(400, "invalid_request", parsed.error.issues[0]?.message ?? "That message could not be read.");
  const { contactInfo, ...rest } = parsed.data;
  if (contactInfo === null || contactInfo === undefined) return { ...rest, contact: null };
  const contact = ContactSchema.safeParse(contactInfo);
  if (!contact.success) {
    const fields: NonNullable<SalesChatApiError["fields"]> = {};
    for (const issue of contact.error.issues) {
      const field = issue.path[0] as keyof ContactInfo | undefined;
      if (field && !fields[field]) fields[field] = issue.message;
    }
    throw new SalesChatError(400, "invalid_contact", Object.values(fields)[0] ?? "Please check your details.", fields);
  }
  return { ...rest, contact: contact.data };
}

/** What identifies the conversation: the widget's id, or for callers without one, its first message. */
async function conversationKey(secret: string, conversationId: string | undefined, firstMessage: string): Promise<string> {
  if (conversationId) return conversationId.toLowerCase();
  return `derived-${toHex(await hmacSha256(secret, `service-chat:${firstMessage}`)).slice(0, 32)}`;
}

async function checkRateLimits(context: AppLoadContext, request: Request, key: string) {
  const { db, env } = context;
  const source = clientSource(request);
  const [address, conversation] = await Promise.all([
    consumeRateLimit(db, SALES_CHAT_ADDRESS_LIMIT, source, env.SESSION_SECRET),
    consumeRateLimit(db, SALES_CHAT_CONVERSATION_LIMIT, pairSubject("conversation", key, source), env.SESSION_SECRET),
  ]);
  const refused = [address, conversation].find((limit) => !limit.allowed);
  if (refused) {
    const { message, init } = tooManyRequests(refused.retryAfterSeconds);
    throw new SalesChatError(429, "rate_limited", message, undefined, init.headers);
  }
}

/**
 * Accepts a visitor's message: validation (400), the rate limits (429), and, when contact details
 * come with it, the lead stored with the transcript so far (and, the first time in a conversation,
 * the CONTACT_FORM conversion and the team's email). Throws SalesChatError for a refusal.
 */
export async function startSalesChatTurn(context: AppLoadContext, request: Request, body: unknown): Promise<SalesChatTurn> {
  const { message, conversationHistory: history, contact, conversationId, pagePath } = parseRequest(body);
  const key = await conversationKey(context.env.SESSION_SECRET, conversationId, history.find((entry) => entry.role === "user")?.content ?? message);
  await checkRateLimits(context, request, key);

  const offLimits = isOffLimits(message);
  const detailsOnly = contact !== null && isContactSummary(message);
  const [articles, looked, lead] = await Promise.all([
    offLimits || detailsOnly ? Promise.resolve([]) : searchContent(context.cloudflare.env.DB, message, 3),
    offLimits || detailsOnly ? Promise.resolve([]) : questionFacts(context.db, message),
    contact ? storeLead(context, request, { contact, key, pagePath, history, message }) : Promise.resolve(null),
  ]);
  // Thanked once: when the details arrive with this conversation for the first time, or are sent again with the form.
  const thanks = contact && lead && (lead.newActivity || detailsOnly) ? thankYouReply(contact, new Date()) : null;
  const facts = siteFacts(aiPlans(planSettings(context.env)));
  return { message, history, contact, facts, questionFacts: looked, articles, lead, thanks, detailsOnly: detailsOnly && thanks !== null };
}

async function storeLead(
  context: AppLoadContext,
  request: Request,
  input: { contact: Contact; key: string; pagePath: string | undefined; history: SalesChatMessage[]; message: string },
): Promise<StoredLeadActivity> {
  const { marketingConsent, ...contact } = input.contact;
  const attribution = await getAttribution(context, request);
  const stored = await recordLeadActivity(context, {
    source: "service-chat",
    contact,
    conversationKey: input.key,
    // The history is the browser's copy (the server kept none): stored as such, never as the assistant's words.
    conversation: { history: input.history, message: input.message },
    pagePath: input.pagePath ?? null,
    attribution,
    marketingConsentSource: marketingConsent ? MARKETING_CONSENT_SOURCE : null,
  });
  if (stored.newActivity) {
    await Promise.all([
      recordLeadConversion(
        context,
        request,
        { type: "CONTACT_FORM", form: "service-chat", label: "Service Assistant" },
        { email: contact.email, phone: contact.phone ?? null, details: [input.key] },
        attribution,
      ),
      notifyTeam(context, stored),
    ]);
  }
  return stored;
}

export type SalesChatReply = { content: string; offline: boolean };

/**
 * Writes the reply, giving its text to `onText` as it comes: a fixed refusal for off-limits
 * messages, else the model's answer, else (no model, or it failed) the offline assistant's, paced
 * like typing when `pace` is set. A model that fails mid-reply is followed by the offline answer.
 */
export async function produceSalesReply(
  context: AppLoadContext,
  turn: SalesChatTurn,
  options: { signal: AbortSignal; pace: boolean; onText: (text: string) => void },
): Promise<SalesChatReply> {
  if (isOffLimits(turn.message)) {
    options.onText(OFF_LIMITS_REPLY);
    return { content: OFF_LIMITS_REPLY, offline: false };
  }
  // The thanks is the server's own words, with or without a model: written first, and alone when the
  // message was only the details.
  const thanks = turn.thanks ? (turn.detailsOnly ? turn.thanks : `${turn.thanks}\n\n`) : "";
  if (thanks) await writePaced(thanks, options);
  if (turn.detailsOnly) return { content: thanks, offline: false };
  const reply = await answer(context, turn, options);
  return { ...reply, content: thanks + reply.content };
}

/** Gives the text to `onText`, in typing-sized chunks when `pace` is set; stops when the visitor has gone. Returns what was given. */
async function writePaced(text: string, options: { signal: AbortSignal; pace: boolean; onText: (text: string) => void }): Promise<string> {
  let written = "";
  for (const chunk of options.pace ? paceChunks(text) : [text]) {
    if (options.signal.aborted) break;
    options.onText(chunk);
    written += chunk;
    if (options.pace) await new Promise((resolve) => setTimeout(resolve, OFFLINE_CHUNK_DELAY_MS));
  }
  return written;
}

/** The answer to the question itself: the model's, else the offline assistant's. */
async function answer(
  context: AppLoadContext,
  turn: SalesChatTurn,
  options: { signal: AbortSignal; pace: boolean; onText: (text: string) => void },
): Promise<SalesChatReply> {
  const settings = modelSettings(context.env);
  let written = "";
  if (settings.apiKey) {
    const messages: ModelMessage[] = [
      {
        role: "system",
        content: buildSalesSystemPrompt({ facts: turn.facts, questionFacts: turn.questionFacts, articles: turn.articles, today: sydneyDay(new Date()) }),
      },
      ...turn.history.slice(-SALES_CHAT_LIMITS.modelHistoryMessages),
      { role: "user", content: turn.message },
    ];
    try {
      for await (const event of streamModelReply(settings, messages, { offerEscalation: false, signal: options.signal })) {
        if (event.type !== "text") continue;
        written += event.text;
        options.onText(event.text);
      }
      if (written.trim() || options.signal.aborted) return { content: written, offline: false };
    } catch (error) {
      if (!(error instanceof ModelUnavailableError)) throw error;
      console.warn("sales chat: the model is unavailable, answering offline:", error.message);
    }
  }
  const offline = offlineAssistantAnswer(turn.message, turn.facts, turn.articles, Boolean(settings.apiKey), turn.questionFacts);
  written += await writePaced(written ? `\n\n${offline}` : offline, options);
  return { content: written, offline: true };
}

/** After the reply: a stored lead's transcript gains it, as the server wrote it. Logged, never thrown: the reply was given. */
export async function finishSalesChatTurn(context: AppLoadContext, turn: SalesChatTurn, reply: SalesChatReply): Promise<void> {
  if (!turn.lead || !reply.content) return;
  try {
    await addLeadTranscriptReply(context.db, turn.lead.activityId, reply.content);
  } catch (error) {
    console.error("sales chat: could not save the reply to the lead's transcript", error instanceof Error ? error.message : String(error));
  }
}
