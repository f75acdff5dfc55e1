import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { SUBSCRIPTION_STATUSES, SUBSCRIPTIONS_TABLE } from "~/billing/admin-subscriptions";
import { listSubscriptionsForAdmin, stripeDashboardUrl } from "~/billing/admin-subscriptions.server";
import { paymentsMode } from "~/billing/config.server";
import { TIER_NAMES, isAiTier } from "~/billing/plans";
import { requireRole } from "~/auth/guards.server";
import { formatTimestamp } from "~/booking/time-zones";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { NOINDEX, pageMeta } from "~/utils/meta";
import { readTableQuery } from "~/utils/table-query";

// ClarityAI subscriptions as billing last synced them from Stripe: status, plan, renewal, and a link
// to the subscription in the Stripe dashboard (none in the local payments sandbox).

const STATUS_LABELS: Record<string, string> = {
  active: "Active",
  trialing: "Trial",
  past_due: "Past due",
  unpaid: "Unpaid",
  canceled: "Cancelled",
  incomplete: "Incomplete",
  incomplete_expired: "Expired before payment",
  paused: "Paused",
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { timeZone } = await requireRole(request, context, "admin");
  const query = readTableQuery(new URL(request.url), SUBSCRIPTIONS_TABLE);
  const { rows, total } = await listSubscriptionsForAdmin(context.db, query);
  return {
    query,
    total,
    sandbox: paymentsMode(context.env) !== "stripe",
    subscriptions: rows.map((row) => ({
      userId: row.userId,
      email: row.email ?? "(no email)",
      subscriptionId: row.subscriptionId,
      plan: isAiTier(row.tier) ? TIER_NAMES[row.tier] : "—",
      interval: row.interval === "year" ? "Yearly" : row.interval === "month" ? "Monthly" : "—",
      status: STATUS_LABELS[row.status] ?? row.status,
      attention: row.status === "past_due" || row.status === "unpaid",
      periodEndIso: row.periodEnd,
      periodEnd: row.periodEnd ? formatTimestamp(row.periodEnd, timeZone) : "—",
      cancelAtPeriodEnd: row.cancelAtPeriodEnd,
      ended: row.status === "canceled" || row.status === "incomplete_expired",
      stripeUrl: stripeDashboardUrl(context.env, row.subscriptionId),
    })),
  };
}

type Row = Awaited<ReturnType<typeof loader>>["subscriptions"][number];

const COLUMNS: DataTableColumn<Row>[] = [
  {
    key: "email",
    header: "Subscriber",
    sortable: true,
    cell: (row) => <Link to={`/admin/users/${row.userId}`}>{row.email}</Link>,
  },
  {
    key: "plan",
    header: "Plan",
    cell: (row) => (
      <>
        {row.plan}
        <br />
        <span className="hint">{row.interval}</span>
      </>
    ),
  },
  { key: "status", header: "Status", cell: (row) => <span className={row.attention ? "badge" : "badge badge-muted"}>{row.status}</span> },
  {
    key: "renewal",
    header: "Renews or ends",
    sortable: true,
    cell: (row) =>
      row.periodEndIso ? (
        <>
          <time dateTime={row.periodEndIso}>{row.periodEnd}</time>
          <br />
          <span className="hint">{row.ended ? "Ended" : row.cancelAtPeriodEnd ? "Cancels then" : "Renews then"}</span>
        </>
      ) : (
        "—"
      ),
  },
  {
    key: "stripe",
    header: "In Stripe",
    cell: (row) =>
      row.stripeUrl ? (
        <a href={row.stripeUrl} target="_blank" rel="noreferrer" aria-label={`Open ${row.email}'s subscription in the Stripe dashboard (opens in a new tab)`}>
          Open in Stripe
        </a>
      ) : row.subscriptionId ? (
        <code>{row.subscriptionId}</code>
      ) : (
        <span className="hint">None</span>
      ),
  },
];

export default function AdminSubscriptions() {
  const { query, total, sandbox, subscriptions } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="subscriptions-heading">
      <h2 id="subscriptions-heading">Subscriptions</h2>
      <p className="hint">
        ClarityAI subscriptions as last synced from Stripe.
        {sandbox ? " Payments run in the local sandbox here, so there is no Stripe dashboard to link to." : ""}
      </p>
      <DataTable
        label="Subscriptions"
        columns={COLUMNS}
        rows={subscriptions}
        rowKey={(row) => row.userId}
        query={query}
        total={total}
        searchLabel="Search by email or Stripe id"
        filters={[
          {
            name: "status",
            label: "Status",
            options: [{ value: "", label: "Any status" }, ...SUBSCRIPTION_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s]! }))],
          },
          {
            name: "tier",
            label: "Plan",
            options: [
              { value: "", label: "Any plan" },
              { value: "lite", label: TIER_NAMES.lite },
              { value: "pro", label: TIER_NAMES.pro },
            ],
          },
        ]}
        empty={{ none: <p>No subscriptions yet.</p>, noMatch: <p>No subscriptions match.</p> }}
      />
    </section>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Subscriptions · Admin", description: "ClarityAI Coaching administration.", path: "/admin/subscriptions" }),
  NOINDEX,
];
