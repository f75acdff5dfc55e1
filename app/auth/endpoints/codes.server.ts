import { captchaTokenOf } from "../captcha.server";
import { sendOtp, sendPasswordRecovery, resendOtp } from "../code-requests.server";
import type { AuthContext } from "../context.server";
import { booleanField, json, objectField, readJsonBody, readPkce, stringField } from "../http.server";
import { linkRedirect, redirectTarget } from "../redirects.server";
import { followEmailLink, SINGLE_CONFIRMATION_ACCEPTED, verifyOtp } from "../verification.server";

// The one-time-code endpoints: asking for a code (/otp, /resend, /recover) and redeeming it or its
// link (/verify). Request fields, status codes and messages follow GoTrue.

/**
 * POST /otp — sends a 6-digit code and a magic link (email) or a code (SMS), creating a
 * passwordless account first unless create_user is false. 200 `{}` whatever the account.
 */
export async function otpEndpoint(ctx: AuthContext) {
  const body = await readJsonBody(ctx.request);
  await sendOtp(ctx, {
    email: stringField(body, "email"),
    phone: stringField(body, "phone"),
    createUser: booleanField(body, "create_user"),
    data: objectField(body, "data"),
    channel: stringField(body, "channel"),
    pkce: readPkce(body),
    redirectTo: linkRedirect(ctx),
  });
  return json({});
}

/** POST /verify — redeems a code (with its address) or a token hash and starts a session. */
export async function verifyEndpoint(ctx: AuthContext) {
  const body = await readJsonBody(ctx.request);
  const token = stringField(body, "token");
  const result = await verifyOtp(ctx, {
    type: stringField(body, "type"),
    token,
    tokenHash: stringField(body, "token_hash"),
    email: stringField(body, "email"),
    phone: stringField(body, "phone"),
    redirectTo: stringField(body, "redirect_to"),
    // A captcha only ever guards codes: a token hash is never asked for one.
    captchaToken: token ? captchaTokenOf(body) : undefined,
  });
  if (result.kind === "other-address-pending") return json({ msg: SINGLE_CONFIRMATION_ACCEPTED, code: "200" });
  return json(result.session);
}

/**
 * GET /verify?token=…&type=…&redirect_to=… — the link in an email. Redirects to redirect_to with
 * the session in the fragment (implicit flow), with ?code= (PKCE), or with the error.
 */
export async function verifyLinkEndpoint(ctx: AuthContext) {
  const params = new URL(ctx.request.url).searchParams;
  const target = redirectTarget(ctx, params.get("redirect_to"));
  const location = await followEmailLink(ctx, { type: params.get("type"), token: params.get("token") ?? "", target });
  return new Response(null, { status: 303, headers: { Location: location } });
}

/** POST /resend — sends a pending confirmation or change code again. 200 `{}` whatever the account. */
export async function resendEndpoint(ctx: AuthContext) {
  const body = await readJsonBody(ctx.request);
  await resendOtp(ctx, {
    type: stringField(body, "type"),
    email: stringField(body, "email"),
    phone: stringField(body, "phone"),
    pkce: readPkce(body),
    redirectTo: linkRedirect(ctx),
  });
  return json({});
}

/** POST /recover — emails a recovery code and link. 200 `{}` whether or not the account exists. */
export async function recoverEndpoint(ctx: AuthContext) {
  const body = await readJsonBody(ctx.request);
  await sendPasswordRecovery(ctx, { email: stringField(body, "email"), pkce: readPkce(body), redirectTo: linkRedirect(ctx) });
  return json({});
}
