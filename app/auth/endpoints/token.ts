import { eq } from "drizzle-orm";
import { users } from "~/db/schema";
import type { AuthContext } from "../context.server";
import { badRequest, validationFailed } from "../errors.server";
import { AUTH_LIMITS, json, limit, readJsonBody, stringField } from "../http.server";
import { hashPassword, needsRehash, TIMING_DUMMY_HASH, verifyPassword } from "../password.server";
import { issueSession, refreshSession, type SessionResponse } from "~/auth/token-sessions.server";
import { findUserByEmail, findUserByPhone } from "../users.server";
import { audit } from "../audit.server";
import { MISSING_CREDENTIALS } from "./signup";
import { pkceGrant } from "./grants/pkce";
import { idTokenGrant } from "./grants/id-token";
import { web3Grant } from "./grants/web3";

export const INVALID_LOGIN = "Invalid login credentials";

/**
 * Signs in with email or phone and password. Unknown accounts and wrong passwords get the same
 * message and the same hashing time, so neither reveals which addresses have accounts.
 */
export async function passwordGrant(ctx: AuthContext, input: { email?: string; phone?: string; password?: string }): Promise<SessionResponse> {
  const email = input.email?.trim();
  const phone = input.phone?.trim();
  if ((!email && !phone) || !input.password) throw badRequest("validation_failed", MISSING_CREDENTIALS);
  if (email && phone) throw validationFailed("Only an email address or phone number should be provided on login.");
  const subject = email ? `email:${email.toLowerCase()}` : `phone:${phone}`;
  await limit(ctx, AUTH_LIMITS.signInPerSource, ctx.source);
  await limit(ctx, AUTH_LIMITS.signInFailuresPerAccount, subject);

  const user = email ? await findUserByEmail(ctx.db, email) : await findUserByPhone(ctx.db, phone!);
  const valid = await verifyPassword(input.password, user?.passwordHash ?? TIMING_DUMMY_HASH);
  if (!user || !valid) {
    await audit(ctx.db, { action: "login_failed", actorId: user?.id ?? null, ipHash: ctx.ipHash, detail: { method: "password" } });
    throw badRequest("invalid_credentials", INVALID_LOGIN);
  }
  if (user.bannedUntil && Date.parse(user.bannedUntil) > Date.now()) throw badRequest("user_banned", "User is banned");
  if (email && !user.emailConfirmedAt) throw badRequest("email_not_confirmed", "Email not confirmed");
  if (phone && !user.phoneConfirmedAt) throw badRequest("phone_not_confirmed", "Phone not confirmed");
  if (needsRehash(user.passwordHash!)) {
    // bcrypt hashes imported from Supabase (or older scrypt parameters) are upgraded on sign-in.
    await ctx.db
      .update(users)
      .set({ passwordHash: await hashPassword(input.password) })
      .where(eq(users.id, user.id));
  }
  return issueSession(ctx, user, "password");
}

/** POST /token?grant_type=… */
export async function token(ctx: AuthContext) {
  const grantType = new URL(ctx.request.url).searchParams.get("grant_type");
  const body = await readJsonBody(ctx.request);
  switch (grantType) {
    case "password":
      return json(await passwordGrant(ctx, { email: stringField(body, "email"), phone: stringField(body, "phone"), password: stringField(body, "password") }));
    case "refresh_token": {
      const refreshToken = stringField(body, "refresh_token");
      if (!refreshToken) throw badRequest("validation_failed", "refresh_token required");
      await limit(ctx, AUTH_LIMITS.verifyPerSource, ctx.source);
      return json(await refreshSession(ctx, refreshToken));
    }
    case "pkce":
      return json(await pkceGrant(ctx, body));
    case "id_token":
      return json(await idTokenGrant(ctx, body));
    case "web3":
      return json(await web3Grant(ctx, body));
    default:
      throw badRequest("invalid_credentials", "unsupported_grant_type");
  }
}
