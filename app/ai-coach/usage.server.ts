import { and, eq, sql } from "drizzle-orm";
import type { AiTier } from "~/billing/plans";
import type { Db } from "~/db/client.server";
import { aiUsage } from "~/db/schema";
import type { AppEnv } from "~/platform/env.server";
import { DEFAULT_TIME_ZONE } from "~/booking/time-zones";
import { nextSydneyMidnight, sydneyDay } from "~/utils/sydney-time";
import type { UsageMeter } from "./chat-types";
import { usageResetText } from "./usage-text";

// The daily message limit per tier. A day is a calendar day in Sydney (AEST/AEDT), so the limit
// resets at local midnight on the east coast. A message counts once, when it is first stored.

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

/** The refusal at the daily limit, with the reset time in the reader's zone (their profile's, else Sydney). */
export function usageLimitMessage(meter: UsageMeter, zone = DEFAULT_TIME_ZONE): string {
  return `You've used all ${meter.limit} messages for today. Your limit resets at ${usageResetText(meter.resetsAt, zone)}, so you can pick this conversation up again then.`;
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
