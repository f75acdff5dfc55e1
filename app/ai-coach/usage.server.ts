import { and, eq, sql } from "drizzle-orm";
import type { AiTier } from "~/billing/plans";
import type { Db } from "~/db/client.server";
import { aiUsage } from "~/db/schema";
import type { AppEnv } from "~/platform/env.server";
import type { UsageMeter } from "./chat-types";

// The daily message limit per tier. A day is a calendar day in Sydney (AEST/AEDT), so the limit
// resets at local midnight on the east coast. A message counts once, when it is first stored.

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
const zoneName = new Intl.DateTimeFormat("en-AU", { timeZone: ZONE, timeZoneName: "short" });

/** YYYY-MM-DD in Sydney. */
export function sydneyDay(now: Date): string {
  return dateParts.format(now);
}

/** Sydney's offset from UTC at this instant, in milliseconds. */
function offsetAt(instant: number): number {
  const parts = Object.fromEntries(wallClock.formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
  const asUtc = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return asUtc - Math.floor(instant / 1000) * 1000;
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

/** "AEST" or "AEDT" at this instant. */
export function sydneyZoneAbbreviation(now: Date): string {
  return zoneName.formatToParts(now).find((part) => part.type === "timeZoneName")?.value ?? "AEST";
}

export function dailyLimit(env: AppEnv, tier: AiTier): number {
  return tier === "pro" ? env.CLARITYAI_DAILY_MESSAGES_PRO : env.CLARITYAI_DAILY_MESSAGES_LITE;
}

export async function usageMeter(db: Db, env: AppEnv, userId: string, tier: AiTier, now = new Date()): Promise<UsageMeter> {
  const row = await db
    .select({ messages: aiUsage.messages })
    .from(aiUsage)
    .where(and(eq(aiUsage.userId, userId), eq(aiUsage.day, sydneyDay(now))))
    .get();
  return { used: row?.messages ?? 0, limit: dailyLimit(env, tier), resetsAt: nextSydneyMidnight(now).toISOString() };
}

export function usageLimitMessage(meter: UsageMeter): string {
  const resets = new Date(meter.resetsAt);
  return `You've used all ${meter.limit} messages for today. Your limit resets at midnight (${sydneyZoneAbbreviation(resets)}), so you can pick this conversation up again then.`;
}

/**
 * Counts one message against today's limit in a single statement (concurrent sends cannot both
 * take the last one). Returns the meter after it, or null when the limit was already reached.
 */
export async function consumeMessage(db: Db, env: AppEnv, userId: string, tier: AiTier, now = new Date()): Promise<UsageMeter | null> {
  const limit = dailyLimit(env, tier);
  const day = sydneyDay(now);
  const row = await db.get<{ messages: number } | null>(sql`
    INSERT INTO ai_usage (user_id, day, messages) VALUES (${userId}, ${day}, 1)
    ON CONFLICT (user_id, day) DO UPDATE SET messages = messages + 1 WHERE messages < ${limit}
    RETURNING messages`);
  if (!row || limit < 1) return null;
  return { used: row.messages, limit, resetsAt: nextSydneyMidnight(now).toISOString() };
}

/** Gives back a message counted for a send that turned out to be a retry of one already stored. */
export async function refundMessage(db: Db, userId: string, now = new Date()) {
  await db.run(sql`UPDATE ai_usage SET messages = messages - 1 WHERE user_id = ${userId} AND day = ${sydneyDay(now)} AND messages > 0`);
}
