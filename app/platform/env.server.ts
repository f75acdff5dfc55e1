import { z } from "zod";

// Settings and secrets are parsed and validated once per request (in the Worker entry, see
// app/context.server.ts) from the bindings Cloudflare passes in; nothing here is read at module scope.
const EnvSchema = z.object({
  APP_ENV: z.enum(["development", "test", "production"]).default("development"),
  PUBLIC_SITE_URL: z.url().default("http://localhost:8787"),
  SESSION_SECRET: z.string().min(32).optional(),
  EMAIL_API_KEY: z.string().min(1).optional(),
  EMAIL_FROM: z.string().min(3).default("ClarityAI Coaching <hello@clarityai.com.au>"),
  TEAM_INBOX: z.email().default("team@clarityai.com.au"),
  AUTH_JWT_PRIVATE_KEY: z.string().min(1).optional(),
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
