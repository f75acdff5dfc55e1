// How the site's own pages are ranked for a question, and which of their sentences answer it. The
// full-text index (content-index.server.ts) finds the candidates; this ranks them the way an owner
// means the question: the words that carry it (BAS, GST, PAYG, super, cash flow, pricing…) count for
// more than the ones every question has (plan, help, business, quarter), a word in a page's title
// or headings counts for more than one in passing, and a page that matches nothing important is
// left out rather than offered as an answer. Pure functions, shared by the AI coach and the Service
// Assistant.

/** A page of the content index, as stored. */
export type IndexedPage = { kind: string; path: string; title: string; body: string };

/** One thing a question asks about: a word (stemmed) or a phrase of stemmed words, with its weight. */
export type QueryTerm = {
  stems: string[];
  /** The words as FTS5 should look for them (one quoted string each). */
  fts: string;
  weight: number;
  /** For key topics: how the topic is named to the user ("BAS", "cash flow"). */
  label?: string;
  /** A word a page may use instead of the question's own (GST for BAS): it finds pages, but counts for less. */
  expansion?: true;
  /** One of the key topics (or a word for one): a question that names a topic is answered only by pages about it. */
  topic?: true;
};

export type RankedPage = { page: IndexedPage; score: number };

const STOP_WORDS = new Set(
  (
    "a about after again all also am an and any are as at be because been before being but by can could did do does doing for from " +
    "had has have having he her here hers him his how i if in into is it its itself just me more most my no nor not now of off on once " +
    "only or other our ours out over own same she should so some such than that the their theirs them then there these they this those " +
    "through to too under until up very was we were what when where which while who whom why will with would you your yours yourself " +
    "im ive id dont cant wont isnt whats hows hi hello hey thanks thank please pls ok okay g'day gday"
  ).split(" "),
);

/** Words nearly every question has: they may match, but never carry a page on their own. */
const WEAK_WORDS = new Set(
  (
    "plan plans planning help helps business businesses small owner owners company quarter quarters month months year years week weeks " +
    "day days time times next last get getting make making need needs want wants best good better way ways start starting tip tips " +
    "idea ideas advice thing things work working look know go going really much many lot lots option options question questions " +
    "sure right new like first one two three should would could set put take keep give tell show write explain understand prepare ready"
  ).split(" "),
);

type KeyTopic = { weight: number; label?: string; expand?: string[] };

/**
 * The words (and phrases) that carry an Australian small-business question, and what else a page
 * may say for the same thing. Keys are written as the user would type them, lower case.
 */
const KEY_TOPICS: Record<string, KeyTopic> = {
  bas: { weight: 4, label: "BAS", expand: ["gst", "payg", "activity statement"] },
  "business activity statement": { weight: 4, label: "BAS", expand: ["bas", "gst"] },
  "activity statement": { weight: 4, label: "BAS", expand: ["bas", "gst"] },
  gst: { weight: 4, label: "GST", expand: ["bas"] },
  payg: { weight: 4, label: "PAYG", expand: ["withholding", "bas"] },
  withholding: { weight: 3, label: "PAYG withholding", expand: ["payg"] },
  super: { weight: 3, label: "super", expand: ["superannuation", "super guarantee"] },
  superannuation: { weight: 3, label: "super", expand: ["super"] },
  "super guarantee": { weight: 3.5, label: "the super guarantee", expand: ["super"] },
  "payday super": { weight: 3.5, label: "payday super", expand: ["super"] },
  eofy: { weight: 4, label: "EOFY", expand: ["30 june", "financial year"] },
  "end of financial year": { weight: 4, label: "EOFY", expand: ["eofy", "30 june"] },
  "financial year": { weight: 2.5, label: "the financial year", expand: ["eofy"] },
  stp: { weight: 4, label: "Single Touch Payroll", expand: ["single touch payroll"] },
  "single touch payroll": { weight: 4, label: "Single Touch Payroll", expand: ["stp"] },
  ato: { weight: 3, label: "the ATO", expand: ["tax office"] },
  tax: { weight: 2.5, label: "tax" },
  "cash flow": { weight: 3.5, label: "cash flow", expand: ["cash-flow forecast"] },
  cashflow: { weight: 3.5, label: "cash flow", expand: ["cash flow"] },
  cash: { weight: 2 },
  forecast: { weight: 2.5, label: "forecasting" },
  invoice: { weight: 2.5, label: "invoicing", expand: ["debtor"] },
  debtor: { weight: 2.5, label: "debtors", expand: ["invoice"] },
  overdue: { weight: 2, expand: ["debtor"] },
  overdraft: { weight: 2.5 },
  loan: { weight: 2.5, label: "loans", expand: ["lender"] },
  payroll: { weight: 2.5, label: "payroll", expand: ["wage"] },
  wage: { weight: 2.5, label: "wages", expand: ["payroll"] },
  award: { weight: 2.5, label: "awards", expand: ["fair work"] },
  "fair work": { weight: 3, label: "Fair Work", expand: ["award"] },
  hire: { weight: 2.5, label: "hiring", expand: ["employee", "recruit"] },
  employee: { weight: 2.5, label: "employees", expand: ["staff"] },
  staff: { weight: 2, expand: ["team", "employee"] },
  roster: { weight: 2.5, label: "rostering" },
  delegate: { weight: 2.5, label: "delegation" },
  delegation: { weight: 2.5, label: "delegation", expand: ["delegate"] },
  price: { weight: 2.5, label: "pricing", expand: ["margin"] },
  pricing: { weight: 2.5, label: "pricing", expand: ["price", "margin"] },
  margin: { weight: 2.5, label: "margins", expand: ["price"] },
  quote: { weight: 2.5, label: "quotes" },
  budget: { weight: 2.5, label: "budgets" },
  profit: { weight: 2 },
  marketing: { weight: 2.5, label: "marketing" },
  sales: { weight: 2 },
  customer: { weight: 1.5 },
  software: { weight: 2.5, label: "software", expand: ["system"] },
  xero: { weight: 3, label: "accounting software", expand: ["accounting software"] },
  myob: { weight: 3, label: "accounting software", expand: ["accounting software"] },
  "90 day": { weight: 3, label: "90-day plans" },
  "13 week": { weight: 3, label: "13-week forecasts" },
  stocktake: { weight: 3, expand: ["stock"] },
  stock: { weight: 2, expand: ["inventory"] },
  inventory: { weight: 2.5, expand: ["stock"] },
};

/** A light stemmer, the same for questions and pages: "forecasting", "forecasts" and "forecast" meet. */
export function stem(word: string): string {
  let w = word.toLowerCase().replace(/['’]s$/, "");
  if (w.length > 4 && w.endsWith("ies")) return `${w.slice(0, -3)}y`;
  if (w.length > 5 && w.endsWith("ing")) w = w.slice(0, -3);
  // "based" stays "based": stripped to three letters it would be "bas".
  else if (w.length > 5 && w.endsWith("ed")) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith("s") && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (/([^aeiouls])\1$/.test(w)) w = w.slice(0, -1);
  if (w.length > 4 && w.endsWith("e")) w = w.slice(0, -1);
  return w;
}

/** The words of a text, lower case, apostrophes and hyphens dropped ("cash-flow" is "cash flow"). */
export function words(text: string): string[] {
  return (
    text
      .toLowerCase()
      .replace(/['’]/g, "")
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

const stems = (text: string) => words(text).map(stem);

/** The key topics by their stemmed words, so "90 days" finds "90 day" and "invoices" finds "invoice". */
const TOPICS = new Map(Object.entries(KEY_TOPICS).map(([phrase, topic]) => [stems(phrase).join(" "), topic]));

function termOf(text: string, weight: number, label?: string): QueryTerm {
  const raw = words(text);
  return { stems: raw.map(stem), fts: `"${raw.join(" ")}"`, weight, ...(label ? { label } : {}) };
}

/** What a question asks about: its key phrases and words, weighted, with the words a page may use instead. */
export function queryTerms(question: string, maxTerms = 14): QueryTerm[] {
  const raw = words(question.slice(0, 2000)).filter((word) => word.length > 1 || /\d/.test(word));
  const terms: QueryTerm[] = [];
  const seen = new Set<string>();
  const add = (term: QueryTerm) => {
    const key = term.stems.join(" ");
    if (!key || seen.has(key)) return;
    seen.add(key);
    terms.push(term);
  };
  const expansions: QueryTerm[] = [];
  const used = new Set<number>();
  // Phrases first (up to four words), so "cash flow" is one topic rather than "cash" and "flow".
  for (let size = 4; size >= 2; size--) {
    for (let i = 0; i + size <= raw.length; i++) {
      if ([...Array(size).keys()].some((k) => used.has(i + k))) continue;
      const phrase = raw.slice(i, i + size).join(" ");
      const topic = TOPICS.get(
        raw
          .slice(i, i + size)
          .map(stem)
          .join(" "),
      );
      if (!topic) continue;
      for (let k = 0; k < size; k++) used.add(i + k);
      add({ ...termOf(phrase, topic.weight, topic.label), topic: true });
      for (const other of topic.expand ?? []) expansions.push({ ...termOf(other, topic.weight / 2), expansion: true, topic: true });
    }
  }
  raw.forEach((word, i) => {
    if (used.has(i) || STOP_WORDS.has(word)) return;
    const topic = TOPICS.get(stem(word));
    if (topic) {
      add({ ...termOf(word, topic.weight, topic.label), topic: true });
      for (const other of topic.expand ?? []) expansions.push({ ...termOf(other, topic.weight / 2), expansion: true, topic: true });
      return;
    }
    add(termOf(word, WEAK_WORDS.has(word) || WEAK_WORDS.has(stem(word)) ? 0.3 : 1));
  });
  // The question's own words before the words a page may use instead, the weightiest first.
  const own = terms.sort((a, b) => b.weight - a.weight).slice(0, maxTerms);
  for (const expansion of expansions.slice(0, 8)) {
    const key = expansion.stems.join(" ");
    if (seen.has(key)) continue;
    seen.add(key);
    own.push(expansion);
  }
  return own;
}

/** The FTS5 query that finds candidate pages: any of the terms, each quoted (no character is FTS syntax). Null when nothing is left. */
export function ftsQueryOf(terms: QueryTerm[]): string | null {
  return terms.length ? terms.map((term) => term.fts).join(" OR ") : null;
}

/** The most important topic of a question that the site may be asked about ("BAS"), if it names one. */
export function mainTopic(question: string): string | null {
  return (
    queryTerms(question)
      .filter((term) => term.label)
      .sort((a, b) => b.weight - a.weight)[0]?.label ?? null
  );
}

function countPhrase(haystack: string[], needle: string[]): number {
  if (!needle.length) return 0;
  let count = 0;
  for (let i = 0; i + needle.length <= haystack.length; i++) {
    let match = true;
    for (let k = 0; k < needle.length && match; k++) match = haystack[i + k] === needle[k];
    if (match) count++;
  }
  return count;
}

type PageStems = { title: string[]; headings: string[]; body: string[] };

function pageStems(page: IndexedPage): PageStems {
  const headings = page.body
    .split("\n")
    .filter((line) => /^#{1,6}\s/.test(line))
    .join(" ");
  return { title: stems(page.title), headings: stems(headings), body: stems(page.body) };
}

/** How well one page answers the terms: title and heading words count most; many mentions count, with diminishing returns. */
function scorePage(terms: QueryTerm[], page: PageStems): number {
  let score = 0;
  let matched = 0;
  let wanted = 0;
  for (const term of terms) {
    const inTitle = countPhrase(page.title, term.stems) > 0 ? 1 : 0;
    const inHeadings = countPhrase(page.headings, term.stems) > 0 ? 1 : 0;
    const inBody = countPhrase(page.body, term.stems);
    const hit = 3 * inTitle + 1.5 * inHeadings + inBody / (inBody + 2);
    score += term.weight * hit;
    // How much of what the question asks (its own words, not the expansions) the page covers.
    if (term.weight >= 1 && !term.expansion) {
      wanted += term.weight;
      if (hit > 0) matched += term.weight;
    }
  }
  const coverage = wanted ? matched / wanted : 0;
  return score * (0.5 + 0.5 * coverage);
}

/** The least score that still answers a question: one key word said once, or an ordinary word in the title. */
export const MIN_SCORE = 1;

/** Pages in order of how well they answer the question; pages that match nothing important are left out. */
export function rankPages(question: string, pages: IndexedPage[], limit = 4): RankedPage[] {
  const terms = queryTerms(question);
  if (!terms.length) return [];
  const topics = terms.filter((term) => term.topic);
  const scored = pages
    .map((page) => ({ page, stems: pageStems(page) }))
    // A question about BAS is answered by pages about BAS (or GST, PAYG…), not by the nearest plan.
    .filter(({ stems }) => !topics.length || topics.some((term) => [stems.title, stems.body].some((found) => countPhrase(found, term.stems) > 0)))
    .map(({ page, stems }) => ({ page, score: scorePage(terms, stems) }))
    .sort((a, b) => b.score - a.score);
  const top = scored[0]?.score ?? 0;
  if (top < MIN_SCORE) return [];
  const seen = new Set<string>();
  return scored
    .filter((entry) => entry.score >= Math.max(MIN_SCORE, top * 0.35))
    .filter((entry) => (seen.has(entry.page.path) ? false : (seen.add(entry.page.path), true)))
    .slice(0, limit);
}

// ── Whole sentences ─────────────────────────────────────────────────────────────────────────────

const ABBREVIATIONS = /\b(?:e\.g|i\.e|etc|vs|approx|incl|excl|no|mr|mrs|ms|dr|st|pty|co)\.$/i;

/** Markdown as plain text: no emphasis, code, heading or list markers; links as their label. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/!\[[^\]]*\]\([^)]*\)/g, "")
    .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1")
    .replace(/(\*\*|__|\*|`)/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** A paragraph's sentences, whole: split after . ! or ? followed by a capital, a digit or a quote, never inside "e.g." or "$1.5". */
export function splitSentences(paragraph: string): string[] {
  const text = plainText(paragraph);
  const sentences: string[] = [];
  let start = 0;
  const boundary = /[.!?]["”’)]?\s+(?=["“‘(]?[\p{Lu}\d$])/gu;
  for (let match = boundary.exec(text); match; match = boundary.exec(text)) {
    const end = match.index + match[0].trimEnd().length;
    const candidate = text.slice(start, end);
    if (ABBREVIATIONS.test(candidate)) continue;
    sentences.push(candidate.trim());
    start = match.index + match[0].length;
  }
  const rest = text.slice(start).trim();
  if (rest) sentences.push(rest);
  return sentences;
}

/** A sentence that can stand in an answer: a statement, ending as a sentence does, long enough to say something. */
function answerable(sentence: string): boolean {
  const count = sentence.split(" ").length;
  return /[.!]["”’)]?$/.test(sentence) && count >= 6 && sentence.length <= 320;
}

/**
 * How well a sentence answers: the question's own words it has (a short label before it, such as
 * "Quarterly BAS.", counts as part of it), scaled by how many of them; other words for the same
 * thing count a little.
 */
function sentenceScore(sentence: string, terms: QueryTerm[], context = ""): number {
  const found = stems(`${context} ${sentence}`);
  let own = 0;
  let wanted = 0;
  let other = 0;
  for (const term of terms) {
    const hit = countPhrase(found, term.stems) > 0;
    if (term.expansion) other += hit ? term.weight : 0;
    else {
      wanted += term.weight;
      own += hit ? term.weight : 0;
    }
  }
  const score = own + 0.15 * other;
  return wanted ? score * (0.5 + (0.5 * own) / wanted) : score;
}

const MONTHS = "january|february|march|april|may|june|july|august|september|october|november|december";
const DATE = new RegExp(`\\b(?:\\d{1,2}(?:st|nd|rd|th)?\\s+(?:${MONTHS})|(?:${MONTHS})\\s+\\d{1,2}|\\d{1,2}(?:st|nd|rd|th)\\b)`, "i");
const FIGURE = /[$%]|\b\d/;

/** The kind of detail a question asks for, as a pattern a sentence that gives it matches. */
function wantedDetail(question: string): RegExp | null {
  const text = question.toLowerCase();
  if (/\b(?:when|what date|due date|deadline|how long|how often)\b/.test(text)) return DATE;
  if (/\b(?:how much|how many|what percentage|what rate|what percent|cost)\b/.test(text)) return FIGURE;
  return null;
}

const CONTINUES = /^(?:it|this|that|these|those|they|he|she|so|but|and|also|then|the exception)\b/i;

/**
 * The sentences of a page that best answer the terms, whole and in the page's order, within about
 * `maxChars`. Headings, tables and questions (a page's example questions) are never quoted. When no
 * sentence matches, the page's opening sentence; empty when it has none.
 */
export function bestSentences(body: string, question: string, maxChars = 340): string[] {
  const terms = queryTerms(question);
  const wants = wantedDetail(question);
  const paragraphs = body
    .split(/\n+/)
    .map((line) => line.trim())
    .filter((line) => line && !/^#{1,6}\s/.test(line) && !line.startsWith("|") && !/\?["”’)]?\s*$/.test(line));
  const candidates: { sentences: string[]; index: number; score: number }[] = [];
  const leads: string[] = [];
  for (const paragraph of paragraphs) {
    const sentences = splitSentences(paragraph.replace(/^(?:[-*+]|\d+[.)])\s+/, ""));
    const label = sentences.length > 1 && !answerable(sentences[0]!) && sentences[0]!.split(" ").length < 6 ? sentences[0]! : "";
    sentences.forEach((sentence, index) => {
      if (!answerable(sentence)) return;
      if (leads.length < 1) leads.push(sentence);
      let score = sentenceScore(sentence, terms, label);
      // "When…?" is answered by a date, "How much…?" by a figure.
      if (score > 0 && wants && wants.test(sentence)) score *= 1.5;
      // Shorter says it more plainly, other things being equal.
      if (score > 0) candidates.push({ sentences, index, score: score - sentence.length / 4000 });
    });
  }
  const best = candidates.sort((a, b) => b.score - a.score)[0];
  // A page found by its title alone: its opening sentence says what it is.
  if (!best) return [leads.find((sentence) => sentence.length <= maxChars)].filter((sentence) => sentence !== undefined);
  const { sentences, index } = best;
  const picked = [sentences[index]!];
  let length = picked[0]!.length;
  // A sentence that leans on the one before ("It…", "This…") brings it along when it can.
  const before = sentences[index - 1];
  if (CONTINUES.test(picked[0]!) && before && answerable(before) && length + before.length + 1 <= maxChars) {
    picked.unshift(before);
    length += before.length + 1;
  }
  // The next sentence too, when it says more about the same thing or carries the thought on.
  const after = sentences[index + 1];
  if (after && answerable(after) && length + after.length + 1 <= maxChars && (CONTINUES.test(after) || sentenceScore(after, terms) > 0)) picked.push(after);
  return picked;
}
