import { data, type LoaderFunctionArgs, type LinksFunction, type MetaFunction } from "@remix-run/cloudflare";
import stylesHref from "~/styles/booking-portals.css?url";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { requireRole } from "~/auth/guards.server";
import { ADMIN_PAGE_SIZE, listBookingsForAdmin } from "~/booking/bookings.server";
import { listRefundRequests } from "~/booking/refunds.server";
import { ADMIN_BOOKING_STATUSES, AdminBookingFilterSchema, type AdminBookingFilter } from "~/booking/schemas";
import { DEFAULT_TIME_ZONE, formatDateTime, formatTime, formatTimestamp, offsetMinutes, zoneCity } from "~/booking/time-zones";
import { describedByOf, FieldFrame } from "~/components/ui/field";
import { FormError } from "~/components/ui/form-error";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { SelectField } from "~/components/ui/select-field";
import { coachOptions } from "~/booking/records.server";
import { NOINDEX, pageMeta } from "~/utils/meta";
import { readTableQuery } from "~/utils/table-query";

// Every booking for the admins: filtered by coach, status and start date (Sydney dates), newest
// first, paged; and the money-back guarantee requests waiting for a decision. Every time is in one
// zone, the admin's (their profile's state, else Sydney), named in the column's heading; a coach on
// another clock has their own time beside their name. Each booking's page
// (/admin/bookings/$id) reschedules, cancels, refunds and records the outcome.

const STATUS_LABELS: Record<(typeof ADMIN_BOOKING_STATUSES)[number], string> = {
  held: "Held for payment",
  confirmed: "Confirmed",
  cancelled: "Cancelled",
  expired: "Hold expired",
  completed: "Completed",
  no_show: "No-show",
};

type FilterField = "coach" | "status" | "from" | "to" | "form";
type FilterValues = { coach: string; status: string; from: string; to: string };

function valuesOf(params: URLSearchParams): FilterValues {
  const get = (name: string) => (params.get(name) ?? "").trim().slice(0, 80);
  return { coach: get("coach"), status: get("status"), from: get("from"), to: get("to") };
}

const DEFAULT_ORDER = { sort: "when", direction: "desc" } as const;
const ORDER = { sorts: ["when", "reference"] as const, defaultSort: DEFAULT_ORDER.sort, defaultDirection: DEFAULT_ORDER.direction, pageSize: ADMIN_PAGE_SIZE };

/** The filters from the address, or what is wrong with them. */
function parseFilters(params: URLSearchParams): { ok: true; filters: AdminBookingFilter } | { ok: false; errors: Partial<Record<FilterField, string>> } {
  const raw = Object.fromEntries(["coach", "status", "from", "to"].map((name) => [name, params.get(name) ?? undefined]));
  const parsed = AdminBookingFilterSchema.safeParse(raw);
  if (!parsed.success) {
    const errors: Partial<Record<FilterField, string>> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "form") as FilterField;
      errors[field] ??= field === "from" || field === "to" ? "Enter a date as YYYY-MM-DD, or leave it empty." : issue.message;
    }
    return { ok: false, errors };
  }
  const { from, to } = parsed.data;
  if (from && to && from > to) return { ok: false, errors: { to: "The end date must be on or after the start date." } };
  return { ok: true, filters: parsed.data };
}

/** Whether two zones' clocks read the same at an instant (Sydney and Melbourne do; Sydney and Brisbane do only in winter). */
function sameClock(iso: string, zone: string, other: string): boolean {
  const ms = Date.parse(iso);
  return zone === other || offsetMinutes(zone, ms) === offsetMinutes(other, ms);
}

export const links: LinksFunction = () => [{ rel: "stylesheet", href: stylesHref }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireRole(request, context, "admin");
  const zone = viewer.timeZone ?? DEFAULT_TIME_ZONE;
  const params = new URL(request.url).searchParams;
  const values = valuesOf(params);
  const [coaches, requests] = await Promise.all([coachOptions(context.db), listRefundRequests(context.db, "requested")]);
  const refundRequests = requests.map(({ request: refundRequest, booking }) => ({
    id: refundRequest.id,
    reason: refundRequest.reason,
    requestedAt: formatTimestamp(refundRequest.createdAt, zone),
    booking: { id: booking.id, reference: booking.reference, name: booking.name, email: booking.email, when: formatTimestamp(booking.startsAt, zone) },
  }));
  const parsed = parseFilters(params);
  // The order and page are the shared list's parameters; the filters keep their own checks.
  const order = readTableQuery(new URL(request.url), ORDER);
  const base = { values, order, coaches, refundRequests, zoneName: `${zoneCity(zone)} time` };
  if (!parsed.ok) {
    return data({ ...base, errors: parsed.errors, filtered: true, total: 0, rows: [] }, { status: 400 });
  }
  const list = await listBookingsForAdmin(context.db, { ...parsed.filters, page: order.page }, { sort: order.sort, direction: order.direction });
  return data({
    ...base,
    errors: {} as Partial<Record<FilterField, string>>,
    filtered: Boolean(values.coach || values.status || values.from || values.to),
    total: list.total,
    rows: list.rows.map((row) => ({
      id: row.id,
      reference: row.reference,
      client: row.name,
      email: row.email,
      coach: row.coachName,
      type: row.typeName,
      status: row.status,
      startsAt: row.startsAt,
      when: formatDateTime(row.startsAt, zone),
      // "10:00 am AWST": the coach's own clock, where it reads differently from the column's.
      coachTime: sameClock(row.startsAt, row.coachTimeZone, zone) ? null : formatTime(row.startsAt, row.coachTimeZone),
    })),
  });
}

type BookingRow = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

export default function AdminBookings() {
  const { values, order, errors, coaches, filtered, total, rows, refundRequests, zoneName } = useLoaderData<typeof loader>();
  const columns: DataTableColumn<BookingRow>[] = [
    {
      key: "reference",
      header: "Reference",
      sortable: true,
      cell: (row) => (
        <Link to={`/admin/bookings/${row.id}`} aria-label={`Booking ${row.reference}: ${row.client}`}>
          {row.reference}
        </Link>
      ),
    },
    { key: "when", header: `When (${zoneName})`, sortable: true, cell: (row) => <time dateTime={row.startsAt}>{row.when}</time> },
    {
      key: "client",
      header: "Client",
      cell: (row) => (
        <>
          {row.client}
          <br />
          <span className="hint">{row.email}</span>
        </>
      ),
    },
    {
      key: "coach",
      header: "Coach",
      cell: (row) => (
        <>
          {row.coach}
          {row.coachTime ? (
            <>
              <br />
              <span className="hint">{row.coachTime} their time</span>
            </>
          ) : null}
        </>
      ),
    },
    { key: "type", header: "Type", cell: (row) => row.type },
    {
      key: "status",
      header: "Status",
      cell: (row) => <span className={`badge booking-status booking-status-${row.status}`}>{STATUS_LABELS[row.status]}</span>,
    },
  ];
  const invalid = Object.keys(errors).length > 0;
  const field = (name: "from" | "to", label: string) => (
    <FieldFrame id={`bookings-${name}`} label={label} error={errors[name]}>
      <input
        id={`bookings-${name}`}
        name={name}
        type="date"
        defaultValue={values[name]}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={describedByOf(`bookings-${name}`, undefined, errors[name])}
      />
    </FieldFrame>
  );
  return (
    <>
      <section aria-labelledby="refund-requests-heading" className="admin-refund-requests">
        <h2 id="refund-requests-heading">Money-back guarantee requests</h2>
        {refundRequests.length ? (
          <ul className="refund-request-list">
            {refundRequests.map((refundRequest) => (
              <li key={refundRequest.id} className="refund-request">
                <p>
                  <strong>{refundRequest.booking.name}</strong> ({refundRequest.booking.email}) asked on {refundRequest.requestedAt} about{" "}
                  <Link to={`/admin/bookings/${refundRequest.booking.id}`}>booking {refundRequest.booking.reference}</Link> of {refundRequest.booking.when}:
                </p>
                <blockquote className="refund-request-reason">{refundRequest.reason}</blockquote>
                <div className="button-row">
                  <Form method="post" action={`/admin/bookings/${refundRequest.booking.id}`}>
                    <input type="hidden" name="intent" value="approve-request" />
                    <input type="hidden" name="requestId" value={refundRequest.id} />
                    <input type="hidden" name="returnTo" value="list" />
                    <button type="submit" className="button button-primary button-small">
                      Approve and refund<span className="visually-hidden"> {refundRequest.booking.reference}</span>
                    </button>
                  </Form>
                  <Form method="post" action={`/admin/bookings/${refundRequest.booking.id}`}>
                    <input type="hidden" name="intent" value="decline-request" />
                    <input type="hidden" name="requestId" value={refundRequest.id} />
                    <input type="hidden" name="returnTo" value="list" />
                    <button type="submit" className="button button-secondary button-small">
                      Decline<span className="visually-hidden"> {refundRequest.booking.reference}</span>
                    </button>
                  </Form>
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p>No requests waiting for a decision.</p>
        )}
      </section>

      <section aria-labelledby="bookings-heading">
        <h2 id="bookings-heading">Bookings</h2>
        <p className="hint">
          Every discovery call and session, newest start first. Times are in {zoneName}, with the abbreviation that applies on each date; a coach on another
          clock has their own time beside their name. Date filters use Sydney dates.
        </p>
        <Form method="get" action="/admin/bookings" className="admin-search leads-filters" role="search" aria-label="Filter bookings">
          <SelectField
            id="bookings-coach"
            name="coach"
            label="Coach"
            defaultValue={values.coach}
            error={errors.coach}
            blank="Any coach"
            options={coaches.map((coach) => ({ value: coach.slug, label: coach.displayName }))}
          />
          <SelectField
            id="bookings-status"
            name="status"
            label="Status"
            defaultValue={values.status}
            error={errors.status}
            blank="Any status"
            options={ADMIN_BOOKING_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }))}
          />
          {field("from", "Starting from")}
          {field("to", "Starting up to")}
          {/* Filtering keeps the list's order. */}
          {order.sort !== DEFAULT_ORDER.sort || order.direction !== DEFAULT_ORDER.direction ? (
            <>
              <input type="hidden" name="sort" value={order.sort} />
              <input type="hidden" name="dir" value={order.direction} />
            </>
          ) : null}
          <button type="submit" className="button button-secondary">
            Show bookings
          </button>
          {filtered ? <Link to="/admin/bookings">Clear filters</Link> : null}
        </Form>
        {invalid ? <FormError message={errors.form ?? "Please correct the filters above."} /> : null}
        {invalid ? null : (
          <DataTable
            label={`Bookings${filtered ? " matching the filters" : ""}`}
            columns={columns}
            rows={rows}
            rowKey={(row) => row.id}
            query={{ ...order, filters: { coach: values.coach, status: values.status, from: values.from, to: values.to } }}
            total={total}
            empty={{ none: <p>No bookings yet.</p>, noMatch: <p>No bookings match these filters.</p> }}
          />
        )}
      </section>
    </>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Bookings · Admin", description: "ClarityAI Coaching administration.", path: "/admin/bookings" }),
  NOINDEX,
];
