import { jwtVerify, SignJWT, createLocalJWKSet, type JWTPayload } from "jose";
import type { AuthConfig } from "./config.server";
import type { SigningKey } from "./keys.server";

export type AmrEntry = { method: string; timestamp: number };

export type AccessTokenClaims = JWTPayload & {
  sub: string;
  email: string;
  phone: string;
  role: "authenticated";
  aal: "aal1" | "aal2";
  amr: AmrEntry[];
  session_id: string;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  is_anonymous: boolean;
};

export async function signAccessToken(
  key: SigningKey,
  config: AuthConfig,
  claims: Omit<AccessTokenClaims, "iss" | "aud" | "exp" | "iat" | "role">,
  now = Math.floor(Date.now() / 1000),
): Promise<{ token: string; expiresAt: number }> {
  const expiresAt = now + config.accessTokenTtl;
  const token = await new SignJWT({ ...claims, role: "authenticated" })
    .setProtectedHeader({ alg: "ES256", kid: key.kid, typ: "JWT" })
    .setIssuer(config.issuer)
    .setAudience(config.audience)
    .setSubject(String(claims.sub))
    .setIssuedAt(now)
    .setExpirationTime(expiresAt)
    .sign(key.privateKey);
  return { token, expiresAt };
}

/** Claims an access token must carry: without `exp` a token (however it came to be signed) would never expire. */
const REQUIRED_CLAIMS = ["exp", "sub", "session_id"];

/** Verifies an access token: ES256 only, our issuer and audience, with an expiry that has not passed. */
export async function verifyAccessToken(token: string, key: SigningKey, config: AuthConfig): Promise<AccessTokenClaims> {
  const jwks = createLocalJWKSet({ keys: [key.publicJwk] });
  const { payload } = await jwtVerify(token, jwks, {
    algorithms: ["ES256"],
    issuer: config.issuer,
    audience: config.audience,
    requiredClaims: REQUIRED_CLAIMS,
  });
  return payload as AccessTokenClaims;
}
