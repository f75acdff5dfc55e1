import { exportJWK, generateKeyPair, importJWK, type JWK, type CryptoKey } from "jose";
import type { Db } from "~/db/client.server";
import { signingKeys } from "~/db/schema";
import type { AuthConfig } from "./config.server";

export type SigningKey = { kid: string; privateKey: CryptoKey; publicJwk: JWK };

function publicPart(jwk: JWK): JWK {
  const { kty, crv, x, y, kid } = jwk;
  return { kty, crv, x, y, kid, alg: "ES256", use: "sig", key_ops: ["verify"] };
}

async function fromPrivateJwk(privateJwk: JWK): Promise<SigningKey> {
  if (!privateJwk.kid) throw new Error("The signing key needs a kid");
  const privateKey = (await importJWK({ ...privateJwk, alg: "ES256" }, "ES256")) as CryptoKey;
  return { kid: privateJwk.kid, privateKey, publicJwk: publicPart(privateJwk) };
}

/**
 * The ES256 key that signs access tokens. In production it comes from AUTH_JWT_PRIVATE_KEY (a private
 * JWK with a kid). Locally, without it, the service creates one key and keeps it in D1, so tokens
 * stay valid across restarts and requests.
 */
export async function signingKey(db: Db, config: AuthConfig): Promise<SigningKey> {
  if (config.privateKey) return fromPrivateJwk(JSON.parse(config.privateKey) as JWK);
  const existing = await db.query.signingKeys.findFirst({ orderBy: (k, { asc }) => [asc(k.createdAt)] });
  if (existing) return fromPrivateJwk(JSON.parse(existing.privateJwk) as JWK);

  const { privateKey } = await generateKeyPair("ES256", { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: crypto.randomUUID() };
  await db
    .insert(signingKeys)
    .values({ kid: jwk.kid, privateJwk: JSON.stringify(jwk), publicJwk: JSON.stringify(publicPart(jwk)) })
    .onConflictDoNothing();
  // Two first requests may race: whichever key landed first is the one everybody uses.
  const winner = await db.query.signingKeys.findFirst({ orderBy: (k, { asc }) => [asc(k.createdAt), asc(k.kid)] });
  return fromPrivateJwk(JSON.parse(winner!.privateJwk) as JWK);
}
