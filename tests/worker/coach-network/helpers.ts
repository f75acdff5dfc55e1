import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import type { AppContext } from "~/context.server";
import { createAppContext } from "~/create-context.server";
import { fixedClock } from "~/platform/clock";

// The coach network's tests: contexts on a fixed clock, a coach's profile row, and the rows the
// meetings issue writes after a call (private notes, a summary), straight into D1.

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** A context as the Worker builds one, at a fixed time. */
export function contextAt(now: Date | string, bindings: Env = env): AppContext {
  return createAppContext(bindings, {
    request: new Request("http://localhost/coach"),
    executionContext: createExecutionContext(),
    clock: fixedClock(typeof now === "string" ? new Date(now) : now),
  });
}

/** The coach's coach_profiles row: onboarded unless told otherwise (as the seed and the backfill leave existing coaches). */
export async function giveProfile(coachId: string, options: { onboarded?: boolean; lastVisit?: string | null; previousVisit?: string | null } = {}) {
  await env.DB.prepare(
    `INSERT INTO coach_profiles (coach_id, bio, onboarding_completed_at, portal_last_visit_at, portal_previous_visit_at) VALUES (?, 'A coach.', ?, ?, ?)
     ON CONFLICT (coach_id) DO UPDATE SET onboarding_completed_at = excluded.onboarding_completed_at,
       portal_last_visit_at = excluded.portal_last_visit_at, portal_previous_visit_at = excluded.portal_previous_visit_at`,
  )
    .bind(coachId, options.onboarded === false ? null : new Date().toISOString(), options.lastVisit ?? null, options.previousVisit ?? null)
    .run();
}

/** The coach's private notes on a session (session_notes). */
export async function writeNotes(bookingId: string, coachId: string, body: string) {
  await env.DB.prepare("INSERT INTO session_notes (booking_id, coach_id, body) VALUES (?, ?, ?)").bind(bookingId, coachId, body).run();
}

/** The summary the coach shared with the client (session_summaries, sent). */
export async function writeSummary(bookingId: string, coachId: string, summary: string, sent = true) {
  await env.DB.prepare("INSERT INTO session_summaries (booking_id, coach_id, summary, action_items, sent_at) VALUES (?, ?, ?, ?, ?)")
    .bind(bookingId, coachId, summary, JSON.stringify([{ text: "Draft a cash-flow forecast", due: null }]), sent ? new Date().toISOString() : null)
    .run();
}

/** Sets a booking's created_at (when it was booked). */
export async function bookedAt(bookingId: string, at: string) {
  await env.DB.prepare("UPDATE bookings SET created_at = ? WHERE id = ?").bind(at, bookingId).run();
}
