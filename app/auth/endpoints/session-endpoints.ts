import type { AuthContext } from "../context.server";
import { badRequest } from "../errors.server";
import { json } from "../http.server";
import { authenticate, revokeSessions } from "~/auth/token-sessions.server";
import { serializeUser } from "../users.server";

/** GET /user — the signed-in user. */
export async function getUser(ctx: AuthContext) {
  const { user } = await authenticate(ctx);
  return json(await serializeUser(ctx.db, user));
}

/** POST /logout?scope=global|local|others — global by default, as GoTrue. */
export async function logout(ctx: AuthContext) {
  const scope = new URL(ctx.request.url).searchParams.get("scope") ?? "global";
  if (scope !== "global" && scope !== "local" && scope !== "others") {
    throw badRequest("validation_failed", `Unsupported logout scope "${scope}"`);
  }
  const { claims } = await authenticate(ctx);
  await revokeSessions(ctx, claims.sub, claims.session_id, scope);
  return new Response(null, { status: 204 });
}

/** GET /.well-known/jwks.json — the public key that verifies access tokens. */
export async function jwks(ctx: AuthContext) {
  const key = await ctx.key();
  return json({ keys: [key.publicJwk] }, { headers: { "Cache-Control": "public, max-age=600" } });
}
