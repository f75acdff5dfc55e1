import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { now } from "./columns";

// scheduled: published by the cron at scheduled_at, once (migration 0031).
export const CONTENT_STATUSES = ["draft", "scheduled", "published"] as const;

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
    scheduledAt: text("scheduled_at"),
    createdAt: text("created_at").notNull().default(now),
    updatedAt: text("updated_at").notNull().default(now),
  },
  (t) => [
    uniqueIndex("blog_posts_slug_unique").on(t.slug),
    index("blog_posts_published_idx").on(t.status, t.publishedAt),
    index("blog_posts_scheduled_idx").on(t.status, t.scheduledAt),
  ],
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
    scheduledAt: text("scheduled_at"),
    createdAt: text("created_at").notNull().default(now),
    updatedAt: text("updated_at").notNull().default(now),
  },
  (t) => [
    uniqueIndex("case_studies_slug_unique").on(t.slug),
    index("case_studies_industry_idx").on(t.industry, t.status),
    index("case_studies_scheduled_idx").on(t.status, t.scheduledAt),
  ],
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
    scheduledAt: text("scheduled_at"),
    createdAt: text("created_at").notNull().default(now),
    updatedAt: text("updated_at").notNull().default(now),
  },
  (t) => [uniqueIndex("resources_slug_unique").on(t.slug), index("resources_scheduled_idx").on(t.status, t.scheduledAt)],
);

// What the admin can edit: each kind names its table (or, for page copy, its key).
export const CONTENT_TYPES = ["blog_post", "case_study", "resource", "learning_module", "learning_lesson", "page_copy"] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

// Every saved version of an editable item (migration 0031). author_id has no foreign key, as audit_log.actor_id.
export const contentRevisions = sqliteTable(
  "content_revisions",
  {
    id: text("id").primaryKey(),
    contentType: text("content_type", { enum: CONTENT_TYPES }).notNull(),
    contentId: text("content_id").notNull(),
    number: integer("number").notNull(),
    // JSON snapshot of the item's editable fields.
    data: text("data").notNull(),
    note: text("note").notNull().default(""),
    authorId: text("author_id"),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [uniqueIndex("content_revisions_item_number_unique").on(t.contentType, t.contentId, t.number)],
);

// An old slug: its public URL answers 301 to the item's current URL.
export const contentRedirects = sqliteTable(
  "content_redirects",
  {
    contentType: text("content_type", { enum: CONTENT_TYPES }).notNull(),
    fromSlug: text("from_slug").notNull(),
    contentId: text("content_id").notNull(),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.contentType, t.fromSlug] })],
);

export const MEDIA_KINDS = ["image", "file"] as const;
export type MediaVariant = { width: number; format: string; key: string; bytes: number };

// An uploaded image or file in UPLOADS; content_type is sniffed from the bytes.
export const mediaAssets = sqliteTable(
  "media_assets",
  {
    id: text("id").primaryKey(),
    kind: text("kind", { enum: MEDIA_KINDS }).notNull(),
    key: text("key").notNull(),
    contentType: text("content_type").notNull(),
    bytes: integer("bytes").notNull(),
    width: integer("width"),
    height: integer("height"),
    // JSON MediaVariant[]: an image's responsive sizes.
    variants: text("variants").notNull().default("[]"),
    originalName: text("original_name").notNull(),
    alt: text("alt").notNull().default(""),
    uploadedBy: text("uploaded_by"),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [uniqueIndex("media_assets_key_unique").on(t.key), index("media_assets_created_idx").on(t.createdAt)],
);
