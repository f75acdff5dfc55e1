import type { AuthContext } from "../context.server";
import { inviteEndpoint } from "./admin.server";
import { challengeFactorEndpoint, enrolFactorEndpoint, unenrolFactorEndpoint, verifyFactorEndpoint } from "./factors.server";
import { otpEndpoint, recoverEndpoint, resendEndpoint, verifyLinkEndpoint, verifyEndpoint } from "./codes.server";
import { authorizeEndpoint, callbackEndpoint, linkIdentityEndpoint, ssoEndpoint, unlinkIdentityEndpoint } from "./external.server";
import { jwksEndpoint, logoutEndpoint } from "./sessions.server";
import { signUpEndpoint } from "./sign-up.server";
import { tokenEndpoint } from "./token.server";
import { getUserEndpoint, reauthenticateEndpoint, updateUserEndpoint } from "./user.server";

/** One endpoint of /auth/v1: its method, its path and the adapter that answers it. */
export type Endpoint = { method: string; pattern: URLPattern; handle: (ctx: AuthContext, params: Record<string, string>) => Promise<Response> };

const route = (method: string, path: string, handle: Endpoint["handle"]): Endpoint => ({
  method,
  pattern: new URLPattern({ pathname: `/auth/v1${path}` }),
  handle,
});

// The endpoints of SPEC §7, in GoTrue's paths. Each adapter reads the request, calls the auth
// operation and answers in GoTrue's JSON.
export const AUTH_ENDPOINTS: Endpoint[] = [
  route("POST", "/signup", signUpEndpoint),
  route("POST", "/token", tokenEndpoint),
  route("POST", "/logout", logoutEndpoint),
  route("GET", "/user", getUserEndpoint),
  route("PUT", "/user", updateUserEndpoint),
  route("POST", "/otp", otpEndpoint),
  route("POST", "/verify", verifyEndpoint),
  route("GET", "/verify", verifyLinkEndpoint),
  route("POST", "/resend", resendEndpoint),
  route("POST", "/recover", recoverEndpoint),
  route("POST", "/invite", inviteEndpoint),
  route("GET", "/reauthenticate", reauthenticateEndpoint),
  route("POST", "/sso", ssoEndpoint),
  route("GET", "/authorize", authorizeEndpoint),
  route("GET", "/callback", callbackEndpoint),
  route("GET", "/user/identities/authorize", linkIdentityEndpoint),
  route("DELETE", "/user/identities/:id", (ctx, params) => unlinkIdentityEndpoint(ctx, params.id!)),
  route("POST", "/factors", enrolFactorEndpoint),
  route("POST", "/factors/:id/challenge", (ctx, params) => challengeFactorEndpoint(ctx, params.id!)),
  route("POST", "/factors/:id/verify", (ctx, params) => verifyFactorEndpoint(ctx, params.id!)),
  route("DELETE", "/factors/:id", (ctx, params) => unenrolFactorEndpoint(ctx, params.id!)),
  route("GET", "/.well-known/jwks.json", jwksEndpoint),
];
