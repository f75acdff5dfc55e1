import type { Endpoint } from "../api.server";
import type { AuthContext } from "../context.server";
import { signup } from "./signup";
import { token } from "./token";
import { getUser, jwks, logout } from "./session-endpoints";
import { otp, recover, reauthenticate, resend, updateUser, verifyGet, verifyPost } from "./email-flows";
import { challengeFactor, enrollFactor, unenrollFactor, verifyFactor } from "./factors";
import { authorize, callback, deleteIdentity, identitiesAuthorize, sso } from "./external";

type Handler = (ctx: AuthContext, params: Record<string, string>) => Promise<Response>;

const route = (method: string, path: string, handle: Handler): Endpoint => ({
  method,
  pattern: new URLPattern({ pathname: `/auth/v1${path}` }),
  handle,
});

// The endpoints of SPEC §7, in GoTrue's paths.
export const ENDPOINTS: Endpoint[] = [
  route("POST", "/signup", signup),
  route("POST", "/token", token),
  route("POST", "/logout", logout),
  route("GET", "/user", getUser),
  route("PUT", "/user", updateUser),
  route("POST", "/otp", otp),
  route("POST", "/verify", verifyPost),
  route("GET", "/verify", verifyGet),
  route("POST", "/resend", resend),
  route("POST", "/recover", recover),
  route("GET", "/reauthenticate", reauthenticate),
  route("POST", "/sso", sso),
  route("GET", "/authorize", authorize),
  route("GET", "/callback", callback),
  route("GET", "/user/identities/authorize", identitiesAuthorize),
  route("DELETE", "/user/identities/:id", (ctx, params) => deleteIdentity(ctx, params.id!)),
  route("POST", "/factors", enrollFactor),
  route("POST", "/factors/:id/challenge", (ctx, params) => challengeFactor(ctx, params.id!)),
  route("POST", "/factors/:id/verify", (ctx, params) => verifyFactor(ctx, params.id!)),
  route("DELETE", "/factors/:id", (ctx, params) => unenrollFactor(ctx, params.id!)),
  route("GET", "/.well-known/jwks.json", jwks),
];
