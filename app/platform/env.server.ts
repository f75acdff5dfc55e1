import * as z from "zod";

// Settings and secrets are parsed and validated once per request (in the Worker entry, see
// app/context.server.ts) from the bindings Cloudflare passes in; nothing here is read at module scope.
const EnvSchema = z.object({
  APP_ENV: z.enum(["development", "test", "production"]).default("development"),
  PUBLIC_SITE_URL: z.url().default("http://localhost:8787"),
  SESSION_SECRET: z.string().min(32).optional(),
  // Email (app/email/provider.server.ts). Without a key, email stays in the email_outbox table for
  // admins to read. EMAIL_PROVIDER is the API the key is for; EMAIL_API_URL points it at a
  // compatible server (the fake in tests/fakes/); leave it unset for the provider itself.
  EMAIL_API_KEY: z.string().min(1).optional(),
  EMAIL_PROVIDER: z.enum(["resend", "postmark", "sendgrid"]).default("resend"),
  EMAIL_API_URL: z.url().optional(),
  EMAIL_FROM: z.string().min(3).default("ClarityAI Coaching <hello@clarityai.com.au>"),
  TEAM_INBOX: z.email().default("team@clarityai.com.au"),
  AUTH_JWT_PRIVATE_KEY: z.string().min(1).optional(),
  // The auth API's service-role key (a long random secret, like Supabase's secret key): a Bearer token
  // equal to it may call the admin-only endpoints (POST /auth/v1/invite). Without it, only a
  // signed-in admin's access token can.
  AUTH_SERVICE_ROLE_KEY: z.string().min(32).optional(),
  AUTH_ACCESS_TOKEN_TTL: z.coerce.number().int().min(60).max(86_400).default(3600),
  // GoTrue's default: new accounts confirm their email first (and sign-up reveals nothing about
  // which addresses already have accounts).
  AUTH_EMAIL_AUTOCONFIRM: z.enum(["true", "false"]).default("false"),
  AUTH_OIDC_ISSUER: z.url().optional(),
  AUTH_OIDC_CLIENT_ID: z.string().min(1).optional(),
  AUTH_OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  AUTH_OIDC_JWKS_URL: z.url().optional(),
  AUTH_OIDC_AUTHORIZATION_URL: z.url().optional(),
  AUTH_OIDC_TOKEN_URL: z.url().optional(),
  AUTH_OIDC_PROVIDER: z.string().min(1).default("oidc"),
  // Cloudflare Turnstile: with both keys set, sign-in asks for a captcha after repeated failures.
  TURNSTILE_SITE_KEY: z.string().min(1).optional(),
  TURNSTILE_SECRET_KEY: z.string().min(1).optional(),
  TURNSTILE_VERIFY_URL: z.url().default("https://challenges.cloudflare.com/turnstile/v0/siteverify"),
  // Stripe (app/billing/stripe.server.ts). Without a secret key, payments run through the local
  // payments sandbox, which production refuses. STRIPE_API_URL points the SDK at a Stripe-compatible
  // server (the fake in tests/fakes/); leave it unset for Stripe itself.
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_API_URL: z.url().optional(),
  STRIPE_PRICE_LITE_MONTHLY: z.string().min(1).optional(),
  STRIPE_PRICE_LITE_ANNUAL: z.string().min(1).optional(),
  STRIPE_PRICE_PRO_MONTHLY: z.string().min(1).optional(),
  STRIPE_PRICE_PRO_ANNUAL: z.string().min(1).optional(),
  // ClarityAI plans (app/billing/plans.ts): whole AUD including GST; an annual plan costs this many months.
  CLARITYAI_LITE_MONTHLY_AUD: z.coerce.number().int().min(1).max(10_000).default(49),
  CLARITYAI_PRO_MONTHLY_AUD: z.coerce.number().int().min(1).max(10_000).default(149),
  CLARITYAI_ANNUAL_MONTHS: z.coerce.number().int().min(1).max(12).default(10),
  // Usage limits: messages a day (Australian Eastern time) per tier, expert escalations a month on Pro.
  CLARITYAI_DAILY_MESSAGES_LITE: z.coerce.number().int().min(1).max(100_000).default(40),
  CLARITYAI_DAILY_MESSAGES_PRO: z.coerce.number().int().min(1).max(100_000).default(200),
  CLARITYAI_MONTHLY_ESCALATIONS_PRO: z.coerce.number().int().min(0).max(1_000).default(5),
  // Days a subscription whose renewal failed (past_due) keeps access before it ends.
  BILLING_GRACE_DAYS: z.coerce.number().int().min(0).max(60).default(7),
  // The AI coach's model (app/ai-coach/model.server.ts): any OpenAI-compatible chat completions API.
  // Without a key (or when the provider fails or times out) the labelled offline coach answers.
  OPENAI_API_KEY: z.string().min(1).optional(),
  OPENAI_BASE_URL: z.url().optional(),
  OPENAI_MODEL: z.string().min(1).default("gpt-4o-mini"),
  OPENAI_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(120_000).default(30_000),
  // Conversion forwarding (app/attribution/forwarding.server.ts), each destination optional and on
  // only when all its settings are present; without any, conversions are kept first-party only.
  // The *_URL settings point a destination at a compatible server (the fake in tests/fakes/).
  // Google Analytics 4 Measurement Protocol: the web stream's measurement id and an API secret.
  GA4_MEASUREMENT_ID: z.string().min(1).optional(),
  GA4_API_SECRET: z.string().min(1).optional(),
  GA4_API_URL: z.url().default("https://www.google-analytics.com"),
  // Google Ads enhanced conversions (uploadClickConversions): the Ads account (digits, dashes
  // allowed), the conversion action's id, a developer token and an OAuth client with a refresh token;
  // GOOGLE_ADS_LOGIN_CUSTOMER_ID is the manager account when access goes through one.
  GOOGLE_ADS_CUSTOMER_ID: z.string().min(1).optional(),
  GOOGLE_ADS_CONVERSION_ACTION_ID: z.string().min(1).optional(),
  GOOGLE_ADS_DEVELOPER_TOKEN: z.string().min(1).optional(),
  GOOGLE_ADS_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_ADS_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ADS_REFRESH_TOKEN: z.string().min(1).optional(),
  GOOGLE_ADS_LOGIN_CUSTOMER_ID: z.string().min(1).optional(),
  GOOGLE_ADS_API_URL: z.url().default("https://googleads.googleapis.com"),
  // Google retires each Google Ads API version about a year after its release: move this forward then.
  GOOGLE_ADS_API_VERSION: z
    .string()
    .regex(/^v\d+$/, "like v23")
    .default("v23"),
  GOOGLE_OAUTH_TOKEN_URL: z.url().default("https://oauth2.googleapis.com/token"),
  // Meta Conversions API: the pixel (dataset) id and a system user's access token;
  // META_TEST_EVENT_CODE sends events to Events Manager's Test events tab instead.
  META_PIXEL_ID: z.string().min(1).optional(),
  META_ACCESS_TOKEN: z.string().min(1).optional(),
  META_TEST_EVENT_CODE: z.string().min(1).optional(),
  META_GRAPH_API_URL: z.url().default("https://graph.facebook.com"),
  // Video meetings (app/meetings/): a meeting's room opens this many minutes before its start and
  // closes this many minutes after its end.
  MEETING_OPENS_BEFORE_MINUTES: z.coerce.number().int().min(0).max(240).default(10),
  MEETING_CLOSES_AFTER_MINUTES: z.coerce.number().int().min(0).max(720).default(30),
  // Meeting recordings (app/meetings/recordings.server.ts) are deleted this many days after they were made.
  RECORDING_RETENTION_DAYS: z.coerce.number().int().min(1).max(3_650).default(90),
  // Booking (app/booking/earliest-start.ts): no time is offered or booked that starts before this
  // local time in the visitor's own time zone, whichever coach it is with ("00:00" for none), so a
  // Perth visitor is never offered a 6 am start that suits an east-coast coach.
  BOOKING_EARLIEST_START: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "a 24-hour time like 07:00")
    .default("07:00"),
  // ICE servers for the call (app/meetings/ice-servers.server.ts), the first that is set: a Cloudflare
  // Realtime TURN key (its id and API token; credentials are minted per participant and the token
  // never reaches a browser), or ICE_SERVERS, a JSON list of RTCIceServer entries; with neither,
  // browsers connect on one network only. TURN_API_URL points the minting at a compatible server
  // (the fake in tests/fakes/); leave it unset for Cloudflare itself.
  TURN_KEY_ID: z.string().min(1).optional(),
  TURN_KEY_API_TOKEN: z.string().min(1).optional(),
  TURN_API_URL: z.url().default("https://rtc.live.cloudflare.com"),
  ICE_SERVERS: z.string().min(1).optional(),
});

export type AppEnv = z.infer<typeof EnvSchema> & { SESSION_SECRET: string };

/** Secrets without a safe local default: a production request without one is refused. */
const REQUIRED_IN_PRODUCTION = ["SESSION_SECRET", "AUTH_JWT_PRIVATE_KEY"] as const;

const LOCAL_SESSION_SECRET = "local-development-secret-never-used-in-production";

/** The configuration is unusable: the message names what is wrong, never a secret's value. */
export class EnvError extends Error {
  override name = "EnvError";
}

export function readEnv(env: Env): AppEnv {
  // An empty value (e.g. "SESSION_SECRET=" copied from .dev.vars.example) means "not set".
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    throw new EnvError(`invalid settings: ${parsed.error.issues.map((issue) => `${issue.path.join(".")} (${issue.message})`).join(", ")}`);
  }
  if (parsed.data.APP_ENV === "production") {
    const missing = REQUIRED_IN_PRODUCTION.filter((name) => !parsed.data[name]);
    if (missing.length) {
      throw new EnvError(`missing secrets in production: ${missing.join(", ")} (set each with wrangler secret put NAME)`);
    }
  }
  return { ...parsed.data, SESSION_SECRET: parsed.data.SESSION_SECRET ?? LOCAL_SESSION_SECRET };
}
