import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// @ts-ignore -- the server build exists only after `npm run build`.
import * as serverBuild from "../build/server/index.js";
import { captureAttribution } from "~/attribution/capture.server";
import { isPageView, pageViewPath } from "~/attribution/page-views.server";
import { AUTH_API_PREFIX, handleAuthApi } from "~/auth/api.server";
import type { AppContext } from "~/context.server";
import { createAppContext } from "~/create-context.server";
import { dataApiFor } from "~/data-api/api.server";
import { fixedClock } from "~/platform/clock";
import { EnvError } from "~/platform/env.server";
import type { IsolateState } from "~/isolate.server";
import { cacheablePages, hasSessionCookie, isPersonalPath, personalPathPatterns, PRIVATE_NO_STORE } from "~/edge-cache/cache-policy.server";
import { serveWithEdgeCache } from "~/edge-cache/edge-cache.server";
import { isCrossSiteWrite } from "~/platform/origin-check.server";
import { checkFormBody } from "~/platform/request-body.server";
import { applySecurityHeaders, createNonce } from "~/platform/security-headers.server";
import { handleQueue } from "./queue-consumer";
import { handleScheduled } from "./scheduled";

export { Conversation } from "./conversation";
export { MeetingRoom } from "./meeting-room";

const handleRemixRequest = createRequestHandler(serverBuild as unknown as ServerBuild);
const PERSONAL_PATHS = personalPathPatterns((serverBuild as unknown as ServerBuild).routes);
const CACHEABLE_PAGES = cacheablePages(serverBuild as unknown as ServerBuild);

/**
 * The Worker's handlers. Each builds its context with createAppContext and delegates. `isolate` is
 * what the isolate keeps between requests (decision record 012): its own unless a test brings one.
 */
export function createWorker(options: { isolate?: IsolateState } = {}) {
  const { isolate } = options;
  return {
    fetch: (request, env, ctx) => handleFetch(request, env, ctx, isolate),
    queue: (batch, env, ctx) => handleQueue(batch, createAppContext(env, { executionContext: ctx, isolate })),
    scheduled: (controller, env, ctx) =>
      handleScheduled(controller, createAppContext(env, { executionContext: ctx, clock: fixedClock(new Date(controller.scheduledTime)), isolate })),
  } satisfies ExportedHandler<Env>;
}

export default createWorker();

async function handleFetch(request: Request, env: Env, ctx: ExecutionContext, isolate: IsolateState | undefined): Promise<Response> {
  const cspNonce = createNonce();
  let context: AppContext;
  try {
    context = createAppContext(env, { request, executionContext: ctx, cspNonce, isolate });
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    // A deployment with a missing secret must be loud in the logs, and never serve as if it worked.
    console.error(`config: ${error.message}`);
    return applySecurityHeaders(new Response("The service is not configured correctly. Please try again later.", { status: 503 }), cspNonce);
  }
  const url = new URL(request.url);
  const { pathname } = url;
  if (pathname === AUTH_API_PREFIX || pathname.startsWith(`${AUTH_API_PREFIX}/`)) {
    // Bearer-token API used by Supabase clients: CORS instead of the same-origin check.
    return applySecurityHeaders(await handleAuthApi(request, context), cspNonce);
  }
  const dataApi = dataApiFor(pathname);
  if (dataApi) {
    // The Supabase-compatible /rest/v1 and /functions/v1, Bearer-token APIs like the auth API.
    return applySecurityHeaders(await dataApi(request, context), cspNonce);
  }
  // Personal pages, and whatever is answered to a signed-in browser, are for no cache to keep.
  const privateArea = isPersonalPath(pathname, PERSONAL_PATHS);
  const personal = privateArea || hasSessionCookie(request);
  const finish = (response: Response) => {
    const secured = applySecurityHeaders(response, cspNonce);
    if (personal) secured.headers.set("Cache-Control", PRIVATE_NO_STORE);
    return secured;
  };
  if (url.searchParams.has("_data")) {
    // Remix's data requests before single fetch: nothing here makes them, and Remix logs each one.
    return finish(new Response("The _data parameter isn't supported.", { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } }));
  }
  if (/%5c/i.test(pathname) || !isDecodablePath(pathname)) {
    // No page has a backslash or broken percent-encoding in its path: the router cannot render a
    // location holding a backslash, and logs a warning for every undecodable one.
    return finish(new Response("Page not found.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } }));
  }
  if (isCrossSiteWrite(request)) {
    return finish(new Response("Cross-site request refused", { status: 403 }));
  }
  // Attribution (UTM parameters, click ids, referrer; decision record 006) is read from the
  // visitor's own request before the edge cache, which renders and keys pages without those
  // parameters. Its cookie goes on this visitor's answer after the cache, as `finish` does with the
  // security headers, and never into the stored page.
  const attribution = captureAttribution(request, context, url);
  // Anonymous visits to public pages are answered from the edge cache (decision record 005);
  // everything else is rendered. Pages take only bounded, readable HTML form bodies; a 4xx otherwise.
  const render = async (pageRequest: Request) => {
    const checked = await checkFormBody(pageRequest);
    return checked instanceof Response ? checked : handleRemixRequest(checked, context);
  };
  const response = finish(await serveWithEdgeCache(request, context, CACHEABLE_PAGES, render));
  if (attribution.setCookie) {
    response.headers.append("Set-Cookie", attribution.setCookie);
    // No shared cache may keep an answer that sets this visitor's cookie.
    response.headers.set("Cache-Control", PRIVATE_NO_STORE);
  }
  if (attribution.visit && !privateArea && isPageView(request, response)) {
    context.isolate.pageViews.count(
      { db: context.db, waitUntil: (work) => ctx.waitUntil(work) },
      { path: pageViewPath(pathname), ...attribution.visit, at: context.services.clock.now() },
    );
  }
  return response;
}

function isDecodablePath(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}
