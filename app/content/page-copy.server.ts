import { and, asc, count, desc, eq, or, sql, type SQL } from "drizzle-orm";
import * as z from "zod";
import { adminAuditStatement } from "~/admin/audit.server";
import type { Db } from "~/db/client.server";
import { pageCopy, PAGE_COPY_KINDS, PAGE_COPY_STATUSES, type PageCopyKind } from "~/db/schema/page-copy";
import { bumpContentVersion } from "~/edge-cache/edge-cache.server";
import type { TableQuery, TableQuerySpec } from "~/utils/table-query";
import { LOCATIONS, type LocationSlug, type Location } from "./locations";
import { defaultPageCopy, pageCopyKey, samePageCopy, type PageCopyFields } from "./page-copy";
import { getRevision, revisionStatement } from "./revisions.server";
import { SERVICES, type Service, type ServiceSlug } from "./services";
import type { Faq } from "./types";

// The one read path of the service and location pages' copy, and its editing (/admin/pages). The
// public pages read the published copy (page_copy.fields) over the page as written in code; a page
// without a row, or with a row that can't be read, shows the code's copy, so a page never breaks.
// Saving writes the draft and a revision (content_type page_copy, data: the fields); publishing
// copies the draft to the published copy and bumps the content version so the edge cache refreshes.

/** Stored copy read back; anything unreadable reads as null (the caller falls back to the code's copy). */
const StoredFieldsSchema = z.object({
  headline: z.string().min(1),
  lead: z.string().min(1),
  introHeading: z.string().nullable(),
  intro: z.array(z.string()).min(1),
  economy: z.string().nullable(),
  faq: z.array(z.object({ question: z.string(), answer: z.string() })),
});

export function readStoredPageCopy(json: string | null | undefined): PageCopyFields | null {
  if (!json) return null;
  try {
    const parsed = StoredFieldsSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The published copy of a page, or the code's copy when it has none. */
export async function publishedPageCopy(db: Db, kind: PageCopyKind, slug: string): Promise<PageCopyFields> {
  const [row] = await db
    .select({ fields: pageCopy.fields })
    .from(pageCopy)
    .where(eq(pageCopy.key, pageCopyKey(kind, slug)));
  return readStoredPageCopy(row?.fields) ?? defaultPageCopy(kind, slug);
}

export type ServicePageContent = Service;

/** A service page's content: the code's page with its published copy. */
export async function servicePageContent(db: Db, slug: ServiceSlug): Promise<ServicePageContent> {
  const copy = await publishedPageCopy(db, "service", slug);
  return {
    ...SERVICES[slug],
    headline: copy.headline,
    lead: copy.lead,
    introHeading: copy.introHeading ?? SERVICES[slug].introHeading,
    intro: copy.intro,
    faq: copy.faq,
  };
}

export type LocationPageContent = Omit<Location, "whyVirtual" | "faq"> & { whyVirtual: string[]; faq: Faq[] };

/** A location page's content: the code's page with its published copy. */
export async function locationPageContent(db: Db, slug: LocationSlug): Promise<LocationPageContent> {
  const copy = await publishedPageCopy(db, "location", slug);
  return {
    ...LOCATIONS[slug],
    headline: copy.headline,
    lead: copy.lead,
    whyVirtual: copy.intro,
    economy: copy.economy ?? LOCATIONS[slug].economy,
    faq: copy.faq,
  };
}

// The admin's list.

export const PAGE_COPY_TABLE: TableQuerySpec<"title" | "updated", "kind" | "status"> = {
  sorts: ["title", "updated"],
  defaultSort: "title",
  defaultDirection: "asc",
  filters: { kind: PAGE_COPY_KINDS, status: PAGE_COPY_STATUSES },
  pageSize: 25,
};

export async function listPageCopy(db: Db, query: TableQuery<"title" | "updated", "kind" | "status">) {
  const conditions: SQL[] = [];
  if (query.q) {
    const pattern = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(sql`${pageCopy.title} LIKE ${pattern} ESCAPE '\\'`, sql`${pageCopy.slug} LIKE ${pattern} ESCAPE '\\'`)!);
  }
  if (query.filters.kind) conditions.push(eq(pageCopy.kind, query.filters.kind as PageCopyKind));
  if (query.filters.status) conditions.push(eq(pageCopy.status, query.filters.status as (typeof PAGE_COPY_STATUSES)[number]));
  const where = conditions.length ? and(...conditions) : undefined;
  const column = query.sort === "updated" ? pageCopy.updatedAt : pageCopy.title;
  const order = query.direction === "desc" ? desc(column) : asc(column);
  const [rows, [total]] = await db.batch([
    db
      .select({ key: pageCopy.key, kind: pageCopy.kind, slug: pageCopy.slug, title: pageCopy.title, status: pageCopy.status, updatedAt: pageCopy.updatedAt })
      .from(pageCopy)
      .where(where)
      .orderBy(order, asc(pageCopy.key))
      .limit(query.pageSize)
      .offset(query.offset),
    db.select({ total: count() }).from(pageCopy).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

export type PageCopyForEditor = {
  key: string;
  kind: PageCopyKind;
  slug: string;
  title: string;
  status: "draft" | "published";
  draft: PageCopyFields;
  published: PageCopyFields;
  publishedAt: string | null;
  updatedAt: string;
};

export async function getPageCopy(db: Db, kind: PageCopyKind, slug: string): Promise<PageCopyForEditor | null> {
  const [row] = await db
    .select()
    .from(pageCopy)
    .where(eq(pageCopy.key, pageCopyKey(kind, slug)));
  if (!row) return null;
  const fallback = defaultPageCopy(kind, slug);
  const published = readStoredPageCopy(row.fields) ?? fallback;
  return {
    key: row.key,
    kind: row.kind,
    slug: row.slug,
    title: row.title,
    status: row.status,
    draft: readStoredPageCopy(row.draft) ?? published,
    published,
    publishedAt: row.publishedAt,
    updatedAt: row.updatedAt,
  };
}

type Actor = { actorId: string; ipHash?: string | null };

/** Saves the draft with a revision and an audit entry, all in one batch. */
export async function savePageCopyDraft(db: Db, page: PageCopyForEditor, fields: PageCopyFields, actor: Actor, note = "") {
  const status = samePageCopy(fields, page.published) ? "published" : "draft";
  const now = new Date().toISOString();
  await db.batch([
    db
      .update(pageCopy)
      .set({ draft: JSON.stringify(fields), status, updatedBy: actor.actorId, updatedAt: now })
      .where(eq(pageCopy.key, page.key)),
    revisionStatement(db, { contentType: "page_copy", contentId: page.key, data: fields, authorId: actor.actorId, note }),
    adminAuditStatement(db, {
      action: note.startsWith("Restored") ? "page_copy_restored" : "page_copy_saved",
      actorId: actor.actorId,
      targetType: "page_copy",
      targetId: page.key,
      before: page.draft,
      after: fields,
      ipHash: actor.ipHash,
    }),
  ]);
  return { status };
}

/** Copies a revision's fields back into the draft (a save with its own, newer revision). Null when there is no such revision. */
export async function restorePageCopyRevision(db: Db, page: PageCopyForEditor, number: number, actor: Actor) {
  const revision = await getRevision(db, "page_copy", page.key, number);
  const fields = revision ? readStoredPageCopy(JSON.stringify(revision.data)) : null;
  if (!fields) return null;
  return savePageCopyDraft(db, page, fields, actor, `Restored revision ${number}`);
}

/**
 * Publishes the draft: the public page shows it from the next request (the content version is
 * bumped). Answers false when there was nothing to publish (already published).
 */
export async function publishPageCopy(db: Db, env: Pick<Env, "EDGE_CACHE">, page: PageCopyForEditor, actor: Actor): Promise<boolean> {
  if (page.status === "published" && samePageCopy(page.draft, page.published)) return false;
  const now = new Date().toISOString();
  await db.batch([
    db
      .update(pageCopy)
      .set({ fields: sql`${pageCopy.draft}`, status: "published", publishedAt: now, updatedBy: actor.actorId, updatedAt: now })
      .where(eq(pageCopy.key, page.key)),
    adminAuditStatement(db, {
      action: "page_copy_published",
      actorId: actor.actorId,
      targetType: "page_copy",
      targetId: page.key,
      before: page.published,
      after: page.draft,
      ipHash: actor.ipHash,
    }),
  ]);
  await bumpContentVersion(env);
  return true;
}

/** Throws away the draft's unpublished changes: the draft becomes the published copy again. */
export async function discardPageCopyDraft(db: Db, page: PageCopyForEditor, actor: Actor): Promise<boolean> {
  if (page.status === "published") return false;
  await db.batch([
    db
      .update(pageCopy)
      .set({ draft: sql`${pageCopy.fields}`, status: "published", updatedBy: actor.actorId, updatedAt: new Date().toISOString() })
      .where(eq(pageCopy.key, page.key)),
    adminAuditStatement(db, {
      action: "page_copy_discarded",
      actorId: actor.actorId,
      targetType: "page_copy",
      targetId: page.key,
      before: page.draft,
      after: page.published,
      ipHash: actor.ipHash,
    }),
  ]);
  return true;
}
