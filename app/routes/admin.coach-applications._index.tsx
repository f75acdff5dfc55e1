import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { requireRole } from "~/auth/guards.server";
import { formatTimestamp } from "~/booking/time-zones";
import { APPLICATION_PAGE_SIZE, APPLICATION_STATUS_LABELS } from "~/coach-network/applications";
import { APPLICATION_SORTS, listApplications, type ApplicationFilters } from "~/coach-network/applications.server";
import { COACH_SPECIALTIES, COACH_SPECIALTY_LABELS, type CoachSpecialty } from "~/coach-network/specialties";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { COACH_APPLICATION_STATUSES, type CoachApplicationStatus } from "~/db/schema/coach-network";
import { NOINDEX, pageMeta } from "~/utils/meta";
import { readTableQuery } from "~/utils/table-query";

// The coach applications for the admins (/admin/coach-applications): open ones first by default,
// filtered by status and specialty, searched by name, email or phone, sorted by submission, name or
// experience.

const STATUS_OPTIONS = [
  { value: "", label: "Any status" },
  { value: "open", label: "Open (submitted or under review)" },
  ...COACH_APPLICATION_STATUSES.map((value) => ({ value, label: APPLICATION_STATUS_LABELS[value] })),
];
const SPECIALTY_OPTIONS = [{ value: "", label: "Any specialty" }, ...COACH_SPECIALTIES.map((value) => ({ value, label: COACH_SPECIALTY_LABELS[value] }))];

const SPEC = {
  sorts: APPLICATION_SORTS,
  defaultSort: "submitted" as const,
  defaultDirection: "desc" as const,
  filters: { status: ["open", ...COACH_APPLICATION_STATUSES], specialty: COACH_SPECIALTIES },
  pageSize: APPLICATION_PAGE_SIZE,
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireRole(request, context, "admin");
  const url = new URL(request.url);
  const read = readTableQuery(url, SPEC);
  // No status in the address is the open ones (what needs a review); "Any status" sends it empty.
  const status = (url.searchParams.has("status") ? (read.filters.status ?? "") : "open") as CoachApplicationStatus | "open" | "";
  const query = { ...read, filters: { ...read.filters, status } };
  const filters: ApplicationFilters = {
    status,
    specialty: read.filters.specialty ?? "",
    q: read.q,
    page: read.page,
    sort: read.sort,
    direction: read.direction,
  };
  const { rows, total } = await listApplications(context.db, filters);
  return data({
    query,
    total,
    rows: rows.map((row) => ({
      ...row,
      specialties: (JSON.parse(row.specialties) as CoachSpecialty[]).map((value) => COACH_SPECIALTY_LABELS[value] ?? value),
      submitted: formatTimestamp(row.submittedAt, viewer.timeZone),
    })),
  });
}

type ApplicationRow = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

const COLUMNS: DataTableColumn<ApplicationRow>[] = [
  {
    key: "name",
    header: "Name",
    sortable: true,
    cell: (row) => (
      <Link to={`/admin/coach-applications/${row.id}`}>
        {row.firstName} {row.lastName}
      </Link>
    ),
  },
  { key: "email", header: "Email", cell: (row) => <span className="cell-wrap">{row.email}</span> },
  { key: "state", header: "State", cell: (row) => row.state },
  { key: "specialties", header: "Specialties", cell: (row) => row.specialties.join(", ") },
  { key: "experience", header: "Experience", sortable: true, numeric: true, cell: (row) => `${row.yearsExperience} years` },
  { key: "cv", header: "CV", cell: (row) => (row.hasCv ? "Yes" : "No") },
  {
    key: "status",
    header: "Status",
    cell: (row) => <span className={`badge application-status application-status-${row.status}`}>{APPLICATION_STATUS_LABELS[row.status]}</span>,
  },
  { key: "submitted", header: "Submitted", sortable: true, cell: (row) => <time dateTime={row.submittedAt}>{row.submitted}</time> },
];

export default function AdminCoachApplications() {
  const { query, total, rows } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="applications-heading">
      <h2 id="applications-heading">Coach applications</h2>
      <p className="hint">People who applied at /coach-registration, newest first. Open an application to read it, add notes and review it.</p>
      <DataTable
        label="Coach applications"
        columns={COLUMNS}
        rows={rows}
        rowKey={(row) => row.id}
        query={query}
        total={total}
        searchLabel="Search by name, email or phone"
        filters={[
          { name: "status", label: "Status", options: STATUS_OPTIONS },
          { name: "specialty", label: "Specialty", options: SPECIALTY_OPTIONS },
        ]}
        empty={{
          none: <p>No applications yet. Applications from /coach-registration appear here.</p>,
          noMatch: <p>No applications match these filters.</p>,
        }}
      />
    </section>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Coach applications · Admin", description: "ClarityAI Coaching administration.", path: "/admin/coach-applications" }),
  NOINDEX,
];
