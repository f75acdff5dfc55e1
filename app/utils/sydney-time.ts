// Calendar days in Sydney (AEST/AEDT): the AI coach's daily limit resets at its midnight, and the
// marketing report counts its days. Browser-safe: only Intl.

const ZONE = "Australia/Sydney";

const dateParts = new Intl.DateTimeFormat("en-CA", { timeZone: ZONE, year: "numeric", month: "2-digit", day: "2-digit" });
const wallClock = new Intl.DateTimeFormat("en-AU", {
  timeZone: ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** YYYY-MM-DD in Sydney. */
export function sydneyDay(now: Date): string {
  return dateParts.format(now);
}

export type SydneyWallClock = { year: string; month: string; day: string; hour: string; minute: string; second: string; offsetMs: number };

/** The date and time on a Sydney clock at this instant (two-digit fields), and Sydney's offset from UTC. */
export function sydneyWallClock(instant: Date): SydneyWallClock {
  const parts = Object.fromEntries(wallClock.formatToParts(instant).map((part) => [part.type, part.value]));
  const asUtc = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  const { year = "", month = "", day = "", hour = "", minute = "", second = "" } = parts;
  return { year, month, day, hour, minute, second, offsetMs: asUtc - Math.floor(instant.getTime() / 1000) * 1000 };
}

/** Sydney's offset from UTC at this instant, in milliseconds. */
function offsetAt(instant: number): number {
  return sydneyWallClock(new Date(instant)).offsetMs;
}

/** The instant of midnight at the start of this Sydney date. */
export function sydneyMidnight(year: number, month: number, day: number): Date {
  const guess = Date.UTC(year, month - 1, day);
  let instant = guess - offsetAt(guess);
  // Around a daylight-saving change the offset at the guess may differ from the offset at midnight.
  instant = guess - offsetAt(instant);
  return new Date(instant);
}

export function nextSydneyMidnight(now: Date): Date {
  const [year, month, day] = sydneyDay(now).split("-").map(Number) as [number, number, number];
  const tomorrow = new Date(Date.UTC(year, month - 1, day + 1));
  return sydneyMidnight(tomorrow.getUTCFullYear(), tomorrow.getUTCMonth() + 1, tomorrow.getUTCDate());
}

export function sydneyMonthStart(now: Date): Date {
  const [year, month] = sydneyDay(now).split("-").map(Number) as [number, number];
  return sydneyMidnight(year, month, 1);
}
