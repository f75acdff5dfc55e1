import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq } from "drizzle-orm";
import { mfaFactors } from "~/db/schema";
import type { Viewer } from "./web-sessions.server";

// A password (or emailed code) proves only the first factor: the session is aal1. When the user has
// a verified authenticator app, the web session counts as complete only once it has been raised to
// aal2 with a code from that app; until then guarded pages send the user to the MFA step of /auth.

/** The id of the user's verified TOTP factor (the one the MFA step challenges), or null. */
export async function verifiedTotpFactorId(context: Pick<AppLoadContext, "db">, userId: string): Promise<string | null> {
  const [factor] = await context.db
    .select({ id: mfaFactors.id })
    .from(mfaFactors)
    .where(and(eq(mfaFactors.userId, userId), eq(mfaFactors.factorType, "totp"), eq(mfaFactors.status, "verified")))
    .orderBy(mfaFactors.createdAt)
    .limit(1);
  return factor?.id ?? null;
}

/** True while a signed-in viewer still owes the authenticator-app code for this session. */
export function owesMfaStep(viewer: Pick<Viewer, "aal" | "hasAuthenticatorApp">): boolean {
  return viewer.aal !== "aal2" && viewer.hasAuthenticatorApp;
}

/** The MFA step of /auth, remembering where to go once the code is accepted. */
export function mfaStepHref(redirectTo: string): string {
  return `/auth?step=mfa&redirectTo=${encodeURIComponent(redirectTo)}`;
}

/** The MFA step of /auth, coming back to this request's page. */
export function mfaStepUrl(request: Request): string {
  const url = new URL(request.url);
  return mfaStepHref(url.pathname + url.search);
}

/** The security tab's guided set-up of an authenticator app for an admin who has none yet, coming back to this request's page. */
export function adminMfaSetupUrl(request: Request): string {
  const url = new URL(request.url);
  return `/profile?tab=security&for=admin&redirectTo=${encodeURIComponent(url.pathname + url.search)}`;
}
