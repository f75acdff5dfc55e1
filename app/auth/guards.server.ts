import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import type { Role } from "~/db/schema";
import { redirectWithToast } from "~/platform/toast.server";
import { adminMfaSetupUrl, mfaStepUrl, owesMfaStep } from "./mfa-gate.server";
import type { Viewer } from "./web-sessions.server";

// Guards throw: a loader or action starts with one and reads on only for a permitted viewer.
// They share the request's one viewer lookup (context.viewer()), however many run.

/** Where to send someone who must sign in first, remembering the page they wanted. */
export function signInUrl(request: Request): string {
  const url = new URL(request.url);
  return `/auth?redirectTo=${encodeURIComponent(url.pathname + url.search)}`;
}

export async function requireUser(request: Request, context: AppLoadContext): Promise<Viewer> {
  const viewer = await context.viewer();
  if (!viewer) throw redirect(signInUrl(request));
  // A password alone does not complete sign-in for a user with an authenticator app (aal1 → aal2).
  if (owesMfaStep(viewer)) throw redirect(mfaStepUrl(request));
  return viewer;
}

/**
 * In production the admin area needs a session raised to aal2 with an authenticator app (a stolen
 * password alone must not reach refunds, payouts or other people's data). Development and tests
 * keep aal1 admins working, so the demo admin signs in with a password.
 */
export function adminNeedsAal2(context: Pick<AppLoadContext, "env">): boolean {
  return context.env.APP_ENV === "production";
}

/**
 * SPEC §6: not signed in → /auth; missing admin → / (with a toast saying why); missing any other
 * role → /auth, marked `denied` so the page explains it. The mark is only a hint: /auth works out
 * from the viewer's own roles whether the page really is closed to them.
 */
export async function requireRole(request: Request, context: AppLoadContext, role: Role): Promise<Viewer> {
  const viewer = await requireUser(request, context);
  if (viewer.roles.includes(role)) {
    if (role === "admin" && adminNeedsAal2(context) && viewer.aal !== "aal2") {
      // requireUser has already sent an admin with an authenticator app to the MFA step; one without
      // an app is walked through setting it up, then comes back here at aal2.
      throw redirect(viewer.hasAuthenticatorApp ? mfaStepUrl(request) : adminMfaSetupUrl(request));
    }
    return viewer;
  }
  if (role === "admin") throw await redirectWithToast("/", { title: "The admin area is for administrators" }, context.env.SESSION_SECRET);
  throw redirect(`${signInUrl(request)}&denied=${role}`);
}
