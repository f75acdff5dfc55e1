import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { requireRole } from "~/auth/guards.server";
import { describedByOf, FieldFrame } from "~/components/ui/field";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { SelectField } from "~/components/ui/select-field";
import {
  isFiltered,
  LEAD_SEARCH_MAX,
  LEAD_ACTIVITY_KIND_LABELS,
  LEAD_SOURCE_LABELS,
  LEAD_SOURCE_OPTIONS,
  LEAD_STATUS_LABELS,
  LEAD_STATUS_OPTIONS,
  leadListSearch,
  parseLeadQuery,
  UNASSIGNED,
  type LeadListQuery,
  type LeadQueryField,
} from "~/leads/admin";
import { LEAD_SORTS, LEADS_PAGE_SIZE, listLeadOwners, listLeads, type LeadListItem } from "~/leads/admin.server";
import { replyPromiseText } from "~/sales-chat/reply-promise";
import { formatDate } from "~/utils/format";
import { formatTimestamp } from "~/booking/time-zones";
import { NOINDEX, pageMeta } from "~/utils/meta";
import { readTableQuery, type TableQuery } from "~/utils/table-query";

/** A list item with its dates written out for the viewer. */
type LeadRow = LeadListItem & { consent: string; lastActivity: string };

type LeadsPage = {
  query: LeadListQuery;
  table: TableQuery<(typeof LEAD_SORTS)[number]>;
  errors: Partial<Record<LeadQueryField, string>>;
  owners: { id: string; label: string }[];
  total: number;
  leads: LeadRow[];
};

// The order and page come from the shared list's parameters; the filters keep their own checks
// (parseLeadQuery), which say what is wrong with a value edited into the address.
const DEFAULT_ORDER = { sort: "activity", direction: "desc" } as const;
const ORDER = { sorts: LEAD_SORTS, defaultSort: DEFAULT_ORDER.sort, defaultDirection: DEFAULT_ORDER.direction, pageSize: LEADS_PAGE_SIZE };

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, "admin");
  const url = new URL(request.url);
  const parsed = parseLeadQuery(url.searchParams);
  const order = readTableQuery(url, ORDER);
  const owners = await listLeadOwners(context.db);
  if (!parsed.ok) {
    // A filter edited into the address: say what is wrong rather than guess.
    return data<LeadsPage>({ query: parsed.query, table: order, errors: parsed.errors, owners, total: 0, leads: [] }, { status: 400 });
  }
  const list = await listLeads(context.db, parsed.query, order.page, { sort: order.sort, direction: order.direction });
  return data<LeadsPage>({
    query: parsed.query,
    table: order,
    errors: {},
    owners,
    total: list.total,
    leads: list.items.map((item) => ({
      ...item,
      consent: item.marketingConsentAt
        ? `Confirmed ${formatDate(item.marketingConsentAt)}`
        : item.consentPendingSince
          ? `Pending since ${formatDate(item.consentPendingSince)}`
          : "No",
      lastActivity: formatTimestamp(item.lastActivityAt),
    })),
  });
}

const COLUMNS: DataTableColumn<LeadRow>[] = [
  { key: "name", header: "Name", sortable: true, cell: (lead) => <Link to={`/admin/leads/${lead.id}`}>{lead.name}</Link> },
  { key: "company", header: "Company", cell: (lead) => lead.company ?? <span className="hint">—</span> },
  { key: "email", header: "Email", cell: (lead) => <span className="cell-wrap">{lead.email}</span> },
  {
    key: "sources",
    header: "Sources",
    cell: (lead) => (
      <ul className="leads-sources">
        {lead.sources.map((source) => (
          <li key={source}>{LEAD_SOURCE_LABELS[source]}</li>
        ))}
        {lead.kinds.map((kind) => (
          <li key={kind}>{LEAD_ACTIVITY_KIND_LABELS[kind]}</li>
        ))}
      </ul>
    ),
  },
  {
    key: "touch",
    header: "Last touch",
    cell: (lead) => (
      <>
        {lead.lastTouch.source} / {lead.lastTouch.medium}
        <br />
        <span className="hint">{lead.lastTouch.campaign}</span>
      </>
    ),
  },
  { key: "consent", header: "Marketing consent", cell: (lead) => lead.consent },
  {
    key: "status",
    header: "Status",
    sortable: true,
    cell: (lead) => <span className={`badge lead-status lead-status-${lead.status}`}>{LEAD_STATUS_LABELS[lead.status]}</span>,
  },
  { key: "owner", header: "Owner", cell: (lead) => lead.owner ?? <span className="hint">Unassigned</span> },
  { key: "activity", header: "Last activity", sortable: true, cell: (lead) => <time dateTime={lead.lastActivityAt}>{lead.lastActivity}</time> },
];

export default function AdminLeads() {
  const { query, table, errors, owners, total, leads } = useLoaderData<typeof loader>();
  const filtered = isFiltered(query);
  const invalid = Object.keys(errors).length > 0;
  return (
    <section aria-labelledby="leads-heading">
      <h2 id="leads-heading">Leads</h2>
      <p className="hint">
        Everyone who has made an enquiry — contact and booking requests, resource downloads and Service Assistant conversations — one row per person, most
        recently active first.
      </p>
      <p className="hint" data-testid="reply-promise">
        Our promise to enquirers (the Service Assistant tells each one the day and time it falls due): {replyPromiseText()}
      </p>
      <Form method="get" action="/admin/leads" className="admin-search leads-filters" role="search" aria-label="Search and filter leads">
        <FieldFrame id="lead-q" label="Search by name, email or company" error={errors.q} className="leads-search">
          <input
            id="lead-q"
            name="q"
            type="search"
            defaultValue={query.q}
            maxLength={LEAD_SEARCH_MAX}
            aria-invalid={errors.q ? true : undefined}
            aria-describedby={describedByOf("lead-q", undefined, errors.q)}
          />
        </FieldFrame>
        <SelectField
          id="lead-status"
          name="status"
          label="Status"
          defaultValue={query.status ?? ""}
          error={errors.status}
          blank="Any status"
          options={LEAD_STATUS_OPTIONS}
        />
        <SelectField
          id="lead-source"
          name="source"
          label="Source"
          defaultValue={query.source ?? ""}
          error={errors.source}
          blank="Any source"
          options={LEAD_SOURCE_OPTIONS}
        />
        <SelectField
          id="lead-owner"
          name="owner"
          label="Owner"
          defaultValue={query.owner ?? ""}
          error={errors.owner}
          blank="Anyone"
          options={[{ value: UNASSIGNED, label: "Unassigned" }, ...owners.map((owner) => ({ value: owner.id, label: owner.label }))]}
        />
        {/* Filtering keeps the list's order. */}
        {table.sort !== DEFAULT_ORDER.sort || table.direction !== DEFAULT_ORDER.direction ? (
          <>
            <input type="hidden" name="sort" value={table.sort} />
            <input type="hidden" name="dir" value={table.direction} />
          </>
        ) : null}
        <button type="submit" className="button button-secondary">
          Show leads
        </button>
        {filtered || invalid ? <Link to="/admin/leads">Clear filters</Link> : null}
      </Form>
      {invalid ? null : (
        <>
          <p className="hint leads-summary">
            <a href={`/admin/leads.csv${leadListSearch(query)}`} download>
              Download {filtered ? "these leads" : "all leads"} as CSV
            </a>
          </p>
          <DataTable
            label={`Leads${filtered ? " matching the filters" : ""}`}
            columns={COLUMNS}
            rows={leads}
            rowKey={(lead) => lead.id}
            query={{ ...table, q: query.q, filters: { status: query.status ?? "", source: query.source ?? "", owner: query.owner ?? "" } }}
            total={total}
            empty={{
              none: <p>No leads yet. Enquiries from the contact and booking forms, resource downloads and the Service Assistant will appear here.</p>,
              noMatch: <p>No leads match these filters.</p>,
            }}
          />
        </>
      )}
    </section>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Leads · Admin", description: "ClarityAI Coaching administration.", path: "/admin/leads" }),
  NOINDEX,
];
