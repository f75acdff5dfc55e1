import { and, eq, isNotNull } from "drizzle-orm";
import { flowStates, users } from "~/db/schema";
import { consumeRateLimit, limitSubject, pairSubject, peekRateLimit } from "~/platform/rate-limit.server";
import { audit } from "./audit.server";
import { requireCaptchaBeyond } from "./captcha.server";
import type { AuthContext } from "./context.server";
import { badRequest, forbidden, notFound, unprocessable, validationFailed } from "./errors.server";
import { MISSING_CREDENTIALS } from "./field-rules.server";
import { findFlowStateByAuthCode, isFlowStateExpired, verifyCodeVerifier } from "./flow-state.server";
import { AUTH_LIMITS, limit, rateLimited } from "./limits.server";
import { hashPassword, needsRehash, TIMING_DUMMY_HASH, verifyPassword } from "./password.server";
import { issueSession, type SessionResponse } from "./token-sessions.server";
import { findUserByEmail, findUserById, findUserByPhone, normaliseEmail, normalisePhone } from "./users.server";

// Signing in with what the user knows: a password (POST /token?grant_type=password, the sign-in
// page), or the auth code at the end of a PKCE flow (grant_type=pkce, the sign-in page's single
// sign-on). External identities sign in through external-identities.server.ts.

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
export async function signInWithPassword(
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
  if (!pairFailures.allowed) throw rateLimited(pairFailures.retryAfterSeconds);
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

const FLOW_STATE_NOT_FOUND = "invalid flow state, no valid flow state found";

/**
 * Trades an auth code issued at the end of a PKCE flow for a session, once, within 5 minutes, and
 * only with the verifier whose challenge started the flow (GoTrue's PKCE grant, same messages and
 * codes; auth-js's exchangeCodeForSession).
 */
export async function exchangeAuthCode(ctx: AuthContext, { authCode, codeVerifier }: { authCode?: string; codeVerifier?: string }): Promise<SessionResponse> {
  if (!authCode || !codeVerifier) throw badRequest("validation_failed", "invalid request: both auth code and code verifier should be non-empty");
  await limit(ctx, AUTH_LIMITS.verifyPerSource, ctx.source);

  const flow = await findFlowStateByAuthCode(ctx, authCode);
  // A flow whose user is not known yet (external sign-in still at the provider) has nothing to trade.
  if (!flow || !flow.userId) throw notFound("flow_state_not_found", FLOW_STATE_NOT_FOUND);
  if (isFlowStateExpired(flow)) throw unprocessable("flow_state_expired", "invalid flow state, flow state has expired");
  const user = await findUserById(ctx.db, flow.userId);
  if (!user) throw notFound("flow_state_not_found", FLOW_STATE_NOT_FOUND);
  if (!(await verifyCodeVerifier(flow, codeVerifier))) {
    throw badRequest("bad_code_verifier", "code challenge does not match previously saved code verifier");
  }
  if (user.bannedUntil && Date.parse(user.bannedUntil) > Date.now()) throw forbidden("user_banned", "User is banned");

  // Single use: only the request that deletes the row gets the session, even when two race.
  const [claimed] = await ctx.db
    .delete(flowStates)
    .where(and(eq(flowStates.id, flow.id), isNotNull(flowStates.userId)))
    .returning({ id: flowStates.id });
  if (!claimed) throw notFound("flow_state_not_found", FLOW_STATE_NOT_FOUND);
  return issueSession(ctx, user, flow.authenticationMethod);
}
