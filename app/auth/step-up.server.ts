import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { authSessions } from "~/db/schema";
import type { AmrEntry } from "./jwt.server";
import { challengeFactor, verifyFactor } from "./factors.server";
import { verifiedTotpFactorId } from "./mfa-gate.server";
import { attemptAuthAsViewer } from "./web-auth.server";
import { updateWebSession, type Viewer } from "./web-sessions.server";

// Step-up for money actions (refunds, guarantee decisions, payouts): an admin whose last code from
// their authenticator app is older than STEP_UP_MAX_AGE_SECONDS enters a fresh one with the action,
// and the action checks it before it does anything. The code goes through the same challenge and
// verify as the MFA step (rate limits, a code used once), which also records the new time on the
// session's amr. It applies whenever the admin has a verified authenticator app: in production every
// admin does (the admin area needs aal2), and in development an admin without one is not asked.

export const STEP_UP_MAX_AGE_SECONDS = 10 * 60;
/** The form field that carries the fresh code. */
export const STEP_UP_FIELD = "stepUpCode";

/** When the session last verified a code from an authenticator app (unix seconds), or null. */
export async function lastTotpAt(context: Pick<AppLoadContext, "db">, authSessionId: string): Promise<number | null> {
  const [row] = await context.db.select({ amr: authSessions.amr }).from(authSessions).where(eq(authSessions.id, authSessionId));
  if (!row) return null;
  let entries: AmrEntry[];
  try {
    entries = JSON.parse(row.amr) as AmrEntry[];
  } catch {
    return null;
  }
  const times = Array.isArray(entries) ? entries.filter((e) => e?.method === "totp" && Number.isFinite(e.timestamp)).map((e) => e.timestamp) : [];
  return times.length ? Math.max(...times) : null;
}

/** True when a money action by this admin needs a fresh code first. */
export async function stepUpDue(
  context: Pick<AppLoadContext, "db">,
  viewer: Pick<Viewer, "hasAuthenticatorApp" | "authSessionId">,
  nowMs = Date.now(),
): Promise<boolean> {
  if (!viewer.hasAuthenticatorApp) return false;
  const last = await lastTotpAt(context, viewer.authSessionId);
  return last === null || nowMs / 1000 - last > STEP_UP_MAX_AGE_SECONDS;
}

export type StepUpOutcome = { ok: true } | { ok: false; status: 400 | 422 | 429; message: string };

/**
 * Checks the step-up for a money action, before the action changes anything: passes when none is
 * due, or when the form's code verifies (the session's amr then records it). A missing, malformed
 * or wrong code answers a field message and a 4xx.
 */
export async function checkStepUp(request: Request, context: AppLoadContext, viewer: Viewer, formData: FormData): Promise<StepUpOutcome> {
  if (!(await stepUpDue(context, viewer))) return { ok: true };
  const raw = formData.get(STEP_UP_FIELD);
  const code = typeof raw === "string" ? raw.replace(/\s+/g, "") : "";
  if (!code) return { ok: false, status: 400, message: "Enter the 6-digit code from your authenticator app to confirm this." };
  if (!/^\d{6}$/.test(code)) return { ok: false, status: 400, message: "The code is the 6 digits your authenticator app shows." };
  const factorId = await verifiedTotpFactorId(context, viewer.id);
  if (!factorId) return { ok: true };
  const verified = await attemptAuthAsViewer(request, context, viewer, async (ctx, caller) => {
    const challenge = await challengeFactor(ctx, caller, factorId);
    return verifyFactor(ctx, caller, factorId, { challengeId: challenge.id, code });
  });
  if (!verified.ok) {
    if (verified.error.status === 429) return { ok: false, status: 429, message: "Too many codes tried. Wait a few minutes, then try again." };
    return { ok: false, status: 422, message: "That code didn't work. Check your authenticator app and enter the code it shows now." };
  }
  // The session carries a fresh token pair (and a new amr entry): the web session must keep it.
  await updateWebSession(context, viewer, verified.value);
  return { ok: true };
}
