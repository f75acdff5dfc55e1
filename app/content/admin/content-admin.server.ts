import { and, eq, sql } from "drizzle-orm";
import { adminAuditStatement } from "~/admin/audit.server";
import { refreshPublishedContentIndex } from "~/ai-coach/content-index.server";
import type { Db } from "~/db/client.server";
import { blogPosts, caseStudies, contentRedirects, mediaAssets, resources } from "~/db/schema";
import { bumpContentVersion } from "~/edge-cache/edge-cache.server";
import type { TableQuery } from "~/utils/table-query";
import { MEDIA_IMAGE_PREFIX } from "../content-image";
import { renderMarkdown, slugify } from "../markdown.server";
import { parseResults } from "../queries.server";
import { getRevision, revisionStatement } from "../revisions.server";
import { CONTENT_SCHEMAS, type ContentFields } from "./schemas.server";
import { CONTENT_FILTERS, CONTENT_SORTS, FIELD_LABELS, resultLines, SLUG_MAX, type AdminContentType, type CaseStudyResult } from "./types";

// The content admin's domain rules for blog posts, case studies and resources (each in its own D1
// table, all with slug, status, published_at, scheduled_at and updated_at):
// - every save writes the item, a revision (its editable fields as a snapshot) and an audit entry with
//   the diff, in one batch;
// - slugs are unique per type and stable: once an item has been public, changing its slug records the
//   old one in content_redirects (its URL answers 301); a slug another item used is kept for it;
// - publish / unpublish / schedule / unschedule change status only (never the content); whatever
//   changes what visitors see (publishing, unpublishing, editing a published item, the cron publishing
//   a scheduled one) bumps the content version, so edge-cached pages, the sitemap and the RSS feed are
//   rendered afresh at once, and refreshes the site search index;
// - scheduled items are published by the cron exactly once: a conditional UPDATE claims them.

export type ContentDeps = { db: Db; env: Pick<Env, "EDGE_CACHE" | "DB"> };
export type ContentStatus = "draft" | "scheduled" | "published";

export class ContentError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404 | 409,
    readonly field?: string,
  ) {
    super(message);
  }
}

// The columns every content table shares (the editable ones differ; they go through `fieldsToRow`).
const TABLES = { blog_post: blogPosts, case_study: caseStudies, resource: resources } as const;
type CommonTable = typeof blogPosts;
const tableOf = (type: AdminContentType) => TABLES[type] as unknown as CommonTable;
const SQL_TABLES: Record<AdminContentType, string> = { blog_post: "blog_posts", case_study: "case_studies", resource: "resources" };

export type ContentItem<T extends AdminContentType = AdminContentType> = {
  type: T;
  id: string;
  fields: ContentFields[T];
  status: ContentStatus;
  publishedAt: string | null;
  scheduledAt: string | null;
  createdAt: string;
  updatedAt: string;
};

type AnyRow = Record<string, unknown> & {
  id: string;
  slug: string;
  status: ContentStatus;
  publishedAt: string | null;
  scheduledAt: string | null;
  createdAt: string;
  updatedAt: string;
};

/** An item's editable fields as the editor and the revisions know them (case study results parsed). */
function rowToFields(type: AdminContentType, row: AnyRow): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const name of Object.keys(FIELD_LABELS[type])) fields[name] = row[name] ?? null;
  if (type === "case_study") fields.results = parseResults(String(row.results ?? "[]"));
  return fields;
}

/** Editable fields as columns (case study results as JSON). */
function fieldsToRow(type: AdminContentType, fields: Record<string, unknown>): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const name of Object.keys(FIELD_LABELS[type])) row[name] = fields[name] ?? null;
  if (type === "case_study") row.results = JSON.stringify(fields.results ?? []);
  return row;
}

export async function getContentItem<T extends AdminContentType>(db: Db, type: T, id: string): Promise<ContentItem<T> | null> {
  const table = tableOf(type);
  const [row] = (await db.select().from(table).where(eq(table.id, id)).limit(1)) as unknown as AnyRow[];
  if (!row) return null;
  return {
    type,
    id: row.id,
    fields: rowToFields(type, row) as ContentFields[T],
    status: row.status,
    publishedAt: row.publishedAt,
    scheduledAt: row.scheduledAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** The item's public URL (for links from the admin; only answers while it is published). */
export function publicPath(type: AdminContentType, fields: { slug: string; industry?: string }): string {
  if (type === "blog_post") return `/blog/${fields.slug}`;
  if (type === "case_study") return `/case-studies/${fields.industry}/${fields.slug}`;
  return `/resources?download=${fields.slug}#download-form`;
}

/** The slug to save: the one typed, or one made from the title. */
function slugFor(fields: { slug: string; title: string }): string {
  const slug = fields.slug || slugify(fields.title).slice(0, SLUG_MAX).replace(/-+$/, "");
  if (!slug) throw new ContentError("Give the item a slug: the title has no letters or numbers to make one from.", 400, "slug");
  return slug;
}

/** Refuses a slug another item of the type has now, or had (its old URL redirects to that item). */
async function assertSlugFree(db: Db, type: AdminContentType, slug: string, id: string | null): Promise<void> {
  const table = tableOf(type);
  const [[taken], [redirect]] = await Promise.all([
    db.select({ id: table.id }).from(table).where(eq(table.slug, slug)).limit(1),
    db
      .select({ contentId: contentRedirects.contentId })
      .from(contentRedirects)
      .where(and(eq(contentRedirects.contentType, type), eq(contentRedirects.fromSlug, slug)))
      .limit(1),
  ]);
  if (taken && taken.id !== id) throw new ContentError("Another item already uses this slug. Choose another.", 409, "slug");
  if (redirect && redirect.contentId !== id) {
    throw new ContentError("Another item used this slug before, and its old address still redirects to it. Choose another.", 409, "slug");
  }
}

/** An uploaded image must still be in the media library (and be an image). */
async function assertImageExists(db: Db, fields: Record<string, unknown>): Promise<void> {
  const image = typeof fields.image === "string" ? fields.image : "";
  if (!image.startsWith(MEDIA_IMAGE_PREFIX)) return;
  const [asset] = await db
    .select({ kind: mediaAssets.kind })
    .from(mediaAssets)
    .where(eq(mediaAssets.id, image.slice(MEDIA_IMAGE_PREFIX.length)))
    .limit(1);
  if (!asset || asset.kind !== "image") throw new ContentError("That image is no longer in the media library. Choose another.", 400, "image");
}

/** What visitors see changed: new content version (edge cache, sitemap, RSS) and a fresh search index. */
async function refreshPublic(env: ContentDeps["env"]): Promise<void> {
  await bumpContentVersion(env);
  await refreshPublishedContentIndex(env.DB);
}

const auditTarget = (type: AdminContentType, id: string) => ({ targetType: type, targetId: id });

/** A new draft with its first revision. Returns its id. */
export async function createContent<T extends AdminContentType>(
  { db }: ContentDeps,
  type: T,
  input: ContentFields[T],
  actorId: string,
  now = new Date(),
): Promise<string> {
  const fields = { ...input, slug: slugFor(input) } as Record<string, unknown>;
  await Promise.all([assertSlugFree(db, type, fields.slug as string, null), assertImageExists(db, fields)]);
  const id = crypto.randomUUID();
  const at = now.toISOString();
  const table = tableOf(type);
  await db.batch([
    db.insert(table).values({ id, ...fieldsToRow(type, fields), status: "draft", createdAt: at, updatedAt: at } as never),
    revisionStatement(db, { contentType: type, contentId: id, data: fields, authorId: actorId, note: "Created" }),
    adminAuditStatement(db, { action: "content_created", actorId, ...auditTarget(type, id), before: null, after: auditView(fields) }),
  ]);
  return id;
}

/** Audit diffs keep titles, slugs and the like, and only the fact that long text changed. */
function auditView(fields: Record<string, unknown>): Record<string, unknown> {
  const view: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    view[name] = typeof value === "string" && value.length > 200 ? `${value.length} characters (${hashOf(value)})` : value;
  }
  return view;
}

/** A short, stable fingerprint of long text (so the audit diff shows that it changed, not what it says). */
function hashOf(value: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) h = Math.imul(h ^ value.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, "0");
}

export type SaveOutcome = { changed: boolean; slugChanged: boolean; public: boolean };

/**
 * Saves new field values (an edit, or a revision being restored): the item, a revision, a redirect
 * from the old slug when it has been public, and the audit entry, in one batch. `expectedUpdatedAt`
 * (the editor's copy) refuses a save over someone else's newer one.
 */
export async function saveContent<T extends AdminContentType>(
  deps: ContentDeps,
  type: T,
  id: string,
  input: ContentFields[T],
  actorId: string,
  options: { expectedUpdatedAt?: string; note?: string; action?: "content_updated" | "content_restored"; now?: Date } = {},
): Promise<SaveOutcome> {
  const { db } = deps;
  const current = await getContentItem(db, type, id);
  if (!current) throw new ContentError("That item no longer exists.", 404);
  if (options.expectedUpdatedAt && options.expectedUpdatedAt !== current.updatedAt) {
    throw new ContentError("Someone saved this item after you opened it. Reload the page to see their changes, then make yours again.", 409);
  }
  const fields = { ...input, slug: slugFor(input) } as Record<string, unknown>;
  const before = current.fields as Record<string, unknown>;
  if (JSON.stringify(fieldsToRow(type, before)) === JSON.stringify(fieldsToRow(type, fields))) {
    return { changed: false, slugChanged: false, public: current.status === "published" };
  }
  const oldSlug = before.slug as string;
  const newSlug = fields.slug as string;
  const slugChanged = oldSlug !== newSlug;
  await Promise.all([slugChanged ? assertSlugFree(db, type, newSlug, id) : undefined, assertImageExists(db, fields)]);
  const table = tableOf(type);
  const at = (options.now ?? new Date()).toISOString();
  // A slug that was public keeps answering (301 to the new one); going back to an old slug of its own
  // drops that redirect, since the item answers there itself again.
  const wasPublic = current.publishedAt !== null;
  const redirects = slugChanged
    ? [
        db.delete(contentRedirects).where(and(eq(contentRedirects.contentType, type), eq(contentRedirects.fromSlug, newSlug))),
        ...(wasPublic ? [db.insert(contentRedirects).values({ contentType: type, fromSlug: oldSlug, contentId: id }).onConflictDoNothing()] : []),
      ]
    : [];
  await db.batch([
    db
      .update(table)
      .set({ ...fieldsToRow(type, fields), updatedAt: at } as never)
      .where(eq(table.id, id)),
    ...redirects,
    revisionStatement(db, { contentType: type, contentId: id, data: fields, authorId: actorId, note: options.note ?? "" }),
    adminAuditStatement(db, {
      action: options.action ?? "content_updated",
      actorId,
      ...auditTarget(type, id),
      before: auditView(before),
      after: auditView(fields),
    }),
  ]);
  const isPublic = current.status === "published";
  if (isPublic) await refreshPublic(deps.env);
  return { changed: true, slugChanged, public: isPublic };
}

/** Copies a revision's fields back (saved as a new revision). */
export async function restoreRevision(deps: ContentDeps, type: AdminContentType, id: string, number: number, actorId: string, now = new Date()) {
  const revision = await getRevision(deps.db, type, id, number);
  if (!revision) throw new ContentError("That revision doesn't exist.", 404);
  // An old snapshot is checked against today's rules, as a save would be (results back to lines).
  const data = { ...revision.data } as Record<string, unknown>;
  if (type === "case_study") data.results = resultLines(Array.isArray(data.results) ? (data.results as CaseStudyResult[]) : []);
  const stringified = Object.fromEntries(Object.entries(data).map(([k, v]) => [k, v === null || v === undefined ? undefined : String(v)]));
  const parsed = CONTENT_SCHEMAS[type].safeParse(stringified);
  if (!parsed.success)
    throw new ContentError(`Revision ${number} can't be restored as it is: ${parsed.error.issues[0]?.message ?? "a field is no longer valid."}`, 400);
  return saveContent(deps, type, id, parsed.data as ContentFields[typeof type], actorId, {
    note: `Restored revision ${number}`,
    action: "content_restored",
    now,
  });
}

type StatusChange = { status: ContentStatus; publishedAt?: string | null; scheduledAt: string | null };

/** A status change, made only from the statuses given (a conditional update), with its audit entry. */
async function changeStatus(
  { db }: ContentDeps,
  type: AdminContentType,
  id: string,
  from: ContentStatus[],
  change: StatusChange,
  action: "content_published" | "content_unpublished" | "content_scheduled" | "content_unscheduled",
  actorId: string,
  at: string,
): Promise<boolean> {
  const table = tableOf(type);
  const current = await getContentItem(db, type, id);
  if (!current) throw new ContentError("That item no longer exists.", 404);
  if (!from.includes(current.status)) return false;
  const [updated] = await db.batch([
    db
      .update(table)
      .set({ ...change, updatedAt: at })
      .where(and(eq(table.id, id), eq(table.status, current.status)))
      .returning({ id: table.id }),
    adminAuditStatement(db, {
      action,
      actorId,
      ...auditTarget(type, id),
      before: { status: current.status, scheduledAt: current.scheduledAt, title: current.fields.title },
      after: { status: change.status, scheduledAt: change.scheduledAt, title: current.fields.title },
    }),
  ]);
  if (updated.length === 0) throw new ContentError("Someone changed this item's status at the same moment. Reload the page and try again.", 409);
  return true;
}

/** Publishes now (a draft or a scheduled item). The first publication date is kept on a re-publish. */
export async function publishContent(deps: ContentDeps, type: AdminContentType, id: string, actorId: string, now = new Date()) {
  const at = now.toISOString();
  const current = await getContentItem(deps.db, type, id);
  const changed = await changeStatus(
    deps,
    type,
    id,
    ["draft", "scheduled"],
    { status: "published", publishedAt: current?.publishedAt ?? at, scheduledAt: null },
    "content_published",
    actorId,
    at,
  );
  if (changed) await refreshPublic(deps.env);
  return changed;
}

export async function unpublishContent(deps: ContentDeps, type: AdminContentType, id: string, actorId: string, now = new Date()) {
  const changed = await changeStatus(deps, type, id, ["published"], { status: "draft", scheduledAt: null }, "content_unpublished", actorId, now.toISOString());
  if (changed) await refreshPublic(deps.env);
  return changed;
}

/** Schedules a draft (or moves a scheduled item's time) to a future instant. */
export async function scheduleContent(deps: ContentDeps, type: AdminContentType, id: string, when: Date, actorId: string, now = new Date()) {
  if (when.getTime() <= now.getTime()) throw new ContentError("Choose a time in the future, or publish it now.", 400, "scheduledAt");
  const current = await getContentItem(deps.db, type, id);
  if (current?.status === "published") throw new ContentError("This item is already published. Unpublish it first to schedule it.", 409);
  return changeStatus(
    deps,
    type,
    id,
    ["draft", "scheduled"],
    { status: "scheduled", scheduledAt: when.toISOString() },
    "content_scheduled",
    actorId,
    now.toISOString(),
  );
}

export async function unscheduleContent(deps: ContentDeps, type: AdminContentType, id: string, actorId: string, now = new Date()) {
  return changeStatus(deps, type, id, ["scheduled"], { status: "draft", scheduledAt: null }, "content_unscheduled", actorId, now.toISOString());
}

/**
 * The cron's part: publishes every scheduled item whose time has come, exactly once however often
 * (or concurrently) it runs — each table's conditional UPDATE claims its due rows, and their audit
 * entries are written in the same batch — then bumps the content version once if anything was
 * published. published_at is the scheduled time. Returns how many items were published.
 */
export async function publishDueContent(deps: ContentDeps, now: Date): Promise<number> {
  const d1 = deps.env.DB;
  const at = now.toISOString();
  // Most minutes nothing is due: one read answers that, and the minute passes without a write.
  const due = await d1
    .prepare(
      Object.values(SQL_TABLES)
        .map((table) => `SELECT 1 FROM ${table} WHERE status = 'scheduled' AND scheduled_at <= ?1`)
        .join(" UNION ALL ") + " LIMIT 1",
    )
    .bind(at)
    .first();
  if (!due) return 0;
  const statements = Object.entries(SQL_TABLES).flatMap(([type, table]) => [
    // The audit entries first, for the rows the update below is about to claim (same transaction).
    d1
      .prepare(
        `INSERT INTO audit_log (id, action, actor_id, target_id, detail) SELECT lower(hex(randomblob(16))), 'content_published', NULL, id, json_object('targetType', ?1, 'changes', json_object('status', json_object('from', 'scheduled', 'to', 'published')), 'scheduledAt', scheduled_at, 'by', 'schedule') FROM ${table} WHERE status = 'scheduled' AND scheduled_at <= ?2`,
      )
      .bind(type, at),
    d1
      .prepare(
        `UPDATE ${table} SET status = 'published', published_at = coalesce(published_at, scheduled_at), scheduled_at = NULL, updated_at = ?1 WHERE status = 'scheduled' AND scheduled_at <= ?1`,
      )
      .bind(at),
  ]);
  const results = await d1.batch(statements);
  const published = results.filter((_, index) => index % 2 === 1).reduce((sum, result) => sum + changesOf(result), 0);
  if (published > 0) await refreshPublic(deps.env);
  return published;
}

function changesOf(result: unknown): number {
  const meta = (result as { meta?: { changes?: number } }).meta;
  return meta?.changes ?? 0;
}

// The admin's list: every type in one table, searched, filtered, sorted and paged in SQL.

export type ContentListRow = {
  type: AdminContentType;
  id: string;
  title: string;
  slug: string;
  status: ContentStatus;
  publishedAt: string | null;
  scheduledAt: string | null;
  updatedAt: string;
};

const SORT_COLUMNS: Record<(typeof CONTENT_SORTS)[number], string> = {
  updated: "updated_at",
  title: "title COLLATE NOCASE",
  status: "status",
  published: "coalesce(published_at, scheduled_at)",
};

export async function listContent(db: Db, query: TableQuery<(typeof CONTENT_SORTS)[number], keyof typeof CONTENT_FILTERS>) {
  const types = (query.filters.type ? [query.filters.type] : Object.keys(SQL_TABLES)) as AdminContentType[];
  const union = sql.join(
    types.map((type) => sql`select ${type} as type, id, title, slug, status, published_at, scheduled_at, updated_at from ${sql.raw(SQL_TABLES[type])}`),
    sql` union all `,
  );
  const conditions = [];
  if (query.filters.status) conditions.push(sql`status = ${query.filters.status}`);
  if (query.q) {
    // instr() takes the text literally and has no pattern length limit (D1 refuses a LIKE pattern over 50 bytes).
    const q = query.q.toLowerCase();
    conditions.push(sql`(instr(lower(title), ${q}) > 0 or instr(lower(slug), ${q}) > 0)`);
  }
  const where = conditions.length > 0 ? sql` where ${sql.join(conditions, sql` and `)}` : sql``;
  const order = sql.raw(`${SORT_COLUMNS[query.sort]} ${query.direction === "asc" ? "asc" : "desc"}, id`);
  const [rows, [total]] = await Promise.all([
    db.all<{
      type: AdminContentType;
      id: string;
      title: string;
      slug: string;
      status: ContentStatus;
      published_at: string | null;
      scheduled_at: string | null;
      updated_at: string;
    }>(sql`select * from (${union})${where} order by ${order} limit ${query.pageSize} offset ${query.offset}`),
    db.all<{ n: number }>(sql`select count(*) as n from (${union})${where}`),
  ]);
  return {
    total: total?.n ?? 0,
    rows: rows.map((r): ContentListRow => ({
      type: r.type,
      id: r.id,
      title: r.title,
      slug: r.slug,
      status: r.status,
      publishedAt: r.published_at,
      scheduledAt: r.scheduled_at,
      updatedAt: r.updated_at,
    })),
  };
}

/** An item's fields as the editor's form holds them: strings, case study results as "Metric | value" lines. */
export function formValues(type: AdminContentType, fields: Record<string, unknown>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of Object.keys(FIELD_LABELS[type])) {
    const value = fields[name];
    values[name] = name === "results" ? resultLines(Array.isArray(value) ? (value as CaseStudyResult[]) : []) : value == null ? "" : String(value);
  }
  return values;
}

/** The markdown fields rendered as the public page renders them: the editor's first preview. */
export function markdownPreviews(type: AdminContentType, values: Record<string, string>): Record<string, string> {
  const names = type === "blog_post" ? ["body"] : type === "case_study" ? ["challenge", "approach"] : [];
  return Object.fromEntries(names.map((name) => [name, renderMarkdown(values[name] ?? "").html]));
}
