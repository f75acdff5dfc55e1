import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { ESCALATION_FILTERS, EscalationFilterSchema, filterCount, type EscalationFilter } from "~/ai-coach/escalation-schemas";
import { ESCALATIONS_PAGE_SIZE, listEscalations } from "~/ai-coach/escalations.server";
import { requireRole } from "~/auth/guards.server";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { formatTimestamp } from "~/booking/time-zones";
import { NOINDEX, pageMeta } from "~/utils/meta";
import { readTableQuery } from "~/utils/table-query";

const SPEC = {
  sorts: ["queue", "raised"] as const,
  defaultSort: "queue" as const,
  defaultDirection: "asc" as const,
  filters: { status: ESCALATION_FILTERS.filter((filter) => filter !== "active") },
  pageSize: ESCALATIONS_PAGE_SIZE,
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { timeZone } = await requireRole(request, context, "admin");
  const url = new URL(request.url);
  const query = readTableQuery(url, SPEC);
  // No status (or an unknown one) is the waiting ones: open and assigned.
  const filter = EscalationFilterSchema.parse(query.filters.status ?? "active");
  const list = await listEscalations(context.db, filter, query.page, { sort: query.sort, direction: query.direction });
  return {
    query,
    filter,
    total: list.total,
    counts: list.counts,
    escalations: list.items.map((item) => ({ ...item, raised: formatTimestamp(item.createdAt, timeZone) })),
  };
}

const FILTER_LABELS: Record<EscalationFilter, string> = { active: "Waiting", open: "Open", assigned: "Assigned", resolved: "Resolved", all: "All" };
const STATUS_LABELS = { open: "Open", assigned: "Assigned", resolved: "Resolved" } as const;
const TRIGGER_LABELS = { model: "The coach", user: "The client" } as const;
const TIER_LABELS = { lite: "Lite", pro: "Pro" } as const;

type EscalationRow = ReturnType<typeof useLoaderData<typeof loader>>["escalations"][number];

const COLUMNS: DataTableColumn<EscalationRow>[] = [
  {
    key: "client",
    header: "Client",
    cell: (item) => (
      <>
        <Link to={`/admin/escalations/${item.id}`}>{item.clientName ?? item.clientEmail ?? "Unknown client"}</Link>
        {item.clientName && item.clientEmail ? (
          <>
            <br />
            <span className="hint">{item.clientEmail}</span>
          </>
        ) : null}
      </>
    ),
  },
  { key: "tier", header: "Tier", cell: (item) => (item.tier ? TIER_LABELS[item.tier] : "—") },
  { key: "raised", header: "Raised", sortable: true, cell: (item) => <time dateTime={item.createdAt}>{item.raised}</time> },
  { key: "trigger", header: "Raised by", cell: (item) => TRIGGER_LABELS[item.trigger] },
  { key: "reason", header: "Reason", cell: (item) => <span className="escalation-reason">{item.reason ?? "—"}</span> },
  {
    key: "status",
    header: "Status",
    cell: (item) => <span className={`badge escalation-status escalation-status-${item.status}`}>{STATUS_LABELS[item.status]}</span>,
  },
  { key: "assignee", header: "Assigned to", cell: (item) => item.assignee ?? <span className="hint">No one</span> },
];

export default function AdminEscalations() {
  const { query, filter, total, counts, escalations } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="escalations-heading">
      <h2 id="escalations-heading">Expert escalations</h2>
      <p className="hint">
        ClarityAI Pro questions passed to a human expert, by the coach or by the client. Assign one, reply (the client gets it by email and in their
        conversation), then resolve it. Waiting ones are listed oldest first.
      </p>
      <DataTable
        label="Escalations"
        columns={COLUMNS}
        rows={escalations}
        rowKey={(item) => item.id}
        query={query}
        total={total}
        filters={[
          {
            name: "status",
            label: "Status",
            // The "all" choice of a list is its empty value; here that is the waiting ones, as before.
            options: ESCALATION_FILTERS.map((option) => ({
              value: option === "active" ? "" : option,
              label: `${FILTER_LABELS[option]}${option === "active" ? " (open or assigned)" : ""} (${filterCount(option, counts)})`,
            })),
          },
        ]}
        empty={{
          none: <p>No escalations are waiting.</p>,
          noMatch: <p>No {FILTER_LABELS[filter].toLowerCase()} escalations.</p>,
        }}
      />
    </section>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Expert escalations · Admin", description: "ClarityAI Coaching administration.", path: "/admin/escalations" }),
  NOINDEX,
];
