import { inArray } from "drizzle-orm";
import { formatTimestamp } from "~/booking/time-zones";
import { diffSnapshots, type FieldDiff } from "~/content/admin/diff";
import { getRevision, listRevisions } from "~/content/revisions.server";
import type { Db } from "~/db/client.server";
import { profiles, type ContentType } from "~/db/schema";

// An editor's revisions panel (app/content/admin/ui/revisions-panel.tsx) from the loader: the item's
// revisions, newest first, with their authors' names and times in the admin's zone, and the
// comparison the URL asks for (?from=&to=), field by field.

export type RevisionPanelData = {
  revisions: { number: number; note: string; authorName: string; when: string }[];
  compare: { from: number; to: number; fields: FieldDiff[] } | null;
};

function revisionParam(url: URL, name: string): number | null {
  const value = url.searchParams.get(name);
  return value && /^\d{1,6}$/.test(value) ? Number(value) : null;
}

export async function revisionPanelData(
  db: Db,
  contentType: ContentType,
  contentId: string,
  { url, timeZone, labels }: { url: URL; timeZone: string | null | undefined; labels: Record<string, string> },
): Promise<RevisionPanelData> {
  const rows = await listRevisions(db, contentType, contentId);
  const authorIds = [...new Set(rows.map((row) => row.authorId).filter((id): id is string => id !== null))];
  const names = new Map<string, string>();
  if (authorIds.length > 0) {
    const people = await db
      .select({ id: profiles.userId, firstName: profiles.firstName, lastName: profiles.lastName })
      .from(profiles)
      .where(inArray(profiles.userId, authorIds));
    for (const person of people) names.set(person.id, [person.firstName, person.lastName].filter(Boolean).join(" ") || "An administrator");
  }
  const revisions = rows.map((row) => ({
    number: row.number,
    note: row.note,
    authorName: row.authorId ? (names.get(row.authorId) ?? "A former administrator") : "The system",
    when: formatTimestamp(row.createdAt, timeZone),
  }));

  const from = revisionParam(url, "from");
  const to = revisionParam(url, "to");
  let compare: RevisionPanelData["compare"] = null;
  if (from !== null && to !== null) {
    const [before, after] = await Promise.all([getRevision(db, contentType, contentId, from), getRevision(db, contentType, contentId, to)]);
    if (before && after) compare = { from, to, fields: diffSnapshots(before.data, after.data, labels) };
  }
  return { revisions, compare };
}
