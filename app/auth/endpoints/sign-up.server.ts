import type { AuthContext } from "../context.server";
import { json, objectField, readJsonBody, readPkce, stringField } from "../http.server";
import { linkRedirect } from "../redirects.server";
import { signUp } from "../sign-up.server";

/** POST /signup — email or phone with a password, optional user metadata (`data`). */
export async function signUpEndpoint(ctx: AuthContext) {
  const body = await readJsonBody(ctx.request);
  const result = await signUp(ctx, {
    email: stringField(body, "email"),
    phone: stringField(body, "phone"),
    password: stringField(body, "password"),
    data: objectField(body, "data"),
    pkce: readPkce(body),
    redirectTo: linkRedirect(ctx),
  });
  return json(result.kind === "session" ? result.session : result.user);
}
