import { timingSafeEqual } from "node:crypto";
import type { AuthContext } from "../context.server";
import { forbidden, unauthorized } from "../errors.server";
import { json, objectField, readJsonBody, stringField } from "../http.server";
import { inviteByApi } from "../invitations.server";
import { authenticate } from "../token-sessions.server";
import { rolesOf, serializeUser } from "../users.server";

// The admin endpoints of the auth API. GoTrue lets a token whose role is an admin role
// (service_role) call them; here that is the service-role key (AUTH_SERVICE_ROLE_KEY) or the access
// token of a signed-in user holding the admin role.

function bearerOf(request: Request) {
  return /^Bearer\s+(.+)$/i.exec(request.headers.get("Authorization") ?? "")?.[1]?.trim();
}

function isServiceRoleKey(ctx: AuthContext, token: string) {
  const key = ctx.appEnv.AUTH_SERVICE_ROLE_KEY;
  if (!key) return false;
  const [given, expected] = [Buffer.from(token), Buffer.from(key)];
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Who may call an admin endpoint: the service-role key (answers null, no user) or an admin's live
 * session (answers the admin's id). No token is GoTrue's 401; a user's token without the admin
 * role its 403 not_admin "User not allowed".
 */
export async function requireAdminCaller(ctx: AuthContext): Promise<string | null> {
  const token = bearerOf(ctx.request);
  if (!token) throw unauthorized("no_authorization", "This endpoint requires a valid Bearer token");
  if (isServiceRoleKey(ctx, token)) return null;
  const { user, claims } = await authenticate(ctx, { strict: true });
  if (!(await rolesOf(ctx.db, user.id)).includes("admin")) throw forbidden("not_admin", "User not allowed");
  // As the admin pages (guards.server.ts): in production an admin's token must come from an aal2 session.
  if (ctx.config.production && claims.aal !== "aal2") throw forbidden("insufficient_aal", "AAL2 required to use the admin endpoints");
  return user.id;
}

/**
 * POST /invite — {email, data}, with redirect_to in the query as auth-js sends it: creates the
 * account (or takes one whose email is not confirmed yet) and emails the invitation. Answers the
 * user, as GoTrue does; a confirmed account's address is 422 email_exists.
 */
export async function inviteEndpoint(ctx: AuthContext) {
  const invitedBy = await requireAdminCaller(ctx);
  const body = await readJsonBody(ctx.request);
  const user = await inviteByApi(
    { db: ctx.db, appEnv: ctx.appEnv, config: ctx.config, jobs: ctx.env.JOBS, ipHash: ctx.ipHash },
    {
      email: stringField(body, "email"),
      data: objectField(body, "data"),
      redirectTo: new URL(ctx.request.url).searchParams.get("redirect_to") ?? undefined,
      invitedBy,
    },
  );
  return json(await serializeUser(ctx.db, user));
}
