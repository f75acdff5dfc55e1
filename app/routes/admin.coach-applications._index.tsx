import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { requireRole } from "~/auth/guards.server";
import { formatTimestamp } from "~/booking/time-zones";
import { APPLICATION_PAGE_SIZE, APPLICATION_STATUS_LABELS } from "~/coach-network/applications";
import { listApplications, type ApplicationFilters } from "~/coach-network/applications.server";
import { COACH_SPECIALTIES, COACH_SPECIALTY_LABELS, type CoachSpecialty } from "~/coach-network/specialties";
import { FieldFrame } from "~/components/ui/field";
import { Pagination } from "~/components/ui/pagination";
import { SelectField } from "~/components/ui/select-field";
import { TableScroll } from "~/components/ui/table-scroll";
import { COACH_APPLICATION_STATUSES, type CoachApplicationStatus } from "~/db/schema/coach-network";
import { NOINDEX, pageMeta } from "~/utils/meta";
import { pageParam } from "~/utils/page-param";

// The coach applications for the admins (/admin/coach-applications): open ones first by default,
// filtered by status and specialty, searched by name, email or phone.

const STATUS_OPTIONS = [
  { value: "open", label: "Open (submitted or under review)" },
  ...COACH_APPLICATION_STATUSES.map((value) => ({ value, label: APPLICATION_STATUS_LABELS[value] })),
];
const SPECIALTY_OPTIONS = COACH_SPECIALTIES.map((value) => ({ value, label: COACH_SPECIALTY_LABELS[value] }));

function filtersOf(url: URL): ApplicationFilters {
  const status = url.searchParams.get("status") ?? "open";
  const specialty = url.searchParams.get("specialty") ?? "";
  return {
    // Anything not on the lists (an address edited by hand) reads as no filter.
    status: status === "open" || (COACH_APPLICATION_STATUSES as readonly string[]).includes(status) ? (status as CoachApplicationStatus | "open") : "",
    specialty: (COACH_SPECIALTIES as readonly string[]).includes(specialty) ? specialty : "",
    q: (url.searchParams.get("q") ?? "").slice(0, 100),
    page: pageParam(url) ?? 1,
  };
}

function searchOf(filters: ApplicationFilters, page = 1) {
  const params = new URLSearchParams();
  params.set("status", filters.status);
  if (filters.specialty) params.set("specialty", filters.specialty);
  if (filters.q) params.set("q", filters.q);
  if (page > 1) params.set("page", String(page));
  return `?${params}`;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, "admin");
  const filters = filtersOf(new URL(request.url));
  const { rows, total } = await listApplications(context.db, filters);
  return data({
    filters,
    total,
    pageCount: Math.max(1, Math.ceil(total / APPLICATION_PAGE_SIZE)),
    rows: rows.map((row) => ({
      ...row,
      specialties: (JSON.parse(row.specialties) as CoachSpecialty[]).map((value) => COACH_SPECIALTY_LABELS[value] ?? value),
      submitted: formatTimestamp(row.submittedAt),
    })),
  });
}

export default function AdminCoachApplications() {
  const { filters, total, pageCount, rows } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="applications-heading">
      <h2 id="applications-heading">Coach applications</h2>
      <p className="hint">People who applied at /coach-registration, newest first. Open an application to read it, add notes and review it.</p>
      <Form method="get" className="admin-search leads-filters" role="search" aria-label="Search and filter coach applications">
        <FieldFrame id="applications-q" label="Search by name, email or phone">
          <input id="applications-q" name="q" type="search" defaultValue={filters.q} maxLength={100} />
        </FieldFrame>
        <SelectField id="applications-status" name="status" label="Status" defaultValue={filters.status} blank="Any status" options={STATUS_OPTIONS} />
        <SelectField
          id="applications-specialty"
          name="specialty"
          label="Specialty"
          defaultValue={filters.specialty}
          blank="Any specialty"
          options={SPECIALTY_OPTIONS}
        />
        <button type="submit" className="button button-secondary">
          Show applications
        </button>
        <Link to="/admin/coach-applications?status=">Show all</Link>
      </Form>
      <p className="hint" aria-live="polite">
        {total} {total === 1 ? "application" : "applications"}
      </p>
      {rows.length ? (
        <TableScroll label="Coach applications table">
          <table className="admin-table">
            <caption className="visually-hidden">Coach applications, newest first, {total} in all</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">State</th>
                <th scope="col">Specialties</th>
                <th scope="col">Experience</th>
                <th scope="col">CV</th>
                <th scope="col">Status</th>
                <th scope="col">Submitted</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <th scope="row" className="cell-wrap">
                    <Link to={`/admin/coach-applications/${row.id}`}>
                      {row.firstName} {row.lastName}
                    </Link>
                  </th>
                  <td className="cell-wrap">{row.email}</td>
                  <td>{row.state}</td>
                  <td className="cell-wrap">{row.specialties.join(", ")}</td>
                  <td>{row.yearsExperience} years</td>
                  <td>{row.hasCv ? "Yes" : "No"}</td>
                  <td>
                    <span className={`badge application-status application-status-${row.status}`}>{APPLICATION_STATUS_LABELS[row.status]}</span>
                  </td>
                  <td>
                    <time dateTime={row.submittedAt}>{row.submitted}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : (
        <p>No applications match these filters.</p>
      )}
      <Pagination
        page={filters.page}
        pageCount={pageCount}
        href={(n) => `/admin/coach-applications${searchOf(filters, n)}`}
        previousLabel="← Newer"
        nextLabel="Older →"
      />
    </section>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Coach applications · Admin", description: "ClarityAI Coaching administration.", path: "/admin/coach-applications" }),
  NOINDEX,
];
