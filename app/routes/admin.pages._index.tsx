import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { requireRole } from "~/auth/guards.server";
import { formatTimestamp } from "~/booking/time-zones";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { PAGE_COPY_KIND_LABELS, pageCopyPath } from "~/content/page-copy";
import { listPageCopy, PAGE_COPY_TABLE } from "~/content/page-copy.server";
import { NOINDEX, pageMeta } from "~/utils/meta";
import { readTableQuery } from "~/utils/table-query";

// The service and location pages whose copy the admins edit (/admin/pages).

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireRole(request, context, "admin");
  const query = readTableQuery(new URL(request.url), PAGE_COPY_TABLE);
  const { rows, total } = await listPageCopy(context.db, query);
  return {
    query,
    total,
    rows: rows.map((row) => ({ ...row, updated: formatTimestamp(row.updatedAt, viewer.timeZone), path: pageCopyPath(row.kind, row.slug) })),
  };
}

const STATUS_LABELS = { published: "Published", draft: "Unpublished changes" } as const;

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

const columns: DataTableColumn<Row>[] = [
  { key: "title", header: "Page", sortable: true, cell: (row) => <Link to={`/admin/pages/${row.kind}/${encodeURIComponent(row.slug)}`}>{row.title}</Link> },
  { key: "kind", header: "Kind", cell: (row) => PAGE_COPY_KIND_LABELS[row.kind] },
  {
    key: "status",
    header: "Status",
    cell: (row) => <span className={`badge page-copy-status page-copy-status-${row.status}`}>{STATUS_LABELS[row.status]}</span>,
  },
  { key: "updated", header: "Last changed", sortable: true, cell: (row) => <time dateTime={row.updatedAt}>{row.updated}</time> },
  { key: "view", header: "Public page", cell: (row) => <Link to={row.path}>{row.path}</Link> },
];

export default function AdminPages() {
  const { rows, query, total } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="pages-heading">
      <h2 id="pages-heading">Service and location pages</h2>
      <p>The words of the service and location pages: headline, introduction and questions. Prices and contact details stay as they are.</p>
      <DataTable
        label="Pages"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.key}
        query={query}
        total={total}
        searchLabel="Search pages"
        filters={[
          {
            name: "kind",
            label: "Kind",
            options: [{ value: "", label: "Every kind" }, ...Object.entries(PAGE_COPY_KIND_LABELS).map(([value, label]) => ({ value, label }))],
          },
          {
            name: "status",
            label: "Status",
            options: [{ value: "", label: "Any status" }, ...Object.entries(STATUS_LABELS).map(([value, label]) => ({ value, label }))],
          },
        ]}
        empty={{ none: "No pages yet: run the seed to add the service and location pages.", noMatch: "No page matches that search or filter." }}
      />
    </section>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Pages · Admin", description: "The service and location pages' copy.", path: "/admin/pages" }),
  NOINDEX,
];
