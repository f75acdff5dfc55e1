import { sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { now } from "./columns";

// The service and location pages' editable copy (migration 0035): fields is what the public page
// shows, draft what the editor is working on; status 'draft' while they differ.
export const PAGE_COPY_KINDS = ["service", "location"] as const;
export type PageCopyKind = (typeof PAGE_COPY_KINDS)[number];
export const PAGE_COPY_STATUSES = ["draft", "published"] as const;

export const pageCopy = sqliteTable(
  "page_copy",
  {
    key: text("key").primaryKey(),
    kind: text("kind", { enum: PAGE_COPY_KINDS }).notNull(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    fields: text("fields").notNull(),
    draft: text("draft").notNull(),
    status: text("status", { enum: PAGE_COPY_STATUSES }).notNull().default("published"),
    publishedAt: text("published_at"),
    updatedBy: text("updated_by"),
    updatedAt: text("updated_at").notNull().default(now),
  },
  (t) => [uniqueIndex("page_copy_kind_slug_unique").on(t.kind, t.slug)],
);
