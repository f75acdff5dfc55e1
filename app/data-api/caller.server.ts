import { decodeJwt } from "jose";
import { createAuthContext } from "~/auth/context.server";
import { AuthApiError } from "~/auth/errors.server";
import { authenticate } from "~/auth/token-sessions.server";
import type { UserRow } from "~/auth/users.server";
import type { AppContext } from "~/context.server";

/**
 * Who is calling the data API. Supabase clients send the public anon key in `apikey` and, until
 * someone signs in, the same key as the Bearer token; afterwards the Bearer token is the access
 * token from /auth/v1. The anon key is public, so it decides nothing: what a caller may read or
 * write follows from the access token alone, verified as the auth API verifies it (ES256, our
 * issuer and audience, not expired, and a session that is still live).
 */
export type Caller = { kind: "anon" } | { kind: "user"; user: UserRow };

/** Why a presented token was refused. */
export class CallerError extends Error {
  constructor(readonly reason: "expired" | "invalid" | "ended") {
    super(reason);
  }
}

function bearerToken(request: Request): string | null {
  const header = request.headers.get("Authorization");
  if (header === null) return null;
  return /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] ?? "";
}

function isExpired(token: string): boolean {
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === "number" && exp * 1000 <= Date.now();
  } catch {
    return false;
  }
}

/**
 * The caller of this request. `strict` also checks the session in D1 (not only the KV record), for
 * writes, where a sign-out that has not reached this location's KV yet must already count.
 */
export async function resolveCaller(request: Request, context: AppContext, { strict = false } = {}): Promise<Caller> {
  const token = bearerToken(request);
  if (token === null) return { kind: "anon" };
  if (token === "") throw new CallerError("invalid");
  const apikey = request.headers.get("apikey");
  if (apikey !== null && token === apikey) return { kind: "anon" };
  try {
    const { user } = await authenticate(await createAuthContext(request, context), { strict });
    return { kind: "user", user };
  } catch (error) {
    if (!(error instanceof AuthApiError)) throw error;
    if (error.code === "bad_jwt") throw new CallerError(isExpired(token) ? "expired" : "invalid");
    throw new CallerError("ended");
  }
}
