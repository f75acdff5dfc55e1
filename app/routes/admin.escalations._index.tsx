import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { ESCALATION_FILTERS, EscalationFilterSchema, filterCount, type EscalationFilter } from "~/ai-coach/escalation-schemas";
import { listEscalations } from "~/ai-coach/escalations.server";
import { requireRole } from "~/auth/guards.server";
import { Pagination } from "~/components/ui/pagination";
import { TableScroll } from "~/components/ui/table-scroll";
import { formatTimestamp } from "~/booking/time-zones";
import { NOINDEX, pageMeta } from "~/utils/meta";
import { pageParam } from "~/utils/page-param";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { timeZone } = await requireRole(request, context, "admin");
  const url = new URL(request.url);
  const filter = EscalationFilterSchema.parse(url.searchParams.get("status") ?? "active");
  const page = pageParam(url) ?? 1;
  const list = await listEscalations(context.db, filter, page);
  return {
    filter,
    page,
    pageCount: list.pageCount,
    total: list.total,
    counts: list.counts,
    escalations: list.items.map((item) => ({ ...item, raised: formatTimestamp(item.createdAt, timeZone) })),
  };
}

const FILTER_LABELS: Record<EscalationFilter, string> = { active: "Waiting", open: "Open", assigned: "Assigned", resolved: "Resolved", all: "All" };
const STATUS_LABELS = { open: "Open", assigned: "Assigned", resolved: "Resolved" } as const;
const TRIGGER_LABELS = { model: "The coach", user: "The client" } as const;
const TIER_LABELS = { lite: "Lite", pro: "Pro" } as const;

function listHref(filter: EscalationFilter, page = 1) {
  const params = new URLSearchParams();
  if (filter !== "active") params.set("status", filter);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return `/admin/escalations${search ? `?${search}` : ""}`;
}

export default function AdminEscalations() {
  const { filter, page, pageCount, total, counts, escalations } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="escalations-heading">
      <h2 id="escalations-heading">Expert escalations</h2>
      <p className="hint">
        ClarityAI Pro questions passed to a human expert, by the coach or by the client. Assign one, reply (the client gets it by email and in their
        conversation), then resolve it. Waiting ones are listed oldest first.
      </p>
      <nav aria-label="Filter escalations by status" className="escalation-filters">
        <ul>
          {ESCALATION_FILTERS.map((option) => (
            <li key={option}>
              <Link to={listHref(option)} aria-current={option === filter ? "page" : undefined} className="escalation-filter">
                {FILTER_LABELS[option]} ({filterCount(option, counts)})
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {escalations.length ? (
        <TableScroll label="Escalations table">
          <table className="admin-table escalations-table">
            <caption className="visually-hidden">
              {FILTER_LABELS[filter]} escalations, {total} in all
            </caption>
            <thead>
              <tr>
                <th scope="col">Client</th>
                <th scope="col">Tier</th>
                <th scope="col">Raised</th>
                <th scope="col">Raised by</th>
                <th scope="col">Reason</th>
                <th scope="col">Status</th>
                <th scope="col">Assigned to</th>
              </tr>
            </thead>
            <tbody>
              {escalations.map((item) => (
                <tr key={item.id}>
                  <td className="cell-wrap">
                    <Link to={`/admin/escalations/${item.id}`}>{item.clientName ?? item.clientEmail ?? "Unknown client"}</Link>
                    {item.clientName && item.clientEmail ? (
                      <>
                        <br />
                        <span className="hint">{item.clientEmail}</span>
                      </>
                    ) : null}
                  </td>
                  <td>{item.tier ? TIER_LABELS[item.tier] : "—"}</td>
                  <td>
                    <time dateTime={item.createdAt}>{item.raised}</time>
                  </td>
                  <td>{TRIGGER_LABELS[item.trigger]}</td>
                  <td className="cell-wrap escalation-reason">{item.reason ?? "—"}</td>
                  <td>
                    <span className={`badge escalation-status escalation-status-${item.status}`}>{STATUS_LABELS[item.status]}</span>
                  </td>
                  <td>{item.assignee ?? <span className="hint">No one</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : (
        <p>{filter === "active" ? "No escalations are waiting." : `No ${FILTER_LABELS[filter].toLowerCase()} escalations.`}</p>
      )}
      <Pagination page={page} pageCount={pageCount} href={(n) => listHref(filter, n)} previousLabel="← Previous" nextLabel="Next →" />
    </section>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Expert escalations · Admin", description: "ClarityAI Coaching administration.", path: "/admin/escalations" }),
  NOINDEX,
];
