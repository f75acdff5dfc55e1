import { captchaTokenOf } from "../captcha.server";
import type { AuthContext } from "../context.server";
import { badRequest, unprocessable, validationFailed } from "../errors.server";
import { signInWithIdToken } from "../external-identities.server";
import { booleanField, json, readJsonBody, stringField } from "../http.server";
import { exchangeAuthCode, signInWithPassword } from "../sign-in.server";
import { refreshSession } from "../token-sessions.server";

/**
 * grant_type=web3 {chain, message, signature} — Sign in with Ethereum/Solana. No chain is enabled
 * here (SPEC §7: unsupported chains are rejected), so a well-formed request gets what GoTrue answers
 * when both web3 providers are off: 422 web3_provider_disabled. A malformed one is still a 400
 * first, so clients learn about their bug rather than about our configuration.
 */
function refuseWeb3(body: Record<string, unknown>): never {
  const chain = stringField(body, "chain");
  const message = stringField(body, "message");
  const signature = stringField(body, "signature");
  if (!chain || !message || !signature) throw validationFailed("Web3 sign-in requires chain, message and signature");
  throw unprocessable("web3_provider_disabled", "Web3 provider is disabled");
}

/** POST /token?grant_type=password|refresh_token|pkce|id_token|web3 — a session, in GoTrue's JSON. */
export async function tokenEndpoint(ctx: AuthContext) {
  const grantType = new URL(ctx.request.url).searchParams.get("grant_type");
  const body = await readJsonBody(ctx.request);
  switch (grantType) {
    case "password":
      return json(
        await signInWithPassword(ctx, {
          email: stringField(body, "email"),
          phone: stringField(body, "phone"),
          password: stringField(body, "password"),
          captchaToken: captchaTokenOf(body),
        }),
      );
    case "refresh_token": {
      const refreshToken = stringField(body, "refresh_token");
      if (!refreshToken) throw badRequest("validation_failed", "refresh_token required");
      return json(await refreshSession(ctx, refreshToken));
    }
    case "pkce":
      return json(await exchangeAuthCode(ctx, { authCode: stringField(body, "auth_code"), codeVerifier: stringField(body, "code_verifier") }));
    case "id_token":
      return json(
        await signInWithIdToken(ctx, {
          idToken: stringField(body, "id_token"),
          provider: stringField(body, "provider"),
          accessToken: stringField(body, "access_token"),
          nonce: stringField(body, "nonce"),
          clientId: stringField(body, "client_id"),
          issuer: stringField(body, "issuer"),
          linkIdentity: booleanField(body, "link_identity"),
        }),
      );
    case "web3":
      return refuseWeb3(body);
    default:
      throw badRequest("invalid_credentials", "unsupported_grant_type");
  }
}
