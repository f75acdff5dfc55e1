import { z } from "zod";
import type { AppEnv } from "~/platform/env.server";

// Auth settings come from env with GoTrue's defaults; nothing is read at module scope.
const AuthEnvSchema = z.object({
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
});

export type AuthConfig = {
  issuer: string;
  audience: "authenticated";
  siteUrl: string;
  accessTokenTtl: number;
  /** Seconds in which an already-used refresh token still returns the current one (GoTrue: 10). */
  refreshReuseInterval: number;
  otpTtl: number;
  emailAutoconfirm: boolean;
  privateKey?: string;
  production: boolean;
  oidc: { provider: string; issuer: string; clientId: string; clientSecret?: string; jwksUrl: string; authorizationUrl?: string; tokenUrl?: string } | null;
};

export function authConfig(env: Env, appEnv: AppEnv): AuthConfig {
  const parsed = AuthEnvSchema.parse(Object.fromEntries(Object.entries(env).filter(([, value]) => value !== "")));
  const siteUrl = appEnv.PUBLIC_SITE_URL.replace(/\/+$/, "");
  if (appEnv.APP_ENV === "production" && !parsed.AUTH_JWT_PRIVATE_KEY) {
    throw new Error("AUTH_JWT_PRIVATE_KEY must be set in production (wrangler secret put AUTH_JWT_PRIVATE_KEY)");
  }
  return {
    issuer: `${siteUrl}/auth/v1`,
    audience: "authenticated",
    siteUrl,
    accessTokenTtl: parsed.AUTH_ACCESS_TOKEN_TTL,
    refreshReuseInterval: 10,
    otpTtl: 3600,
    emailAutoconfirm: parsed.AUTH_EMAIL_AUTOCONFIRM === "true",
    privateKey: parsed.AUTH_JWT_PRIVATE_KEY,
    production: appEnv.APP_ENV === "production",
    oidc:
      parsed.AUTH_OIDC_ISSUER && parsed.AUTH_OIDC_CLIENT_ID && parsed.AUTH_OIDC_JWKS_URL
        ? {
            provider: parsed.AUTH_OIDC_PROVIDER,
            issuer: parsed.AUTH_OIDC_ISSUER,
            clientId: parsed.AUTH_OIDC_CLIENT_ID,
            clientSecret: parsed.AUTH_OIDC_CLIENT_SECRET,
            jwksUrl: parsed.AUTH_OIDC_JWKS_URL,
            authorizationUrl: parsed.AUTH_OIDC_AUTHORIZATION_URL,
            tokenUrl: parsed.AUTH_OIDC_TOKEN_URL,
          }
        : null,
  };
}
