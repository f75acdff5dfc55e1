import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { requireRole } from "~/auth/guards.server";
import { formatTimestamp } from "~/booking/time-zones";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { listContent } from "~/content/admin/content-admin.server";
import { CONTENT_FILTERS, CONTENT_SORTS, editorPath, STATUS_LABELS, TYPE_LABELS } from "~/content/admin/types";
import { NOINDEX, pageMeta } from "~/utils/meta";
import { readTableQuery } from "~/utils/table-query";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireRole(request, context, "admin");
  const query = readTableQuery(new URL(request.url), {
    sorts: CONTENT_SORTS,
    defaultSort: "updated",
    defaultDirection: "desc",
    filters: CONTENT_FILTERS,
    pageSize: 25,
  });
  const { rows, total } = await listContent(context.db, query);
  return {
    query,
    total,
    rows: rows.map((row) => ({
      ...row,
      href: editorPath(row.type, row.id),
      updated: formatTimestamp(row.updatedAt, viewer.timeZone),
      when:
        row.status === "scheduled"
          ? `Scheduled for ${formatTimestamp(row.scheduledAt, viewer.timeZone)}`
          : row.publishedAt
            ? formatTimestamp(row.publishedAt, viewer.timeZone)
            : "—",
    })),
  };
}

type Row = Awaited<ReturnType<typeof loader>>["rows"][number];

const columns: DataTableColumn<Row>[] = [
  {
    key: "title",
    header: "Title",
    sortable: true,
    cell: (row) => (
      <>
        <Link to={row.href}>{row.title}</Link>
        <br />
        <span className="hint">/{row.slug}</span>
      </>
    ),
  },
  { key: "type", header: "Type", cell: (row) => TYPE_LABELS[row.type] },
  {
    key: "status",
    header: "Status",
    sortable: true,
    cell: (row) => <span className={`badge content-status content-status-${row.status}`}>{STATUS_LABELS[row.status]}</span>,
  },
  { key: "published", header: "Published", sortable: true, cell: (row) => row.when },
  { key: "updated", header: "Last saved", sortable: true, cell: (row) => row.updated },
];

export default function AdminContent() {
  const { rows, total, query } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="content-heading">
      <h2 id="content-heading">Content</h2>
      <p>Blog posts, case studies and resources. Drafts and scheduled items are never shown on the site.</p>
      <DataTable
        label="Content"
        columns={columns}
        rows={rows}
        rowKey={(row) => `${row.type}:${row.id}`}
        query={query}
        total={total}
        searchLabel="Search titles and slugs"
        filters={[
          {
            name: "type",
            label: "Type",
            options: [{ value: "", label: "All types" }, ...CONTENT_FILTERS.type.map((t) => ({ value: t, label: TYPE_LABELS[t] }))],
          },
          {
            name: "status",
            label: "Status",
            options: [{ value: "", label: "All statuses" }, ...CONTENT_FILTERS.status.map((s) => ({ value: s, label: STATUS_LABELS[s] }))],
          },
        ]}
        empty={{ none: "Nothing here yet: write your first post.", noMatch: "Nothing matches: try other words or filters." }}
        actions={
          <Link to="/admin/content/new" className="button button-primary">
            New content
          </Link>
        }
      />
    </section>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Content · Admin", description: "ClarityAI Coaching administration.", path: "/admin/content" }),
  NOINDEX,
];
