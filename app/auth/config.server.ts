import type { AppEnv } from "~/platform/env.server";

// Auth settings come from the parsed env (GoTrue's defaults live in its schema).

/** Seconds in which an already-used refresh token is still accepted (GoTrue's default). */
export const REFRESH_REUSE_INTERVAL_SECONDS = 10;
/** Seconds an emailed or texted one-time code or link stays valid. */
export const OTP_TTL_SECONDS = 3600;
/**
 * Seconds an invitation's link stays valid: an invited person may not read their email within
 * the hour, so an invitation lasts a week (still used once, and replaced by a new invitation).
 */
export const INVITE_TTL_SECONDS = 7 * 24 * 3600;

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

export function authConfig(appEnv: AppEnv): AuthConfig {
  const siteUrl = appEnv.PUBLIC_SITE_URL.replace(/\/+$/, "");
  return {
    issuer: `${siteUrl}/auth/v1`,
    audience: "authenticated",
    siteUrl,
    accessTokenTtl: appEnv.AUTH_ACCESS_TOKEN_TTL,
    refreshReuseInterval: REFRESH_REUSE_INTERVAL_SECONDS,
    otpTtl: OTP_TTL_SECONDS,
    emailAutoconfirm: appEnv.AUTH_EMAIL_AUTOCONFIRM === "true",
    privateKey: appEnv.AUTH_JWT_PRIVATE_KEY,
    production: appEnv.APP_ENV === "production",
    oidc:
      appEnv.AUTH_OIDC_ISSUER && appEnv.AUTH_OIDC_CLIENT_ID && appEnv.AUTH_OIDC_JWKS_URL
        ? {
            provider: appEnv.AUTH_OIDC_PROVIDER,
            issuer: appEnv.AUTH_OIDC_ISSUER,
            clientId: appEnv.AUTH_OIDC_CLIENT_ID,
            clientSecret: appEnv.AUTH_OIDC_CLIENT_SECRET,
            jwksUrl: appEnv.AUTH_OIDC_JWKS_URL,
            authorizationUrl: appEnv.AUTH_OIDC_AUTHORIZATION_URL,
            tokenUrl: appEnv.AUTH_OIDC_TOKEN_URL,
          }
        : null,
  };
}
