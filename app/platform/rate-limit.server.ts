import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { rateLimits } from "~/db/schema";
import { sha256Hex } from "~/utils/hex";

// Counter rows older than this are removed by the daily maintenance job.
export const RATE_LIMIT_RETENTION_MS = 24 * 60 * 60 * 1000;

export type RateLimitRule = { name: string; limit: number; windowMs: number };

export const CONTACT_FORM_LIMIT: RateLimitRule = { name: "contact", limit: 5, windowMs: 10 * 60 * 1000 };
export const RESOURCE_DOWNLOAD_LIMIT: RateLimitRule = { name: "resource", limit: 10, windowMs: 10 * 60 * 1000 };

/** The client address as Cloudflare reports it. */
export function clientAddress(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? "unknown";
}

/** The message and status for a refused form submission. */
export function tooManyRequests(retryAfterSeconds: number) {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return {
    message: `Too many requests from your connection. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    init: { status: 429, headers: { "Retry-After": String(retryAfterSeconds) } },
  };
}

/**
 * Counts one attempt against a fixed window and says whether it is allowed. The increment is a
 * single upsert, so concurrent requests cannot both slip under the limit. The client address is
 * stored only as a salted hash.
 */
export async function consumeRateLimit(
  db: Db,
  rule: RateLimitRule,
  clientId: string,
  secret: string,
  now = Date.now(),
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const key = `${rule.name}:${await sha256Hex(`${secret}:${clientId}`, 16)}`;
  const windowStart = now - (now % rule.windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.windowStart} = ${windowStart} THEN ${rateLimits.count} + 1 ELSE 1 END`,
        windowStart: sql`${windowStart}`,
      },
    })
    .returning({ count: rateLimits.count });
  const count = row?.count ?? 1;
  return {
    allowed: count <= rule.limit,
    retryAfterSeconds: Math.ceil((windowStart + rule.windowMs - now) / 1000),
  };
}
