import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { requireRole } from "~/auth/guards.server";
import { formatTimestamp } from "~/booking/time-zones";
import { listCoachesForAdmin } from "~/coach-network/admin-coaches.server";
import { TableScroll } from "~/components/ui/table-scroll";
import { NOINDEX, pageMeta } from "~/utils/meta";

// /admin/coaches: every coach, with their onboarding state and sessions; each coach's page hands
// their sessions over to another coach and opens the audited read of their private notes.

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, "admin");
  const coaches = await listCoachesForAdmin(context.db, context.services.clock.now());
  return { coaches: coaches.map((coach) => ({ ...coach, onboarded: coach.onboardedAt ? formatTimestamp(coach.onboardedAt) : null })) };
}

export default function AdminCoaches() {
  const { coaches } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="coaches-heading">
      <h2 id="coaches-heading">Coaches</h2>
      {coaches.length ? (
        <TableScroll label="Coaches">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Coach</th>
                <th scope="col">Onboarding</th>
                <th scope="col">Upcoming</th>
                <th scope="col">Completed</th>
              </tr>
            </thead>
            <tbody>
              {coaches.map((coach) => (
                <tr key={coach.coachId}>
                  <th scope="row">
                    <Link to={`/admin/coaches/${coach.coachId}`}>{coach.name}</Link>
                    <br />
                    <span className="hint">{coach.email}</span>
                  </th>
                  <td>{coach.onboarded ? `Complete (${coach.onboarded})` : "In progress"}</td>
                  <td>{coach.upcoming}</td>
                  <td>{coach.completed}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : (
        <p>No coaches yet.</p>
      )}
    </section>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Coaches", description: "The coach network.", path: "/admin/coaches" }),
  NOINDEX,
];
