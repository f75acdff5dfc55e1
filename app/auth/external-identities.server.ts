import { and, eq, ne } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { createRemoteJWKSet, decodeJwt, jwtVerify, type JWTPayload } from "jose";
import { identities, profiles, users } from "~/db/schema";
import type { AuthConfig } from "./config.server";
import type { AuthContext } from "./context.server";
import { AuthApiError, badRequest, forbidden, unprocessable } from "./errors.server";
import { AUTH_LIMITS, limit } from "./limits.server";
import { audit } from "./audit.server";
import { queueEmail } from "./emails.server";
import { composeEmail } from "~/email/compose.server";
import { accountConfirmationEmail } from "~/email/templates/account-confirmation";
import { issueOneTimeToken } from "./one-time-tokens.server";
import { authenticate, issueSession, type SessionResponse } from "./token-sessions.server";
import { findUserByEmail, findUserById, newAccountRoles, normaliseEmail, userMetadata, type UserRow } from "./users.server";
import { isEmail } from "./validation";
import { base64url } from "~/utils/base64url";
import { isUniqueViolation } from "~/db/errors.server";
import { sha256Hex } from "~/utils/hex";

export type OidcConfig = NonNullable<AuthConfig["oidc"]>;

/** GoTrue's amr method for every external-provider sign-in (id_token grant and /callback). */
export const EXTERNAL_SIGN_IN_METHOD = "oauth";

/**
 * GoTrue answers id_token problems with an OAuth error, `{error, error_description}` (always 400).
 * Ours carries those two fields as well as the usual code and message, so clients reading either
 * shape get the same answer.
 */
export function oauthError(error: string, description: string) {
  return new AuthApiError(400, error.replace(/\s+/g, "_"), description, { error, error_description: description });
}

// GoTrue's built-in id_token providers and the issuers it pins for them: naming one of these when
// it is not the configured provider is "not enabled", naming anything else "not allowed".
const BUILT_IN_ID_TOKEN_PROVIDERS: Record<string, string> = {
  apple: "https://appleid.apple.com",
  google: "https://accounts.google.com",
  azure: "",
  facebook: "https://www.facebook.com",
  keycloak: "",
  kakao: "https://kauth.kakao.com",
  vercel_marketplace: "https://marketplace.vercel.com",
  snapchat: "https://accounts.snapchat.com/accounts/oauth2/token",
};

/**
 * The provider name AUTH_OIDC_PROVIDER defaults to. Unconfigured, it is this deployment's own
 * provider switched off, so it gets GoTrue's "not enabled" answer rather than "not allowed".
 */
export const DEFAULT_OIDC_PROVIDER = "oidc";

function unverifiedIssuer(idToken: string): string {
  try {
    const iss = decodeJwt(idToken).iss;
    return typeof iss === "string" ? iss : "";
  } catch {
    return "";
  }
}

/** The configured OpenID Connect provider the request names, or GoTrue's error for one that is not enabled. */
export function resolveIdTokenProvider(
  ctx: Pick<AuthContext, "config">,
  provider: string | undefined,
  issuer: string | undefined,
  idToken: string,
): OidcConfig {
  const oidc = ctx.config.oidc;
  if (oidc && (provider ? provider === oidc.provider : issuer === oidc.issuer)) return oidc;
  const builtIn = provider
    ? Object.hasOwn(BUILT_IN_ID_TOKEN_PROVIDERS, provider)
      ? provider
      : undefined
    : Object.entries(BUILT_IN_ID_TOKEN_PROVIDERS).find(([, known]) => known !== "" && known === issuer)?.[0];
  if (builtIn || provider === DEFAULT_OIDC_PROVIDER) {
    const pinned = builtIn === "azure" ? unverifiedIssuer(idToken) : builtIn ? BUILT_IN_ID_TOKEN_PROVIDERS[builtIn] : "";
    throw badRequest("provider_disabled", `Provider (issuer ${JSON.stringify(pinned)}) is not enabled`);
  }
  if (provider?.startsWith("custom:")) throw badRequest("validation_failed", "Custom OAuth providers are disabled");
  throw badRequest("validation_failed", `Custom OIDC provider ${JSON.stringify(provider ?? "")} not allowed`);
}

// One remote key set per JWKS URL for the isolate's lifetime (not per request): jose caches the
// provider's keys and refetches them when a token names an unknown kid, i.e. after key rotation.
const providerKeySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

function providerKeys(jwksUrl: string) {
  let keys = providerKeySets.get(jwksUrl);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration: 5000, cooldownDuration: 30_000, cacheMaxAge: 10 * 60_000 });
    providerKeySets.set(jwksUrl, keys);
  }
  return keys;
}

/** OIDC Core §3.1.3.6 at_hash for RS256/ES256: the left half of SHA-256 of the access token. */
async function accessTokenHash(accessToken: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(accessToken)));
  return base64url(digest.slice(0, digest.length / 2));
}

/** What the provider vouches for: the subject, the email and whether it verified it, and GoTrue's identity_data. */
export type ExternalUserData = { sub: string; email: string | null; emailVerified: boolean; identityData: Record<string, unknown> };

// OIDC standard claims GoTrue copies into identity_data (and user_metadata); anything else the
// provider sends is left out.
const PROFILE_CLAIMS = [
  "iss",
  "sub",
  "name",
  "family_name",
  "given_name",
  "middle_name",
  "nickname",
  "preferred_username",
  "profile",
  "picture",
  "website",
  "gender",
  "birthdate",
  "zoneinfo",
  "locale",
  "email",
  "phone",
] as const;

function externalUserData(payload: JWTPayload): ExternalUserData {
  const identityData: Record<string, unknown> = {};
  for (const claim of PROFILE_CLAIMS) {
    const value = payload[claim];
    if (typeof value === "string" && value !== "") identityData[claim] = value.slice(0, 512);
  }
  const rawEmail = typeof payload.email === "string" ? payload.email.trim() : "";
  const email = rawEmail && isEmail(rawEmail) ? normaliseEmail(rawEmail) : null;
  // Some providers send the flag as a string; only an explicit true counts.
  const emailVerified = email !== null && (payload.email_verified === true || payload.email_verified === "true");
  identityData.email_verified = emailVerified;
  identityData.phone_verified = payload.phone_verified === true || payload.phone_verified === "true";
  return { sub: String(payload.sub), email, emailVerified, identityData };
}

/**
 * Verifies a provider's ID token as GoTrue does: signature against the provider's JWKS with the
 * algorithm pinned (RS256 or ES256), the issuer, expiry, the at_hash when an access token came
 * with it, a subject, and our client id among the audiences. Any failure is a 400.
 */
export async function verifyProviderIdToken(oidc: OidcConfig, idToken: string, accessToken?: string): Promise<{ payload: JWTPayload; data: ExternalUserData }> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, providerKeys(oidc.jwksUrl), { algorithms: ["RS256", "ES256"], issuer: oidc.issuer, requiredClaims: ["exp"] }));
  } catch {
    throw oauthError("invalid request", "Bad ID token");
  }
  if (accessToken && typeof payload.at_hash === "string" && payload.at_hash !== (await accessTokenHash(accessToken))) {
    throw oauthError("invalid request", "Bad ID token");
  }
  if (typeof payload.sub !== "string" || payload.sub === "") throw oauthError("invalid request", "Missing sub claim in id_token");
  const audiences = Array.isArray(payload.aud) ? payload.aud : typeof payload.aud === "string" ? [payload.aud] : [];
  if (!audiences.includes(oidc.clientId)) throw oauthError("invalid request", `Unacceptable audience in id_token: [${audiences.join(" ")}]`);
  return { payload, data: externalUserData(payload) };
}

/**
 * GoTrue's nonce rule for the id_token grant: the token and the request both carry a nonce or
 * neither does, and the token's is the SHA-256 (hex) of the request's — the client hashed the raw
 * nonce into the provider's sign-in, so a replayed token without the raw nonce is useless.
 */
export async function checkIdTokenNonce(payload: JWTPayload, nonce: string | undefined) {
  const tokenNonce = typeof payload.nonce === "string" ? payload.nonce : "";
  const requestNonce = nonce ?? "";
  if ((tokenNonce !== "") !== (requestNonce !== "")) {
    throw oauthError("invalid request", "Passed nonce and nonce in id_token should either both exist or not.");
  }
  if (tokenNonce && (await sha256Hex(requestNonce)) !== tokenNonce) throw oauthError("invalid nonce", "Nonces mismatch");
}

function assertNotBanned(user: UserRow) {
  if (user.bannedUntil && Date.parse(user.bannedUntil) > Date.now()) throw forbidden("user_banned", "User is banned");
}

function mergedMetadata(user: UserRow, identityData: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const merged = { ...userMetadata(user), ...identityData, ...extra };
  // Keep user_metadata bounded (signup allows 8 KiB); a provider's claims must not bloat every token.
  return JSON.stringify(merged).length <= 8 * 1024 ? JSON.stringify(merged) : user.userMetadata;
}

type Batch = [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]];

/** Sends the sign-up confirmation (code and link) for an account a provider created with an unverified email. */
async function sendConfirmation(ctx: AuthContext, user: UserRow, email: string) {
  // At most one a minute (GoTrue's email frequency), however often the provider sign-in is retried.
  if (user.confirmationSentAt && Date.now() - Date.parse(user.confirmationSentAt) < 60_000) return;
  const { code, tokenHash } = await issueOneTimeToken(ctx, user.id, "confirmation", email);
  await ctx.db.update(users).set({ confirmationSentAt: new Date().toISOString() }).where(eq(users.id, user.id));
  const link = `${ctx.config.issuer}/verify?token=${tokenHash}&type=signup&redirect_to=${encodeURIComponent(ctx.appEnv.PUBLIC_SITE_URL + "/auth")}`;
  await queueEmail(
    ctx,
    await composeEmail(ctx.appEnv, accountConfirmationEmail, { code, link }, { to: email, dedupeKey: `confirmation:${user.id}:${tokenHash.slice(0, 16)}` }),
  );
}

const needsVerification = (providerType: string, sent: boolean) =>
  unprocessable(
    "provider_email_needs_verification",
    sent
      ? `Unverified email with ${providerType}. A confirmation email has been sent to your ${providerType} email`
      : `Unverified email with ${providerType}. Verify the email with ${providerType} in order to sign in`,
  );

/**
 * The existing account a new identity with this (provider-verified) email joins: GoTrue's automatic
 * linking — the user with that email, or the one user whose identities carry it.
 */
async function linkingTarget(ctx: AuthContext, email: string): Promise<UserRow | null> {
  const byEmail = await findUserByEmail(ctx.db, email);
  if (byEmail) return byEmail;
  const owners = [
    ...new Set((await ctx.db.select({ userId: identities.userId }).from(identities).where(eq(identities.email, email))).map((row) => row.userId)),
  ];
  if (owners.length > 1)
    throw new AuthApiError(500, "unexpected_failure", "Multiple accounts with the same email address in the same linking domain detected: default");
  return owners[0] ? ((await findUserById(ctx.db, owners[0])) ?? null) : null;
}

/**
 * Signs in with an identity a provider vouched for (GoTrue's createAccountFromExternalIdentity):
 * the account that already has the identity; else the account with the same email when the
 * provider verified it (the identity is linked to it); else a new account. An account still
 * waiting for email confirmation is taken over by the verified identity: its password and other
 * identities are dropped, so whoever signed up with someone else's address loses that foothold.
 * Unverified email → 422 and a confirmation email, as GoTrue.
 */
export async function signInWithExternalIdentity(ctx: AuthContext, providerType: string, data: ExternalUserData, retried = false): Promise<UserRow> {
  const now = new Date().toISOString();
  const autoconfirm = ctx.config.emailAutoconfirm;
  const identityEmail = data.email;
  const writes: BatchItem<"sqlite">[] = [];
  let user: UserRow;
  let identityId: string;
  let event: "exists" | "linked" | "created";

  const existing = await ctx.db.query.identities.findFirst({ where: and(eq(identities.provider, providerType), eq(identities.providerId, data.sub)) });
  const target = existing ? undefined : data.email && (data.emailVerified || autoconfirm) ? await linkingTarget(ctx, data.email) : null;

  try {
    if (existing) {
      const owner = await findUserById(ctx.db, existing.userId);
      if (!owner) throw new AuthApiError(500, "unexpected_failure", "Identity without a user");
      user = owner;
      identityId = existing.id;
      event = "exists";
      assertNotBanned(user);
      writes.push(
        ctx.db
          .update(identities)
          .set({ identityData: JSON.stringify(data.identityData), email: identityEmail, lastSignInAt: now, updatedAt: now })
          .where(eq(identities.id, existing.id)),
      );
    } else if (target) {
      user = target;
      identityId = crypto.randomUUID();
      event = "linked";
      assertNotBanned(user);
      writes.push(
        ctx.db.insert(identities).values({
          id: identityId,
          userId: user.id,
          provider: providerType,
          providerId: data.sub,
          identityData: JSON.stringify(data.identityData),
          email: identityEmail,
          lastSignInAt: now,
        }),
      );
    } else {
      // A new account. An unverified email another account already uses is not taken over: the
      // account is created without it (GoTrue), which can only be confirmed by verifying elsewhere.
      const emailFree = data.email ? !(await findUserByEmail(ctx.db, data.email)) : false;
      const email = emailFree ? data.email : null;
      const confirm = (email !== null && data.emailVerified) || autoconfirm;
      // Nothing could ever confirm an account with no email: refuse before writing anything.
      if (!confirm && !email) throw needsVerification(providerType, false);
      const id = crypto.randomUUID();
      identityId = crypto.randomUUID();
      const metadata = confirm ? { ...data.identityData, email_verified: true } : data.identityData;
      await ctx.db.batch([
        ctx.db.insert(users).values({
          id,
          email,
          emailConfirmedAt: confirm ? now : null,
          userMetadata: JSON.stringify(metadata).length <= 8 * 1024 ? JSON.stringify(metadata) : "{}",
          appMetadata: JSON.stringify({ provider: providerType, providers: [providerType] }),
          lastSignInAt: null,
          createdAt: now,
          updatedAt: now,
        }),
        ctx.db.insert(identities).values({
          id: identityId,
          userId: id,
          provider: providerType,
          providerId: data.sub,
          identityData: JSON.stringify(data.identityData),
          email: identityEmail,
          lastSignInAt: now,
        }),
        newAccountRoles(ctx.db, id),
        ctx.db.insert(profiles).values({
          userId: id,
          firstName: typeof data.identityData.given_name === "string" ? data.identityData.given_name.slice(0, 100) : null,
          lastName: typeof data.identityData.family_name === "string" ? data.identityData.family_name.slice(0, 100) : null,
        }),
      ]);
      await audit(ctx.db, { action: "user_signedup", actorId: id, ipHash: ctx.ipHash, detail: { provider: providerType } });
      const created = await findUserById(ctx.db, id);
      if (!created) throw new AuthApiError(500, "unexpected_failure", "User vanished after insert");
      if (!confirm) {
        await sendConfirmation(ctx, created, email!);
        throw needsVerification(providerType, true);
      }
      return created;
    }

    let confirmNow = false;
    let metadataJson: string;
    if (!user.emailConfirmedAt) {
      // An unconfirmed account proved nothing about its email: the identity being used now replaces
      // everything else on it (GoTrue's RemoveUnconfirmedIdentities).
      // Linking only happens on a verified email; an existing identity confirms only the email it vouches for.
      confirmNow = autoconfirm || (data.emailVerified && (event === "linked" || (data.email !== null && data.email === user.email)));
      writes.push(ctx.db.delete(identities).where(and(eq(identities.userId, user.id), ne(identities.id, identityId))));
      const replaced = confirmNow ? { ...data.identityData, email_verified: true } : data.identityData;
      metadataJson = JSON.stringify(replaced).length <= 8 * 1024 ? JSON.stringify(replaced) : "{}";
      writes.push(
        ctx.db
          .update(users)
          .set({ passwordHash: null, userMetadata: metadataJson, emailConfirmedAt: confirmNow ? now : null, updatedAt: now })
          .where(eq(users.id, user.id)),
      );
    } else {
      metadataJson = mergedMetadata(user, data.identityData);
      writes.push(ctx.db.update(users).set({ userMetadata: metadataJson, updatedAt: now }).where(eq(users.id, user.id)));
    }
    await ctx.db.batch(writes as Batch);

    if (event === "linked") {
      await audit(ctx.db, {
        action: "user_modified",
        actorId: user.id,
        ipHash: ctx.ipHash,
        detail: { change: "identity_linked", provider: providerType, identity_id: identityId },
      });
    }
    if (confirmNow) await audit(ctx.db, { action: "user_signedup", actorId: user.id, ipHash: ctx.ipHash, detail: { provider: providerType } });
    const fresh = await findUserById(ctx.db, user.id);
    if (!fresh) throw new AuthApiError(500, "unexpected_failure", "User vanished after update");
    if (!fresh.emailConfirmedAt) {
      if (fresh.email) await sendConfirmation(ctx, fresh, fresh.email);
      throw needsVerification(providerType, Boolean(fresh.email));
    }
    return fresh;
  } catch (error) {
    // Two first sign-ins racing: the loser finds the winner's identity (or email) on a second look.
    if (!retried && isUniqueViolation(error)) return signInWithExternalIdentity(ctx, providerType, data, true);
    throw error;
  }
}

/**
 * Links an identity a provider vouched for to the signed-in user (GoTrue's linkIdentityToUser).
 * An identity already linked anywhere is a 422; a user without an email takes the provider's.
 */
export async function linkExternalIdentity(ctx: AuthContext, target: UserRow, providerType: string, data: ExternalUserData): Promise<UserRow> {
  const existing = await ctx.db.query.identities.findFirst({ where: and(eq(identities.provider, providerType), eq(identities.providerId, data.sub)) });
  if (existing) {
    throw unprocessable("identity_already_exists", existing.userId === target.id ? "Identity is already linked" : "Identity is already linked to another user");
  }
  const now = new Date().toISOString();
  const identityId = crypto.randomUUID();
  const writes: BatchItem<"sqlite">[] = [
    ctx.db.insert(identities).values({
      id: identityId,
      userId: target.id,
      provider: providerType,
      providerId: data.sub,
      identityData: JSON.stringify(data.identityData),
      email: data.email,
      lastSignInAt: now,
    }),
  ];
  let unverifiedEmail: string | null = null;
  if (!target.email && data.email) {
    if (await findUserByEmail(ctx.db, data.email)) throw badRequest("email_exists", "A user with this email address has already been registered");
    writes.push(
      ctx.db
        .update(users)
        .set({
          email: data.email,
          emailConfirmedAt: data.emailVerified ? now : target.emailConfirmedAt,
          userMetadata: mergedMetadata(target, {}, { email_verified: data.emailVerified }),
          updatedAt: now,
        })
        .where(eq(users.id, target.id)),
    );
    if (!data.emailVerified) unverifiedEmail = data.email;
  }
  try {
    await ctx.db.batch(writes as Batch);
  } catch (error) {
    if (isUniqueViolation(error)) throw unprocessable("identity_already_exists", "Identity is already linked to another user");
    throw error;
  }
  await audit(ctx.db, {
    action: "user_modified",
    actorId: target.id,
    ipHash: ctx.ipHash,
    detail: { change: "identity_linked", provider: providerType, identity_id: identityId },
  });
  const fresh = await findUserById(ctx.db, target.id);
  if (!fresh) throw new AuthApiError(500, "unexpected_failure", "User vanished after update");
  if (unverifiedEmail) {
    await sendConfirmation(ctx, fresh, unverifiedEmail);
    throw unprocessable("email_not_confirmed", `Unverified email with ${providerType}. A confirmation email has been sent to your ${providerType} email`);
  }
  return fresh;
}

export type IdTokenInput = {
  idToken?: string;
  provider?: string;
  accessToken?: string;
  nonce?: string;
  clientId?: string;
  issuer?: string;
  /** Link the identity to the user of the request's Bearer token rather than sign in with it. */
  linkIdentity?: boolean;
};

/**
 * Sign-in (or, with linkIdentity and a Bearer token, linking) with an ID token from the OpenID
 * Connect provider configured by AUTH_OIDC_* (POST /token?grant_type=id_token); GoTrue's errors
 * for any other provider.
 */
export async function signInWithIdToken(ctx: AuthContext, input: IdTokenInput): Promise<SessionResponse> {
  const { idToken, provider, accessToken, nonce, clientId, issuer } = input;
  if (!idToken) throw oauthError("invalid request", "id_token required");
  if (!provider && (!clientId || !issuer)) throw oauthError("invalid request", "provider or client_id and issuer required");

  let target: UserRow | null = null;
  if (input.linkIdentity === true) {
    if (!ctx.request.headers.get("Authorization")) throw oauthError("invalid request", "Linking requires a valid user access token in Authorization");
    target = (await authenticate(ctx, { strict: true })).user;
  }
  const oidc = resolveIdTokenProvider(ctx, provider, issuer, idToken);
  await limit(ctx, AUTH_LIMITS.signInPerSource, ctx.source);

  const { payload, data } = await verifyProviderIdToken(oidc, idToken, accessToken);
  await checkIdTokenNonce(payload, nonce);
  const user = target ? await linkExternalIdentity(ctx, target, oidc.provider, data) : await signInWithExternalIdentity(ctx, oidc.provider, data);
  return issueSession(ctx, user, EXTERNAL_SIGN_IN_METHOD);
}
