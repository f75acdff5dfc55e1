import { and, asc, count, desc, eq, max, sql, sum, type SQL } from "drizzle-orm";
import { adminAuditStatement } from "~/admin/audit.server";
import { getRevision, revisionStatement } from "~/content/revisions.server";
import type { Db } from "~/db/client.server";
import { LEARNING_ACCESS, LEARNING_STATUSES, learningLessons, learningModules, type LearningStatus } from "~/db/schema";
import type { TableQuery, TableQuerySpec } from "~/utils/table-query";
import { LessonFieldsSchema, ModuleFieldsSchema, slugify, type LessonFields, type ModuleFields } from "./admin-schemas";
import { LEARNING_TOPICS } from "./types";

// Editing the curriculum (/admin/learning). Every save writes the row, a revision (content_type
// learning_module / learning_lesson, data: the editable fields) and an audit entry in one batch;
// restoring a revision is a save of its fields. Publishing and unpublishing change only the status:
// the learning pages read published rows through catalogue.server.ts, so an unpublished module or
// lesson leaves the hub at once (learners' progress is kept for when it returns).

type Actor = { actorId: string; ipHash?: string | null };

export class LearningAdminError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404 | 409 = 400,
  ) {
    super(message);
  }
}

// The modules' list.

export type ModuleSort = "position" | "title" | "updated";
export type ModuleFilter = "status" | "access" | "topic";

export const MODULE_TABLE: TableQuerySpec<ModuleSort, ModuleFilter> = {
  sorts: ["position", "title", "updated"],
  defaultSort: "position",
  defaultDirection: "asc",
  filters: { status: LEARNING_STATUSES, access: LEARNING_ACCESS, topic: Object.keys(LEARNING_TOPICS) },
  pageSize: 25,
};

export async function listModulesForAdmin(db: Db, query: TableQuery<ModuleSort, ModuleFilter>) {
  const conditions: SQL[] = [];
  if (query.q) {
    const pattern = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(sql`(${learningModules.title} LIKE ${pattern} ESCAPE '\\' OR ${learningModules.id} LIKE ${pattern} ESCAPE '\\')`);
  }
  if (query.filters.status) conditions.push(eq(learningModules.status, query.filters.status as LearningStatus));
  if (query.filters.access) conditions.push(eq(learningModules.access, query.filters.access as (typeof LEARNING_ACCESS)[number]));
  if (query.filters.topic) conditions.push(eq(learningModules.topic, query.filters.topic));
  const where = conditions.length ? and(...conditions) : undefined;
  const column = query.sort === "title" ? learningModules.title : query.sort === "updated" ? learningModules.updatedAt : learningModules.position;
  const order = query.direction === "desc" ? desc(column) : asc(column);
  const [rows, [total]] = await db.batch([
    db
      .select({
        id: learningModules.id,
        title: learningModules.title,
        topic: learningModules.topic,
        access: learningModules.access,
        status: learningModules.status,
        position: learningModules.position,
        updatedAt: learningModules.updatedAt,
        lessons: count(learningLessons.id),
        publishedLessons: sum(sql<number>`case when ${learningLessons.status} = 'published' then 1 else 0 end`).mapWith(Number),
      })
      .from(learningModules)
      .leftJoin(learningLessons, eq(learningLessons.moduleId, learningModules.id))
      .where(where)
      .groupBy(learningModules.id)
      .orderBy(order, asc(learningModules.id))
      .limit(query.pageSize)
      .offset(query.offset),
    db.select({ total: count() }).from(learningModules).where(where),
  ]);
  return { rows: rows.map((row) => ({ ...row, publishedLessons: row.publishedLessons ?? 0 })), total: total?.total ?? 0 };
}

// A module and a lesson, as their editors show them.

function readOutcomes(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}

export type ModuleRow = typeof learningModules.$inferSelect;
export type LessonRow = typeof learningLessons.$inferSelect;

export function moduleFieldsOf(row: ModuleRow) {
  return {
    title: row.title,
    summary: row.summary,
    overviewMd: row.overviewMd,
    outcomes: readOutcomes(row.outcomes),
    topic: row.topic,
    level: row.level,
    access: row.access,
    estimatedMinutes: row.estimatedMinutes,
    position: row.position,
    quizPassPercent: row.quizPassPercent,
  };
}

export function lessonFieldsOf(row: LessonRow) {
  return {
    title: row.title,
    summary: row.summary,
    bodyMd: row.bodyMd,
    estimatedMinutes: row.estimatedMinutes,
    position: row.position,
    releaseAfterDays: row.releaseAfterDays,
  };
}

export async function getModuleForAdmin(db: Db, moduleId: string) {
  const [modules, lessons] = await db.batch([
    db.select().from(learningModules).where(eq(learningModules.id, moduleId)),
    db
      .select({
        id: learningLessons.id,
        title: learningLessons.title,
        position: learningLessons.position,
        status: learningLessons.status,
        updatedAt: learningLessons.updatedAt,
      })
      .from(learningLessons)
      .where(eq(learningLessons.moduleId, moduleId))
      .orderBy(asc(learningLessons.position), asc(learningLessons.id)),
  ]);
  const row = modules[0];
  return row ? { row, fields: moduleFieldsOf(row), lessons } : null;
}

export async function getLessonForAdmin(db: Db, lessonId: string) {
  const [row] = await db.select().from(learningLessons).where(eq(learningLessons.id, lessonId));
  if (!row) return null;
  const [module] = await db
    .select({ id: learningModules.id, title: learningModules.title, status: learningModules.status })
    .from(learningModules)
    .where(eq(learningModules.id, row.moduleId));
  return module ? { row, fields: lessonFieldsOf(row), module } : null;
}

/** A free id from a title: the slug, or the slug with the first free number after it. */
async function freeId(db: Db, table: typeof learningModules | typeof learningLessons, base: string): Promise<string> {
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(sql`${table.id} = ${base} OR ${table.id} LIKE ${`${base}-%`}`);
  const taken = new Set(rows.map((row) => row.id));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** A new draft module with its title, last in the order; its id (and URL) comes from the title and never changes. */
export async function createModule(db: Db, title: string, actor: Actor): Promise<string> {
  const id = await freeId(db, learningModules, slugify(title));
  const [last] = await db.select({ position: max(learningModules.position) }).from(learningModules);
  const position = (last?.position ?? 0) + 1;
  const fields = {
    title,
    summary: "",
    overviewMd: "",
    outcomes: [] as string[],
    topic: "cash-flow",
    level: "beginner" as const,
    access: "free" as const,
    estimatedMinutes: 10,
    position,
    quizPassPercent: 80,
  };
  await db.batch([
    db.insert(learningModules).values({ id, ...fields, outcomes: "[]", status: "draft" }),
    revisionStatement(db, { contentType: "learning_module", contentId: id, data: fields, authorId: actor.actorId, note: "Created" }),
    adminAuditStatement(db, {
      action: "learning_module_created",
      actorId: actor.actorId,
      targetType: "learning_module",
      targetId: id,
      after: { title, status: "draft" },
      ipHash: actor.ipHash,
    }),
  ]);
  return id;
}

/** A new draft lesson with its title, last in its module; its id comes from the module's and the title. */
export async function createLesson(db: Db, moduleId: string, title: string, actor: Actor): Promise<string> {
  const found = await getModuleForAdmin(db, moduleId);
  if (!found) throw new LearningAdminError("That module no longer exists.", 404);
  const id = await freeId(db, learningLessons, `${moduleId}-${slugify(title)}`.slice(0, 100));
  const position = Math.max(0, ...found.lessons.map((lesson) => lesson.position)) + 1;
  const fields = { title, summary: "", bodyMd: "", estimatedMinutes: 10, position, releaseAfterDays: null };
  await db.batch([
    db.insert(learningLessons).values({ id, moduleId, ...fields, status: "draft" }),
    revisionStatement(db, { contentType: "learning_lesson", contentId: id, data: fields, authorId: actor.actorId, note: "Created" }),
    adminAuditStatement(db, {
      action: "learning_lesson_created",
      actorId: actor.actorId,
      targetType: "learning_lesson",
      targetId: id,
      after: { moduleId, title, status: "draft" },
      ipHash: actor.ipHash,
    }),
  ]);
  return id;
}

/** Saves a module's fields with a revision and an audit entry. */
export async function saveModule(db: Db, moduleId: string, fields: ModuleFields, actor: Actor, note = "") {
  const found = await getModuleForAdmin(db, moduleId);
  if (!found) throw new LearningAdminError("That module no longer exists.", 404);
  const restored = note.startsWith("Restored");
  await db.batch([
    db
      .update(learningModules)
      .set({ ...fields, outcomes: JSON.stringify(fields.outcomes), updatedAt: new Date().toISOString() })
      .where(eq(learningModules.id, moduleId)),
    revisionStatement(db, { contentType: "learning_module", contentId: moduleId, data: fields, authorId: actor.actorId, note }),
    adminAuditStatement(db, {
      action: restored ? "learning_module_restored" : "learning_module_saved",
      actorId: actor.actorId,
      targetType: "learning_module",
      targetId: moduleId,
      // The overview's text is long: the diff says it changed, the revisions keep its versions.
      before: found.fields,
      after: fields,
      redact: ["overviewMd"],
      ipHash: actor.ipHash,
    }),
  ]);
}

/** Saves a lesson's fields with a revision and an audit entry. */
export async function saveLesson(db: Db, lessonId: string, fields: LessonFields, actor: Actor, note = "") {
  const found = await getLessonForAdmin(db, lessonId);
  if (!found) throw new LearningAdminError("That lesson no longer exists.", 404);
  const restored = note.startsWith("Restored");
  await db.batch([
    db
      .update(learningLessons)
      .set({ ...fields, updatedAt: new Date().toISOString() })
      .where(eq(learningLessons.id, lessonId)),
    revisionStatement(db, { contentType: "learning_lesson", contentId: lessonId, data: fields, authorId: actor.actorId, note }),
    adminAuditStatement(db, {
      action: restored ? "learning_lesson_restored" : "learning_lesson_saved",
      actorId: actor.actorId,
      targetType: "learning_lesson",
      targetId: lessonId,
      before: found.fields,
      after: fields,
      redact: ["bodyMd"],
      ipHash: actor.ipHash,
    }),
  ]);
}

/** Copies a revision's fields back (a save with its own, newer revision). */
export async function restoreModuleRevision(db: Db, moduleId: string, number: number, actor: Actor) {
  const revision = await getRevision(db, "learning_module", moduleId, number);
  if (!revision) throw new LearningAdminError("That revision doesn't exist.", 404);
  const parsed = ModuleFieldsSchema.safeParse(revision.data);
  if (!parsed.success)
    throw new LearningAdminError(`Revision ${number} is incomplete (${parsed.error.issues[0]?.message ?? "a field is missing"}), so it can't be restored.`);
  await saveModule(db, moduleId, parsed.data, actor, `Restored revision ${number}`);
}

export async function restoreLessonRevision(db: Db, lessonId: string, number: number, actor: Actor) {
  const revision = await getRevision(db, "learning_lesson", lessonId, number);
  if (!revision) throw new LearningAdminError("That revision doesn't exist.", 404);
  const parsed = LessonFieldsSchema.safeParse(revision.data);
  if (!parsed.success)
    throw new LearningAdminError(`Revision ${number} is incomplete (${parsed.error.issues[0]?.message ?? "a field is missing"}), so it can't be restored.`);
  await saveLesson(db, lessonId, parsed.data, actor, `Restored revision ${number}`);
}

/**
 * Publishes or unpublishes a module. Publishing needs complete fields and at least one published
 * lesson (an empty module would show in the hub with nothing to open). Answers false when it already
 * had that status.
 */
export async function setModuleStatus(db: Db, moduleId: string, status: LearningStatus, actor: Actor): Promise<boolean> {
  const found = await getModuleForAdmin(db, moduleId);
  if (!found) throw new LearningAdminError("That module no longer exists.", 404);
  if (found.row.status === status) return false;
  if (status === "published") {
    const parsed = ModuleFieldsSchema.safeParse(found.fields);
    if (!parsed.success) throw new LearningAdminError(`Finish the module before publishing it: ${parsed.error.issues[0]?.message ?? "a field is missing."}`);
    if (!found.lessons.some((lesson) => lesson.status === "published"))
      throw new LearningAdminError("Publish at least one of its lessons before publishing the module.");
  }
  const now = new Date().toISOString();
  await db.batch([
    db
      .update(learningModules)
      .set({ status, updatedAt: now, ...(status === "published" ? { publishedAt: sql`coalesce(${learningModules.publishedAt}, ${now})` } : {}) })
      .where(eq(learningModules.id, moduleId)),
    adminAuditStatement(db, {
      action: status === "published" ? "learning_module_published" : "learning_module_unpublished",
      actorId: actor.actorId,
      targetType: "learning_module",
      targetId: moduleId,
      before: { status: found.row.status },
      after: { status },
      ipHash: actor.ipHash,
    }),
  ]);
  return true;
}

/** Publishes or unpublishes a lesson; publishing needs complete fields. Answers false when it already had that status. */
export async function setLessonStatus(db: Db, lessonId: string, status: LearningStatus, actor: Actor): Promise<boolean> {
  const found = await getLessonForAdmin(db, lessonId);
  if (!found) throw new LearningAdminError("That lesson no longer exists.", 404);
  if (found.row.status === status) return false;
  if (status === "published") {
    const parsed = LessonFieldsSchema.safeParse(found.fields);
    if (!parsed.success) throw new LearningAdminError(`Finish the lesson before publishing it: ${parsed.error.issues[0]?.message ?? "a field is missing."}`);
  }
  await db.batch([
    db.update(learningLessons).set({ status, updatedAt: new Date().toISOString() }).where(eq(learningLessons.id, lessonId)),
    adminAuditStatement(db, {
      action: status === "published" ? "learning_lesson_published" : "learning_lesson_unpublished",
      actorId: actor.actorId,
      targetType: "learning_lesson",
      targetId: lessonId,
      before: { status: found.row.status },
      after: { status },
      ipHash: actor.ipHash,
    }),
  ]);
  return true;
}
