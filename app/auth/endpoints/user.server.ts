import { updateUser } from "../account-updates.server";
import { sendReauthenticationCode } from "../code-requests.server";
import type { AuthContext } from "../context.server";
import { json, objectField, readJsonBody, readPkce, stringField } from "../http.server";
import { linkRedirect } from "../redirects.server";
import { authenticate } from "../token-sessions.server";
import { serializeUser } from "../users.server";

/** GET /user — the signed-in user. */
export async function getUserEndpoint(ctx: AuthContext) {
  const { user } = await authenticate(ctx);
  return json(await serializeUser(ctx.db, user));
}

/**
 * PUT /user — the signed-in user's own changes: metadata (`data`), password, email and phone. A
 * revocation that has not reached this location's KV yet still counts (strict).
 */
export async function updateUserEndpoint(ctx: AuthContext) {
  const caller = await authenticate(ctx, { strict: true });
  const body = await readJsonBody(ctx.request);
  const email = stringField(body, "email");
  const phone = stringField(body, "phone");
  const password = stringField(body, "password");
  const nonce = stringField(body, "nonce");
  const data = objectField(body, "data");
  const appMetadata = objectField(body, "app_metadata");
  const channel = stringField(body, "channel");
  // Read for its type only: the website checks the current password itself.
  stringField(body, "current_password");
  const pkce = readPkce(body);
  const attributes = { email, phone, password, nonce, data, appMetadata, channel, pkce, redirectTo: linkRedirect(ctx) };
  const updated = await updateUser(ctx, caller, attributes);
  return json(await serializeUser(ctx.db, updated));
}

/** GET /reauthenticate — sends the signed-in user a code to confirm a sensitive change (`nonce`). */
export async function reauthenticateEndpoint(ctx: AuthContext) {
  await sendReauthenticationCode(ctx, await authenticate(ctx, { strict: true }));
  return json({});
}
