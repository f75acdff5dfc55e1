import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq } from "drizzle-orm";
import type { Viewer } from "~/auth/viewer";
import { entitlementOf } from "~/billing/entitlement.server";
import type { Db } from "~/db/client.server";
import { packagePurchases } from "~/db/schema";
import { assignedLessonIds } from "./assignments.server";
import type { LessonOutline, PublishedModule } from "./catalogue.server";
import { loadModuleProgress, type ModuleProgress } from "./progress.server";

// Who may open which module and lesson. A module's access rule (free, ClarityAI subscribers, clients
// with a coaching package) decides whether its lessons are open; a lesson with a release schedule
// (the drip) opens that many days after the learner started its module; a coach's assignment of a
// lesson opens it whatever the rule or the drip. Admins and coaches see everything (to preview and
// to assign). The rules are pure functions; loadLearner reads what they need once per request.

/** What decides a learner's access: read once per request. Admins and coaches see everything. */
export type Learner = {
  userId: string;
  /** An active ClarityAI subscription (lite or pro, grace period included). */
  subscriber: boolean;
  /** A paid coaching package (not refunded). */
  hasPackage: boolean;
  /** Admins and coaches: every module and lesson is open (to preview and to assign). */
  staff: boolean;
};

const DAY_MS = 86_400_000;

/** The query behind Learner.hasPackage: a paid package purchase (a refunded one reads "refunded"), for a page's batch. */
export function packagePurchaseQuery(db: Db, userId: string) {
  return db
    .select({ id: packagePurchases.id })
    .from(packagePurchases)
    .where(and(eq(packagePurchases.userId, userId), eq(packagePurchases.status, "paid")))
    .limit(1);
}

/** The learner from the viewer (roles and subscription, read with the session) and whether a paid package was found. */
export function learnerOf(viewer: Viewer, hasPackage: boolean, graceDays: number, now: Date): Learner {
  return {
    userId: viewer.id,
    subscriber: entitlementOf(viewer.aiSubscription ?? undefined, graceDays, now).hasActiveSubscription,
    hasPackage,
    staff: viewer.roles.includes("admin") || viewer.roles.includes("coach"),
  };
}

/**
 * The learner of this request. The subscription comes with the viewer; the package needs one query
 * (none for staff, who see everything anyway). A package counts while it is paid, whether or not its
 * session credits are spent or have lapsed: what was bought keeps its learning.
 */
export async function loadLearner(context: AppLoadContext, viewer: Viewer): Promise<Learner> {
  const now = context.services.clock.now();
  const staff = viewer.roles.includes("admin") || viewer.roles.includes("coach");
  const hasPackage = staff ? false : (await packagePurchaseQuery(context.db, viewer.id)).length > 0;
  return learnerOf(viewer, hasPackage, context.env.BILLING_GRACE_DAYS, now);
}

/** Whether the module's access rule lets the learner in; if not, which rule keeps them out. */
export type ModuleAccess = { open: true } | { open: false; unlock: "subscribers" | "package" };

export function moduleAccess(module: Pick<PublishedModule, "access">, learner: Learner): ModuleAccess {
  if (learner.staff || module.access === "free") return { open: true };
  if (module.access === "subscribers") return learner.subscriber ? { open: true } : { open: false, unlock: "subscribers" };
  return learner.hasPackage ? { open: true } : { open: false, unlock: "package" };
}

/**
 * A lesson for this learner: open; locked by its module's access rule; or scheduled by the drip
 * (opens at availableAt, counted from startedAt, the learner's start of the module). A coach's
 * assignment of the lesson to the learner opens it whatever the rule or the drip.
 */
export type LessonGate = { state: "open" } | { state: "locked"; unlock: "subscribers" | "package" } | { state: "scheduled"; availableAt: string };

/** When a lesson with a drip opens: releaseAfterDays whole days (24 hours each) after the start of the module. */
export function releaseDate(startedAt: string, releaseAfterDays: number): Date {
  return new Date(Date.parse(startedAt) + releaseAfterDays * DAY_MS);
}

/**
 * The gate of one lesson. The drip counts from the learner's start of the module; a learner who has
 * not started it yet would start it now, so a lesson released after 7 days reads "scheduled" 7 days
 * from now (never open before its time because the module was never started).
 */
export function lessonGate(
  module: Pick<PublishedModule, "access">,
  lesson: Pick<LessonOutline, "releaseAfterDays">,
  learner: Learner,
  options: { startedAt: string | null; assigned: boolean; now: Date },
): LessonGate {
  if (options.assigned || learner.staff) return { state: "open" };
  const access = moduleAccess(module, learner);
  if (!access.open) return { state: "locked", unlock: access.unlock };
  if (lesson.releaseAfterDays) {
    const availableAt = releaseDate(options.startedAt ?? options.now.toISOString(), lesson.releaseAfterDays);
    if (availableAt.getTime() > options.now.getTime()) return { state: "scheduled", availableAt: availableAt.toISOString() };
  }
  return { state: "open" };
}

/**
 * Every lesson's gate in a module at once (the module page's list, the lesson page's navigation and
 * previous/next), keyed by lesson id. `assigned` is assignedLessonIds' answer for these lessons.
 */
export function lessonGates(
  module: Pick<PublishedModule, "access">,
  lessons: ReadonlyArray<Pick<LessonOutline, "id" | "releaseAfterDays">>,
  learner: Learner,
  options: { startedAt: string | null; assigned: ReadonlySet<string>; now: Date },
): Map<string, LessonGate> {
  return new Map(
    lessons.map((lesson) => [
      lesson.id,
      lessonGate(module, lesson, learner, { startedAt: options.startedAt, assigned: options.assigned.has(lesson.id), now: options.now }),
    ]),
  );
}

/**
 * Everything a module or lesson page needs to gate its lessons, read at once: the learner, their
 * progress in the module, the lessons a coach assigned them, and every lesson's gate.
 */
export async function loadModuleGates(
  context: AppLoadContext,
  viewer: Viewer,
  found: { module: Pick<PublishedModule, "id" | "access">; lessons: ReadonlyArray<Pick<LessonOutline, "id" | "releaseAfterDays">> },
): Promise<{ learner: Learner; progress: ModuleProgress; assigned: Set<string>; gates: Map<string, LessonGate> }> {
  const [learner, progress, assigned] = await Promise.all([
    loadLearner(context, viewer),
    loadModuleProgress(context.db, viewer.id, found.module.id),
    assignedLessonIds(
      context.db,
      viewer.id,
      found.lessons.map((lesson) => lesson.id),
    ),
  ]);
  const gates = lessonGates(found.module, found.lessons, learner, { startedAt: progress.startedAt, assigned, now: context.services.clock.now() });
  return { learner, progress, assigned, gates };
}
