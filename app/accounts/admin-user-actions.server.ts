import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { disableUser, enableUser, removeTwoStep, signOutEverywhere } from "~/auth/admin-accounts.server";
import { createAuthContext } from "~/auth/context.server";
import { queueEmail } from "~/auth/emails.server";
import { AccountActionSchema, RoleChangeSchema } from "~/auth/schemas";
import { checkStepUp } from "~/auth/step-up.server";
import type { Viewer } from "~/auth/viewer";
import { composeEmail } from "~/email/compose.server";
import { twoStepRemovedEmail } from "~/email/templates/two-step-removed";
import { redirectWithToast } from "~/platform/toast.server";
import { parseForm } from "~/utils/forms";
import { changeUserRole } from "./admin-users.server";

// The account actions of /admin/users/$id (and the role form of /admin/users): role changes with a
// reason, sign out everywhere, disable and enable, and removing two-step verification for someone
// who lost their authenticator app (with a fresh code from the admin's own app, as money actions
// ask). An admin can't remove their own admin role, disable their own account or remove their own
// two-step verification here: another admin must do it.

const ROLE_LABELS = { client: "Client", coach: "Coach", admin: "Admin" } as const;

/** What was refused, and for which action (so the page shows the message by its form). */
export type UserActionData = { intent: string | null; errors: { form?: string; reason?: string; role?: string; stepUpCode?: string } };

function refused(intent: FormDataEntryValue | null, errors: UserActionData["errors"], status = 400) {
  return data<UserActionData>({ intent: typeof intent === "string" ? intent.slice(0, 40) : null, errors }, { status });
}

export async function handleUserAction(request: Request, context: AppLoadContext, viewer: Viewer, back: string) {
  const form = await request.formData();
  const intent = form.get("intent");
  const authContext = await createAuthContext(request, context);
  const admin = { id: viewer.id, ipHash: authContext.ipHash };
  const secret = context.env.SESSION_SECRET;
  const now = context.services.clock.now();

  if (intent === "grant-role" || intent === "revoke-role") {
    const parsed = parseForm(form, RoleChangeSchema);
    if (!parsed.success) return refused(intent, { reason: parsed.errors.reason, role: parsed.errors.role, form: parsed.errors.userId ?? parsed.errors.intent });
    const { userId, role } = parsed.data;
    if (intent === "revoke-role" && role === "admin" && userId === viewer.id) {
      return refused(intent, { form: "You can't remove your own admin role. Ask another admin to do it." });
    }
    const result = await changeUserRole(context.db, parsed.data, admin);
    if (result.outcome === "missing") return refused(intent, { form: "That user no longer exists." });
    const who = result.email ?? "the user";
    if (result.outcome === "unchanged") {
      return redirectWithToast(
        back,
        { title: intent === "grant-role" ? `${who} already has the ${role} role` : `${who} doesn't have the ${role} role` },
        secret,
      );
    }
    return redirectWithToast(
      back,
      intent === "grant-role"
        ? { title: `${ROLE_LABELS[role]} role granted`, description: `${who} has the ${role} role from their next page load.`, variant: "success" }
        : { title: `${ROLE_LABELS[role]} role removed`, description: `${who} no longer has the ${role} role.`, variant: "success" },
      secret,
    );
  }

  const parsed = parseForm(form, AccountActionSchema);
  if (!parsed.success) {
    const errors = parsed.errors as Record<string, string | undefined>;
    return refused(intent, { reason: errors.reason, form: errors.userId ?? errors.intent ?? (errors.reason ? undefined : "That action isn't available") });
  }
  const action = parsed.data;
  if (action.intent === "sign-out-everywhere") {
    const result = await signOutEverywhere(context.db, context.cloudflare.env.SESSIONS, action.userId, admin, { reason: action.reason || undefined, now });
    if (result.outcome === "missing") return refused(intent, { form: "That user no longer exists." });
    if (result.outcome === "self") return refused(intent, { form: "That action isn't available." });
    const sessions = result.sessions;
    return redirectWithToast(
      back,
      {
        title: "Signed out everywhere",
        description: sessions ? `${sessions} session${sessions === 1 ? "" : "s"} ended. They need to sign in again.` : "They had no live sessions.",
        variant: "success",
      },
      secret,
    );
  }
  if (action.intent === "disable") {
    const result = await disableUser(context.db, context.cloudflare.env.SESSIONS, action.userId, admin, { reason: action.reason, now });
    if (result.outcome === "self") return refused(intent, { form: "You can't disable your own account. Ask another admin to do it." });
    if (result.outcome === "missing") return refused(intent, { form: "That user no longer exists." });
    if (result.outcome === "unchanged") return redirectWithToast(back, { title: "That account was already disabled" }, secret);
    return redirectWithToast(
      back,
      { title: "Account disabled", description: "They were signed out everywhere and can't sign in until the account is enabled.", variant: "success" },
      secret,
    );
  }
  if (action.intent === "remove-two-step") {
    const stepUp = await checkStepUp(request, context, viewer, form);
    if (!stepUp.ok) return refused(intent, { stepUpCode: stepUp.message }, stepUp.status);
    const result = await removeTwoStep(context.db, context.cloudflare.env.SESSIONS, action.userId, admin, { reason: action.reason, now });
    if (result.outcome === "self") return refused(intent, { form: "You can't remove your own two-step verification here. Ask another admin to do it." });
    if (result.outcome === "missing") return refused(intent, { form: "That user no longer exists." });
    if (result.outcome === "unchanged") return redirectWithToast(back, { title: "They don't have two-step verification" }, secret);
    if (result.email) {
      const securityUrl = `${authContext.config.siteUrl}/profile?tab=security`;
      await queueEmail(
        authContext,
        await composeEmail(
          authContext.appEnv,
          twoStepRemovedEmail,
          { securityUrl },
          { to: result.email, dedupeKey: `two-step-removed:${action.userId}:${now.toISOString()}` },
        ),
      );
    }
    return redirectWithToast(
      back,
      {
        title: "Two-step verification removed",
        description: "They were signed out everywhere and emailed. They sign in with their password and can set up an authenticator app again.",
        variant: "success",
      },
      secret,
    );
  }
  const result = await enableUser(context.db, action.userId, admin, { reason: action.reason || undefined, now });
  if (result.outcome === "missing") return refused(intent, { form: "That user no longer exists." });
  if (result.outcome === "unchanged") return redirectWithToast(back, { title: "That account wasn't disabled" }, secret);
  return redirectWithToast(back, { title: "Account enabled", description: "They can sign in again.", variant: "success" }, secret);
}
