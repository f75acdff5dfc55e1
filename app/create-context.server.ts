import { createModelService, modelSettings } from "~/ai-coach/model.server";
import { authConfig } from "~/auth/config.server";
import { loadViewer } from "~/auth/web-sessions.server";
import { createPaymentsService } from "~/billing/stripe.server";
import { applyStripeEvent } from "~/billing/webhooks.server";
import type { AppContext, AppServices, BackgroundWork } from "~/context.server";
import { createDb } from "~/db/client.server";
import { createEmailService } from "~/email/service.server";
import { systemClock, type Clock } from "~/platform/clock";
import { readEnv } from "~/platform/env.server";
import { isolateState, type IsolateState } from "~/isolate.server";

// The one builder of an AppContext (context.server.ts), for everything that runs: the Worker's fetch,
// queue and scheduled handlers, and every Durable Object. Nothing else reads the settings or makes a
// database client. The outside services are made on first use. This is also where each domain's
// outside service is wired to the rest: the payments sandbox hands its events to the webhook code.

export type AppContextOptions = {
  /** The request being answered; without one (a job, a cron run, an object's alarm) there is no viewer. */
  request?: Request;
  /** waitUntil of the request, job batch or object; without one, background work runs unawaited. */
  executionContext?: BackgroundWork;
  /** Where "now" comes from (the system clock unless a test fixes it). */
  clock?: Clock;
  /** The page's CSP nonce (page requests only). */
  cspNonce?: string;
  /** Outgoing HTTP for outside services without an SDK (the email provider, GA4, Meta, Google Ads). */
  fetch?: typeof fetch;
  /** What this isolate keeps between requests: the isolate's own unless a test brings its own. */
  isolate?: IsolateState;
};

/** Background work with nobody to wait for it: it runs, and a failure is logged. */
const UNAWAITED: BackgroundWork = {
  waitUntil: (promise) => {
    promise.catch((error: unknown) => console.error("background work failed", error instanceof Error ? error.message : String(error)));
  },
  passThroughOnException: () => undefined,
};

/** Throws EnvError when the settings are unusable (e.g. a production secret is missing). */
export function createAppContext(bindings: Env, options: AppContextOptions = {}): AppContext {
  const env = readEnv(bindings);
  const db = createDb(bindings.DB);
  const clock = options.clock ?? systemClock;
  const siteOrigin = new URL(env.PUBLIC_SITE_URL).origin;
  const outbound = options.fetch ?? ((input, init) => fetch(input, init));
  const request = options.request;
  let viewer: ReturnType<AppContext["viewer"]> | undefined;
  const context: AppContext = {
    cloudflare: { env: bindings, ctx: options.executionContext ?? UNAWAITED },
    env,
    db,
    auth: authConfig(env),
    cspNonce: options.cspNonce ?? "",
    siteOrigin,
    viewer: () => (viewer ??= request ? loadViewer(request, context) : Promise.resolve(null)),
    forgetViewer: () => {
      viewer = undefined;
    },
    services: lazily<AppServices>({
      payments: () => createPaymentsService({ db, env, siteOrigin, clock }, (event) => applyStripeEvent(context, event)),
      model: () => createModelService(modelSettings(env)),
      email: () => createEmailService({ db, env, jobs: bindings.JOBS, fetch: outbound }),
      jobs: () => bindings.JOBS,
      clock: () => clock,
      fetch: () => outbound,
      storage: () => bindings.UPLOADS,
      images: () => bindings.IMAGES,
    }),
    isolate: options.isolate ?? isolateState(),
  };
  return context;
}

/** An object whose properties are made by their factory on first read, then kept. */
function lazily<T extends object>(factories: { [K in keyof T]: () => T[K] }): T {
  const target = {} as T;
  for (const key of Object.keys(factories) as (keyof T & string)[]) {
    Object.defineProperty(target, key, {
      enumerable: true,
      configurable: true,
      get() {
        const value = factories[key]();
        Object.defineProperty(target, key, { value, enumerable: true, writable: false });
        return value;
      },
    });
  }
  return target;
}
