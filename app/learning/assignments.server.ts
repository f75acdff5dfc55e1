import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import * as z from "zod";
import type { PermissionViewer } from "~/auth/permissions.server";
import { requireCoachClient } from "~/coach-network/clients.server";
import type { AppContext } from "~/context.server";
import type { Db } from "~/db/client.server";
import { coachSchedules, emailOutbox, learningAssignments, learningLessonProgress, learningLessons, learningModules, users } from "~/db/schema";
import { composeEmail } from "~/email/compose.server";
import type { EmailSendJob } from "~/email/jobs";
import { outboxInsert } from "~/email/outbox.server";
import { learningAssignmentEmail } from "~/email/templates/learning-assignment";
import { sha256Hex } from "~/utils/hex";
import { formatDate } from "~/utils/format";
import { sydneyDay } from "~/utils/sydney-time";
import type { AssignedLessonView } from "./ui/assign-lesson";

// Lessons a coach assigns to a client they have had sessions with (the coach network's ownership
// rule: requireCoachClient, so another coach's client is the 404), from a session's record or the
// client's page, with a due date and a note. One assignment per coach, client and lesson:
// assigning again updates it. The client is emailed (through the outbox) when the assignment is
// new or its due date or note changed. An assignment opens the lesson whatever its module's access
// rule or drip (assignedLessonIds, read by the learning hub's gate). Completion is the client's own
// progress (learning_lesson_progress), so the coach sees it as soon as the client marks it complete.

export type AssignedLesson = {
  id: string;
  lessonId: string;
  lessonTitle: string;
  moduleId: string;
  moduleTitle: string;
  coachName: string;
  dueOn: string | null;
  note: string;
  assignedAt: string;
  completedAt: string | null;
};

const published = and(eq(learningLessons.status, "published"), eq(learningModules.status, "published"));

const assignedColumns = {
  id: learningAssignments.id,
  lessonId: learningAssignments.lessonId,
  lessonTitle: learningLessons.title,
  moduleId: learningLessons.moduleId,
  moduleTitle: learningModules.title,
  coachName: coachSchedules.displayName,
  dueOn: learningAssignments.dueOn,
  note: learningAssignments.note,
  assignedAt: learningAssignments.createdAt,
  completedAt: learningLessonProgress.completedAt,
};

/** Due soonest first (no due date last), then the newest. */
const assignedOrder = [asc(sql`${learningAssignments.dueOn} IS NULL`), asc(learningAssignments.dueOn), desc(learningAssignments.createdAt)];

function assignedQuery(db: Db) {
  return db
    .select(assignedColumns)
    .from(learningAssignments)
    .innerJoin(learningLessons, eq(learningLessons.id, learningAssignments.lessonId))
    .innerJoin(learningModules, eq(learningModules.id, learningLessons.moduleId))
    .leftJoin(coachSchedules, eq(coachSchedules.coachId, learningAssignments.coachId))
    .leftJoin(
      learningLessonProgress,
      and(eq(learningLessonProgress.userId, learningAssignments.clientId), eq(learningLessonProgress.lessonId, learningAssignments.lessonId)),
    );
}

function toAssigned(row: Omit<AssignedLesson, "coachName"> & { coachName: string | null }): AssignedLesson {
  return { ...row, coachName: row.coachName ?? "Your coach" };
}

/** The client's assigned lessons (published ones only), due soonest first, then newest. */
export async function listAssignmentsForClient(db: Db, clientId: string): Promise<AssignedLesson[]> {
  const rows = await assignedQuery(db)
    .where(and(eq(learningAssignments.clientId, clientId), published))
    .orderBy(...assignedOrder)
    .limit(200)
    .all();
  return rows.map(toAssigned);
}

/** The lessons this coach assigned to this client (published ones only), with the client's completion. */
export async function listAssignmentsByCoach(db: Db, coachId: string, clientId: string): Promise<AssignedLesson[]> {
  const rows = await assignedQuery(db)
    .where(and(eq(learningAssignments.coachId, coachId), eq(learningAssignments.clientId, clientId), published))
    .orderBy(...assignedOrder)
    .limit(200)
    .all();
  return rows.map(toAssigned);
}

/** The lesson ids among `lessonIds` that a coach assigned to this client (they open whatever the rule or drip). */
export async function assignedLessonIds(db: Db, clientId: string, lessonIds: string[]): Promise<Set<string>> {
  if (!lessonIds.length) return new Set();
  const rows = await db
    .selectDistinct({ lessonId: learningAssignments.lessonId })
    .from(learningAssignments)
    .where(and(eq(learningAssignments.clientId, clientId), inArray(learningAssignments.lessonId, lessonIds.slice(0, 500))))
    .all();
  return new Set(rows.map((row) => row.lessonId));
}

export type AssignableModule = { id: string; title: string; lessons: { id: string; title: string }[] };

/** Every published lesson, grouped by module in the hub's order: what a coach may assign. */
export async function listAssignableLessons(db: Db): Promise<AssignableModule[]> {
  const rows = await db
    .select({ moduleId: learningModules.id, moduleTitle: learningModules.title, id: learningLessons.id, title: learningLessons.title })
    .from(learningLessons)
    .innerJoin(learningModules, eq(learningModules.id, learningLessons.moduleId))
    .where(published)
    .orderBy(asc(learningModules.position), asc(learningLessons.position))
    .all();
  const modules: AssignableModule[] = [];
  for (const row of rows) {
    let module = modules.at(-1);
    if (module?.id !== row.moduleId) {
      module = { id: row.moduleId, title: row.moduleTitle, lessons: [] };
      modules.push(module);
    }
    module.lessons.push({ id: row.id, title: row.title });
  }
  return modules;
}

// ── Assigning ────────────────────────────────────────────────────────────────────────────────────

export const ASSIGNMENT_NOTE_MAX = 1000;

/** A refusal safe to show, with the form field it is about. */
export class AssignmentError extends Error {
  constructor(
    readonly status: number,
    readonly field: "lessonId" | "dueOn" | "note" | "form",
    message: string,
  ) {
    super(message);
  }
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function isCalendarDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export const AssignmentSchema = z.object({
  lessonId: z.string({ error: "Choose a lesson." }).trim().min(1, "Choose a lesson.").max(200, "Choose a lesson from the list."),
  dueOn: z
    .string()
    .trim()
    .max(10, "Enter the due date as a date, e.g. 2026-12-04.")
    .refine((value) => value === "" || isCalendarDay(value), "Enter the due date as a date, e.g. 2026-12-04.")
    .transform((value) => (value === "" ? null : value))
    .optional()
    .transform((value) => value ?? null),
  note: z
    .string()
    .trim()
    .max(ASSIGNMENT_NOTE_MAX, `Keep the note to ${ASSIGNMENT_NOTE_MAX} characters.`)
    .optional()
    .transform((value) => value ?? ""),
});
export type AssignmentInput = z.infer<typeof AssignmentSchema>;

/** The form's fields as the schema reads them, or an AssignmentError naming the first problem. */
export function parseAssignmentForm(form: FormData): AssignmentInput {
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const parsed = AssignmentSchema.safeParse({ lessonId: field("lessonId"), dueOn: field("dueOn"), note: field("note") });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? "form");
    throw new AssignmentError(400, name === "lessonId" || name === "dueOn" || name === "note" ? name : "form", issue.message);
  }
  return parsed.data;
}

const dueWords = new Intl.DateTimeFormat("en-AU", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** A due date (YYYY-MM-DD) in words: "Friday 4 December 2026". */
export function formatDueOn(dueOn: string): string {
  return dueWords.format(new Date(`${dueOn}T00:00:00Z`));
}

export type AssignResult = { assignment: AssignedLesson; created: boolean; emailed: boolean };

/**
 * Assigns a published lesson to one of the coach's clients (an account: a guest who booked without
 * one has no learning hub), or updates the coach's earlier assignment of it. From a session's record,
 * bookingId names the session. The client is emailed once per version of the due date and note.
 */
export async function assignLesson(
  context: AppContext,
  viewer: PermissionViewer,
  clientKey: string,
  input: AssignmentInput,
  options: { bookingId?: string | null } = {},
): Promise<AssignResult> {
  // Ownership first: another coach's client (or nobody) is the 404 whatever the form says.
  const client = await requireCoachClient(context.db, viewer, clientKey);
  if (client.guest)
    throw new AssignmentError(409, "form", "This client booked without an account. Lessons can be assigned once they sign up with the same email address.");
  const now = context.services.clock.now();
  if (input.dueOn && input.dueOn < sydneyDay(now)) throw new AssignmentError(400, "dueOn", "Choose today or a later date.");
  const [lesson] = await context.db
    .select({ id: learningLessons.id, title: learningLessons.title, moduleTitle: learningModules.title })
    .from(learningLessons)
    .innerJoin(learningModules, eq(learningModules.id, learningLessons.moduleId))
    .where(and(eq(learningLessons.id, input.lessonId), published))
    .all();
  if (!lesson) throw new AssignmentError(400, "lessonId", "Choose a lesson from the list.");

  const at = now.toISOString();
  const existing = await context.db
    .select()
    .from(learningAssignments)
    .where(and(eq(learningAssignments.coachId, viewer.id), eq(learningAssignments.clientId, client.key), eq(learningAssignments.lessonId, lesson.id)))
    .get();
  const id = existing?.id ?? crypto.randomUUID();
  const changed = !existing || existing.dueOn !== input.dueOn || existing.note !== input.note;
  const write = context.db
    .insert(learningAssignments)
    .values({
      id,
      coachId: viewer.id,
      clientId: client.key,
      lessonId: lesson.id,
      bookingId: options.bookingId ?? null,
      dueOn: input.dueOn,
      note: input.note,
      createdAt: at,
      updatedAt: at,
    })
    .onConflictDoUpdate({
      target: [learningAssignments.coachId, learningAssignments.clientId, learningAssignments.lessonId],
      set: {
        dueOn: input.dueOn,
        note: input.note,
        updatedAt: at,
        ...(options.bookingId ? { bookingId: options.bookingId } : {}),
      },
    });

  const [account, coach] = await Promise.all([
    context.db.select({ email: users.email }).from(users).where(eq(users.id, client.key)).get(),
    context.db.select({ name: coachSchedules.displayName }).from(coachSchedules).where(eq(coachSchedules.coachId, viewer.id)).get(),
  ]);
  const to = account?.email ?? client.email;
  const coachName = coach?.name ?? "Your coach";
  let outboxId: string | null = null;
  if (changed && to) {
    // One email per version of the assignment: a double submit (or the same values again) sends none.
    const version = await sha256Hex(`${input.dueOn ?? ""}\n${input.note}`, 8);
    const email = await composeEmail(
      context.env,
      learningAssignmentEmail,
      {
        name: client.name,
        coachName,
        lessonTitle: lesson.title,
        moduleTitle: lesson.moduleTitle,
        due: input.dueOn ? formatDueOn(input.dueOn) : null,
        note: input.note,
        updated: Boolean(existing),
        lessonUrl: new URL(`/learning/lesson/${lesson.id}`, context.env.PUBLIC_SITE_URL).toString(),
        learningUrl: new URL("/learning", context.env.PUBLIC_SITE_URL).toString(),
      },
      { to, dedupeKey: `learning-assignment:${id}:${version}` },
    );
    outboxId = crypto.randomUUID();
    const [, inserted] = await context.db.batch([write, outboxInsert(context.db, context.env, email, outboxId).returning({ id: emailOutbox.id })]);
    if (!inserted.length) outboxId = null;
  } else {
    await write;
  }
  if (outboxId) await context.services.jobs.send({ type: "email.send", version: 1, outboxId } satisfies EmailSendJob);

  const [assignment] = await assignedQuery(context.db).where(eq(learningAssignments.id, id)).all();
  return { assignment: toAssigned(assignment!), created: !existing, emailed: outboxId !== null };
}

/** Removes the coach's assignment of a lesson to their client (no email). False when there was none. */
export async function unassignLesson(context: AppContext, viewer: PermissionViewer, clientKey: string, assignmentId: string): Promise<boolean> {
  const client = await requireCoachClient(context.db, viewer, clientKey);
  const removed = await context.db
    .delete(learningAssignments)
    .where(and(eq(learningAssignments.id, assignmentId), eq(learningAssignments.coachId, viewer.id), eq(learningAssignments.clientId, client.key)))
    .returning({ id: learningAssignments.id });
  return removed.length > 0;
}

// ── The coach's panel (session record and client's page) ─────────────────────────────────────────

export type AssignPanelData = {
  lessons: AssignableModule[];
  assigned: AssignedLessonView[];
  today: string;
  noteMax: number;
};

/** What the coach's assignment panel shows: every assignable lesson, and this coach's assignments to the client with completion. */
export async function loadAssignPanel(db: Db, coachId: string, clientId: string, now: Date): Promise<AssignPanelData> {
  const today = sydneyDay(now);
  const [lessons, assigned] = await Promise.all([listAssignableLessons(db), listAssignmentsByCoach(db, coachId, clientId)]);
  return {
    lessons,
    assigned: assigned.map((item) => ({
      id: item.id,
      lessonId: item.lessonId,
      lessonTitle: item.lessonTitle,
      moduleTitle: item.moduleTitle,
      dueOn: item.dueOn,
      due: item.dueOn ? formatDueOn(item.dueOn) : null,
      note: item.note,
      completedAt: item.completedAt,
      completed: item.completedAt ? formatDate(item.completedAt) : null,
      overdue: !item.completedAt && item.dueOn !== null && item.dueOn < today,
    })),
    today,
    noteMax: ASSIGNMENT_NOTE_MAX,
  };
}

export type AssignFormOutcome =
  { ok: true; result: AssignResult } | { ok: false; status: number; errors: Record<string, string>; values: Record<string, string> };

/** The assign form's POST, for either page: the assignment, or the field errors and the values to show again. */
export async function assignFromForm(
  context: AppContext,
  viewer: PermissionViewer,
  clientKey: string,
  form: FormData,
  options: { bookingId?: string | null } = {},
): Promise<AssignFormOutcome> {
  const values: Record<string, string> = {};
  for (const name of ["lessonId", "dueOn", "note"]) {
    const value = form.get(name);
    if (typeof value === "string") values[name] = value.slice(0, ASSIGNMENT_NOTE_MAX * 2);
  }
  try {
    const input = parseAssignmentForm(form);
    return { ok: true, result: await assignLesson(context, viewer, clientKey, input, options) };
  } catch (error) {
    if (error instanceof AssignmentError) return { ok: false, status: error.status, errors: { [error.field]: error.message }, values };
    throw error;
  }
}
