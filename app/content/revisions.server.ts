import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { contentRevisions, profiles, type ContentType } from "~/db/schema";
import { diffSnapshots, type FieldDiff } from "./admin/diff";

// Every saved version of an editable item (blog post, case study, resource, learning module or
// lesson, page copy). Saving an item adds a revision in the same batch; restoring one copies its data
// back and adds a new revision, so history only grows.

export type RevisionInput = { contentType: ContentType; contentId: string; data: Record<string, unknown>; authorId: string | null; note?: string };

/** The next revision's insert (number = the item's last + 1), for the batch that saves the item. */
export function revisionStatement(db: Db, input: RevisionInput) {
  const next = sql<number>`(select coalesce(max(${contentRevisions.number}), 0) + 1 from ${contentRevisions} where ${contentRevisions.contentType} = ${input.contentType} and ${contentRevisions.contentId} = ${input.contentId})`;
  return db.insert(contentRevisions).values({
    id: crypto.randomUUID(),
    contentType: input.contentType,
    contentId: input.contentId,
    number: next,
    data: JSON.stringify(input.data),
    note: input.note ?? "",
    authorId: input.authorId,
  });
}

export async function listRevisions(db: Db, contentType: ContentType, contentId: string) {
  return db
    .select({
      id: contentRevisions.id,
      number: contentRevisions.number,
      note: contentRevisions.note,
      authorId: contentRevisions.authorId,
      createdAt: contentRevisions.createdAt,
    })
    .from(contentRevisions)
    .where(and(eq(contentRevisions.contentType, contentType), eq(contentRevisions.contentId, contentId)))
    .orderBy(desc(contentRevisions.number));
}

export type RevisionSummary = { number: number; note: string; authorName: string; createdAt: string };

/**
 * The item's revisions, newest first, with each author's name (first and last name from their
 * profile; "A former administrator" once the account is gone) — what the revisions panel lists.
 */
export async function listRevisionSummaries(db: Db, contentType: ContentType, contentId: string): Promise<RevisionSummary[]> {
  const rows = await listRevisions(db, contentType, contentId);
  const authorIds = [...new Set(rows.map((r) => r.authorId).filter((id): id is string => Boolean(id)))];
  const names = new Map<string, string>();
  if (authorIds.length > 0) {
    const people = await db
      .select({ id: profiles.userId, first: profiles.firstName, last: profiles.lastName })
      .from(profiles)
      .where(inArray(profiles.userId, authorIds));
    for (const p of people) names.set(p.id, [p.first, p.last].filter(Boolean).join(" ") || "An administrator");
  }
  return rows.map((r) => ({
    number: r.number,
    note: r.note,
    createdAt: r.createdAt,
    authorName: r.authorId ? (names.get(r.authorId) ?? "A former administrator") : "The system",
  }));
}

export type RevisionComparison = { from: number; to: number; fields: FieldDiff[] };

/**
 * Two revisions compared field by field (labels: the editable fields in order, with their names).
 * Null when either number is not one of the item's revisions.
 */
export async function compareRevisions(
  db: Db,
  contentType: ContentType,
  contentId: string,
  from: number,
  to: number,
  labels: Record<string, string>,
): Promise<RevisionComparison | null> {
  const [a, b] = await Promise.all([getRevision(db, contentType, contentId, from), getRevision(db, contentType, contentId, to)]);
  if (!a || !b) return null;
  return { from, to, fields: diffSnapshots(a.data, b.data, labels) };
}

/** The revision numbers a compare form asked for (?from=&to=), when both are whole numbers ≥ 1. */
export function readCompareParams(url: URL): { from: number; to: number } | null {
  const from = url.searchParams.get("from");
  const to = url.searchParams.get("to");
  if (!from || !to || !/^\d{1,6}$/.test(from) || !/^\d{1,6}$/.test(to)) return null;
  const a = Number(from);
  const b = Number(to);
  return a >= 1 && b >= 1 ? { from: a, to: b } : null;
}

export async function getRevision(db: Db, contentType: ContentType, contentId: string, number: number) {
  const row = await db.query.contentRevisions.findFirst({
    where: and(eq(contentRevisions.contentType, contentType), eq(contentRevisions.contentId, contentId), eq(contentRevisions.number, number)),
  });
  return row ? { ...row, data: JSON.parse(row.data) as Record<string, unknown> } : null;
}
