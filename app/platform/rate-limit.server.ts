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
 * docs/decisions/004-rate-limits-and-lockout.md). For Turnstile and the audit log's address hash
 * only: a limit counts a Source (clientSource), and its type refuses a raw address.
 */
export function clientAddress(request: Request): string {
  return request.headers.get("CF-Connecting-IP")?.trim() || "unknown";
}

declare const kind: unique symbol;

/** What per-source limits count: an IPv4 address or an IPv6 /64. Made by clientSource or sourceOfAddress only. */
export type Source = string & { readonly [kind]: "source" };
/** An account, address, user or other named thing that a limit counts, alone or from one source (limitSubject, pairSubject). */
type NamedSubject = string & { readonly [kind]: "named" };
/** What a limit counts: a source or a named subject, never a bare string such as a client address. */
export type LimitSubject = Source | NamedSubject;

/** The kinds of named subject: none of them is a network address. */
export type SubjectKind = "email" | "phone" | "sms" | "user" | "factor" | "code" | "conversation";

/** A limit on one account, address, user… (`kind:id`). */
export function limitSubject(subjectKind: SubjectKind, id: string): LimitSubject {
  return `${subjectKind}:${id}` as NamedSubject;
}

/** A limit on one account, address, user… from one source. */
export function pairSubject(subjectKind: SubjectKind, id: string, source: Source): LimitSubject {
  return `${subjectKind}:${id}|${source}` as NamedSubject;
}

/**
 * The source a request is counted against: its IPv4 address, or its IPv6 /64 network (one
 * subscriber usually holds a whole /64, so counting single IPv6 addresses would let one client
 * rotate through billions of them).
 */
export function clientSource(request: Request): Source {
  return sourceOfAddress(clientAddress(request));
}

/** Every value that is not an address (a missing header included) counts as this one source. */
const NOT_AN_ADDRESS = "unknown" as Source;
/** Longer than any spelling of an address with a zone id: not worth parsing. */
const ADDRESS_MAX_LENGTH = 100;

/** a.b.c.d in canonical decimal (no leading zeros, as inet_pton reads it), or null. */
function ipv4Bytes(text: string): number[] | null {
  const parts = text.split(".");
  if (parts.length !== 4 || !parts.every((part) => /^(?:0|[1-9]\d{0,2})$/.test(part))) return null;
  const bytes = parts.map(Number);
  return bytes.every((byte) => byte <= 255) ? bytes : null;
}

/** The eight 16-bit groups of an IPv6 address in any RFC 4291 spelling (with brackets or a zone id), or null. */
function ipv6Groups(text: string): number[] | null {
  let address = text.startsWith("[") && text.endsWith("]") ? text.slice(1, -1) : text;
  const zone = address.indexOf("%");
  if (zone >= 0) {
    if (zone === address.length - 1) return null;
    address = address.slice(0, zone);
  }
  // A dotted quad may spell the last 32 bits (::ffff:192.0.2.1).
  const lastColon = address.lastIndexOf(":");
  if (lastColon < 0) return null;
  const tail = address.slice(lastColon + 1);
  if (tail.includes(".")) {
    const bytes = ipv4Bytes(tail);
    if (!bytes) return null;
    address = `${address.slice(0, lastColon + 1)}${((bytes[0]! << 8) | bytes[1]!).toString(16)}:${((bytes[2]! << 8) | bytes[3]!).toString(16)}`;
  }
  const halves = address.split("::");
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(":") : [];
  const rest = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const groups = [...head, ...Array<string>(Math.max(0, missing)).fill("0"), ...rest];
  if (!groups.every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return null;
  return groups.map((group) => parseInt(group, 16));
}

/**
 * The source of a client address: the IPv4 address itself, an IPv4-mapped IPv6 address
 * (::ffff:a.b.c.d, in any spelling) as its IPv4 address, or the /64 of any other IPv6 address,
 * whatever its spelling (leading zeros, case, "::", a zone id). Never throws: every value that is
 * not an address is one and the same source, so junk can't buy a fresh count per request.
 */
export function sourceOfAddress(address: string): Source {
  const text = address.trim();
  if (text.length === 0 || text.length > ADDRESS_MAX_LENGTH) return NOT_AN_ADDRESS;
  const ipv4 = ipv4Bytes(text);
  if (ipv4) return ipv4.join(".") as Source;
  const groups = ipv6Groups(text);
  if (!groups) return NOT_AN_ADDRESS;
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join(".") as Source;
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64` as Source;
}

/** The message and status for a refused form submission. */
export function tooManyRequests(retryAfterSeconds: number) {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return {
    message: `Too many requests from your connection. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    init: { status: 429, headers: { "Retry-After": String(retryAfterSeconds) } },
  };
}

async function counterKey(rule: RateLimitRule, subject: LimitSubject, secret: string) {
  return `${rule.name}:${await sha256Hex(`${secret}:${subject}`, 16)}`;
}

export type RateLimitResult = { allowed: boolean; count: number; retryAfterSeconds: number };

/**
 * Counts one attempt against a fixed window and says whether it is allowed. The increment is a
 * single upsert, so concurrent requests cannot both slip under the limit. The subject (a source,
 * an account…) is stored only as a salted hash.
 */
export async function consumeRateLimit(db: Db, rule: RateLimitRule, subject: LimitSubject, secret: string, now = Date.now()): Promise<RateLimitResult> {
  const key = await counterKey(rule, subject, secret);
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
export async function peekRateLimit(db: Db, rule: RateLimitRule, subject: LimitSubject, secret: string, now = Date.now()): Promise<RateLimitResult> {
  const key = await counterKey(rule, subject, secret);
  const windowStart = now - (now % rule.windowMs);
  const row = await db.select({ count: rateLimits.count, windowStart: rateLimits.windowStart }).from(rateLimits).where(eq(rateLimits.key, key)).get();
  const count = row && row.windowStart === windowStart ? row.count : 0;
  return { allowed: count < rule.limit, count, retryAfterSeconds: Math.ceil((windowStart + rule.windowMs - now) / 1000) };
}
