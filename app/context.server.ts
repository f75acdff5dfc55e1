import type { ModelService } from "~/ai-coach/model.server";
import type { AuthConfig } from "~/auth/config.server";
import type { Viewer } from "~/auth/viewer";
import type { PaymentsService } from "~/billing/stripe.server";
import type { Db } from "~/db/client.server";
import type { EmailService } from "~/email/service.server";
import type { AppEnv } from "~/platform/env.server";
import type { Clock } from "~/platform/clock";
import type { IsolateState } from "~/isolate.server";

// What a context is. Every piece of code that runs (a page or API request, a queue job, a cron run,
// a Durable Object) gets one, from the one builder: createAppContext (create-context.server.ts).
// Domain code takes an AppContext, or a Pick<> of it when it needs less. This file names types only,
// so every domain can import it without depending on the builder (which wires every domain's outside
// service) — see docs/decisions/012-one-context-and-per-isolate-state.md.

/** Work that may outlive the answer: the request's, job batch's or object's waitUntil. */
export type BackgroundWork = Pick<ExecutionContext, "waitUntil" | "passThroughOnException">;

/** A file store (R2): the UPLOADS bucket of uploaded files (application CVs, coach photos, lesson files). */
export type StorageService = Pick<R2Bucket, "get" | "head" | "put" | "delete" | "list">;

/** Image resizing (the Cloudflare Images binding, IMAGES; locally Miniflare's, with no internet). */
export type ImageService = Pick<ImagesBinding, "input" | "info">;

/** The outside services, each made on first use (a request that sends no email builds no email service). */
export type AppServices = {
  /** Stripe (a key is set) or the local payments sandbox; production without a key refuses payments. */
  payments: PaymentsService;
  /** The AI coach's OpenAI-compatible model, or the labelled offline coach. */
  model: ModelService;
  /** The email outbox: record a message, queue its delivery, deliver it. */
  email: EmailService;
  /** The JOBS queue's producer. */
  jobs: Queue;
  /** Where "now" comes from: domain code never reads the system time itself. */
  clock: Clock;
  /** Outgoing HTTP for outside services without an SDK of their own (the email provider, GA4, Meta, Google Ads). */
  fetch: typeof fetch;
  /** Uploaded files (R2, the UPLOADS bucket). */
  storage: StorageService;
  /** Resizes uploaded images into their responsive sizes. */
  images: ImageService;
};

export type AppContext = {
  /** The raw bindings and the waitUntil of whatever is running (request, job batch, cron run, Durable Object). */
  cloudflare: { env: Env; ctx: BackgroundWork };
  /** Settings and secrets, parsed and validated (see platform/env.server.ts). */
  env: AppEnv;
  db: Db;
  auth: AuthConfig;
  /** The page's CSP nonce; empty outside a page request. */
  cspNonce: string;
  /** The origin of PUBLIC_SITE_URL: canonical links, sitemaps, feeds and emailed links name it. */
  siteOrigin: string;
  /** The signed-in user of this request, or null (always null without a request); one KV read and one D1 query, then remembered. */
  viewer: () => Promise<Viewer | null>;
  /** Forget the remembered viewer after this request changed its own session. */
  forgetViewer: () => void;
  services: AppServices;
  /** What this isolate keeps between requests, on purpose (decision record 012). */
  isolate: IsolateState;
};

/** The name older modules use for the same context; prefer AppContext. */
export type RequestContext = AppContext;

declare module "@remix-run/cloudflare" {
  interface AppLoadContext extends AppContext {}
}
