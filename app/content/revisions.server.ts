import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { contentRevisions, type ContentType } from "~/db/schema";

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

export async function getRevision(db: Db, contentType: ContentType, contentId: string, number: number) {
  const row = await db.query.contentRevisions.findFirst({
    where: and(eq(contentRevisions.contentType, contentType), eq(contentRevisions.contentId, contentId), eq(contentRevisions.number, number)),
  });
  return row ? { ...row, data: JSON.parse(row.data) as Record<string, unknown> } : null;
}
