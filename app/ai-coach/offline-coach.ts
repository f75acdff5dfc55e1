import type { ContentArticle } from "./conversation-protocol";

// The offline answerer: when no model is configured, or the model fails or times out, the reply is
// written from the site's own content (the pages the content index found for the question), clearly
// labelled so nobody mistakes it for the AI. The AI coach's answer is below; the Service Assistant
// (app/sales-chat/offline-answer.ts) builds its own from the same pieces.

export const OFFLINE_COACH_LABEL = "Offline coach:";

const GENERAL_PAGES: ContentArticle[] = [
  { kind: "page", path: "/blog", title: "The ClarityAI Coaching blog", excerpt: "Practical guides on cash flow, strategy, operations, people and technology." },
  {
    kind: "page",
    path: "/resources",
    title: "Free templates and checklists",
    excerpt: "A 13-week cash-flow forecast, a 90-day action plan and more to download.",
  },
  { kind: "page", path: "/booking", title: "Book a free discovery call", excerpt: "Twenty minutes with one of our coaches about the problem in front of you." },
];

const ADVICE_WORDS = /\b(tax|legal|lawyer|sue|invest|investment|super fund|loan|financial advice|contract)\b/i;
const EXPERT_WORDS = /\b(human|expert|real person|speak to someone|talk to someone)\b/i;

/** An index excerpt as one clean sentence or so: no Markdown, at most about 260 characters. */
export function excerptSentence(excerpt: string): string {
  const clean = excerpt
    .replace(/\s+/g, " ")
    .replace(/[#*_`>]/g, "")
    .trim();
  if (clean.length <= 260) return clean;
  const cut = clean.slice(0, 260);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), 200))}…`;
}

/** One page found by the content index, as a Markdown list item linking to it. */
export function articleLine(article: ContentArticle): string {
  return `- **[${article.title}](${article.path})**: ${excerptSentence(article.excerpt)}`;
}

/** The whole offline answer, in Markdown, starting with the label. */
export function offlineCoachAnswer(question: string, articles: ContentArticle[], options: { tier: "lite" | "pro"; afterModelFailure: boolean }): string {
  const found = articles.slice(0, 3);
  const lines: string[] = [];
  const why = options.afterModelFailure ? "The AI coach isn't reachable right now" : "The AI coach isn't switched on here";
  lines.push(
    found.length
      ? `**${OFFLINE_COACH_LABEL}** ${why}, so here is what our own coaching guides say about this.`
      : `**${OFFLINE_COACH_LABEL}** ${why}, and none of our guides matches this question closely. These are good places to start.`,
  );
  lines.push("");
  for (const article of found.length ? found : GENERAL_PAGES) lines.push(articleLine(article));
  lines.push("");
  if (ADVICE_WORDS.test(question)) {
    lines.push("This is general information, not financial, legal or tax advice: for your own situation, check with your accountant, BAS agent or lawyer.");
  }
  if (EXPERT_WORDS.test(question) && options.tier === "lite") {
    lines.push("Want a person to look at it? Expert review is part of ClarityAI Pro, or you can [book a call with a coach](/booking).");
  }
  lines.push("Ask again in a few minutes for a full answer from the AI coach.");
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
