import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { requireRole } from "~/auth/guards.server";
import { describedByOf, FieldFrame } from "~/components/ui/field";
import { Pagination } from "~/components/ui/pagination";
import { TableScroll } from "~/components/ui/table-scroll";
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
import { listLeadOwners, listLeads, type LeadListItem } from "~/leads/admin.server";
import { replyPromiseText } from "~/sales-chat/reply-promise";
import { formatDate } from "~/utils/format";
import { formatTimestamp } from "~/booking/time-zones";
import { NOINDEX, pageMeta } from "~/utils/meta";
import { pageParam } from "~/utils/page-param";

/** A list item with its dates written out for the viewer. */
type LeadRow = LeadListItem & { consent: string; lastActivity: string };

type LeadsPage = {
  query: LeadListQuery;
  errors: Partial<Record<LeadQueryField, string>>;
  owners: { id: string; label: string }[];
  page: number;
  pageCount: number;
  total: number;
  leads: LeadRow[];
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, "admin");
  const url = new URL(request.url);
  const parsed = parseLeadQuery(url.searchParams);
  const owners = await listLeadOwners(context.db);
  if (!parsed.ok) {
    // A filter edited into the address: say what is wrong rather than guess.
    return data<LeadsPage>({ query: parsed.query, errors: parsed.errors, owners, page: 1, pageCount: 1, total: 0, leads: [] }, { status: 400 });
  }
  const page = pageParam(url) ?? 1;
  const list = await listLeads(context.db, parsed.query, page);
  return data<LeadsPage>({
    query: parsed.query,
    errors: {},
    owners,
    page,
    pageCount: list.pageCount,
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

export default function AdminLeads() {
  const { query, errors, owners, page, pageCount, total, leads } = useLoaderData<typeof loader>();
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
        <button type="submit" className="button button-secondary">
          Show leads
        </button>
        {filtered || invalid ? <Link to="/admin/leads">Clear filters</Link> : null}
      </Form>
      <p className="hint leads-summary" aria-live="polite">
        {invalid || total === 0 ? null : `${total} ${total === 1 ? "lead" : "leads"}${filtered ? ` ${total === 1 ? "matches" : "match"} these filters` : ""}.`}{" "}
        {invalid ? null : (
          <a href={`/admin/leads.csv${leadListSearch(query)}`} download>
            Download {filtered ? "these leads" : "all leads"} as CSV
          </a>
        )}
      </p>
      {leads.length ? (
        <TableScroll label="Leads table">
          <table className="admin-table leads-table">
            <caption className="visually-hidden">
              Leads{filtered ? " matching the filters" : ""}, most recently active first, {total} in all
            </caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Company</th>
                <th scope="col">Email</th>
                <th scope="col">Sources</th>
                <th scope="col">Last touch</th>
                <th scope="col">Marketing consent</th>
                <th scope="col">Status</th>
                <th scope="col">Owner</th>
                <th scope="col">Last activity</th>
              </tr>
            </thead>
            <tbody>
              {leads.map((lead) => (
                <tr key={lead.id}>
                  <th scope="row" className="cell-wrap">
                    <Link to={`/admin/leads/${lead.id}`}>{lead.name}</Link>
                  </th>
                  <td className="cell-wrap">{lead.company ?? <span className="hint">—</span>}</td>
                  <td className="cell-wrap">{lead.email}</td>
                  <td>
                    <ul className="leads-sources">
                      {lead.sources.map((source) => (
                        <li key={source}>{LEAD_SOURCE_LABELS[source]}</li>
                      ))}
                      {lead.kinds.map((kind) => (
                        <li key={kind}>{LEAD_ACTIVITY_KIND_LABELS[kind]}</li>
                      ))}
                    </ul>
                  </td>
                  <td className="cell-wrap">
                    {lead.lastTouch.source} / {lead.lastTouch.medium}
                    <br />
                    <span className="hint">{lead.lastTouch.campaign}</span>
                  </td>
                  <td>{lead.consent}</td>
                  <td>
                    <span className={`badge lead-status lead-status-${lead.status}`}>{LEAD_STATUS_LABELS[lead.status]}</span>
                  </td>
                  <td>{lead.owner ?? <span className="hint">Unassigned</span>}</td>
                  <td>
                    <time dateTime={lead.lastActivityAt}>{lead.lastActivity}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : invalid ? null : (
        <p className="leads-empty">
          {filtered
            ? "No leads match these filters."
            : "No leads yet. Enquiries from the contact and booking forms, resource downloads and the Service Assistant will appear here."}
        </p>
      )}
      <Pagination page={page} pageCount={pageCount} href={(n) => `/admin/leads${leadListSearch(query, n)}`} previousLabel="← Newer" nextLabel="Older →" />
    </section>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Leads · Admin", description: "ClarityAI Coaching administration.", path: "/admin/leads" }),
  NOINDEX,
];
