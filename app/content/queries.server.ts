import { and, count, desc, eq, ne } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { blogPosts, caseStudies, contentRedirects, resources } from "~/db/schema";
import { BLOG_CATEGORIES, CASE_STUDY_INDUSTRIES, type CaseStudyIndustry } from "~/content/types";
import { slugify } from "./markdown.server";
import { resolveContentImages } from "./content-image.server";

// Read side of the site content in D1. Only published rows are ever shown to visitors.

export const BLOG_PAGE_SIZE = 6;

export const BLOG_CATEGORY_BY_SLUG = new Map(BLOG_CATEGORIES.map((category) => [slugify(category), category]));

const publishedPost = eq(blogPosts.status, "published");

export async function listPublishedPosts(db: Db, { page, category }: { page: number; category?: string }) {
  const where = category ? and(publishedPost, eq(blogPosts.category, category)) : publishedPost;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        slug: blogPosts.slug,
        title: blogPosts.title,
        description: blogPosts.description,
        category: blogPosts.category,
        authorName: blogPosts.authorName,
        image: blogPosts.image,
        publishedAt: blogPosts.publishedAt,
      })
      .from(blogPosts)
      .where(where)
      .orderBy(desc(blogPosts.publishedAt), blogPosts.slug)
      .limit(BLOG_PAGE_SIZE)
      .offset((page - 1) * BLOG_PAGE_SIZE),
    db.select({ n: count() }).from(blogPosts).where(where),
  ]);
  const totalPosts = total?.n ?? 0;
  return { posts: rows, totalPosts, pageCount: Math.max(1, Math.ceil(totalPosts / BLOG_PAGE_SIZE)) };
}

export async function getPublishedPost(db: Db, slug: string) {
  return db.query.blogPosts.findFirst({ where: and(publishedPost, eq(blogPosts.slug, slug)) });
}

/** Up to three other posts, same category first, newest first. */
export async function relatedPosts(db: Db, post: { slug: string; category: string }) {
  const rows = await db
    .select({ slug: blogPosts.slug, title: blogPosts.title, category: blogPosts.category, publishedAt: blogPosts.publishedAt })
    .from(blogPosts)
    .where(and(publishedPost, ne(blogPosts.slug, post.slug)))
    .orderBy(desc(blogPosts.publishedAt));
  return [...rows.filter((r) => r.category === post.category), ...rows.filter((r) => r.category !== post.category)].slice(0, 3);
}

/** Everything the RSS feed and sitemap need, newest first. */
export async function allPublishedPosts(db: Db) {
  return db.query.blogPosts.findMany({ where: publishedPost, orderBy: [desc(blogPosts.publishedAt)] });
}

export function isCaseStudyIndustry(value: string): value is CaseStudyIndustry {
  return Object.hasOwn(CASE_STUDY_INDUSTRIES, value);
}

export type CaseStudyResult = { metric: string; value: string };

export async function listPublishedCaseStudies(db: Db, industry?: CaseStudyIndustry) {
  const published = eq(caseStudies.status, "published");
  return db
    .select({
      slug: caseStudies.slug,
      industry: caseStudies.industry,
      title: caseStudies.title,
      description: caseStudies.description,
      client: caseStudies.client,
      location: caseStudies.location,
      image: caseStudies.image,
      results: caseStudies.results,
      updatedAt: caseStudies.updatedAt,
    })
    .from(caseStudies)
    .where(industry ? and(published, eq(caseStudies.industry, industry)) : published)
    .orderBy(desc(caseStudies.publishedAt));
}

export async function getPublishedCaseStudy(db: Db, industry: string, slug: string) {
  return db.query.caseStudies.findFirst({
    where: and(eq(caseStudies.status, "published"), eq(caseStudies.industry, industry), eq(caseStudies.slug, slug)),
  });
}

export function parseResults(json: string): CaseStudyResult[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((r): r is CaseStudyResult => typeof r?.metric === "string" && typeof r?.value === "string") : [];
  } catch {
    return [];
  }
}

export async function listPublishedResources(db: Db) {
  return db.query.resources.findMany({ where: eq(resources.status, "published"), orderBy: [resources.title] });
}

export async function getPublishedResource(db: Db, slug: string) {
  return db.query.resources.findFirst({ where: and(eq(resources.status, "published"), eq(resources.slug, slug)) });
}

/** Case studies shaped for cards: industry name and the first result as a headline. */
export async function caseStudyCards(db: Db, industry?: CaseStudyIndustry) {
  const rows = await listPublishedCaseStudies(db, industry);
  const images = await resolveContentImages(
    db,
    rows.map((row) => row.image),
  );
  return rows.map(({ results, updatedAt: _updatedAt, ...study }, index) => ({
    ...study,
    image: images[index]!,
    industryName: isCaseStudyIndustry(study.industry) ? CASE_STUDY_INDUSTRIES[study.industry] : study.industry,
    headline: parseResults(results)[0],
  }));
}

/**
 * Where an old slug of a post, case study or resource points now (content_redirects): the item's
 * current slug (and a case study's industry) while it is published; null otherwise, so an unpublished
 * item's old address is as gone as its current one.
 */
export async function findContentRedirect(
  db: Db,
  type: "blog_post" | "case_study" | "resource",
  fromSlug: string,
): Promise<{ slug: string; industry?: string } | null> {
  const [redirect] = await db
    .select({ contentId: contentRedirects.contentId })
    .from(contentRedirects)
    .where(and(eq(contentRedirects.contentType, type), eq(contentRedirects.fromSlug, fromSlug)))
    .limit(1);
  if (!redirect) return null;
  const id = redirect.contentId;
  if (type === "blog_post") {
    const [row] = await db
      .select({ slug: blogPosts.slug })
      .from(blogPosts)
      .where(and(publishedPost, eq(blogPosts.id, id)))
      .limit(1);
    return row ?? null;
  }
  if (type === "case_study") {
    const [row] = await db
      .select({ slug: caseStudies.slug, industry: caseStudies.industry })
      .from(caseStudies)
      .where(and(eq(caseStudies.status, "published"), eq(caseStudies.id, id)))
      .limit(1);
    return row ?? null;
  }
  const [row] = await db
    .select({ slug: resources.slug })
    .from(resources)
    .where(and(eq(resources.status, "published"), eq(resources.id, id)))
    .limit(1);
  return row ?? null;
}

/** A published case study by its slug alone (slugs are unique): its industry may have changed since a link was made. */
export async function findPublishedCaseStudyBySlug(db: Db, slug: string) {
  const [row] = await db
    .select({ slug: caseStudies.slug, industry: caseStudies.industry })
    .from(caseStudies)
    .where(and(eq(caseStudies.status, "published"), eq(caseStudies.slug, slug)))
    .limit(1);
  return row ?? null;
}
