import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

// Timestamps are ISO-8601 UTC strings: sortable, readable in `wrangler d1 execute`, and what the
// auth API returns to clients.
const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    email: text("email"),
    phone: text("phone"),
    passwordHash: text("password_hash"),
    emailConfirmedAt: text("email_confirmed_at"),
    phoneConfirmedAt: text("phone_confirmed_at"),
    userMetadata: text("user_metadata").notNull().default("{}"),
    appMetadata: text("app_metadata").notNull().default("{}"),
    lastSignInAt: text("last_sign_in_at"),
    createdAt: text("created_at").notNull().default(now),
    updatedAt: text("updated_at").notNull().default(now),
  },
  (t) => [uniqueIndex("users_email_unique").on(t.email), uniqueIndex("users_phone_unique").on(t.phone)],
);

export const ROLES = ["client", "coach", "admin"] as const;
export type Role = (typeof ROLES)[number];

export const userRoles = sqliteTable(
  "user_roles",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ROLES }).notNull(),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] })],
);

export const profiles = sqliteTable("profiles", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  firstName: text("first_name"),
  lastName: text("last_name"),
  company: text("company"),
  industry: text("industry"),
  createdAt: text("created_at").notNull().default(now),
  updatedAt: text("updated_at").notNull().default(now),
});

export const LEAD_SOURCES = ["contact", "booking", "resource", "service-chat"] as const;

export const leads = sqliteTable(
  "leads",
  {
    id: text("id").primaryKey(),
    source: text("source", { enum: LEAD_SOURCES }).notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    company: text("company"),
    phone: text("phone"),
    businessType: text("business_type"),
    message: text("message"),
    resourceSlug: text("resource_slug"),
    marketingConsentAt: text("marketing_consent_at"),
    marketingConsentSource: text("marketing_consent_source"),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [index("leads_created_at_idx").on(t.createdAt), index("leads_email_idx").on(t.email)],
);

// Fixed-window counters keyed by purpose and a salted hash of the client address.
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: integer("window_start").notNull(),
  count: integer("count").notNull(),
});

// Every email the product sends is written here first; without a provider key it stays here and
// admins read it in the admin area.
export const emailOutbox = sqliteTable(
  "email_outbox",
  {
    id: text("id").primaryKey(),
    dedupeKey: text("dedupe_key").notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    status: text("status", { enum: ["pending", "sent", "stored"] }).notNull(),
    provider: text("provider").notNull(),
    createdAt: text("created_at").notNull().default(now),
    sentAt: text("sent_at"),
  },
  (t) => [uniqueIndex("email_outbox_dedupe_key_unique").on(t.dedupeKey)],
);

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
