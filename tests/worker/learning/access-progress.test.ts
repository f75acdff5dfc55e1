import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, test } from "vitest";
import type { Viewer } from "~/auth/viewer";
import { createAppContext } from "~/create-context.server";
import { getPublishedModule } from "~/learning/catalogue.server";
import { lessonGate, lessonGates, loadLearner, loadModuleGates, moduleAccess, type Learner } from "~/learning/access.server";
import {
  completeLesson,
  completeModuleIfDone,
  loadModuleProgress,
  recordLessonVisit,
  saveCheckResult,
  saveReadingPosition,
  startModule,
} from "~/learning/progress.server";
import { fixedClock } from "~/platform/clock";
import { createPurchase, ensureCatalogue } from "../../factories/bookings";
import { createLearningModule } from "../../factories/learning";
import { createUser } from "../../factories/users";
import { SITE } from "../app";

// Who may open which module and lesson (the module's rule, the drip, a coach's assignment) and each
// learner's progress (idempotent; the module completes with every lesson and the quiz).

const NOW = new Date("2031-05-12T00:00:00.000Z");
const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY).toISOString();

function contextAt(now: Date = NOW) {
  return createAppContext(env, { request: new Request(`${SITE}/learning`), executionContext: createExecutionContext(), clock: fixedClock(now) });
}

/** The viewer as the web session reads it: roles and the stored ClarityAI subscription. */
function viewerOf(user: { id: string; email: string }, options: Partial<Pick<Viewer, "roles" | "aiSubscription">> = {}): Viewer {
  return {
    id: user.id,
    email: user.email,
    firstName: "Test",
    lastName: "User",
    createdAt: daysAgo(100),
    timeZone: "Australia/Sydney",
    roles: options.roles ?? ["client"],
    aal: "aal1",
    hasAuthenticatorApp: false,
    aiSubscription: options.aiSubscription ?? null,
    authSessionId: "auth-session",
    webSessionId: "web-session",
  };
}

const subscription = (status: string, pastDueSince: string | null = null): Viewer["aiSubscription"] => ({
  tier: "pro",
  status,
  pastDueSince,
  billingInterval: "month",
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
});

async function assign(coachId: string, clientId: string, lessonId: string) {
  await env.DB.prepare(
    "INSERT INTO learning_assignments (id, coach_id, client_id, lesson_id, due_on, note, created_at, updated_at) VALUES (?, ?, ?, ?, NULL, '', ?, ?)",
  )
    .bind(crypto.randomUUID(), coachId, clientId, lessonId, daysAgo(1), daysAgo(1))
    .run();
}

async function passQuiz(userId: string, moduleId: string, passed = true, correct = 5) {
  await env.DB.prepare(
    "INSERT INTO learning_quiz_attempts (id, user_id, module_id, correct, total, passed, answers, created_at) VALUES (?, ?, ?, ?, 5, ?, '[0,1,2,0,1]', ?)",
  )
    .bind(crypto.randomUUID(), userId, moduleId, correct, passed ? 1 : 0, daysAgo(0))
    .run();
}

describe("loadLearner", () => {
  test("a subscriber is someone with an active, trialing or in-grace ClarityAI subscription; a lapsed one is not", async () => {
    const user = await createUser();
    const context = contextAt();
    expect((await loadLearner(context, viewerOf(user))).subscriber).toBe(false);
    expect((await loadLearner(context, viewerOf(user, { aiSubscription: subscription("active") }))).subscriber).toBe(true);
    expect((await loadLearner(context, viewerOf(user, { aiSubscription: subscription("trialing") }))).subscriber).toBe(true);
    expect((await loadLearner(context, viewerOf(user, { aiSubscription: subscription("past_due", daysAgo(1)) }))).subscriber).toBe(true);
    expect((await loadLearner(context, viewerOf(user, { aiSubscription: subscription("past_due", daysAgo(60)) }))).subscriber).toBe(false);
    expect((await loadLearner(context, viewerOf(user, { aiSubscription: subscription("canceled") }))).subscriber).toBe(false);
  });

  test("a package counts once paid and stops counting when refunded; pending checkouts do not count", async () => {
    await ensureCatalogue();
    const user = await createUser();
    const context = contextAt();
    expect((await loadLearner(context, viewerOf(user))).hasPackage).toBe(false);
    await env.DB.prepare(
      "INSERT INTO package_purchases (id, user_id, package_id, sessions, duration_minutes, price_cents, status) VALUES (?, ?, 'package-4', 4, 60, 56000, 'pending')",
    )
      .bind(crypto.randomUUID(), user.id)
      .run();
    expect((await loadLearner(context, viewerOf(user))).hasPackage).toBe(false);
    const purchase = await createPurchase(user.id, 4);
    expect((await loadLearner(context, viewerOf(user))).hasPackage).toBe(true);
    await env.DB.prepare("UPDATE package_purchases SET status = 'refunded' WHERE id = ?").bind(purchase).run();
    expect((await loadLearner(context, viewerOf(user))).hasPackage).toBe(false);
  });

  test("admins and coaches are staff; clients are not", async () => {
    const user = await createUser();
    const context = contextAt();
    expect((await loadLearner(context, viewerOf(user, { roles: ["admin"] }))).staff).toBe(true);
    expect((await loadLearner(context, viewerOf(user, { roles: ["coach"] }))).staff).toBe(true);
    expect((await loadLearner(context, viewerOf(user, { roles: ["client"] }))).staff).toBe(false);
  });
});

describe("moduleAccess and lessonGate", () => {
  const learner = (over: Partial<Learner> = {}): Learner => ({ userId: "u", subscriber: false, hasPackage: false, staff: false, ...over });

  test("free modules are open to everyone; subscriber modules to subscribers; package modules to package holders; staff see all", () => {
    expect(moduleAccess({ access: "free" }, learner())).toEqual({ open: true });
    expect(moduleAccess({ access: "subscribers" }, learner())).toEqual({ open: false, unlock: "subscribers" });
    expect(moduleAccess({ access: "subscribers" }, learner({ hasPackage: true }))).toEqual({ open: false, unlock: "subscribers" });
    expect(moduleAccess({ access: "subscribers" }, learner({ subscriber: true }))).toEqual({ open: true });
    expect(moduleAccess({ access: "package" }, learner({ subscriber: true }))).toEqual({ open: false, unlock: "package" });
    expect(moduleAccess({ access: "package" }, learner({ hasPackage: true }))).toEqual({ open: true });
    for (const access of ["free", "subscribers", "package"] as const) expect(moduleAccess({ access }, learner({ staff: true }))).toEqual({ open: true });
  });

  test("a locked module locks its lessons, with the rule to unlock them; an assignment opens the lesson anyway", () => {
    const options = { startedAt: null, assigned: false, now: NOW };
    expect(lessonGate({ access: "package" }, { releaseAfterDays: null }, learner(), options)).toEqual({ state: "locked", unlock: "package" });
    expect(lessonGate({ access: "subscribers" }, { releaseAfterDays: 3 }, learner(), options)).toEqual({ state: "locked", unlock: "subscribers" });
    expect(lessonGate({ access: "package" }, { releaseAfterDays: null }, learner(), { ...options, assigned: true })).toEqual({ state: "open" });
  });

  test("the drip opens a lesson its days after the learner's start; before then it is scheduled with the date; an assignment overrides it", () => {
    const module = { access: "free" as const };
    const lesson = { releaseAfterDays: 7 };
    const started = daysAgo(3);
    expect(lessonGate(module, lesson, learner(), { startedAt: started, assigned: false, now: NOW })).toEqual({
      state: "scheduled",
      availableAt: new Date(Date.parse(started) + 7 * DAY).toISOString(),
    });
    expect(lessonGate(module, lesson, learner(), { startedAt: daysAgo(7), assigned: false, now: NOW })).toEqual({ state: "open" });
    expect(lessonGate(module, lesson, learner(), { startedAt: daysAgo(8), assigned: false, now: NOW })).toEqual({ state: "open" });
    expect(lessonGate(module, lesson, learner(), { startedAt: started, assigned: true, now: NOW })).toEqual({ state: "open" });
    expect(lessonGate(module, lesson, learner({ staff: true }), { startedAt: started, assigned: false, now: NOW })).toEqual({ state: "open" });
    // Not started yet: starting now, the lesson opens in seven days, never at once.
    expect(lessonGate(module, lesson, learner(), { startedAt: null, assigned: false, now: NOW })).toEqual({
      state: "scheduled",
      availableAt: new Date(NOW.getTime() + 7 * DAY).toISOString(),
    });
    expect(lessonGate(module, { releaseAfterDays: 0 }, learner(), { startedAt: null, assigned: false, now: NOW })).toEqual({ state: "open" });
  });

  test("lessonGates answers every lesson of a module at once", () => {
    const gates = lessonGates(
      { access: "free" },
      [
        { id: "a", releaseAfterDays: null },
        { id: "b", releaseAfterDays: 5 },
        { id: "c", releaseAfterDays: 5 },
      ],
      learner(),
      { startedAt: daysAgo(1), assigned: new Set(["c"]), now: NOW },
    );
    expect(gates.get("a")).toEqual({ state: "open" });
    expect(gates.get("b")).toMatchObject({ state: "scheduled" });
    expect(gates.get("c")).toEqual({ state: "open" });
  });
});

describe("loadModuleGates", () => {
  test("reads the learner, their start and the coach's assignments of the module's lessons from D1", async () => {
    const module = await createLearningModule({ access: "package", lessons: [{}, { releaseAfterDays: 10 }, {}] });
    const client = await createUser({ roles: ["client"] });
    const coach = await createUser({ roles: ["coach"] });
    await assign(coach.id, client.id, module.lessonIds[2]!);
    const found = (await getPublishedModule(contextAt().db, module.id))!;
    const { gates, learner, assigned } = await loadModuleGates(contextAt(), viewerOf(client), found);
    expect(learner.hasPackage).toBe(false);
    expect(gates.get(module.lessonIds[0]!)).toEqual({ state: "locked", unlock: "package" });
    expect(gates.get(module.lessonIds[1]!)).toEqual({ state: "locked", unlock: "package" });
    expect([...assigned]).toEqual([module.lessonIds[2]]);
    expect(gates.get(module.lessonIds[2]!)).toEqual({ state: "open" });
  });
});

describe("progress", () => {
  test("starting a module twice keeps the first start, which the drip counts from", async () => {
    const module = await createLearningModule();
    const user = await createUser();
    const db = contextAt().db;
    const first = await startModule(db, user.id, module.id, new Date(daysAgo(5)));
    expect(first).toBe(daysAgo(5));
    expect(await startModule(db, user.id, module.id, NOW)).toBe(daysAgo(5));
    await recordLessonVisit(db, user.id, { id: module.lessonIds[1]!, moduleId: module.id }, NOW);
    const progress = await loadModuleProgress(db, user.id, module.id);
    expect(progress.startedAt).toBe(daysAgo(5));
    expect(progress.lastLessonId).toBe(module.lessonIds[1]);
  });

  test("a lesson visit starts the module and remembers the lesson for Continue", async () => {
    const module = await createLearningModule();
    const user = await createUser();
    const db = contextAt().db;
    await recordLessonVisit(db, user.id, { id: module.lessonIds[0]!, moduleId: module.id }, new Date(daysAgo(2)));
    await recordLessonVisit(db, user.id, { id: module.lessonIds[2]!, moduleId: module.id }, new Date(daysAgo(1)));
    const row = await env.DB.prepare("SELECT started_at, last_lesson_id, last_visited_at FROM learning_enrolments WHERE user_id = ? AND module_id = ?")
      .bind(user.id, module.id)
      .first();
    expect(row).toEqual({ started_at: daysAgo(2), last_lesson_id: module.lessonIds[2], last_visited_at: daysAgo(1) });
  });

  test("completing a lesson twice counts once and keeps the first completion's time", async () => {
    const module = await createLearningModule();
    const user = await createUser();
    const db = contextAt().db;
    const lesson = { id: module.lessonIds[0]!, moduleId: module.id };
    expect(await completeLesson(db, user.id, lesson, new Date(daysAgo(2)))).toEqual({ newlyCompleted: true, moduleLessonsComplete: false });
    expect(await completeLesson(db, user.id, lesson, NOW)).toEqual({ newlyCompleted: false, moduleLessonsComplete: false });
    const rows = await env.DB.prepare("SELECT completed_at FROM learning_lesson_progress WHERE user_id = ? AND lesson_id = ?").bind(user.id, lesson.id).all();
    expect(rows.results).toEqual([{ completed_at: daysAgo(2) }]);
    expect((await loadModuleProgress(db, user.id, module.id)).completedLessonIds).toEqual([lesson.id]);
  });

  test("the module completes once every published lesson is complete and the quiz is passed, whichever comes last", async () => {
    const module = await createLearningModule({ lessons: [{}, {}, { status: "draft" }] });
    const user = await createUser();
    const db = contextAt().db;
    expect((await completeLesson(db, user.id, { id: module.lessonIds[0]!, moduleId: module.id }, NOW)).moduleLessonsComplete).toBe(false);
    // The draft lesson does not count: the last published lesson completes the module's lessons.
    expect(await completeLesson(db, user.id, { id: module.lessonIds[1]!, moduleId: module.id }, NOW)).toEqual({
      newlyCompleted: true,
      moduleLessonsComplete: true,
    });
    expect((await loadModuleProgress(db, user.id, module.id)).completedAt).toBeNull();

    await passQuiz(user.id, module.id, false, 2);
    expect(await completeModuleIfDone(db, user.id, module.id, NOW)).toBeNull();
    await passQuiz(user.id, module.id, true, 4);
    const later = new Date(NOW.getTime() + DAY);
    expect(await completeModuleIfDone(db, user.id, module.id, later)).toBe(later.toISOString());
    expect(await completeModuleIfDone(db, user.id, module.id, new Date(NOW.getTime() + 2 * DAY))).toBe(later.toISOString());
    const progress = await loadModuleProgress(db, user.id, module.id);
    expect(progress).toMatchObject({ completedAt: later.toISOString(), quizPassed: true, bestQuiz: { correct: 4, total: 5 } });
  });

  test("a quiz passed before the last lesson completes the module with that lesson", async () => {
    const module = await createLearningModule({ lessons: [{}] });
    const user = await createUser();
    const db = contextAt().db;
    await passQuiz(user.id, module.id);
    expect(await completeModuleIfDone(db, user.id, module.id, NOW)).toBeNull();
    await completeLesson(db, user.id, { id: module.lessonIds[0]!, moduleId: module.id }, NOW);
    expect((await loadModuleProgress(db, user.id, module.id)).completedAt).toBe(NOW.toISOString());
  });

  test("a module without a quiz completes with its lessons", async () => {
    const module = await createLearningModule({ lessons: [{}], quiz: [] });
    const user = await createUser();
    const db = contextAt().db;
    await completeLesson(db, user.id, { id: module.lessonIds[0]!, moduleId: module.id }, NOW);
    expect((await loadModuleProgress(db, user.id, module.id)).completedAt).toBe(NOW.toISOString());
  });

  test("reading positions are kept per lesson, clamped to 0–1, the latest save winning; check results are kept", async () => {
    const module = await createLearningModule();
    const user = await createUser();
    const other = await createUser();
    const db = contextAt().db;
    const lesson = { id: module.lessonIds[0]!, moduleId: module.id };
    await saveReadingPosition(db, user.id, lesson, 0.4, NOW);
    await saveReadingPosition(db, user.id, lesson, 0.65, NOW);
    await saveReadingPosition(db, user.id, { id: module.lessonIds[1]!, moduleId: module.id }, 7, NOW);
    await saveReadingPosition(db, user.id, { id: module.lessonIds[2]!, moduleId: module.id }, Number.NaN, NOW);
    await saveCheckResult(db, user.id, lesson, { correct: 1, total: 2 }, NOW);
    await completeLesson(db, user.id, lesson, NOW);
    const progress = await loadModuleProgress(db, user.id, module.id);
    expect(progress.readingPositions).toEqual({ [module.lessonIds[0]!]: 0.65, [module.lessonIds[1]!]: 1, [module.lessonIds[2]!]: 0 });
    expect(progress.checkResults).toEqual({ [lesson.id]: { correct: 1, total: 2 } });
    expect(progress.completedLessonIds).toEqual([lesson.id]);
    expect(await loadModuleProgress(db, other.id, module.id)).toEqual({
      startedAt: null,
      completedLessonIds: [],
      readingPositions: {},
      quizPassed: false,
      bestQuiz: null,
      certificateId: null,
      completedAt: null,
      lastLessonId: null,
      checkResults: {},
    });
  });
});
