import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { AUDIT_PAGE_SIZE, listAuditLog } from "~/accounts/audit-log.server";
import { NOINDEX, pageMeta } from "~/utils/meta";
import { formatTimestamp } from "~/booking/time-zones";
import { requireRole } from "~/auth/guards.server";
import { Pagination } from "~/components/ui/pagination";
import { pageParam } from "~/utils/page-param";
import { TableScroll } from "~/components/ui/table-scroll";

/** The detail object as key/value pairs to read at a glance (values are ids and short codes). */
function detailPairs(json: string): [string, string][] {
  try {
    const value: unknown = JSON.parse(json);
    if (!value || typeof value !== "object" || Array.isArray(value)) return [];
    return Object.entries(value).map(([key, v]) => [key.replace(/_/g, " "), typeof v === "string" ? v : JSON.stringify(v)]);
  } catch {
    return [["detail", json]];
  }
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { timeZone } = await requireRole(request, context, "admin");
  const url = new URL(request.url);
  const page = pageParam(url) ?? 1;
  const actionFilter = url.searchParams.get("action") ?? "";
  const filter = /^[a-z_]{1,40}$/.test(actionFilter) ? actionFilter : "";
  const { rows, total, actions } = await listAuditLog(context.db, { page, action: filter });
  return {
    page,
    filter,
    actions,
    pageCount: Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE)),
    entries: rows.map((row) => ({
      id: row.id,
      action: row.action,
      when: formatTimestamp(row.createdAt, timeZone),
      iso: row.createdAt,
      // A deleted user's rows keep the id only.
      actor: row.actorEmail ?? row.actorId,
      target: row.targetId && row.targetId !== row.actorId ? (row.targetEmail ?? row.targetId) : null,
      detail: detailPairs(row.detail),
    })),
  };
}

function auditHref(filter: string, page: number) {
  const params = new URLSearchParams();
  if (filter) params.set("action", filter);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return `/admin/audit${search ? `?${search}` : ""}`;
}

export default function AdminAudit() {
  const { page, pageCount, filter, actions, entries } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="audit-heading">
      <h2 id="audit-heading">Audit log</h2>
      <p className="hint">Sign-ins, sign-outs, password, factor and role changes, newest first. Entries hold ids, never passwords or codes.</p>
      <Form method="get" action="/admin/audit" className="admin-search">
        <div className="field">
          <label htmlFor="audit-action">Show</label>
          <select id="audit-action" name="action" defaultValue={filter}>
            <option value="">All events</option>
            {actions.map((action) => (
              <option key={action} value={action}>
                {action}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button-secondary">
          Filter
        </button>
      </Form>
      {entries.length ? (
        <TableScroll label="Audit log table">
          <table className="admin-table">
            <caption className="visually-hidden">Audit log entries, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Event</th>
                <th scope="col">By</th>
                <th scope="col">About</th>
                <th scope="col">Detail</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td className="cell-nowrap">
                    <time dateTime={entry.iso}>{entry.when}</time>
                  </td>
                  <td>
                    <code>{entry.action}</code>
                  </td>
                  <td className="cell-wrap">{entry.actor ?? "—"}</td>
                  <td className="cell-wrap">{entry.target ?? "—"}</td>
                  <td>
                    {entry.detail.length ? (
                      <ul className="audit-detail">
                        {entry.detail.map(([key, value]) => (
                          <li key={key}>
                            <span className="hint">{key}:</span> <code>{value}</code>
                          </li>
                        ))}
                      </ul>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : (
        <p>No entries{filter ? ` for ${filter}` : ""}.</p>
      )}
      <Pagination page={page} pageCount={pageCount} href={(n) => auditHref(filter, n)} previousLabel="← Newer" nextLabel="Older →" />
    </section>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Audit log · Admin", description: "ClarityAI Coaching administration.", path: "/admin/audit" }),
  NOINDEX,
];
