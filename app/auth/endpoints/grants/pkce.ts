import { and, eq, isNotNull } from "drizzle-orm";
import { flowStates } from "~/db/schema";
import type { AuthContext } from "../../context.server";
import { badRequest, forbidden, notFound, unprocessable } from "../../errors.server";
import { AUTH_LIMITS, limit, stringField } from "../../http.server";
import { findFlowStateByAuthCode, isFlowStateExpired, verifyCodeVerifier } from "../../flow-state.server";
import { issueSession, type SessionResponse } from "~/auth/token-sessions.server";
import { findUserById } from "../../users.server";

const FLOW_STATE_NOT_FOUND = "invalid flow state, no valid flow state found";

/**
 * POST /token?grant_type=pkce {auth_code, code_verifier} — trades an auth code issued at the end of
 * a PKCE flow for a session, once, within 5 minutes, and only with the verifier whose challenge
 * started the flow (GoTrue's PKCE grant, same messages and codes).
 */
export async function pkceGrant(ctx: AuthContext, body: Record<string, unknown>): Promise<SessionResponse> {
  const authCode = stringField(body, "auth_code");
  const codeVerifier = stringField(body, "code_verifier");
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
