import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { now } from "./columns";

export const CONTENT_STATUSES = ["draft", "published"] as const;

export const blogPosts = sqliteTable(
  "blog_posts",
  {
    id: text("id").primaryKey(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    category: text("category").notNull(),
    authorName: text("author_name").notNull(),
    authorRole: text("author_role").notNull(),
    body: text("body").notNull(),
    image: text("image").notNull(),
    status: text("status", { enum: CONTENT_STATUSES }).notNull().default("draft"),
    publishedAt: text("published_at"),
    createdAt: text("created_at").notNull().default(now),
    updatedAt: text("updated_at").notNull().default(now),
  },
  (t) => [uniqueIndex("blog_posts_slug_unique").on(t.slug), index("blog_posts_published_idx").on(t.status, t.publishedAt)],
);

export const caseStudies = sqliteTable(
  "case_studies",
  {
    id: text("id").primaryKey(),
    slug: text("slug").notNull(),
    industry: text("industry").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    client: text("client").notNull(),
    location: text("location").notNull(),
    challenge: text("challenge").notNull(),
    approach: text("approach").notNull(),
    // JSON array of { metric, value }.
    results: text("results").notNull().default("[]"),
    quoteText: text("quote_text"),
    quoteAttribution: text("quote_attribution"),
    image: text("image").notNull(),
    status: text("status", { enum: CONTENT_STATUSES }).notNull().default("draft"),
    publishedAt: text("published_at"),
    createdAt: text("created_at").notNull().default(now),
    updatedAt: text("updated_at").notNull().default(now),
  },
  (t) => [uniqueIndex("case_studies_slug_unique").on(t.slug), index("case_studies_industry_idx").on(t.industry, t.status)],
);

export const resources = sqliteTable(
  "resources",
  {
    id: text("id").primaryKey(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    filePath: text("file_path").notNull(),
    format: text("format").notNull(),
    status: text("status", { enum: CONTENT_STATUSES }).notNull().default("draft"),
    publishedAt: text("published_at"),
    createdAt: text("created_at").notNull().default(now),
    updatedAt: text("updated_at").notNull().default(now),
  },
  (t) => [uniqueIndex("resources_slug_unique").on(t.slug)],
);
