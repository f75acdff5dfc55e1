/** Where "now" comes from. Domain code asks the context's clock, so a test fixes the time by building its context with one. */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

/** A clock stopped at one instant (tests, and replaying a job at the time it was scheduled). */
export function fixedClock(at: Date | string): Clock {
  const time = new Date(at).getTime();
  return { now: () => new Date(time) };
}
