import { createAuthContext } from "~/auth/context.server";
import { issueSession } from "~/auth/token-sessions.server";
import { findUserByEmail } from "~/auth/users.server";
import { createWebSession } from "~/auth/web-sessions.server";
import { createAppContext } from "~/create-context.server";

// The journeys' sign-in without the form: POST /__test/sessions {"email"} starts a web session for
// that account with the app's own functions (issueSession, then createWebSession, as a successful
// sign-in does) and answers the session cookie in Set-Cookie, without checking a password.
//
// It is a Worker of its own that only the journeys' server runs (scripts/serve.ts --test-accounts,
// started by scripts/e2e-server.sh on loopback), sharing the app's local D1 and KV. It is no part of
// the app's build: nothing deployed can mint a session this way.

export default {
  async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    if (request.method !== "POST") return new Response("POST {email}", { status: 405, headers: { Allow: "POST" } });
    const body = (await request.json().catch(() => null)) as { email?: unknown } | null;
    if (typeof body?.email !== "string") return new Response("POST {email}", { status: 400 });
    const context = createAppContext(env, { request, executionContext: ctx });
    const user = await findUserByEmail(context.db, body.email);
    if (!user) return new Response(`no account for ${body.email}`, { status: 404 });
    const session = await issueSession(await createAuthContext(request, context), user, "password");
    const cookie = await createWebSession(context, session);
    return new Response(null, { status: 204, headers: { "Set-Cookie": cookie } });
  },
};
