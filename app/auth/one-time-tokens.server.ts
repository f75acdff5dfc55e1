import { and, eq } from "drizzle-orm";
import { ONE_TIME_TOKEN_TYPES, oneTimeTokens } from "~/db/schema";
import type { AuthContext } from "./context.server";
import { sha256Hex } from "~/utils/hex";

export type OneTimeTokenType = (typeof ONE_TIME_TOKEN_TYPES)[number];

/** A 6-digit code, uniformly random. */
function sixDigitCode(): string {
  const value = crypto.getRandomValues(new Uint32Array(1))[0]! % 1_000_000;
  return value.toString().padStart(6, "0");
}

/** GoTrue's token hash: SHA-256 of the email (or phone) followed by the code, hex. Links carry it. */
export function tokenHashFor(relatesTo: string, code: string) {
  return sha256Hex(`${relatesTo}${code}`);
}

/** Issues a fresh code of a type for a user, replacing any earlier one of the same type. */
export async function issueOneTimeToken(ctx: AuthContext, userId: string, type: OneTimeTokenType, relatesTo: string) {
  const code = sixDigitCode();
  const tokenHash = await tokenHashFor(relatesTo, code);
  await ctx.db
    .insert(oneTimeTokens)
    .values({ id: crypto.randomUUID(), userId, tokenType: type, tokenHash, relatesTo })
    .onConflictDoUpdate({ target: [oneTimeTokens.userId, oneTimeTokens.tokenType], set: { tokenHash, relatesTo, createdAt: new Date().toISOString() } });
  return { code, tokenHash };
}

/** Consumes a token by its hash if it is of one of the given types and not expired; returns it once. */
export async function consumeOneTimeToken(ctx: AuthContext, tokenHash: string, types: OneTimeTokenType[]) {
  for (const type of types) {
    const [row] = await ctx.db
      .delete(oneTimeTokens)
      .where(and(eq(oneTimeTokens.tokenHash, tokenHash), eq(oneTimeTokens.tokenType, type)))
      .returning();
    if (!row) continue;
    if (Date.now() - Date.parse(row.createdAt) > ctx.config.otpTtl * 1000) return null;
    return row;
  }
  return null;
}
