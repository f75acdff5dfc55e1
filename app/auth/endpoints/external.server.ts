import { and, eq, isNull } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { jwtVerify, SignJWT } from "jose";
import { flowStates, identities, oneTimeTokens, users } from "~/db/schema";
import type { AuthContext } from "../context.server";
import { AuthApiError, badRequest, notFound, unprocessable } from "../errors.server";
import { json } from "../http.server";
import { audit } from "../audit.server";
import { allowedRedirect, createFlowState, isFlowStateExpired, s256Challenge, validatePkceParams } from "../flow-state.server";
import { authenticate, issueSession } from "../token-sessions.server";
import { findUserByEmail, findUserById, userMetadata, type UserRow } from "../users.server";
import { base64url } from "~/utils/base64url";
import {
  DEFAULT_OIDC_PROVIDER,
  EXTERNAL_SIGN_IN_METHOD,
  linkExternalIdentity,
  signInWithExternalIdentity,
  verifyProviderIdToken,
  type ExternalUserData,
  type OidcConfig,
} from "../external-identities.server";

// Sign-in through an external OpenID Connect provider (authorization code flow), as GoTrue's
// /authorize and /callback do it. The provider is the one configured by AUTH_OIDC_*; every other
// name gets GoTrue's answer for a provider that is off or unknown.

type OAuthProvider = OidcConfig & { authorizationUrl: string; tokenUrl: string };

// GoTrue's built-in OAuth providers, and our own provider's default name: naming one that is not
// configured here is "not enabled"; any other name "could not be found".
const GOTRUE_OAUTH_PROVIDERS = new Set([
  "apple",
  "azure",
  "bitbucket",
  "discord",
  "facebook",
  "figma",
  "fly",
  "github",
  "gitlab",
  "google",
  "kakao",
  "keycloak",
  "linkedin",
  "linkedin_oidc",
  "notion",
  "snapchat",
  "spotify",
  "slack",
  "slack_oidc",
  "twitch",
  "twitter",
  "x",
  "vercel_marketplace",
  "workos",
  "zoom",
  DEFAULT_OIDC_PROVIDER,
]);

function resolveOAuthProvider(ctx: AuthContext, name: string, code: string): OAuthProvider {
  const unsupported = (reason: string) => badRequest(code, `Unsupported provider: ${reason}`);
  const oidc = ctx.config.oidc;
  if (oidc && name === oidc.provider.toLowerCase()) {
    // The code flow also needs the provider's authorization and token endpoints.
    if (oidc.authorizationUrl && oidc.tokenUrl) return oidc as OAuthProvider;
    throw unsupported("provider is not enabled");
  }
  if (name.startsWith("custom:")) throw unsupported("custom OAuth providers are disabled");
  if (GOTRUE_OAUTH_PROVIDERS.has(name)) throw unsupported("provider is not enabled");
  throw unsupported(`Provider ${name} could not be found`);
}

// --- State ----------------------------------------------------------------------------------
// The provider hands `state` back to /callback. Ours is a short-lived JWT, HMAC-signed with a key
// derived from SESSION_SECRET (never the access-token key, so it can never pass for an access
// token), naming the provider, where to return, the PKCE flow state and the user being linked.
// The code verifier we send the provider (PKCE towards the provider too) and the OIDC nonce are
// derived from its jti with a second key, so nothing needs storing between the two requests.

const STATE_TTL_SECONDS = 5 * 60;
const STATE_TYPE = "oauth-state+jwt";

type OAuthState = { jti: string; prv: string; rdr: string; fid?: string; lnk?: string };

async function stateKeys(ctx: AuthContext) {
  const digest = (label: string) => crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${label}:${ctx.appEnv.SESSION_SECRET}`));
  const signing = new Uint8Array(await digest("auth-oauth-state"));
  const deriving = await crypto.subtle.importKey("raw", await digest("auth-oauth-derive"), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return { signing, deriving };
}

async function derived(ctx: AuthContext, jti: string) {
  const { deriving } = await stateKeys(ctx);
  const mac = async (label: string) => base64url(await crypto.subtle.sign("HMAC", deriving, new TextEncoder().encode(`${label}:${jti}`)));
  return { codeVerifier: await mac("pkce"), nonce: await mac("nonce") };
}

async function signState(ctx: AuthContext, state: Omit<OAuthState, "jti">): Promise<{ token: string; jti: string }> {
  const jti = crypto.randomUUID();
  const token = await new SignJWT({ ...state })
    .setProtectedHeader({ alg: "HS256", typ: STATE_TYPE })
    .setIssuer(ctx.config.issuer)
    .setAudience(`${ctx.config.issuer}/callback`)
    .setJti(jti)
    .setIssuedAt()
    .setExpirationTime(`${STATE_TTL_SECONDS}s`)
    .sign((await stateKeys(ctx)).signing);
  return { token, jti };
}

async function readState(ctx: AuthContext, token: string): Promise<OAuthState> {
  try {
    const { payload } = await jwtVerify(token, (await stateKeys(ctx)).signing, {
      algorithms: ["HS256"],
      typ: STATE_TYPE,
      issuer: ctx.config.issuer,
      audience: `${ctx.config.issuer}/callback`,
      requiredClaims: ["jti", "exp"],
    });
    if (typeof payload.prv !== "string" || typeof payload.rdr !== "string") throw new Error("incomplete state");
    return payload as unknown as OAuthState;
  } catch (error) {
    if (error instanceof Error && "code" in error && error.code === "ERR_JWT_EXPIRED") throw badRequest("bad_oauth_state", "OAuth state has expired");
    throw badRequest("bad_oauth_state", "OAuth state parameter is invalid");
  }
}

// --- /authorize and /user/identities/authorize ---------------------------------------------------

// Query parameters that are ours (or that only we may set) and so are not passed on to the provider.
const NOT_FORWARDED = new Set([
  "provider",
  "scopes",
  "redirect_to",
  "skip_http_redirect",
  "invite_token",
  "client_id",
  "client_secret",
  "redirect_uri",
  "response_type",
  "state",
  "scope",
  "code_challenge",
  "code_challenge_method",
  "code_verifier",
  "nonce",
]);

/** GoTrue's GetExternalProviderRedirectURL: the provider's authorization URL for this sign-in (or link). */
async function providerRedirectUrl(ctx: AuthContext, linking: UserRow | null): Promise<string> {
  const query = new URL(ctx.request.url).searchParams;
  const name = (query.get("provider") ?? "").toLowerCase();
  const provider = resolveOAuthProvider(ctx, name, "validation_failed");
  const redirectTo = allowedRedirect(ctx, query.get("redirect_to")) ?? allowedRedirect(ctx, ctx.request.headers.get("Referer")) ?? ctx.config.siteUrl;
  const codeChallenge = query.get("code_challenge");
  const codeChallengeMethod = query.get("code_challenge_method");

  let flowStateId: string | undefined;
  if (validatePkceParams(codeChallenge, codeChallengeMethod)) {
    flowStateId = (
      await createFlowState(ctx, {
        userId: null,
        codeChallenge: codeChallenge!,
        codeChallengeMethod: codeChallengeMethod!,
        providerType: provider.provider,
        authenticationMethod: "oauth",
        redirectTo,
      })
    ).id;
  }
  const { token, jti } = await signState(ctx, {
    prv: provider.provider,
    rdr: redirectTo,
    ...(flowStateId ? { fid: flowStateId } : {}),
    ...(linking ? { lnk: linking.id } : {}),
  });
  const { codeVerifier, nonce } = await derived(ctx, jti);

  const scopes = new Set(["openid", "email", "profile", ...(query.get("scopes") ?? "").split(/[\s,]+/).filter(Boolean)]);
  const url = new URL(provider.authorizationUrl);
  for (const [key, value] of query) if (!NOT_FORWARDED.has(key.toLowerCase())) url.searchParams.set(key, value);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("client_id", provider.clientId);
  url.searchParams.set("redirect_uri", `${ctx.config.issuer}/callback`);
  url.searchParams.set("scope", [...scopes].join(" "));
  url.searchParams.set("state", token);
  url.searchParams.set("nonce", nonce);
  url.searchParams.set("code_challenge", await s256Challenge(codeVerifier));
  url.searchParams.set("code_challenge_method", "S256");
  return url.toString();
}

const found = (location: string) => new Response(null, { status: 302, headers: { Location: location } });

/** GET /authorize?provider=…&redirect_to=…&scopes=…&code_challenge=…&code_challenge_method=… — 302 to the provider. */
export async function authorizeEndpoint(ctx: AuthContext) {
  return found(await providerRedirectUrl(ctx, null));
}

/**
 * GET /user/identities/authorize — as /authorize, for the signed-in user linking another identity.
 * auth-js's linkIdentity asks with skip_http_redirect=true and wants `{url}` back.
 */
export async function linkIdentityEndpoint(ctx: AuthContext) {
  const { user } = await authenticate(ctx, { strict: true });
  const url = await providerRedirectUrl(ctx, user);
  if (new URL(ctx.request.url).searchParams.get("skip_http_redirect") === "true") return json({ url });
  return found(url);
}

// --- /callback ------------------------------------------------------------------------------------

type ProviderTokens = { id_token: string; access_token?: string; refresh_token?: string };

/** Trades the provider's authorization code at its token endpoint (client_secret_basic, or a public client). */
async function exchangeCode(ctx: AuthContext, provider: OAuthProvider, code: string, codeVerifier: string): Promise<ProviderTokens> {
  const form = new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: `${ctx.config.issuer}/callback`, code_verifier: codeVerifier });
  const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" };
  if (provider.clientSecret) {
    headers.Authorization = `Basic ${btoa(`${encodeURIComponent(provider.clientId)}:${encodeURIComponent(provider.clientSecret)}`)}`;
  } else {
    form.set("client_id", provider.clientId);
  }
  const failed = () => new AuthApiError(500, "unexpected_failure", `Unable to exchange external code: ${code.slice(0, 4)}`);
  let body: unknown;
  try {
    const response = await fetch(provider.tokenUrl, { method: "POST", headers, body: form, redirect: "manual", signal: AbortSignal.timeout(10_000) });
    if (!response.ok) throw failed();
    body = await response.json();
  } catch {
    throw failed();
  }
  const tokens = body as Partial<Record<keyof ProviderTokens, unknown>> | null;
  if (!tokens || typeof tokens.id_token !== "string") throw failed();
  return {
    id_token: tokens.id_token,
    access_token: typeof tokens.access_token === "string" ? tokens.access_token : undefined,
    refresh_token: typeof tokens.refresh_token === "string" ? tokens.refresh_token : undefined,
  };
}

// GoTrue's mapping of an HTTP status to an OAuth `error` on the redirect back to the app.
const OAUTH_ERROR_BY_STATUS: Record<number, string> = {
  400: "invalid_request",
  401: "unauthorized_client",
  403: "access_denied",
  500: "server_error",
  503: "temporarily_unavailable",
};
const ACCESS_DENIED_CODES = new Set(["signup_disabled", "user_banned", "provider_email_needs_verification"]);

/** GoTrue's redirectErrors: the error in the query and, for SPAs, in the fragment (marked `sb`). */
function errorRedirect(redirectTo: string, error: AuthApiError): string {
  const url = new URL(redirectTo);
  const fields: Record<string, string> =
    typeof error.extra.error === "string"
      ? { error: error.extra.error, error_description: String(error.extra.error_description ?? "") }
      : {
          error: ACCESS_DENIED_CODES.has(error.code) ? "access_denied" : (OAUTH_ERROR_BY_STATUS[error.status] ?? "server_error"),
          error_code: error.code,
          error_description: error.message,
        };
  for (const [key, value] of Object.entries(fields)) url.searchParams.set(key, value);
  url.searchParams.sort();
  const fragment = new URLSearchParams({ ...fields, sb: "" });
  fragment.sort();
  url.hash = fragment.toString();
  return url.toString();
}

type CallbackContext = { state: OAuthState; flowId: string | null; linking: UserRow | null };

async function completeCallback(ctx: AuthContext, { state, flowId, linking }: CallbackContext): Promise<Response> {
  const query = new URL(ctx.request.url).searchParams;
  const providerError = query.get("error");
  if (providerError)
    throw new AuthApiError(400, "oauth_provider_error", query.get("error_description") ?? "", {
      error: providerError,
      error_description: query.get("error_description") ?? "",
    });
  const code = query.get("code");
  if (!code) throw badRequest("bad_oauth_callback", "OAuth callback with missing authorization code missing");
  const provider = resolveOAuthProvider(ctx, state.prv.toLowerCase(), "oauth_provider_not_supported");

  const { codeVerifier, nonce } = await derived(ctx, state.jti);
  const tokens = await exchangeCode(ctx, provider, code, codeVerifier);
  const profileError = () => new AuthApiError(500, "unexpected_failure", "Error getting user profile from external provider");
  let data: ExternalUserData;
  try {
    const verified = await verifyProviderIdToken(provider, tokens.id_token, tokens.access_token);
    // The token must answer this very sign-in: the nonce we sent with it.
    if (verified.payload.nonce !== nonce) throw profileError();
    data = verified.data;
  } catch {
    throw profileError();
  }
  if (!data.email) throw new AuthApiError(500, "unexpected_failure", "Error getting user email from external provider");

  const user = linking ? await linkExternalIdentity(ctx, linking, provider.provider, data) : await signInWithExternalIdentity(ctx, provider.provider, data);

  if (flowId) {
    // PKCE: the flow now belongs to the user; the app trades ?code= (with its verifier) for a session.
    const [claimed] = await ctx.db
      .update(flowStates)
      .set({ userId: user.id, authCodeIssuedAt: new Date().toISOString() })
      .where(and(eq(flowStates.id, flowId), isNull(flowStates.userId)))
      .returning({ authCode: flowStates.authCode });
    if (!claimed) throw badRequest("flow_state_already_used", "State has already been used");
    const url = new URL(state.rdr);
    url.searchParams.set("code", claimed.authCode);
    url.searchParams.sort();
    return found(url.toString());
  }

  // Implicit flow: the session travels in the fragment, which never reaches a server.
  const session = await issueSession(ctx, user, EXTERNAL_SIGN_IN_METHOD);
  const fragment = new URLSearchParams({
    access_token: session.access_token,
    token_type: session.token_type,
    expires_in: String(session.expires_in),
    expires_at: String(session.expires_at),
    refresh_token: session.refresh_token,
    provider_token: tokens.access_token ?? "",
    ...(tokens.refresh_token ? { provider_refresh_token: tokens.refresh_token } : {}),
    sb: "",
  });
  fragment.sort();
  return found(`${state.rdr}#${fragment.toString()}`);
}

/**
 * GET /callback?code=…&state=… — where the provider sends the user back. A bad or stale state is a
 * JSON error (there is nowhere trustworthy to send the user); after that, errors go back to the
 * app's redirect_to as GoTrue sends them.
 */
export async function callbackEndpoint(ctx: AuthContext) {
  const stateToken = new URL(ctx.request.url).searchParams.get("state");
  if (!stateToken) throw badRequest("bad_oauth_callback", "OAuth state parameter missing");
  const state = await readState(ctx, stateToken);

  let flowId: string | null = null;
  if (state.fid) {
    const flow = await ctx.db.query.flowStates.findFirst({ where: eq(flowStates.id, state.fid) });
    if (!flow) throw badRequest("bad_oauth_state", "OAuth state not found or expired");
    if (isFlowStateExpired(flow)) throw badRequest("bad_oauth_state", "OAuth state has expired");
    if (flow.userId) throw badRequest("flow_state_already_used", "State has already been used");
    flowId = flow.id;
  }
  let linking: UserRow | null = null;
  if (state.lnk) {
    linking = (await findUserById(ctx.db, state.lnk)) ?? null;
    if (!linking) throw unprocessable("user_not_found", "Linking target user not found");
  }

  try {
    return await completeCallback(ctx, { state, flowId, linking });
  } catch (error) {
    if (error instanceof AuthApiError) return found(errorRedirect(state.rdr, error));
    throw error;
  }
}

// --- /sso -------------------------------------------------------------------------------------------

/** POST /sso — SAML 2.0 single sign-on is not offered: GoTrue's answer when it is disabled. */
export async function ssoEndpoint(_ctx: AuthContext): Promise<Response> {
  throw notFound("saml_provider_disabled", "SAML 2.0 is disabled");
}

// --- DELETE /user/identities/{id} --------------------------------------------------------------------

const UUID_PATTERN = /^(?:urn:uuid:)?\{?([0-9a-f]{8})-?([0-9a-f]{4})-?([0-9a-f]{4})-?([0-9a-f]{4})-?([0-9a-f]{12})\}?$/i;

type IdentityRow = typeof identities.$inferSelect;

function identityEmailVerified(identity: IdentityRow): boolean {
  try {
    return (JSON.parse(identity.identityData) as Record<string, unknown>).email_verified === true;
  } catch {
    return false;
  }
}

/**
 * GoTrue's UpdateUserEmailFromIdentities, after an unlink: the user keeps their email while some
 * remaining identity has it; otherwise the best remaining identity's email (verified first, then
 * unverified, then none; oldest first) that no other account uses becomes theirs, and it counts as
 * confirmed only if its provider verified it.
 */
async function emailAfterUnlink(ctx: AuthContext, user: UserRow, remaining: IdentityRow[]): Promise<BatchItem<"sqlite">[]> {
  const current = user.email ?? "";
  if (remaining.some((identity) => (identity.email ?? "") === current)) return [];
  const rank = (identity: IdentityRow) => (!identity.email ? 2 : identityEmailVerified(identity) ? 0 : 1);
  const ordered = [...remaining].sort((a, b) => rank(a) - rank(b) || a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  let primary: IdentityRow | undefined;
  for (const identity of ordered) {
    if (!identity.email || !(await findUserByEmail(ctx.db, identity.email))) {
      primary = identity;
      break;
    }
  }
  if (!primary) throw unprocessable("email_conflict_identity_not_deletable", "Unable to unlink identity due to email conflict");
  const now = new Date().toISOString();
  const confirmed = Boolean(primary.email) && (identityEmailVerified(primary) || ctx.config.emailAutoconfirm);
  return [
    ctx.db
      .update(users)
      .set({
        email: primary.email ?? null,
        emailChange: null,
        updatedAt: now,
        ...(confirmed ? {} : { emailConfirmedAt: null, userMetadata: JSON.stringify({ ...userMetadata(user), email_verified: false }) }),
      })
      .where(eq(users.id, user.id)),
    // Codes sent to the old address must not work for the new one.
    ctx.db.delete(oneTimeTokens).where(eq(oneTimeTokens.userId, user.id)),
  ];
}

/** DELETE /user/identities/{identity_id} — unlinks one of the signed-in user's identities (never the last). */
export async function unlinkIdentityEndpoint(ctx: AuthContext, identityId: string) {
  const { user } = await authenticate(ctx, { strict: true });
  const parts = UUID_PATTERN.exec(identityId);
  if (!parts) throw notFound("validation_failed", "identity_id must be an UUID");
  const id = parts.slice(1).join("-").toLowerCase();

  const owned = await ctx.db.select().from(identities).where(eq(identities.userId, user.id));
  if (owned.length <= 1) throw unprocessable("single_identity_not_deletable", "User must have at least 1 identity after unlinking");
  const doomed = owned.find((identity) => identity.id.toLowerCase() === id);
  if (!doomed) throw unprocessable("identity_not_found", "Identity doesn't exist");
  const remaining = owned.filter((identity) => identity.id !== doomed.id);

  const writes: BatchItem<"sqlite">[] = [ctx.db.delete(identities).where(and(eq(identities.id, doomed.id), eq(identities.userId, user.id)))];
  if (doomed.provider === "phone") {
    writes.push(ctx.db.update(users).set({ phone: null, phoneConfirmedAt: null, updatedAt: new Date().toISOString() }).where(eq(users.id, user.id)));
  } else {
    writes.push(...(await emailAfterUnlink(ctx, user, remaining)));
  }
  await ctx.db.batch(writes as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  await audit(ctx.db, {
    action: "identity_unlinked",
    actorId: user.id,
    targetId: user.id,
    ipHash: ctx.ipHash,
    detail: { identity_id: doomed.id, provider: doomed.provider },
  });
  return json({});
}
