import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useLocation } from "@remix-run/react";
import { listAuditEntries, parseAuditQuery, targetTypeOf } from "~/admin/audit-log.server";
import { requireRole } from "~/auth/guards.server";
import { DEFAULT_TIME_ZONE, formatTimestamp, zoneAbbreviation } from "~/booking/time-zones";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { NOINDEX, pageMeta } from "~/utils/meta";

// The audit log: every sign-in, role change and admin action, with who, when, what and a diff.
// Filterable by action, actor, target and a range of days on the admin's clock; downloadable as
// CSV with the same filters. Kept for 7 years (the maintenance cron deletes older entries).

type Change = { field: string; from: string; to: string };

function shown(value: unknown): string {
  if (value === null || value === undefined) return "—";
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** An entry's detail to read at a glance: the diff of an admin action, or the key/value pairs of an older entry. */
function describe(json: string): { changes: Change[]; reason: string | null; pairs: [string, string][] } {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return { changes: [], reason: null, pairs: [["detail", json]] };
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) return { changes: [], reason: null, pairs: [] };
  const record = value as Record<string, unknown>;
  const diff = record.changes && typeof record.changes === "object" ? (record.changes as Record<string, { from?: unknown; to?: unknown }>) : null;
  const changes = diff ? Object.entries(diff).map(([field, change]) => ({ field, from: shown(change?.from), to: shown(change?.to) })) : [];
  const pairs = Object.entries(record)
    .filter(([key]) => key !== "changes" && key !== "targetType" && key !== "reason")
    .map(([key, v]): [string, string] => [key.replace(/_/g, " "), shown(v)]);
  return { changes, reason: typeof record.reason === "string" ? record.reason : null, pairs };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireRole(request, context, "admin");
  const timeZone = viewer.timeZone ?? DEFAULT_TIME_ZONE;
  const parsed = parseAuditQuery(new URL(request.url), timeZone);
  const { query } = parsed;
  const { rows, total, actions } = await listAuditEntries(context.db, query);
  const body = {
    query: {
      q: query.q,
      sort: query.sort,
      direction: query.direction,
      page: query.page,
      // The list's own filter fields, so an empty result says "no match" rather than "nothing yet".
      filters: { action: query.audit.action, actor: query.audit.actor, target: query.audit.target, from: query.audit.from, to: query.audit.to },
      pageSize: query.pageSize,
    },
    audit: { action: query.audit.action, actor: query.audit.actor, target: query.audit.target, from: query.audit.from, to: query.audit.to },
    errors: parsed.ok ? {} : parsed.errors,
    zone: zoneAbbreviation(timeZone, new Date()),
    total,
    actions,
    entries: rows.map((row) => ({
      id: row.id,
      action: row.action,
      when: formatTimestamp(row.createdAt, timeZone),
      iso: row.createdAt,
      // A deleted user's rows keep the id only.
      actor: row.actorEmail ?? row.actorId,
      targetType: targetTypeOf(row.detail),
      target: row.targetId && row.targetId !== row.actorId ? (row.targetEmail ?? row.targetId) : null,
      ...describe(row.detail),
    })),
  };
  return data(body, { status: parsed.ok ? 200 : 400 });
}

type Entry = ReturnType<typeof useLoaderData<typeof loader>>["entries"][number];

const COLUMNS: DataTableColumn<Entry>[] = [
  {
    key: "when",
    header: "When",
    sortable: true,
    cell: (entry) => (
      <time dateTime={entry.iso} className="cell-nowrap">
        {entry.when}
      </time>
    ),
  },
  { key: "action", header: "Action", sortable: true, cell: (entry) => <code>{entry.action}</code> },
  { key: "actor", header: "By", cell: (entry) => <span className="cell-wrap">{entry.actor ?? "—"}</span> },
  {
    key: "target",
    header: "About",
    cell: (entry) => (
      <span className="cell-wrap">
        {entry.targetType ? <span className="hint">{entry.targetType} </span> : null}
        {entry.target ?? "—"}
      </span>
    ),
  },
  {
    key: "detail",
    header: "What changed",
    cell: (entry) => (
      <ul className="audit-detail">
        {entry.changes.map((change) => (
          <li key={change.field}>
            <span className="hint">{change.field}:</span> <code>{change.from}</code> → <code>{change.to}</code>
          </li>
        ))}
        {entry.reason ? (
          <li>
            <span className="hint">reason:</span> {entry.reason}
          </li>
        ) : null}
        {entry.pairs.map(([key, value]) => (
          <li key={key}>
            <span className="hint">{key}:</span> <code>{value}</code>
          </li>
        ))}
      </ul>
    ),
  },
];

function AuditFilters() {
  const { audit, actions, errors, zone } = useLoaderData<typeof loader>();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.delete("page");
  const csv = `/admin/audit.csv${params.size ? `?${params.toString()}` : ""}`;
  const dateError = (name: "from" | "to") => (name in errors ? (errors as Record<string, string>)[name] : undefined);
  return (
    <>
      <div className="field">
        <label htmlFor="audit-action">Action</label>
        <select id="audit-action" name="action" defaultValue={audit.action}>
          <option value="">All actions</option>
          {actions.map((action) => (
            <option key={action} value={action}>
              {action}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="audit-actor">By (email or id)</label>
        <input id="audit-actor" name="actor" type="search" defaultValue={audit.actor} maxLength={200} />
      </div>
      <div className="field">
        <label htmlFor="audit-target">About (id, email or kind)</label>
        <input id="audit-target" name="target" type="search" defaultValue={audit.target} maxLength={200} />
      </div>
      {(["from", "to"] as const).map((name) => (
        <div className="field" key={name}>
          <label htmlFor={`audit-${name}`}>
            {name === "from" ? "From" : "To"} ({zone})
          </label>
          <input
            id={`audit-${name}`}
            name={name}
            type="date"
            defaultValue={audit[name]}
            aria-invalid={dateError(name) ? true : undefined}
            aria-describedby={dateError(name) ? `audit-${name}-error` : undefined}
          />
          {dateError(name) ? (
            <p className="field-error" id={`audit-${name}-error`}>
              {dateError(name)}
            </p>
          ) : null}
        </div>
      ))}
      <button type="submit" className="button button-secondary">
        Show
      </button>
      <a href={csv} className="button button-secondary" download>
        Download CSV
      </a>
    </>
  );
}

export default function AdminAudit() {
  const { query, total, entries } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="audit-heading">
      <h2 id="audit-heading">Audit log</h2>
      <p className="hint">
        Sign-ins, role changes and every admin action: who, when, what and what changed. Entries hold ids, statuses and amounts, never passwords or codes, and
        are kept for 7 years.
      </p>
      <DataTable
        label="Audit log"
        columns={COLUMNS}
        rows={entries}
        rowKey={(entry) => entry.id}
        query={query}
        total={total}
        actions={<AuditFilters />}
        empty={{ none: <p>Nothing has been recorded yet.</p>, noMatch: <p>No entries match these filters.</p> }}
      />
    </section>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Audit log · Admin", description: "ClarityAI Coaching administration.", path: "/admin/audit" }),
  NOINDEX,
];
