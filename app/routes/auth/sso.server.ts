import { createCookie, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { FLOW_STATE_TTL_MS, s256Challenge } from "~/auth/flow-state.server";
import { exchangeAuthCode } from "~/auth/sign-in.server";
import { attemptAuth } from "~/auth/web-auth.server";
import { readSignedCookie } from "~/platform/cookies.server";
import { randomBase64url } from "~/utils/base64url";
import { finishSignIn } from "~/auth/sign-in-responses.server";
import { ssoHref, type SsoProvider } from "~/auth/sign-in-steps";

// Sign-in with the configured OpenID Connect provider, for the website. The page sends the browser
// through the auth API's own PKCE flow (/auth/v1/authorize → the provider → /auth/v1/callback), which
// returns it here with a one-time code, traded for a session as the PKCE grant does (exchangeAuthCode);
// the code verifier waits in a short-lived cookie of this browser, so a code from anyone else's
// sign-in (a forged link) is worthless here.

// Friendly names for well-known providers; any other name is shown as written, in title case.
const PROVIDER_NAMES: Record<string, string> = {
  oidc: "single sign-on",
  google: "Google",
  azure: "Microsoft",
  apple: "Apple",
  github: "GitHub",
  gitlab: "GitLab",
  linkedin_oidc: "LinkedIn",
  keycloak: "Keycloak",
  okta: "Okta",
  auth0: "Auth0",
  workos: "WorkOS",
  slack_oidc: "Slack",
};

/** The provider to offer on the sign-in page, or null: the code flow needs its authorization and token endpoints. */
export function ssoProvider(context: AppLoadContext): SsoProvider | null {
  const oidc = context.auth.oidc;
  if (!oidc?.authorizationUrl || !oidc.tokenUrl) return null;
  const id = oidc.provider.toLowerCase();
  const label = PROVIDER_NAMES[id] ?? oidc.provider.replace(/[_-]+/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());
  return { id, label };
}

function verifierCookie(secret: string) {
  return createCookie("__Host-sso", {
    httpOnly: true,
    secure: true,
    // Lax: the provider sends the browser back with a top-level GET, which carries it.
    sameSite: "lax",
    path: "/",
    maxAge: FLOW_STATE_TTL_MS / 1000,
    secrets: [secret],
  });
}

/** Starts the flow: a fresh code verifier in this browser, then the auth API's /authorize. */
export async function startSso(context: AppLoadContext, provider: SsoProvider, redirectTo: string) {
  const verifier = randomBase64url(32);
  const returnTo = new URL(ssoHref("callback", redirectTo), context.auth.siteUrl);
  const query = new URLSearchParams({
    provider: provider.id,
    redirect_to: returnTo.href,
    code_challenge: await s256Challenge(verifier),
    code_challenge_method: "s256",
  });
  return redirect(`/auth/v1/authorize?${query}`, { headers: { "Set-Cookie": await verifierCookie(context.env.SESSION_SECRET).serialize(verifier) } });
}

/**
 * The provider's answer, back on /auth: the one-time code traded (with this browser's verifier) for
 * a session and the web-session cookie; otherwise the sign-in form, at a clean address that says
 * only whether the provider refused or the sign-in failed (the provider's own error text is never
 * shown: anyone can put it in a link).
 */
export async function finishSso(request: Request, context: AppLoadContext, redirectTo: string): Promise<Response> {
  const cookie = verifierCookie(context.env.SESSION_SECRET);
  const clearCookie = await cookie.serialize("", { maxAge: 0, expires: new Date(0) });
  const query = new URL(request.url).searchParams;
  const code = query.get("code");
  const verifier = await readSignedCookie(cookie, request);
  if (code && typeof verifier === "string" && !query.has("error")) {
    const result = await attemptAuth(request, context, (ctx) => exchangeAuthCode(ctx, { authCode: code, codeVerifier: verifier }));
    if (result.ok) {
      const response = await finishSignIn(context, result.value, redirectTo);
      response.headers.append("Set-Cookie", clearCookie);
      return response;
    }
  }
  const stage = query.get("error") === "access_denied" ? "cancelled" : "failed";
  return redirect(ssoHref(stage, redirectTo), { headers: { "Set-Cookie": clearCookie } });
}

/** What the sign-in form says after a sign-in with the provider did not work. */
export function ssoProblem(provider: SsoProvider, stage: string | null): string | undefined {
  if (stage === "cancelled") return `Signing in with ${provider.label} was cancelled or refused. Try again, or sign in with your email instead.`;
  if (stage === "failed") return `We couldn't sign you in with ${provider.label}. Please try again, or sign in with your email instead.`;
  return undefined;
}
