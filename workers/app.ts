import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// @ts-ignore -- the server build exists only after `npm run build`.
import * as serverBuild from "../build/server/index.js";
import { AUTH_API_PREFIX, handleAuthApi } from "~/auth/api.server";
import { createRequestContext, type RequestContext } from "~/context.server";
import { EnvError } from "~/platform/env.server";
import { isCrossSiteWrite } from "~/platform/origin-check.server";
import { applySecurityHeaders, createNonce } from "~/platform/security-headers.server";
import { handleQueue } from "./queue-consumer";
import { handleScheduled } from "./scheduled";

export { Conversation } from "./conversation";

const handleRemixRequest = createRequestHandler(serverBuild as unknown as ServerBuild);

export default {
  async fetch(request, env, ctx) {
    const cspNonce = createNonce();
    let context: RequestContext;
    try {
      context = createRequestContext(request, env, ctx, cspNonce);
    } catch (error) {
      if (!(error instanceof EnvError)) throw error;
      // A deployment with a missing secret must be loud in the logs, and never serve as if it worked.
      console.error(`config: ${error.message}`);
      return applySecurityHeaders(new Response("The service is not configured correctly. Please try again later.", { status: 503 }), cspNonce);
    }
    const { pathname } = new URL(request.url);
    if (pathname === AUTH_API_PREFIX || pathname.startsWith(`${AUTH_API_PREFIX}/`)) {
      // Bearer-token API used by Supabase clients: CORS instead of the same-origin check.
      return applySecurityHeaders(await handleAuthApi(request, context), cspNonce);
    }
    if (isCrossSiteWrite(request)) {
      return applySecurityHeaders(new Response("Cross-site request refused", { status: 403 }), cspNonce);
    }
    return applySecurityHeaders(await handleRemixRequest(request, context), cspNonce);
  },
  queue: (batch, env) => handleQueue(batch, env),
  scheduled: (controller, env) => handleScheduled(controller, env),
} satisfies ExportedHandler<Env>;
