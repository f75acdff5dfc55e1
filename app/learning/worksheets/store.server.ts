import { and, asc, desc, eq, inArray, isNotNull, lte } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { bookings, coachSchedules, learningLessons, learningSharedArtefacts, learningWorksheets, type BookingStatus } from "~/db/schema";
import type { WorksheetKind, WorksheetSpec } from "../types";
import { readAnswers, type WorksheetAnswers } from "./stored";

// A learner's worksheet answers (one row per learner and lesson, replaced whole on each save) and the
// artefacts they share with a coach: a snapshot of the answers as they were when shared. A learner
// shares only with a coach they have had a session with (whose client page lists them), and a coach
// reads only what was shared with them, by their client.

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The learner's saved answers to the lesson's worksheet, or null when there are none (or of another kind). */
export async function loadWorksheetAnswers(
  db: Db,
  userId: string,
  lessonId: string,
  spec: WorksheetSpec,
): Promise<{ answers: WorksheetAnswers; updatedAt: string } | null> {
  const row = await db
    .select({ kind: learningWorksheets.kind, answers: learningWorksheets.answers, updatedAt: learningWorksheets.updatedAt })
    .from(learningWorksheets)
    .where(and(eq(learningWorksheets.userId, userId), eq(learningWorksheets.lessonId, lessonId)))
    .get();
  if (!row || row.kind !== spec.kind) return null;
  return { answers: readAnswers(spec, parseJson(row.answers)), updatedAt: row.updatedAt };
}

/** Saves the answers whole (insert or replace): one statement, so nothing is ever half-written. */
export async function saveWorksheetAnswers(db: Db, userId: string, lessonId: string, kind: WorksheetKind, answers: WorksheetAnswers, now: Date): Promise<void> {
  const row = { userId, lessonId, kind, answers: JSON.stringify(answers), updatedAt: now.toISOString() };
  await db
    .insert(learningWorksheets)
    .values(row)
    .onConflictDoUpdate({
      target: [learningWorksheets.userId, learningWorksheets.lessonId],
      set: { kind: row.kind, answers: row.answers, updatedAt: row.updatedAt },
    });
}

export type LearnerCoach = { id: string; name: string };

/** Bookings that count as a session the learner has had: begun, and not cancelled (the lesson page's "has a coach" too). */
const HAD_SESSION: BookingStatus[] = ["confirmed", "completed", "no_show"];

/** The coaches the learner has had a session with: those they may share with. */
export async function listLearnerCoaches(db: Db, userId: string, now: Date): Promise<LearnerCoach[]> {
  const rows = await db
    .selectDistinct({ id: bookings.coachId, name: coachSchedules.displayName })
    .from(bookings)
    .leftJoin(coachSchedules, eq(coachSchedules.coachId, bookings.coachId))
    .where(and(eq(bookings.clientId, userId), inArray(bookings.status, HAD_SESSION), lte(bookings.startsAt, now.toISOString()), isNotNull(bookings.coachId)))
    .orderBy(asc(coachSchedules.displayName))
    .all();
  return rows.filter((row): row is { id: string; name: string | null } => row.id !== null).map((row) => ({ id: row.id, name: row.name ?? "Your coach" }));
}

export type ShareRecord = { coachId: string; sharedAt: string };

/** When the learner last shared this lesson's worksheet with each coach. */
export async function listShares(db: Db, userId: string, lessonId: string): Promise<ShareRecord[]> {
  return db
    .select({ coachId: learningSharedArtefacts.coachId, sharedAt: learningSharedArtefacts.sharedAt })
    .from(learningSharedArtefacts)
    .where(and(eq(learningSharedArtefacts.userId, userId), eq(learningSharedArtefacts.lessonId, lessonId)))
    .all();
}

/**
 * Shares a snapshot of the learner's saved answers with one of their coaches, or with each of them
 * when coachId is null (sharing again replaces the snapshot). "no-answers" when nothing is saved
 * yet; "not-your-coach" for anyone they haven't had a session with (or when they have no coach).
 */
export async function shareWorksheet(
  db: Db,
  input: { userId: string; coachId: string | null; lessonId: string; spec: WorksheetSpec; now: Date },
): Promise<{ ok: true; coaches: LearnerCoach[] } | { ok: false; reason: "no-answers" | "not-your-coach" }> {
  const coaches = (await listLearnerCoaches(db, input.userId, input.now)).filter((coach) => input.coachId === null || coach.id === input.coachId);
  if (coaches.length === 0) return { ok: false, reason: "not-your-coach" };
  const saved = await loadWorksheetAnswers(db, input.userId, input.lessonId, input.spec);
  if (!saved) return { ok: false, reason: "no-answers" };
  const snapshot = { kind: input.spec.kind, title: input.spec.title, answers: JSON.stringify(saved.answers), sharedAt: input.now.toISOString() };
  const statements = coaches.map((coach) =>
    db
      .insert(learningSharedArtefacts)
      .values({ id: crypto.randomUUID(), userId: input.userId, coachId: coach.id, lessonId: input.lessonId, ...snapshot })
      .onConflictDoUpdate({ target: [learningSharedArtefacts.userId, learningSharedArtefacts.coachId, learningSharedArtefacts.lessonId], set: snapshot }),
  );
  await db.batch(statements as [(typeof statements)[number], ...(typeof statements)[number][]]);
  return { ok: true, coaches };
}

export type SharedArtefact = {
  id: string;
  lessonId: string;
  lessonTitle: string;
  kind: WorksheetKind;
  title: string;
  sharedAt: string;
  /** The files the coach can download, each with its path (/coach/clients/{client}/artefacts/{id}/{format}). */
  downloads: { format: string; href: string }[];
};

const DOWNLOADS: Record<WorksheetKind, string[]> = {
  "cash-flow-forecast": ["xlsx", "csv"],
  "pricing-calculator": ["csv"],
  sop: ["pdf", "txt"],
  template: ["pdf", "txt"],
};

/** What a client shared with this coach, the latest first (for the coach's page of that client). */
export async function listSharedArtefacts(db: Db, coachId: string, clientId: string): Promise<SharedArtefact[]> {
  const rows = await db
    .select({
      id: learningSharedArtefacts.id,
      lessonId: learningSharedArtefacts.lessonId,
      lessonTitle: learningLessons.title,
      kind: learningSharedArtefacts.kind,
      title: learningSharedArtefacts.title,
      sharedAt: learningSharedArtefacts.sharedAt,
    })
    .from(learningSharedArtefacts)
    .innerJoin(learningLessons, eq(learningLessons.id, learningSharedArtefacts.lessonId))
    .where(and(eq(learningSharedArtefacts.coachId, coachId), eq(learningSharedArtefacts.userId, clientId)))
    .orderBy(desc(learningSharedArtefacts.sharedAt))
    .all();
  return rows.map((row) => {
    const kind = row.kind as WorksheetKind;
    const downloads = (DOWNLOADS[kind] ?? []).map((format) => ({ format, href: `/coach/clients/${clientId}/artefacts/${row.id}/${format}` }));
    return { ...row, kind, downloads };
  });
}

/** One artefact a client shared with this coach (its snapshot as the spec and answers), or null. */
export async function getSharedArtefact(
  db: Db,
  coachId: string,
  clientId: string,
  artefactId: string,
): Promise<{ spec: WorksheetSpec; answers: WorksheetAnswers; sharedAt: string } | null> {
  const row = await db
    .select({
      kind: learningSharedArtefacts.kind,
      title: learningSharedArtefacts.title,
      answers: learningSharedArtefacts.answers,
      sharedAt: learningSharedArtefacts.sharedAt,
      worksheet: learningLessons.worksheet,
    })
    .from(learningSharedArtefacts)
    .innerJoin(learningLessons, eq(learningLessons.id, learningSharedArtefacts.lessonId))
    .where(and(eq(learningSharedArtefacts.id, artefactId), eq(learningSharedArtefacts.coachId, coachId), eq(learningSharedArtefacts.userId, clientId)))
    .get();
  if (!row) return null;
  const lessonSpec = parseJson(row.worksheet ?? "null") as WorksheetSpec | null;
  // The snapshot's kind and title; a template's fields come from the lesson (its labels), as shared answers hold only values.
  const spec: WorksheetSpec =
    row.kind === "template"
      ? {
          kind: "template",
          title: row.title,
          intro: lessonSpec?.kind === "template" ? lessonSpec.intro : undefined,
          fields: lessonSpec?.kind === "template" ? lessonSpec.fields : [],
        }
      : ({ kind: row.kind, title: row.title } as WorksheetSpec);
  return { spec, answers: readAnswers(spec, parseJson(row.answers)), sharedAt: row.sharedAt };
}
