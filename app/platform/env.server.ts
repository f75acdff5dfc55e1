import { z } from "zod";

// Secrets and settings are validated once per request from the bindings Cloudflare passes in;
// nothing here is read at module scope.
const EnvSchema = z.object({
  APP_ENV: z.enum(["development", "test", "production"]).default("development"),
  PUBLIC_SITE_URL: z.url().default("http://localhost:8787"),
  SESSION_SECRET: z.string().min(32).optional(),
  EMAIL_API_KEY: z.string().min(1).optional(),
  EMAIL_FROM: z.string().min(3).default("ClarityAI Coaching <hello@clarityai.com.au>"),
  TEAM_INBOX: z.email().default("team@clarityai.com.au"),
});

export type AppEnv = z.infer<typeof EnvSchema> & { SESSION_SECRET: string };

const LOCAL_SESSION_SECRET = "local-development-secret-never-used-in-production";

export function readEnv(env: Env): AppEnv {
  // An empty value (e.g. "SESSION_SECRET=" copied from .dev.vars.example) means "not set".
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
  const parsed = EnvSchema.parse(present);
  if (!parsed.SESSION_SECRET && parsed.APP_ENV === "production") {
    throw new Error("SESSION_SECRET must be set in production (wrangler secret put SESSION_SECRET)");
  }
  return { ...parsed, SESSION_SECRET: parsed.SESSION_SECRET ?? LOCAL_SESSION_SECRET };
}
