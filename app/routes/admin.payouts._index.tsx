import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { requireRole } from "~/auth/guards.server";
import { formatCents } from "~/billing/describe";
import { formatTimestamp } from "~/booking/time-zones";
import { ADMIN_PAYOUTS_TABLE } from "~/coach-network/admin-payouts";
import { listPayoutsForAdmin } from "~/coach-network/admin-payouts.server";
import { HELD_REASON_TEXT, PAYOUT_STATUS_LABELS } from "~/coach-network/payout-state";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { COACH_PAYOUT_STATUSES } from "~/db/schema";
import { NOINDEX, pageMeta } from "~/utils/meta";
import { readTableQuery } from "~/utils/table-query";

// Coaches' payouts, one per issued statement: a Stripe Connect transfer to the coach's account, then
// a payout to their bank. Failed ones come first; each opens its page, where a failed one is retried.

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { timeZone } = await requireRole(request, context, "admin");
  const query = readTableQuery(new URL(request.url), ADMIN_PAYOUTS_TABLE);
  const { rows, total } = await listPayoutsForAdmin(context.db, query);
  return {
    query,
    total,
    payouts: rows.map((row) => ({
      id: row.id,
      coachId: row.coachId,
      coachName: row.coachName,
      coachEmail: row.coachEmail ?? "",
      number: row.number,
      period: row.period,
      amount: formatCents(row.amountCents),
      status: PAYOUT_STATUS_LABELS[row.status],
      failed: row.status === "failed",
      why: row.status === "failed" ? row.failureMessage : row.status === "held" && row.heldReason ? HELD_REASON_TEXT[row.heldReason] : null,
      updatedIso: row.updatedAt,
      updated: formatTimestamp(row.updatedAt, timeZone),
    })),
  };
}

type Row = Awaited<ReturnType<typeof loader>>["payouts"][number];

const COLUMNS: DataTableColumn<Row>[] = [
  {
    key: "coach",
    header: "Coach",
    cell: (row) => (
      <>
        <Link to={`/admin/coaches/${row.coachId}`}>{row.coachName}</Link>
        <br />
        <span className="hint">{row.coachEmail}</span>
      </>
    ),
  },
  {
    key: "period",
    header: "Statement",
    sortable: true,
    cell: (row) => (
      <>
        <Link to={`/admin/payouts/${row.id}`}>{row.number}</Link>
        <br />
        <span className="hint">{row.period}</span>
      </>
    ),
  },
  { key: "amount", header: "Amount", sortable: true, cell: (row) => row.amount },
  { key: "status", header: "Status", sortable: true, cell: (row) => <span className={row.failed ? "badge" : "badge badge-muted"}>{row.status}</span> },
  { key: "why", header: "Why held or failed", cell: (row) => (row.why ? <span className="cell-wrap">{row.why}</span> : "—") },
  { key: "updated", header: "Updated", sortable: true, cell: (row) => <time dateTime={row.updatedIso}>{row.updated}</time> },
];

export default function AdminPayouts() {
  const { query, total, payouts } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="payouts-heading">
      <h2 id="payouts-heading">Coach payouts</h2>
      <p className="hint">
        One payout per issued statement: a transfer to the coach&apos;s Stripe account, then a payout to their bank. Open a failed payout to retry it.
      </p>
      <DataTable
        label="Coach payouts"
        columns={COLUMNS}
        rows={payouts}
        rowKey={(row) => row.id}
        query={query}
        total={total}
        searchLabel="Search by coach name, email or statement number"
        filters={[
          {
            name: "status",
            label: "Status",
            options: [{ value: "", label: "Any status" }, ...COACH_PAYOUT_STATUSES.map((s) => ({ value: s, label: PAYOUT_STATUS_LABELS[s] }))],
          },
        ]}
        empty={{ none: <p>No payouts yet: they are made when statements are issued.</p>, noMatch: <p>No payouts match.</p> }}
      />
    </section>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Coach payouts · Admin", description: "ClarityAI Coaching administration.", path: "/admin/payouts" }),
  NOINDEX,
];
