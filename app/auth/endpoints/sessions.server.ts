import type { AuthContext } from "../context.server";
import { badRequest } from "../errors.server";
import { json } from "../http.server";
import { authenticate, signOut } from "../token-sessions.server";

/** POST /logout?scope=global|local|others — global by default, as GoTrue. */
export async function logoutEndpoint(ctx: AuthContext) {
  const scope = new URL(ctx.request.url).searchParams.get("scope") ?? "global";
  if (scope !== "global" && scope !== "local" && scope !== "others") {
    throw badRequest("validation_failed", `Unsupported logout scope "${scope}"`);
  }
  await signOut(ctx, await authenticate(ctx), scope);
  return new Response(null, { status: 204 });
}

/** GET /.well-known/jwks.json — the public key that verifies access tokens. */
export async function jwksEndpoint(ctx: AuthContext) {
  const key = await ctx.key();
  return json({ keys: [key.publicJwk] }, { headers: { "Cache-Control": "public, max-age=600" } });
}
