import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { requireRole } from "~/auth/guards.server";
import { formatTimestamp } from "~/booking/time-zones";
import { listCoachesForAdmin } from "~/coach-network/admin-coaches.server";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { NOINDEX, pageMeta } from "~/utils/meta";
import { readTableQuery } from "~/utils/table-query";

// /admin/coaches: every coach, with their onboarding state and sessions; each coach's page hands
// their sessions over to another coach and opens the audited read of their private notes. The
// network is small (the query stops at 500 coaches), so the search, order and page are applied
// here on the server to the one list query.

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

const SPEC = {
  sorts: ["name", "onboarding", "upcoming", "completed"] as const,
  defaultSort: "name" as const,
  defaultDirection: "asc" as const,
  filters: { onboarding: ["complete", "in_progress"] },
  pageSize: 25,
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireRole(request, context, "admin");
  const query = readTableQuery(new URL(request.url), SPEC);
  const all = await listCoachesForAdmin(context.db, context.services.clock.now());
  const q = query.q.toLowerCase();
  const matching = all.filter(
    (coach) =>
      (!q || coach.name.toLowerCase().includes(q) || coach.email.toLowerCase().includes(q)) &&
      (!query.filters.onboarding || (query.filters.onboarding === "complete") === Boolean(coach.onboardedAt)),
  );
  const key = (coach: (typeof all)[number]): string | number =>
    query.sort === "upcoming"
      ? coach.upcoming
      : query.sort === "completed"
        ? coach.completed
        : query.sort === "onboarding"
          ? (coach.onboardedAt ?? "")
          : coach.name.toLowerCase();
  const sign = query.direction === "asc" ? 1 : -1;
  matching.sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    return (x < y ? -1 : x > y ? 1 : a.name.localeCompare(b.name, "en-AU")) * sign;
  });
  return {
    query,
    total: matching.length,
    coaches: matching
      .slice(query.offset, query.offset + query.pageSize)
      .map((coach) => ({ ...coach, onboarded: coach.onboardedAt ? formatTimestamp(coach.onboardedAt, viewer.timeZone) : null })),
  };
}

type CoachRow = ReturnType<typeof useLoaderData<typeof loader>>["coaches"][number];

const COLUMNS: DataTableColumn<CoachRow>[] = [
  {
    key: "name",
    header: "Coach",
    sortable: true,
    cell: (coach) => (
      <>
        <Link to={`/admin/coaches/${coach.coachId}`}>{coach.name}</Link>
        <br />
        <span className="hint">{coach.email}</span>
      </>
    ),
  },
  { key: "onboarding", header: "Onboarding", sortable: true, cell: (coach) => (coach.onboarded ? `Complete (${coach.onboarded})` : "In progress") },
  { key: "upcoming", header: "Upcoming", sortable: true, numeric: true, cell: (coach) => coach.upcoming },
  { key: "completed", header: "Completed", sortable: true, numeric: true, cell: (coach) => coach.completed },
];

export default function AdminCoaches() {
  const { query, total, coaches } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="coaches-heading">
      <h2 id="coaches-heading">Coaches</h2>
      <p className="hint">Every coach in the network: onboarding, upcoming confirmed sessions and completed ones. Open a coach to hand their sessions over.</p>
      <DataTable
        label="Coaches"
        columns={COLUMNS}
        rows={coaches}
        rowKey={(coach) => coach.coachId}
        query={query}
        total={total}
        searchLabel="Search by name or email"
        filters={[
          {
            name: "onboarding",
            label: "Onboarding",
            options: [
              { value: "", label: "Any" },
              { value: "complete", label: "Complete" },
              { value: "in_progress", label: "In progress" },
            ],
          },
        ]}
        empty={{
          none: <p>No coaches yet. Approved coach applications appear here.</p>,
          noMatch: <p>No coaches match this search.</p>,
        }}
      />
    </section>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Coaches · Admin", description: "The coach network.", path: "/admin/coaches" }),
  NOINDEX,
];
