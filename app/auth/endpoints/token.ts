import { eq } from "drizzle-orm";
import { users } from "~/db/schema";
import type { AuthContext } from "../context.server";
import { badRequest, tooManyRequests, validationFailed } from "../errors.server";
import { AUTH_LIMITS, json, limit, readJsonBody, stringField } from "../http.server";
import { hashPassword, needsRehash, TIMING_DUMMY_HASH, verifyPassword } from "../password.server";
import { issueSession, refreshSession, type SessionResponse } from "~/auth/token-sessions.server";
import { findUserByEmail, findUserByPhone, normaliseEmail, normalisePhone } from "../users.server";
import { captchaTokenOf, requireCaptchaBeyond } from "../captcha.server";
import { consumeRateLimit, limitSubject, pairSubject, peekRateLimit } from "~/platform/rate-limit.server";
import { audit } from "../audit.server";
import { MISSING_CREDENTIALS } from "./signup";
import { pkceGrant } from "./grants/pkce";
import { idTokenGrant } from "./grants/id-token";
import { web3Grant } from "./grants/web3";

export const INVALID_LOGIN = "Invalid login credentials";

/**
 * Signs in with email or phone and password. Unknown accounts and wrong passwords get the same
 * message, the same hashing time and the same counting, so none of them reveals which addresses
 * have accounts.
 *
 * Wrong passwords are counted per account and source, and per account (AUTH_LIMITS): a source
 * that keeps guessing one account is refused for that account, while the account itself is never
 * locked. Once it has had many wrong passwords from anywhere, every password sign-in to it needs
 * a captcha when Turnstile is configured. A success resets nothing: the owner signing in must
 * not clear the counts of whoever is guessing.
 */
export async function passwordGrant(
  ctx: AuthContext,
  input: { email?: string; phone?: string; password?: string; captchaToken?: string },
): Promise<SessionResponse> {
  const email = input.email?.trim();
  const phone = input.phone?.trim();
  if ((!email && !phone) || !input.password) throw badRequest("validation_failed", MISSING_CREDENTIALS);
  if (email && phone) throw validationFailed("Only an email address or phone number should be provided on login.");
  // The account as the lookup sees it, so spelling variants of one address share its counters.
  const [kind, id] = email ? (["email", normaliseEmail(email)] as const) : (["phone", normalisePhone(phone!)] as const);
  const account = limitSubject(kind, id);
  const pair = pairSubject(kind, id, ctx.source);
  const secret = ctx.appEnv.SESSION_SECRET;
  await limit(ctx, AUTH_LIMITS.signInPerSource, ctx.source);
  const pairFailures = await peekRateLimit(ctx.db, AUTH_LIMITS.signInFailuresPerAccountSource, pair, secret);
  if (!pairFailures.allowed) throw tooManyRequests("over_request_rate_limit", "Request rate limit reached");
  await requireCaptchaBeyond(ctx, AUTH_LIMITS.signInFailuresPerAccount, account, input.captchaToken);

  const user = email ? await findUserByEmail(ctx.db, email) : await findUserByPhone(ctx.db, phone!);
  const valid = await verifyPassword(input.password, user?.passwordHash ?? TIMING_DUMMY_HASH);
  if (!user || !valid) {
    await Promise.all([
      consumeRateLimit(ctx.db, AUTH_LIMITS.signInFailuresPerAccountSource, pair, secret),
      consumeRateLimit(ctx.db, AUTH_LIMITS.signInFailuresPerAccount, account, secret),
      audit(ctx.db, { action: "login_failed", actorId: user?.id ?? null, ipHash: ctx.ipHash, detail: { method: "password" } }),
    ]);
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
      return json(
        await passwordGrant(ctx, {
          email: stringField(body, "email"),
          phone: stringField(body, "phone"),
          password: stringField(body, "password"),
          captchaToken: captchaTokenOf(body),
        }),
      );
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
