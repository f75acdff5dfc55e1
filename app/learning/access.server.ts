import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Viewer } from "~/auth/viewer";
import type { LessonOutline, PublishedModule } from "./catalogue.server";

// PLACEHOLDER (owner: i25-core) — who may open which module and lesson. Keep these signatures.

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

export async function loadLearner(context: AppLoadContext, viewer: Viewer): Promise<Learner> {
  return { userId: viewer.id, subscriber: false, hasPackage: false, staff: viewer.roles.includes("admin") || viewer.roles.includes("coach") };
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

export function lessonGate(
  module: Pick<PublishedModule, "access">,
  lesson: Pick<LessonOutline, "releaseAfterDays">,
  learner: Learner,
  options: { startedAt: string | null; assigned: boolean; now: Date },
): LessonGate {
  if (options.assigned || learner.staff) return { state: "open" };
  const access = moduleAccess(module, learner);
  if (!access.open) return { state: "locked", unlock: access.unlock };
  if (lesson.releaseAfterDays && options.startedAt) {
    const availableAt = new Date(Date.parse(options.startedAt) + lesson.releaseAfterDays * 86_400_000);
    if (availableAt > options.now) return { state: "scheduled", availableAt: availableAt.toISOString() };
  }
  return { state: "open" };
}
