import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { handleUserAction, type UserActionData } from "~/accounts/admin-user-actions.server";
import { getUserForAdmin } from "~/accounts/admin-users.server";
import { requireRole } from "~/auth/guards.server";
import { requireFound } from "~/auth/permissions.server";
import { stepUpDue } from "~/auth/step-up.server";
import { StepUpField } from "~/components/ui/step-up-field";
import { formatTimestamp } from "~/booking/time-zones";
import { ROLES } from "~/db/schema";
import { formatDate } from "~/utils/format";
import { NOINDEX, pageMeta } from "~/utils/meta";

// One user's account, for admins: roles (each change with a reason for the audit log), sign out
// everywhere, disable and enable, and removing two-step verification for someone who lost their
// authenticator app. Each action says what it does before it is confirmed.

const ROLE_LABELS = { client: "Client", coach: "Coach", admin: "Admin" } as const;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireRole(request, context, "admin");
  const [found, stepUp] = await Promise.all([getUserForAdmin(context.db, params.id ?? ""), stepUpDue(context, viewer)]);
  const user = requireFound(found);
  const disabled = Boolean(user.bannedUntil && Date.parse(user.bannedUntil) > context.services.clock.now().getTime());
  return {
    id: user.id,
    isViewer: user.id === viewer.id,
    email: user.email ?? (user.phone ? `+${user.phone}` : "(no email)"),
    name: [user.firstName, user.lastName].filter(Boolean).join(" ") || null,
    joined: formatDate(user.createdAt),
    lastSignIn: user.lastSignInAt ? formatTimestamp(user.lastSignInAt, viewer.timeZone) : "Never",
    roles: user.roles,
    liveSessions: user.liveSessions,
    authenticatorApps: user.authenticatorApps,
    stepUp,
    disabled,
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requireRole(request, context, "admin");
  const user = requireFound(await getUserForAdmin(context.db, params.id ?? ""));
  return handleUserAction(request, context, viewer, `/admin/users/${user.id}`);
}

function ReasonField({ id, required, error }: { id: string; required: boolean; error?: string }) {
  return (
    <div className="field">
      <label htmlFor={id}>{required ? "Reason (kept in the audit log)" : "Reason (optional, kept in the audit log)"}</label>
      <input
        id={id}
        name="reason"
        type="text"
        maxLength={300}
        minLength={required ? 3 : undefined}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export default function AdminUser() {
  const user = useLoaderData<typeof loader>();
  const actionData = useActionData<UserActionData>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const errors = actionData?.errors ?? {};
  const failed = actionData?.intent;
  const grantable = ROLES.filter((role) => !user.roles.includes(role));
  const removable = user.roles.filter((role) => !(user.isViewer && role === "admin"));
  return (
    <section aria-labelledby="user-heading">
      <p>
        <Link to="/admin/users">← Back to users</Link>
      </p>
      <h2 id="user-heading">{user.email}</h2>
      {errors.form ? (
        <p className="form-error" role="alert">
          {errors.form}
        </p>
      ) : null}
      <dl className="email-meta">
        {user.name ? (
          <>
            <dt>Name</dt>
            <dd>{user.name}</dd>
          </>
        ) : null}
        <dt>Status</dt>
        <dd>{user.disabled ? <span className="badge">Disabled</span> : "Active"}</dd>
        <dt>Roles</dt>
        <dd>{user.roles.length ? user.roles.map((role) => ROLE_LABELS[role]).join(", ") : "None"}</dd>
        <dt>Joined</dt>
        <dd>{user.joined}</dd>
        <dt>Last sign-in</dt>
        <dd>{user.lastSignIn}</dd>
        <dt>Live sessions</dt>
        <dd>{user.liveSessions}</dd>
        <dt>Two-step verification</dt>
        <dd>
          {user.authenticatorApps ? `On (${user.authenticatorApps === 1 ? "an authenticator app" : `${user.authenticatorApps} authenticator apps`})` : "Off"}
        </dd>
      </dl>

      <h3>Roles</h3>
      <p className="hint">A role change takes effect on their next page load. Say why: the reason is kept in the audit log.</p>
      {grantable.length || removable.length ? (
        <Form method="post" className="ops-confirm-panel">
          <input type="hidden" name="userId" value={user.id} />
          <div className="field">
            <label htmlFor="role">Role</label>
            <select id="role" name="role" defaultValue={grantable[0] ?? removable[0]} aria-invalid={errors.role ? true : undefined}>
              {ROLES.map((role) => (
                <option key={role} value={role}>
                  {ROLE_LABELS[role]}
                  {user.roles.includes(role) ? " (has it)" : ""}
                </option>
              ))}
            </select>
            {errors.role ? <p className="field-error">{errors.role}</p> : null}
          </div>
          <ReasonField id="role-reason" required error={failed === "grant-role" || failed === "revoke-role" ? errors.reason : undefined} />
          <div className="role-list">
            <button type="submit" name="intent" value="grant-role" className="button button-secondary" disabled={busy}>
              Grant role
            </button>
            <button type="submit" name="intent" value="revoke-role" className="button button-secondary" disabled={busy}>
              Remove role
            </button>
          </div>
          {user.isViewer ? <p className="hint">You can't remove your own admin role: another admin must do it.</p> : null}
        </Form>
      ) : null}

      <h3>Sessions</h3>
      <details className="ops-confirm" open={failed === "sign-out-everywhere" || undefined}>
        <summary className="button button-secondary">Sign out everywhere…</summary>
        <Form method="post" className="ops-confirm-panel">
          <input type="hidden" name="userId" value={user.id} />
          <p>
            Ends all {user.liveSessions} of their sessions on every device, including the apps: they have to sign in again.{" "}
            {user.isViewer ? "That includes this one: you will be signed out." : ""}
          </p>
          <ReasonField id="signout-reason" required={false} error={failed === "sign-out-everywhere" ? errors.reason : undefined} />
          <button type="submit" name="intent" value="sign-out-everywhere" className="button button-primary" disabled={busy}>
            Yes, sign them out everywhere
          </button>
        </Form>
      </details>

      <h3>Two-step verification</h3>
      {!user.authenticatorApps ? (
        <p className="hint">They haven't set up an authenticator app.</p>
      ) : user.isViewer ? (
        <p className="hint">You can't remove your own two-step verification here: another admin must do it.</p>
      ) : (
        <details className="ops-confirm" open={failed === "remove-two-step" || undefined}>
          <summary className="button button-danger">Remove two-step verification…</summary>
          <Form method="post" className="ops-confirm-panel">
            <input type="hidden" name="userId" value={user.id} />
            <p>
              For someone who lost the phone with their authenticator app. Removes their authenticator {user.authenticatorApps === 1 ? "app" : "apps"} and signs
              them out everywhere; we email them to say so. They sign in with their password and set up an authenticator app again on their profile
              {user.roles.includes("admin") ? " (an admin needs one again before the admin area opens in production)" : ""}. Check it is really them before you
              do this.
            </p>
            <ReasonField id="two-step-reason" required error={failed === "remove-two-step" ? errors.reason : undefined} />
            <StepUpField id="two-step-step-up" required={user.stepUp} error={failed === "remove-two-step" ? errors.stepUpCode : undefined} />
            <button type="submit" name="intent" value="remove-two-step" className="button button-danger" disabled={busy}>
              Yes, remove two-step verification
            </button>
          </Form>
        </details>
      )}

      <h3>Account</h3>
      {user.isViewer ? (
        <p className="hint">You can't disable your own account: another admin must do it.</p>
      ) : user.disabled ? (
        <details className="ops-confirm" open={failed === "enable" || undefined}>
          <summary className="button button-secondary">Enable account…</summary>
          <Form method="post" className="ops-confirm-panel">
            <input type="hidden" name="userId" value={user.id} />
            <p>They can sign in again. Their earlier sessions stay ended.</p>
            <ReasonField id="enable-reason" required={false} />
            <button type="submit" name="intent" value="enable" className="button button-primary" disabled={busy}>
              Yes, enable the account
            </button>
          </Form>
        </details>
      ) : (
        <details className="ops-confirm" open={failed === "disable" || undefined}>
          <summary className="button button-danger">Disable account…</summary>
          <Form method="post" className="ops-confirm-panel">
            <input type="hidden" name="userId" value={user.id} />
            <p>
              They are signed out everywhere at once and can't sign in (“User is banned”) until an admin enables the account. Nothing is deleted: their
              bookings, subscription and data stay as they are.
            </p>
            <ReasonField id="disable-reason" required error={failed === "disable" ? errors.reason : undefined} />
            <button type="submit" name="intent" value="disable" className="button button-danger" disabled={busy}>
              Yes, disable the account
            </button>
          </Form>
        </details>
      )}
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  ...pageMeta(matches, {
    title: data ? `${data.email} · Users · Admin` : "Users · Admin",
    description: "ClarityAI Coaching administration.",
    path: "/admin/users",
  }),
  NOINDEX,
];
