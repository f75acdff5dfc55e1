import type { LearningAccess } from "../types";

// The learning hub's shared wording, for the hub, module and lesson pages (browser-safe).

/** A learner's state in a module: the hub's status filter and the module card's words. */
export const MODULE_STATUSES = { "not-started": "Not started", "in-progress": "In progress", done: "Done" } as const;
export type ModuleStatus = keyof typeof MODULE_STATUSES;

/** Who a module is for, as its badge says it. */
export const ACCESS_LABELS: Record<LearningAccess, string> = {
  free: "Free",
  subscribers: "ClarityAI members",
  package: "Coaching clients",
};

/** How to unlock a locked module or lesson: the rule that keeps the learner out, in words, and where to go. */
export const UNLOCK_PATHS: Record<Exclude<LearningAccess, "free">, { reason: string; href: string; action: string }> = {
  subscribers: {
    reason: "Included with a ClarityAI plan.",
    href: "/services/clarityai#plans",
    action: "See the ClarityAI plans",
  },
  package: {
    reason: "Included with a coaching package.",
    href: "/booking",
    action: "See the coaching packages",
  },
};

/** A duration in minutes as a reader says it: "45 min", "1 hr", "1 hr 30 min". */
export function formatMinutes(minutes: number): string {
  const whole = Math.max(0, Math.round(minutes));
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} hr` : `${hours} hr ${rest} min`;
}

const calendarDay = new Intl.DateTimeFormat("en-AU", { weekday: "short", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** A calendar day (YYYY-MM-DD) as an Australian date, e.g. "Fri 5 December 2026" (no time zone shift). */
export function formatCalendarDay(day: string): string {
  const parsed = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? day : calendarDay.format(parsed);
}
