import { and, eq, gte, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { ONE_TIME_TOKEN_TYPES, oneTimeTokens } from "~/db/schema";
import { INVITE_TTL_SECONDS, type AuthConfig } from "./config.server";
import { WRONG_CODE_ATTEMPTS } from "./limits.server";
import { randomBase64url } from "~/utils/base64url";
import { sha256Hex } from "~/utils/hex";

// One-time codes (email and SMS): each issued code has two secrets. The 6-digit code is typed by
// the user together with their address, so it is only ever looked up with that address, and every
// wrong guess for the address counts on its outstanding rows (WRONG_CODE_ATTEMPTS burns them). The
// link in an email carries a random 256-bit token instead (auth-js sends it back as token_hash),
// which cannot be derived from the address and the code. Both are stored only as SHA-256 hashes.

export type OneTimeTokenType = (typeof ONE_TIME_TOKEN_TYPES)[number];
export type OneTimeTokenRow = typeof oneTimeTokens.$inferSelect;

/** What issuing and redeeming codes needs: the database and the auth settings. */
export type TokenContext = { db: Db; config: Pick<AuthConfig, "otpTtl"> };

const LINK_TOKEN_BYTES = 32;

/** A 6-digit code, uniformly random. */
function sixDigitCode(): string {
  // Rejection sampling: 2^32 is not a multiple of 10^6, so the top slice would favour low codes.
  const limit = Math.floor(0x1_0000_0000 / 1_000_000) * 1_000_000;
  for (;;) {
    const value = crypto.getRandomValues(new Uint32Array(1))[0]!;
    if (value < limit) return (value % 1_000_000).toString().padStart(6, "0");
  }
}

/** The stored hash of a code: SHA-256 of the address it was sent to followed by the code, hex. */
export function codeHashFor(relatesTo: string, code: string) {
  return sha256Hex(`${relatesTo}${code}`);
}

function linkHashFor(linkToken: string) {
  return sha256Hex(`link:${linkToken}`);
}

/** Whether a code is still within its lifetime: an invitation's lasts a week, every other an hour (otpTtl). */
export function isLive(ctx: TokenContext, row: Pick<OneTimeTokenRow, "createdAt" | "tokenType">, now = Date.now()) {
  const ttlSeconds = row.tokenType === "invite" ? INVITE_TTL_SECONDS : ctx.config.otpTtl;
  return now - Date.parse(row.createdAt) <= ttlSeconds * 1000;
}

/**
 * Issues a fresh code of a type for a user, replacing any earlier one of the same type. Returns
 * the code for the message and `tokenHash`, the random token its link carries (GoTrue's name for
 * what a link holds; clients send it back as token_hash).
 */
export async function issueOneTimeToken(ctx: TokenContext, userId: string, type: OneTimeTokenType, relatesTo: string) {
  const { code, tokenHash, statement } = await prepareOneTimeToken(ctx, userId, type, relatesTo);
  await statement;
  return { code, tokenHash };
}

/**
 * As issueOneTimeToken, but the write is returned as a statement (`statement`) for the caller's
 * batch, so a code and the message carrying it are written together or not at all.
 */
export async function prepareOneTimeToken(ctx: TokenContext, userId: string, type: OneTimeTokenType, relatesTo: string) {
  const code = sixDigitCode();
  const linkToken = randomBase64url(LINK_TOKEN_BYTES);
  const [tokenHash, linkHash] = await Promise.all([codeHashFor(relatesTo, code), linkHashFor(linkToken)]);
  const values = { tokenHash, linkHash, relatesTo, failedAttempts: 0, createdAt: new Date().toISOString() };
  const statement = ctx.db
    .insert(oneTimeTokens)
    .values({ id: crypto.randomUUID(), userId, tokenType: type, ...values })
    .onConflictDoUpdate({ target: [oneTimeTokens.userId, oneTimeTokens.tokenType], set: values });
  return { code, tokenHash: linkToken, statement };
}

/** Whether a user has a live (unexpired, unburned) code of a type, optionally sent to one address. */
export async function hasLiveToken(ctx: TokenContext, userId: string, type: OneTimeTokenType, relatesTo?: string) {
  const conditions = [eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.tokenType, type)];
  if (relatesTo !== undefined) conditions.push(eq(oneTimeTokens.relatesTo, relatesTo));
  const row = await ctx.db.query.oneTimeTokens.findFirst({ where: and(...conditions) });
  return Boolean(row && isLive(ctx, row));
}

/**
 * The outstanding row a link's token belongs to, without using it up: the caller learns the address
 * (to count the attempt against it) before taking the row with takeRow.
 */
export async function findByLinkToken(ctx: TokenContext, linkToken: string, types: OneTimeTokenType[]) {
  if (!linkToken) return undefined;
  return ctx.db.query.oneTimeTokens.findFirst({
    where: and(eq(oneTimeTokens.linkHash, await linkHashFor(linkToken)), inArray(oneTimeTokens.tokenType, types)),
  });
}

/** Takes a row found by findByLinkToken, once: null when another request took it first or it expired. */
export async function takeRow(ctx: TokenContext, row: OneTimeTokenRow) {
  const [taken] = await ctx.db
    .delete(oneTimeTokens)
    .where(and(eq(oneTimeTokens.id, row.id), eq(oneTimeTokens.linkHash, row.linkHash)))
    .returning();
  return taken && isLive(ctx, taken) ? taken : null;
}

/**
 * Takes a live code of one of the types sent to this address, once. A wrong code counts against
 * every outstanding code of the address, and those reaching WRONG_CODE_ATTEMPTS are deleted.
 */
export async function takeCode(ctx: TokenContext, relatesTo: string, code: string, types: OneTimeTokenType[]) {
  const hash = await codeHashFor(relatesTo, code);
  const [row] = await ctx.db
    .delete(oneTimeTokens)
    .where(and(eq(oneTimeTokens.relatesTo, relatesTo), eq(oneTimeTokens.tokenHash, hash), inArray(oneTimeTokens.tokenType, types)))
    .returning();
  if (row) return isLive(ctx, row) ? row : null;
  await ctx.db.batch([
    ctx.db
      .update(oneTimeTokens)
      .set({ failedAttempts: sql`${oneTimeTokens.failedAttempts} + 1` })
      .where(eq(oneTimeTokens.relatesTo, relatesTo)),
    // An invitation is redeemed by its link only (its code is never sent), so wrong codes never burn it.
    ctx.db
      .delete(oneTimeTokens)
      .where(and(eq(oneTimeTokens.relatesTo, relatesTo), gte(oneTimeTokens.failedAttempts, WRONG_CODE_ATTEMPTS), ne(oneTimeTokens.tokenType, "invite"))),
  ]);
  return null;
}
