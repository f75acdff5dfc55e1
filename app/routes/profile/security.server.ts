import { data } from "@remix-run/cloudflare";
import * as z from "zod";
import { factorsOf, liveSessionsOf, passwordHashOf } from "~/auth/account-security.server";
import { updateUser } from "~/auth/account-updates.server";
import { outcomeOf } from "~/auth/errors.server";
import { challengeFactor, enrolFactor, TOTP_ISSUER, unenrolFactor, verifyFactor } from "~/auth/factors.server";
import { verifyPassword } from "~/auth/password.server";
import { QrTooLongError, qrCodeSvg } from "~/auth/qr";
import { ChangePasswordSchema, FactorIdSchema, VerifyFactorSchema } from "~/auth/schemas";
import { signOut } from "~/auth/token-sessions.server";
import { attemptAuthAsViewer } from "~/auth/web-auth.server";
import { updateWebSession, type Viewer } from "~/auth/web-sessions.server";
import type { Db } from "~/db/client.server";
import { consumeRateLimit, limitSubject, tooManyRequests } from "~/platform/rate-limit.server";
import { redirectWithToast } from "~/platform/toast.server";
import { describeUserAgent } from "~/utils/format";
import { formatTimestamp } from "~/booking/time-zones";
import { parseForm } from "~/utils/forms";
import { safeRedirect } from "~/utils/redirect";
import { apiMessage, apiStatus, fail, type ProfileIntentArgs } from "./intents.server";
import type { ProfileActionData } from "./types";

const PASSWORD_CHECK_LIMIT = { name: "profile-current-password", limit: 10, windowMs: 15 * 60_000 };

/**
 * An admin sent here because the admin area needs an authenticator app (production): where to go
 * once it is set up, an /admin page only. Null for anyone else, or without the marker.
 */
export function adminSetupOf(url: URL, viewer: Pick<Viewer, "roles">): { redirectTo: string } | null {
  if (url.searchParams.get("for") !== "admin" || !viewer.roles.includes("admin")) return null;
  const to = safeRedirect(url.searchParams.get("redirectTo"), "/admin");
  return { redirectTo: to === "/admin" || to.startsWith("/admin/") || to.startsWith("/admin?") ? to : "/admin" };
}

/** Where the security tab's forms post: the guided admin set-up keeps its place (and its way back) without JavaScript too. */
function securityFormAction(adminSetup: { redirectTo: string } | null): string {
  return adminSetup ? `/profile?tab=security&for=admin&redirectTo=${encodeURIComponent(adminSetup.redirectTo)}` : "/profile?tab=security";
}

/** The security tab: password, authenticator apps and the sessions signed in to this account. */
export async function loadSecurity(db: Db, viewer: Viewer, url?: URL) {
  const [passwordHash, factorRows, sessionRows] = await Promise.all([passwordHashOf(db, viewer.id), factorsOf(db, viewer.id), liveSessionsOf(db, viewer.id)]);
  const adminSetup = url ? adminSetupOf(url, viewer) : null;
  return {
    adminSetup,
    formAction: securityFormAction(adminSetup),
    aal: viewer.aal,
    hasPassword: Boolean(passwordHash),
    hasVerifiedFactor: factorRows.some((f) => f.status === "verified"),
    factors: factorRows.map((f) => ({ ...f, added: formatTimestamp(f.createdAt, viewer.timeZone) })),
    sessions: sessionRows
      // This device first, then newest first.
      .sort((a, b) => Number(b.id === viewer.authSessionId) - Number(a.id === viewer.authSessionId))
      .map((s) => ({
        id: s.id,
        current: s.id === viewer.authSessionId,
        device: describeUserAgent(s.userAgent),
        signedIn: formatTimestamp(s.createdAt, viewer.timeZone),
        signedInIso: s.createdAt,
        lastActive: formatTimestamp(s.refreshedAt ?? s.createdAt, viewer.timeZone),
        lastActiveIso: s.refreshedAt ?? s.createdAt,
        twoStep: s.aal === "aal2",
      })),
  };
}

export type SecurityOverview = Awaited<ReturnType<typeof loadSecurity>>;

function toSecurity(context: ProfileIntentArgs["context"], title: string, description?: string) {
  return redirectWithToast("/profile?tab=security", { title, description, variant: "success" }, context.env.SESSION_SECRET);
}

function qrDataUri(svgOrUri: string): string {
  return svgOrUri.startsWith("data:") ? svgOrUri : `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svgOrUri)}`;
}

function redrawQr(uri: string): string | null {
  try {
    return qrDataUri(qrCodeSvg(uri));
  } catch (error) {
    if (error instanceof QrTooLongError) return null;
    throw error;
  }
}

export async function changePassword({ request, context, viewer, formData }: ProfileIntentArgs) {
  const intent = "change-password";
  const parsed = parseForm(formData, ChangePasswordSchema);
  if (!parsed.success) return fail(intent, parsed.errors);
  const db = context.db;
  const passwordHash = await passwordHashOf(db, viewer.id);
  if (passwordHash) {
    // Someone at an unlocked computer must not be able to take the account over.
    if (!parsed.data.currentPassword) return fail(intent, { currentPassword: "Enter your current password" });
    const limit = await consumeRateLimit(db, PASSWORD_CHECK_LIMIT, limitSubject("user", viewer.id), context.env.SESSION_SECRET);
    if (!limit.allowed) {
      const refused = tooManyRequests(limit.retryAfterSeconds);
      return data<ProfileActionData>({ intent, errors: { form: refused.message } }, refused.init);
    }
    if (!(await verifyPassword(parsed.data.currentPassword, passwordHash))) {
      return fail(intent, { currentPassword: "That isn't your current password" });
    }
  }
  const { password } = parsed.data;
  const result = await attemptAuthAsViewer(request, context, viewer, (ctx, caller) => updateUser(ctx, caller, { password }));
  if (!result.ok) {
    const { code } = result.error;
    const message = apiMessage(result.error, "Your password couldn't be changed. Please try again.");
    const field = code === "weak_password" || code === "same_password" ? "password" : "form";
    return fail(intent, { [field]: message }, {}, apiStatus(result.error.status));
  }
  return toSecurity(context, "Password changed", "Use your new password next time you sign in.");
}

export async function enrolTotp({ request, context, viewer }: ProfileIntentArgs) {
  // Abandoned set-ups are cleared first, so the new authenticator's name is free.
  const existing = await factorsOf(context.db, viewer.id);
  const taken = new Set(existing.filter((f) => f.status === "verified").map((f) => f.friendlyName));
  let friendlyName = "Authenticator app";
  for (let n = 2; taken.has(friendlyName); n++) friendlyName = `Authenticator app ${n}`;
  const result = await attemptAuthAsViewer(request, context, viewer, async (ctx, caller) => {
    for (const factor of existing.filter((f) => f.status === "unverified")) {
      // Best effort: a set-up left behind matters only if its name clashes, and then enrolFactor says so.
      await outcomeOf(() => unenrolFactor(ctx, caller, factor.id));
    }
    return enrolFactor(ctx, caller, { factorType: "totp", friendlyName, issuer: TOTP_ISSUER });
  });
  if (!result.ok) {
    return fail(
      "enrol-totp",
      { form: apiMessage(result.error, "Two-step verification couldn't be set up. Please try again.") },
      {},
      apiStatus(result.error.status),
    );
  }
  if (result.value.type !== "totp") throw new Error("a TOTP enrolment answered with another factor type");
  const { id, totp } = result.value;
  return data<ProfileActionData>({
    intent: "enrol-totp",
    errors: {},
    enrolment: { factorId: id, secret: totp.secret, uri: totp.uri, qrCode: qrDataUri(totp.qrCode) },
  });
}

export async function verifyTotp({ request, context, viewer, formData }: ProfileIntentArgs) {
  const intent = "verify-totp";
  const parsed = parseForm(formData, VerifyFactorSchema);
  const factorId = String(formData.get("factorId") ?? "");
  const secret = String(formData.get("secret") ?? "");
  const uri = String(formData.get("uri") ?? "");
  // The QR code is drawn again from the otpauth URI rather than trusted from the form; the set-up is
  // shown again only when the form still carries one that looks like ours.
  const qrCode =
    z.uuid().safeParse(factorId).success && /^[A-Z2-7]{16,128}$/.test(secret) && /^otpauth:\/\/totp\//.test(uri) && uri.length <= 1000 ? redrawQr(uri) : null;
  const again = (errors: ProfileActionData["errors"], status = 400) =>
    qrCode
      ? fail(intent, errors, { enrolment: { factorId, secret, uri, qrCode } }, status)
      : fail(intent, { form: errors.form ?? errors.code ?? "Start the set-up again." }, {}, status);
  if (!parsed.success) return again(parsed.errors);
  const { factorId: enrolling, code } = parsed.data;
  const challenge = await attemptAuthAsViewer(request, context, viewer, (ctx, caller) => challengeFactor(ctx, caller, enrolling));
  if (!challenge.ok) {
    return again({ form: apiMessage(challenge.error, "That authenticator couldn't be checked. Please try again.") }, apiStatus(challenge.error.status));
  }
  const challengeId = challenge.value.id;
  const verified = await attemptAuthAsViewer(request, context, viewer, (ctx, caller) => verifyFactor(ctx, caller, enrolling, { challengeId, code }));
  if (!verified.ok) {
    const message = apiMessage(verified.error, "That code didn't work. Check your authenticator app and try again.");
    return again(verified.error.code === "mfa_verification_failed" ? { code: message } : { form: message }, apiStatus(verified.error.status));
  }
  // The session is now aal2 with a fresh token pair: the web session must carry it.
  await updateWebSession(context, viewer, verified.value);
  const adminSetup = adminSetupOf(new URL(request.url), viewer);
  if (adminSetup) {
    return redirectWithToast(
      adminSetup.redirectTo,
      { title: "Two-step verification is on", description: "You can use the admin area now.", variant: "success" },
      context.env.SESSION_SECRET,
    );
  }
  return toSecurity(context, "Two-step verification is on", "You'll be asked for a code from your authenticator app when you sign in.");
}

export async function removeFactor({ request, context, viewer, formData }: ProfileIntentArgs) {
  const parsed = parseForm(formData, FactorIdSchema);
  if (!parsed.success) return fail("remove-factor", parsed.errors);
  const { factorId } = parsed.data;
  const result = await attemptAuthAsViewer(request, context, viewer, (ctx, caller) => unenrolFactor(ctx, caller, factorId));
  if (!result.ok)
    return fail(
      "remove-factor",
      { form: apiMessage(result.error, "That authenticator couldn't be removed. Please try again.") },
      {},
      apiStatus(result.error.status),
    );
  return toSecurity(context, "Authenticator removed");
}

export async function signOutOthers({ request, context, viewer }: ProfileIntentArgs) {
  const result = await attemptAuthAsViewer(request, context, viewer, (ctx, caller) => signOut(ctx, caller, "others"));
  if (!result.ok)
    return fail(
      "sign-out-others",
      { form: apiMessage(result.error, "Your other sessions couldn't be signed out. Please try again.") },
      {},
      apiStatus(result.error.status),
    );
  return toSecurity(context, "Signed out everywhere else", "Only this device is still signed in.");
}
