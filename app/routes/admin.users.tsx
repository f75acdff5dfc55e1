import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { handleUserAction, type UserActionData } from "~/accounts/admin-user-actions.server";
import { listUsersForAdmin, USERS_TABLE, type AdminUserRow } from "~/accounts/admin-users.server";
import { requireRole } from "~/auth/guards.server";
import { formatTimestamp } from "~/booking/time-zones";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { formatDate } from "~/utils/format";
import { NOINDEX, pageMeta } from "~/utils/meta";
import { readTableQuery } from "~/utils/table-query";

// The users list: search by email or name, filter by role and status, sort, 25 a page. Each user's
// account page (/admin/users/$id) changes roles (with a reason), signs them out everywhere, and
// disables or enables the account. The role form is also answered here, for links made before.

type Role = AdminUserRow["roles"][number];
const ROLE_LABELS: Record<Role, string> = { client: "Client", coach: "Coach", admin: "Admin" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireRole(request, context, "admin");
  const query = readTableQuery(new URL(request.url), USERS_TABLE);
  const { rows, total } = await listUsersForAdmin(context.db, query);
  const now = context.services.clock.now().getTime();
  return {
    query,
    total,
    users: rows.map((row) => ({
      id: row.id,
      isViewer: row.id === viewer.id,
      email: row.email ?? (row.phone ? `+${row.phone}` : "(no email)"),
      name: [row.firstName, row.lastName].filter(Boolean).join(" ") || null,
      confirmed: Boolean(row.emailConfirmedAt),
      disabled: Boolean(row.bannedUntil && Date.parse(row.bannedUntil) > now),
      joined: formatDate(row.createdAt),
      joinedIso: row.createdAt,
      lastSignIn: row.lastSignInAt ? formatTimestamp(row.lastSignInAt, viewer.timeZone) : "Never",
      roles: row.roles,
    })),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireRole(request, context, "admin");
  const url = new URL(request.url);
  return handleUserAction(request, context, viewer, `/admin/users${url.search}`);
}

type Row = Awaited<ReturnType<typeof loader>>["users"][number];

const COLUMNS: DataTableColumn<Row>[] = [
  {
    key: "email",
    header: "User",
    sortable: true,
    cell: (user) => (
      <>
        <Link to={`/admin/users/${user.id}`}>
          <strong>{user.email}</strong>
        </Link>
        {user.isViewer ? <span className="hint"> (you)</span> : null}
        {user.name ? (
          <>
            <br />
            {user.name}
          </>
        ) : null}
        {user.confirmed ? null : (
          <>
            <br />
            <span className="hint">Email not confirmed</span>
          </>
        )}
      </>
    ),
  },
  {
    key: "roles",
    header: "Roles",
    cell: (user) => (user.roles.length ? user.roles.map((role) => ROLE_LABELS[role]).join(", ") : <span className="hint">None</span>),
  },
  { key: "status", header: "Status", cell: (user) => (user.disabled ? <span className="badge">Disabled</span> : "Active") },
  { key: "joined", header: "Joined", sortable: true, cell: (user) => <time dateTime={user.joinedIso}>{user.joined}</time> },
  { key: "lastSignIn", header: "Last sign-in", sortable: true, cell: (user) => user.lastSignIn },
  {
    key: "manage",
    header: "Account",
    cell: (user) => (
      <Link to={`/admin/users/${user.id}`} aria-label={`Manage ${user.email}`}>
        Manage
      </Link>
    ),
  },
];

export default function AdminUsers() {
  const { query, total, users } = useLoaderData<typeof loader>();
  const actionData = useActionData<UserActionData>();
  const error = actionData?.errors.form ?? actionData?.errors.reason ?? actionData?.errors.role;
  return (
    <section aria-labelledby="users-heading">
      <h2 id="users-heading">Users</h2>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <DataTable
        label="Users"
        columns={COLUMNS}
        rows={users}
        rowKey={(user) => user.id}
        query={query}
        total={total}
        searchLabel="Search by email or name"
        filters={[
          {
            name: "role",
            label: "Role",
            options: [{ value: "", label: "Any role" }, ...(["client", "coach", "admin"] as const).map((r) => ({ value: r, label: ROLE_LABELS[r] }))],
          },
          {
            name: "status",
            label: "Status",
            options: [
              { value: "", label: "Any status" },
              { value: "active", label: "Active" },
              { value: "disabled", label: "Disabled" },
            ],
          },
        ]}
        empty={{ none: <p>No users yet.</p>, noMatch: <p>No users match that search.</p> }}
      />
    </section>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Users · Admin", description: "ClarityAI Coaching administration.", path: "/admin/users" }),
  NOINDEX,
];
