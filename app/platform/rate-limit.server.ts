import { sql, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { rateLimits } from "~/db/schema";
import { sha256Hex } from "~/utils/hex";

// Counter rows older than this are removed by the daily maintenance job.
export const RATE_LIMIT_RETENTION_MS = 24 * 60 * 60 * 1000;

export type RateLimitRule = { name: string; limit: number; windowMs: number };

export const CONTACT_FORM_LIMIT: RateLimitRule = { name: "contact", limit: 5, windowMs: 10 * 60 * 1000 };
export const RESOURCE_DOWNLOAD_LIMIT: RateLimitRule = { name: "resource", limit: 10, windowMs: 10 * 60 * 1000 };

/**
 * The client address as Cloudflare reports it. In production Cloudflare sets CF-Connecting-IP and
 * overwrites any value a client sends; under `wrangler dev` the client can set it (see
 * docs/decisions/004-rate-limits-and-lockout.md).
 */
export function clientAddress(request: Request): string {
  return request.headers.get("CF-Connecting-IP")?.trim() || "unknown";
}

/**
 * The source a request is counted against: its IPv4 address, or its IPv6 /64 network (one
 * subscriber usually holds a whole /64, so counting single IPv6 addresses would let one client
 * rotate through billions of them).
 */
export function clientSource(request: Request): string {
  return sourceOfAddress(clientAddress(request));
}

export function sourceOfAddress(address: string): string {
  if (!address.includes(":")) return address;
  const [head = "", tail = ""] = address.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = address.includes("::") ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right] : left;
  const prefix = groups.slice(0, 4).map((group) => (/^[0-9a-f]{1,4}$/.test(group) ? group.replace(/^0+(?=.)/, "") : "x"));
  return `${prefix.join(":")}::/64`;
}

/** The message and status for a refused form submission. */
export function tooManyRequests(retryAfterSeconds: number) {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return {
    message: `Too many requests from your connection. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    init: { status: 429, headers: { "Retry-After": String(retryAfterSeconds) } },
  };
}

async function counterKey(rule: RateLimitRule, clientId: string, secret: string) {
  return `${rule.name}:${await sha256Hex(`${secret}:${clientId}`, 16)}`;
}

export type RateLimitResult = { allowed: boolean; count: number; retryAfterSeconds: number };

/**
 * Counts one attempt against a fixed window and says whether it is allowed. The increment is a
 * single upsert, so concurrent requests cannot both slip under the limit. The subject (an address,
 * an account…) is stored only as a salted hash.
 */
export async function consumeRateLimit(db: Db, rule: RateLimitRule, clientId: string, secret: string, now = Date.now()): Promise<RateLimitResult> {
  const key = await counterKey(rule, clientId, secret);
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
  return { allowed: count <= rule.limit, count, retryAfterSeconds: Math.ceil((windowStart + rule.windowMs - now) / 1000) };
}

/**
 * Reads a counter without counting: for limits on failures, which are checked before an attempt
 * and counted (with consumeRateLimit) only when it fails.
 */
export async function peekRateLimit(db: Db, rule: RateLimitRule, clientId: string, secret: string, now = Date.now()): Promise<RateLimitResult> {
  const key = await counterKey(rule, clientId, secret);
  const windowStart = now - (now % rule.windowMs);
  const row = await db.select({ count: rateLimits.count, windowStart: rateLimits.windowStart }).from(rateLimits).where(eq(rateLimits.key, key)).get();
  const count = row && row.windowStart === windowStart ? row.count : 0;
  return { allowed: count < rule.limit, count, retryAfterSeconds: Math.ceil((windowStart + rule.windowMs - now) / 1000) };
}
