import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { createAuthContext } from "~/auth/context.server";
import { changeUserRole, listUsersForAdmin, USERS_PAGE_SIZE, type AdminUserRow } from "~/accounts/admin-users.server";
import { parseForm } from "~/utils/forms";
import { NOINDEX, pageMeta } from "~/utils/meta";
import { formatDate } from "~/utils/format";
import { formatTimestamp } from "~/booking/time-zones";
import { requireRole } from "~/auth/guards.server";
import { RoleChangeSchema } from "~/auth/schemas";
import { redirectWithToast } from "~/platform/toast.server";
import { Pagination } from "~/components/ui/pagination";
import { pageParam } from "~/utils/page-param";
import { TableScroll } from "~/components/ui/table-scroll";

type Role = AdminUserRow["roles"][number];

const ROLE_LABELS: Record<Role, string> = { client: "Client", coach: "Coach", admin: "Admin" };

/** The longest search the box takes (its maxLength). */
const SEARCH_MAX = 100;
const SEARCH_TOO_LONG = `Search for ${SEARCH_MAX} characters or fewer.`;

type UserRow = {
  id: string;
  isViewer: boolean;
  email: string;
  name: string | null;
  confirmed: boolean;
  joined: string;
  joinedIso: string;
  lastSignIn: string;
  roles: Role[];
};
type UsersPage = { q: string; searchError: string | null; page: number; pageCount: number; total: number; users: UserRow[] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireRole(request, context, "admin");
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim();
  const page = pageParam(url) ?? 1;
  // Counted in characters, not UTF-16 units: 100 emoji are a search of 100.
  if ([...q].length > SEARCH_MAX) {
    // Typed past the box's limit (or edited into the address): say so rather than guess.
    return data<UsersPage>(
      { q: [...q].slice(0, SEARCH_MAX).join(""), searchError: SEARCH_TOO_LONG, page: 1, pageCount: 1, total: 0, users: [] },
      { status: 400 },
    );
  }
  const { rows, total: totalCount } = await listUsersForAdmin(context.db, { q, page });
  return data<UsersPage>({
    q,
    searchError: null,
    page,
    pageCount: Math.max(1, Math.ceil(totalCount / USERS_PAGE_SIZE)),
    total: totalCount,
    users: rows.map((row) => ({
      id: row.id,
      isViewer: row.id === viewer.id,
      email: row.email ?? (row.phone ? `+${row.phone}` : "(no email)"),
      name: [row.firstName, row.lastName].filter(Boolean).join(" ") || null,
      confirmed: Boolean(row.emailConfirmedAt),
      joined: formatDate(row.createdAt),
      joinedIso: row.createdAt,
      lastSignIn: row.lastSignInAt ? formatTimestamp(row.lastSignInAt, viewer.timeZone) : "Never",
      roles: row.roles,
    })),
  });
}

type ActionData = { errors: { form?: string; role?: string; userId?: string; intent?: string } };

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireRole(request, context, "admin");
  const url = new URL(request.url);
  const back = `/admin/users${url.search}`;
  const parsed = parseForm(await request.formData(), RoleChangeSchema);
  if (!parsed.success) return data<ActionData>({ errors: { form: Object.values(parsed.errors)[0] } }, { status: 400 });
  const { intent, userId, role } = parsed.data;
  if (intent === "revoke-role" && role === "admin" && userId === viewer.id) {
    // An admin can't lock themselves (and perhaps everyone) out; another admin must do it.
    return data<ActionData>({ errors: { form: "You can't remove your own admin role. Ask another admin to do it." } }, { status: 400 });
  }
  const { ipHash } = await createAuthContext(request, context);
  const result = await changeUserRole(context.db, parsed.data, { id: viewer.id, ipHash });
  if (result.outcome === "missing") return data<ActionData>({ errors: { form: "That user no longer exists." } }, { status: 400 });
  const who = result.email ?? "the user";
  const secret = context.env.SESSION_SECRET;
  if (intent === "grant-role") {
    if (result.outcome === "unchanged") return redirectWithToast(back, { title: `${who} is already ${role === "admin" ? "an" : "a"} ${role}` }, secret);
    return redirectWithToast(
      back,
      { title: `${ROLE_LABELS[role]} role granted`, description: `${who} has the ${role} role from their next page load.`, variant: "success" },
      secret,
    );
  }
  if (result.outcome === "unchanged") return redirectWithToast(back, { title: `${who} doesn't have the ${role} role` }, secret);
  return redirectWithToast(
    back,
    { title: `${ROLE_LABELS[role]} role removed`, description: `${who} no longer has the ${role} role.`, variant: "success" },
    secret,
  );
}

function usersHref(q: string, page: number) {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return `/admin/users${search ? `?${search}` : ""}`;
}

export default function AdminUsers() {
  const { q, searchError, page, pageCount, total, users } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const navigation = useNavigation();
  const location = useLocation();
  const formAction = `/admin/users${location.search}`;
  const busy = navigation.state === "submitting";
  return (
    <section aria-labelledby="users-heading">
      <h2 id="users-heading">Users</h2>
      <Form method="get" action="/admin/users" className="admin-search" role="search">
        <div className="field">
          <label htmlFor="user-search">Search by email or name</label>
          <input
            id="user-search"
            name="q"
            type="search"
            defaultValue={q}
            maxLength={SEARCH_MAX}
            aria-invalid={searchError ? true : undefined}
            aria-describedby={searchError ? "user-search-error" : undefined}
          />
          {searchError ? (
            <p id="user-search-error" className="field-error">
              {searchError}
            </p>
          ) : null}
        </div>
        <button type="submit" className="button button-secondary">
          Search
        </button>
        {q ? <Link to="/admin/users">Clear search</Link> : null}
      </Form>
      {actionData?.errors.form ? (
        <p className="form-error" role="alert">
          {actionData.errors.form}
        </p>
      ) : null}
      <p className="hint" aria-live="polite">
        {searchError
          ? null
          : total === 0
            ? q
              ? `No users match “${q}”.`
              : "No users yet."
            : `${total} user${total === 1 ? "" : "s"}${q ? ` matching “${q}”` : ""}.`}
      </p>
      {users.length ? (
        <TableScroll label="Users table">
          <table className="admin-table">
            <caption className="visually-hidden">Users{q ? ` matching “${q}”` : ""}, newest first</caption>
            <thead>
              <tr>
                <th scope="col">User</th>
                <th scope="col">Joined</th>
                <th scope="col">Last sign-in</th>
                <th scope="col">Roles</th>
                <th scope="col">Grant a role</th>
              </tr>
            </thead>
            <tbody>
              {users.map((user) => {
                const grantable = (["client", "coach", "admin"] as const).filter((role) => !user.roles.includes(role));
                return (
                  <tr key={user.id}>
                    <td>
                      <strong>{user.email}</strong>
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
                    </td>
                    <td>
                      <time dateTime={user.joinedIso}>{user.joined}</time>
                    </td>
                    <td>{user.lastSignIn}</td>
                    <td>
                      {user.roles.length ? (
                        <ul className="role-list">
                          {user.roles.map((role) => (
                            <li key={role}>
                              {user.isViewer && role === "admin" ? (
                                // The action refuses this anyway; no button that can only fail.
                                <span className="role-chip">
                                  <span className="badge">{ROLE_LABELS[role]}</span> <span className="hint">(you)</span>
                                </span>
                              ) : (
                                <Form method="post" action={formAction} className="role-chip">
                                  <input type="hidden" name="intent" value="revoke-role" />
                                  <input type="hidden" name="userId" value={user.id} />
                                  <input type="hidden" name="role" value={role} />
                                  <span className="badge">{ROLE_LABELS[role]}</span>
                                  <button type="submit" className="role-remove" disabled={busy} aria-label={`Remove the ${role} role from ${user.email}`}>
                                    Remove
                                  </button>
                                </Form>
                              )}
                            </li>
                          ))}
                        </ul>
                      ) : (
                        <span className="hint">None</span>
                      )}
                    </td>
                    <td>
                      {grantable.length ? (
                        <Form method="post" action={formAction} className="role-grant">
                          <input type="hidden" name="intent" value="grant-role" />
                          <input type="hidden" name="userId" value={user.id} />
                          <label className="visually-hidden" htmlFor={`grant-${user.id}`}>
                            Role to grant to {user.email}
                          </label>
                          <select id={`grant-${user.id}`} name="role" defaultValue={grantable[0]}>
                            {grantable.map((role) => (
                              <option key={role} value={role}>
                                {ROLE_LABELS[role]}
                              </option>
                            ))}
                          </select>
                          <button
                            type="submit"
                            className="button button-secondary button-small"
                            disabled={busy}
                            aria-label={`Grant the chosen role to ${user.email}`}
                          >
                            Grant
                          </button>
                        </Form>
                      ) : (
                        <span className="hint">Has every role</span>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableScroll>
      ) : null}
      <Pagination page={page} pageCount={pageCount} href={(n) => usersHref(q, n)} previousLabel="← Previous" nextLabel="Next →" />
    </section>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Users · Admin", description: "ClarityAI Coaching administration.", path: "/admin/users" }),
  NOINDEX,
];
