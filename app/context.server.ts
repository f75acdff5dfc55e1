import { authConfig, type AuthConfig } from "~/auth/config.server";
import { loadViewer, type Viewer } from "~/auth/web-sessions.server";
import { createDb, type Db } from "~/db/client.server";
import { readEnv, type AppEnv } from "~/platform/env.server";

/**
 * Everything a request needs, built once in the Worker entry and passed to Remix as the load
 * context: the raw bindings, the parsed settings, one database client, the auth settings and the
 * signed-in viewer (read at most once, on first use). Nothing of it lives at module scope.
 */
export type RequestContext = {
  cloudflare: { env: Env; ctx: Pick<ExecutionContext, "waitUntil" | "passThroughOnException"> };
  /** Settings and secrets, parsed and validated (see platform/env.server.ts). */
  env: AppEnv;
  db: Db;
  auth: AuthConfig;
  cspNonce: string;
  /** The origin of PUBLIC_SITE_URL: canonical links, sitemaps and feeds name it. */
  siteOrigin: string;
  /** The signed-in user of this request, or null; one KV read and one D1 query, then remembered. */
  viewer: () => Promise<Viewer | null>;
  /** Forget the remembered viewer after this request changed its own session. */
  forgetViewer: () => void;
};

declare module "@remix-run/cloudflare" {
  interface AppLoadContext extends RequestContext {}
}

/** Throws EnvError when the settings are unusable (e.g. a production secret is missing). */
export function createRequestContext(
  request: Request,
  bindings: Env,
  executionContext: Pick<ExecutionContext, "waitUntil" | "passThroughOnException">,
  cspNonce = "",
): RequestContext {
  const env = readEnv(bindings);
  let viewer: Promise<Viewer | null> | undefined;
  const context: RequestContext = {
    cloudflare: { env: bindings, ctx: executionContext },
    env,
    db: createDb(bindings.DB),
    auth: authConfig(env),
    cspNonce,
    siteOrigin: new URL(env.PUBLIC_SITE_URL).origin,
    viewer: () => (viewer ??= loadViewer(request, context)),
    forgetViewer: () => {
      viewer = undefined;
    },
  };
  return context;
}
