import { mainTopic, plainText, splitSentences } from "./content-ranking";
import type { ContentArticle, StartedFrom } from "./conversation-protocol";
import { listInWords } from "./system-prompt";

// The offline answerer: when no model is configured, or the model fails or times out, the reply is
// written from the site's own content (the pages the content index ranked for the question, quoted
// in whole sentences with a link to each), labelled in one short line so nobody mistakes it for the
// AI. It says plainly when the site has nothing on the question, and never suggests that asking
// again later would help. The AI coach's answer is below; the Service Assistant
// (app/sales-chat/offline-answer.ts) builds its own from the same pieces.

export const OFFLINE_COACH_LABEL = "Offline coach:";

const ADVICE_WORDS = /\b(tax|legal|lawyer|sue|invest|investment|super fund|loan|financial advice|contract|bas|gst|payg|ato)\b/i;

/** Topics whose own questions belong with a registered agent or the ATO (mainTopic's labels). */
const TAX_TOPICS = new Set(["BAS", "GST", "PAYG", "PAYG withholding", "tax", "super", "the super guarantee", "payday super", "EOFY", "Single Touch Payroll"]);

/** The last line of every offline answer: the next step with a person. */
export const OFFLINE_NEXT_STEP = "To talk it through with a person, [book a free 20-minute call](/booking) with one of our coaches.";

const EXCERPT_MAX = 400;

/** An excerpt as whole sentences without Markdown: trailing sentences are dropped to fit, never cut. */
export function excerptSentence(excerpt: string): string {
  const clean = plainText(excerpt.replace(/[#>]/g, ""));
  if (clean.length <= EXCERPT_MAX) return clean;
  const sentences = splitSentences(clean);
  let text = sentences[0] ?? clean;
  for (const sentence of sentences.slice(1)) {
    if (text.length + sentence.length + 1 > EXCERPT_MAX) break;
    text += ` ${sentence}`;
  }
  return text;
}

/** One page found by the content index, as a Markdown list item linking to it. */
export function articleLine(article: ContentArticle): string {
  const excerpt = excerptSentence(article.excerpt);
  return excerpt ? `- **[${article.title}](${article.path})**: ${excerpt}` : `- **[${article.title}](${article.path})**`;
}

/**
 * What became of a request for a person that the offline coach recognised (escalation-intent.ts):
 * raised, or refused with the same message the escalate_to_expert path gives (not Pro, or the
 * month's allowance used).
 */
export type OfflineEscalation = { raised: true } | { raised: false; message: string };

export type OfflineAnswerOptions = {
  tier: "lite" | "pro";
  afterModelFailure: boolean;
  escalation?: OfflineEscalation | null;
  /** The conversation was started from this material (a lesson): the answer says it was received. */
  startedFrom?: StartedFrom | null;
};

/** The offline coach's honest word on material a conversation was started from: received, quoted, not discussed. */
export function receivedLine(startedFrom: StartedFrom): string {
  const what = startedFrom.includes.length ? `${startedFrom.label} (${listInWords(startedFrom.includes)})` : startedFrom.label;
  return `I've received ${what}: it's quoted in your message above and stays in this conversation. Without the AI model I can't talk it through with you, so I answer from our own guides instead.`;
}

/** The whole offline answer, in Markdown: a short labelled line, then whole sentences from the site's pages, with links. */
export function offlineCoachAnswer(question: string, articles: ContentArticle[], options: OfflineAnswerOptions): string {
  const found = articles.slice(0, 3);
  const { escalation } = options;
  const why = options.afterModelFailure ? "The AI model didn't answer" : "No AI model is connected";
  const lines: string[] = [`**${OFFLINE_COACH_LABEL}** ${why}, so I answer from our own guides.`, ""];
  if (options.startedFrom) lines.push(receivedLine(options.startedFrom), "");
  if (escalation?.raised) {
    lines.push("I've passed your question to ClarityAI's human experts. They'll follow up by email.", "");
  } else if (escalation) {
    lines.push(escalation.message, "");
    if (options.tier === "lite") lines.push("See [ClarityAI Pro](/services/clarityai) for expert review.", "");
  }
  if (found.length) {
    lines.push(escalation?.raised ? "Meanwhile, here is what our guides say:" : "Here is what our guides say:", "");
    for (const article of found) lines.push(articleLine(article));
    lines.push("");
  } else if (!escalation) {
    const topic = mainTopic(question);
    lines.push(topic ? `Our own guides don't cover ${topic} yet, and I won't guess.` : "None of our own guides answers this, and I won't guess.", "");
    if (topic && TAX_TOPICS.has(topic)) lines.push(`For ${topic} itself, ask your registered BAS or tax agent, or the ATO.`, "");
  }
  if (ADVICE_WORDS.test(question)) {
    lines.push("This is general information, not financial, legal or tax advice: for your own situation, check with your accountant, BAS agent or lawyer.", "");
  }
  if (options.tier === "pro" && !escalation) lines.push("You can also ask for one of our experts to review your question.", "");
  lines.push(OFFLINE_NEXT_STEP);
  return lines.join("\n");
}

/** Splits text into small pieces (a few words each) for streaming at a reading pace. */
export function paceChunks(text: string, wordsPerChunk = 3): string[] {
  const tokens = text.match(/\S+\s*/g) ?? [];
  const leading = text.match(/^\s*/)?.[0] ?? "";
  const chunks: string[] = [];
  for (let i = 0; i < tokens.length; i += wordsPerChunk) chunks.push(tokens.slice(i, i + wordsPerChunk).join(""));
  if (leading && chunks.length) chunks[0] = leading + chunks[0];
  return chunks;
}

/** The pause between offline chunks: about 120 words in 2–4 seconds. */
export const OFFLINE_CHUNK_DELAY_MS = 70;
