import { env } from "cloudflare:workers";
import { createExecutionContext } from "cloudflare:test";
import type { AppContext } from "~/context.server";
import { createAppContext } from "~/create-context.server";
import { fixedClock } from "~/platform/clock";

// The booking domain's tests run on a clock of their own: Monday 1 March 2027.

/** Monday 1 March 2027, 11:00 AEDT: the tests' "now". */
export const NOW = new Date("2027-03-01T00:00:00.000Z");

/** Sydney wall-clock time on a day of March 2027 (AEDT, UTC+11) as a UTC ISO instant. */
export function sydney(day: number, time: string): string {
  const [hours, minutes] = time.split(":").map(Number);
  return new Date(Date.UTC(2027, 2, day, hours! - 11, minutes!)).toISOString();
}

/** The booking domain's context at a fixed time, as a request would build it. */
export function bookingContext(now: Date = NOW, bindings: Env = env): AppContext {
  return createAppContext(bindings, { request: new Request("http://localhost/booking"), executionContext: createExecutionContext(), clock: fixedClock(now) });
}

/** How many live bookings (confirmed or held) a coach has starting at this instant. */
export async function occupyingAt(coachId: string, startsAt: string) {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM bookings WHERE coach_id = ? AND starts_at = ? AND status IN ('confirmed', 'held')")
    .bind(coachId, startsAt)
    .first<{ n: number }>();
  return row!.n;
}
