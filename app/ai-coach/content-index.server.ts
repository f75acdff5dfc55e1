import { CLARITYAI_CITIES, CLARITYAI_TOPICS, clarityAiPath, type ClarityAiPage, type ClarityAiSlug } from "~/content/clarityai-pages";
import { CLARITYAI, SERVICES } from "~/content/services";
import { bestSentences, ftsQueryOf, queryTerms, rankPages, type IndexedPage } from "./content-ranking";
import type { ContentArticle } from "./conversation-protocol";

// The full-text index of the site's own content (content_search, FTS5): blog posts, resources, case
// studies, service pages and the ClarityAI pages, each under its public URL. The AI coach gives the
// best matches to the model so its answers link to them, and the offline coach answers from them.
// Rebuilt whole by the seed (scripts/seed.ts) and the tests: the statements are plain SQL, so the
// same list runs through `wrangler d1 execute` and a D1 binding alike. Posts, resources and case
// studies are read from their D1 tables (what is published there is what the site shows); the
// service and ClarityAI pages live in app/content.

type Doc = IndexedPage;

function sqlString(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

const join = (...parts: (string | string[] | undefined)[]) => parts.flat().filter(Boolean).join("\n\n");

function serviceDocs(): Doc[] {
  const docs: Doc[] = Object.values(SERVICES).map((service) => ({
    kind: "service",
    path: `/services/${service.slug}`,
    title: service.title,
    body: join(
      service.summary,
      service.lead,
      service.intro,
      service.whoFor,
      service.outcomes.map((o) => `${o.title}: ${o.body}`),
      service.steps.map((s) => `${s.title}: ${s.body}`),
      service.spotlight.intro,
      service.spotlight.items,
      service.faq.map((f) => `${f.question} ${f.answer}`),
    ),
  }));
  docs.push({
    kind: "service",
    path: "/services/clarityai",
    title: "ClarityAI: the 24/7 AI business coach",
    body: join(
      CLARITYAI.features.map((f) => `${f.title}: ${f.body}`),
      CLARITYAI.plans.map((p) => `${p.name}: ${p.tagline} ${p.features.join(". ")}`),
      CLARITYAI.faq.map((f) => `${f.question} ${f.answer}`),
    ),
  });
  return docs;
}

function clarityAiDoc(slug: ClarityAiSlug, page: ClarityAiPage): Doc {
  return {
    kind: "clarityai",
    path: clarityAiPath(slug),
    title: page.headline,
    body: join(
      page.lead,
      page.intro,
      page.helps.map((h) => `${h.title}: ${h.body}`),
      page.questions,
      page.exchange.question,
      page.exchange.answer,
      page.faq.map((f) => `${f.question} ${f.answer}`),
    ),
  };
}

/** The code-held pages: services and ClarityAI topic and city pages. */
export function staticContentDocs(): Doc[] {
  return [
    ...serviceDocs(),
    ...Object.entries(CLARITYAI_TOPICS).map(([slug, page]) => clarityAiDoc(slug as ClarityAiSlug, page)),
    ...Object.entries(CLARITYAI_CITIES).map(([slug, page]) => clarityAiDoc(slug as ClarityAiSlug, page)),
  ];
}

/** The index's entries read from D1 (posts, case studies, resources): what is published there, and nothing else. */
const PUBLISHED_CONTENT_STATEMENTS = [
  `INSERT INTO content_search (kind, path, title, body) SELECT 'blog', '/blog/' || slug, title, description || char(10) || char(10) || body FROM blog_posts WHERE status = 'published';`,
  `INSERT INTO content_search (kind, path, title, body) SELECT 'case-study', '/case-studies/' || industry || '/' || slug, title, description || char(10) || char(10) || challenge || char(10) || char(10) || approach FROM case_studies WHERE status = 'published';`,
  `INSERT INTO content_search (kind, path, title, body) SELECT 'resource', '/resources', title, description FROM resources WHERE status = 'published';`,
];

/** The SQL that rebuilds content_search from scratch. */
export function contentIndexStatements(): string[] {
  return [
    "DELETE FROM content_search;",
    ...PUBLISHED_CONTENT_STATEMENTS,
    ...staticContentDocs().map(
      (doc) =>
        `INSERT INTO content_search (kind, path, title, body) VALUES (${sqlString(doc.kind)}, ${sqlString(doc.path)}, ${sqlString(doc.title)}, ${sqlString(doc.body)});`,
    ),
  ];
}

export async function rebuildContentIndex(d1: D1Database): Promise<void> {
  await d1.batch(contentIndexStatements().map((statement) => d1.prepare(statement)));
}

/**
 * Rebuilds the D1-sourced entries only (after an admin publishes, unpublishes, reschedules or edits a
 * post, case study or resource): an unpublished item leaves the index at once, a new one joins it.
 */
export async function refreshPublishedContentIndex(d1: D1Database): Promise<void> {
  const statements = ["DELETE FROM content_search WHERE kind IN ('blog', 'case-study', 'resource');", ...PUBLISHED_CONTENT_STATEMENTS];
  await d1.batch(statements.map((statement) => d1.prepare(statement)));
}

/** An FTS5 query from free text: its weighty words and phrases, each quoted (so no character is FTS syntax), any of them. Null when nothing is left. */
export function ftsQuery(text: string): string | null {
  return ftsQueryOf(queryTerms(text));
}

/** How many pages the full-text index offers for ranking: the site has a few dozen, so every plausible one. */
const CANDIDATES = 30;

/**
 * The best-matching pages for a question, each with the whole sentences that best answer it (never
 * throws on odd input: an unusable query finds nothing). The index finds the candidates; the ranking
 * (content-ranking.ts) weighs titles, headings and key Australian terms, and drops pages that match
 * nothing important.
 */
export async function searchContent(d1: D1Database, text: string, limit = 4): Promise<ContentArticle[]> {
  const question = text.slice(0, 2000);
  const query = ftsQuery(question);
  if (!query) return [];
  try {
    const { results } = await d1
      .prepare(`SELECT kind, path, title, body FROM content_search WHERE content_search MATCH ? ORDER BY bm25(content_search, 0, 0, 5, 1) LIMIT ${CANDIDATES}`)
      .bind(query)
      .all<IndexedPage>();
    return rankPages(question, results, Math.min(Math.max(limit, 1), 10)).map(({ page }) => ({
      kind: page.kind,
      path: page.path,
      title: page.title,
      excerpt: bestSentences(page.body, question).join(" "),
    }));
  } catch (error) {
    console.error("content search failed", error instanceof Error ? error.message : String(error));
    return [];
  }
}
