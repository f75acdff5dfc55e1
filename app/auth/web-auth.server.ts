import type { AppLoadContext } from "@remix-run/cloudflare";
import { createAuthContext, type AuthContext } from "./context.server";
import { forbidden, outcomeOf, type AuthOutcome } from "./errors.server";
import { refreshSession, signOut, type AuthCaller, type SignOutScope } from "./token-sessions.server";
import { findUserById } from "./users.server";
import { endWebSession, storeWebSessionTokens, webSessionTokens, type Viewer } from "./web-sessions.server";

// The website's side of the auth domain. Its forms call the same operations as the /auth/v1
// endpoints, in-process and typed, with an AuthContext made from the form's own request (so the
// same per-source limits count it) and, when signed in, the viewer as the caller.

/** Seconds before expiry at which a web session's access token is renewed, as a client would. */
const REFRESH_BEFORE_EXPIRY_SECONDS = 60;

/**
 * The signed-in viewer as the caller of an auth operation. The viewer was read this request from
 * D1 with its auth session live, which is what a Bearer token proves to the endpoints. The web
 * session holds that auth session's tokens like any client, and renews them here when they are
 * about to expire, so the session's refresh time (the security tab's "last active") moves as it
 * would for any client acting on the account.
 */
export async function callerOfViewer(ctx: AuthContext, viewer: Viewer): Promise<AuthCaller> {
  const tokens = await webSessionTokens(ctx.env.SESSIONS, viewer);
  if (tokens && tokens.expiresAt - Math.floor(Date.now() / 1000) < REFRESH_BEFORE_EXPIRY_SECONDS) {
    await storeWebSessionTokens(ctx.env.SESSIONS, viewer, await refreshSession(ctx, tokens.refreshToken));
  }
  const user = await findUserById(ctx.db, viewer.id);
  if (!user) throw forbidden("user_not_found", "User from sub claim in JWT does not exist");
  return { user, sessionId: viewer.authSessionId };
}

/** Runs an auth operation for a form of the website: its value, or the AuthApiError it was refused with. */
export async function attemptAuth<T>(request: Request, context: AppLoadContext, operation: (ctx: AuthContext) => Promise<T>): Promise<AuthOutcome<T>> {
  return outcomeOf(async () => operation(await createAuthContext(request, context)));
}

/** As attemptAuth, acting for the signed-in viewer. */
export async function attemptAuthAsViewer<T>(
  request: Request,
  context: AppLoadContext,
  viewer: Viewer,
  operation: (ctx: AuthContext, caller: AuthCaller) => Promise<T>,
): Promise<AuthOutcome<T>> {
  return outcomeOf(async () => {
    const ctx = await createAuthContext(request, context);
    return operation(ctx, await callerOfViewer(ctx, viewer));
  });
}

/**
 * Signs the viewer out of their auth sessions (`scope`) and ends this browser's web session;
 * returns the Set-Cookie header that clears the cookie. The web session ends whatever happens: a
 * failure to end the auth sessions is logged (outcomeOf), never shown.
 */
export async function signOutViewer(request: Request, context: AppLoadContext, scope: SignOutScope): Promise<string> {
  const viewer = await context.viewer().catch(() => null);
  if (viewer) {
    await outcomeOf(async () => {
      const ctx = await createAuthContext(request, context);
      const user = await findUserById(ctx.db, viewer.id);
      if (user) await signOut(ctx, { user, sessionId: viewer.authSessionId }, scope);
    });
  }
  return endWebSession(request, context);
}
