import type { AuthContext } from "../context.server";
import { forbidden } from "../errors.server";
import { challengeFactor, enrolFactor, unenrolFactor, verifyFactor } from "../factors.server";
import { json, readJsonBody, stringField } from "../http.server";
import { authenticate } from "../token-sessions.server";

// The MFA endpoints of GoTrue's internal/api/mfa.go, in its JSON: POST /factors, POST
// /factors/{id}/challenge, POST /factors/{id}/verify, DELETE /factors/{id}.

/** The Bearer token's user: only a named user (never an anonymous one) has factors. */
async function factorOwner(ctx: AuthContext) {
  const caller = await authenticate(ctx);
  if (caller.claims.is_anonymous) throw forbidden("no_authorization", "Anonymous user not allowed to perform these actions");
  return caller;
}

/** POST /factors — starts enrolling a TOTP or phone factor. */
export async function enrolFactorEndpoint(ctx: AuthContext) {
  const caller = await factorOwner(ctx);
  const body = await readJsonBody(ctx.request);
  const factor = await enrolFactor(ctx, caller, {
    factorType: stringField(body, "factor_type"),
    friendlyName: stringField(body, "friendly_name"),
    issuer: stringField(body, "issuer"),
    phone: stringField(body, "phone"),
  });
  if (factor.type === "phone") return json({ id: factor.id, type: factor.type, friendly_name: factor.friendlyName, phone: factor.phone });
  // qr_code is raw SVG, as GoTrue sends it: auth-js turns it into a data:image/svg+xml URI itself.
  const { qrCode, secret, uri } = factor.totp;
  return json({ id: factor.id, type: factor.type, friendly_name: factor.friendlyName, totp: { qr_code: qrCode, secret, uri } });
}

/** POST /factors/{id}/challenge — a challenge to verify against; for phone factors, an SMS code. */
export async function challengeFactorEndpoint(ctx: AuthContext, factorId: string) {
  const caller = await factorOwner(ctx);
  const body = await readJsonBody(ctx.request);
  const challenge = await challengeFactor(ctx, caller, factorId, { channel: stringField(body, "channel") });
  return json({ id: challenge.id, type: challenge.type, expires_at: challenge.expiresAt });
}

/** POST /factors/{id}/verify — on success, the caller's session raised to aal2 with a fresh token pair. */
export async function verifyFactorEndpoint(ctx: AuthContext, factorId: string) {
  const caller = await factorOwner(ctx);
  const body = await readJsonBody(ctx.request);
  return json(await verifyFactor(ctx, caller, factorId, { challengeId: stringField(body, "challenge_id"), code: stringField(body, "code") }));
}

/** DELETE /factors/{id} — removes a factor. */
export async function unenrolFactorEndpoint(ctx: AuthContext, factorId: string) {
  return json(await unenrolFactor(ctx, await factorOwner(ctx), factorId));
}
