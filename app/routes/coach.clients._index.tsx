import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { requireRole } from "~/auth/guards.server";
import { formatShortDateTime } from "~/booking/time-zones";
import { listCoachClients } from "~/coach-network/clients.server";
import { coachZone } from "~/coach-network/portal.server";
import { PageHero } from "~/components/page-hero";
import { TableScroll } from "~/components/ui/table-scroll";
import { NOINDEX, pageMeta } from "~/utils/meta";

// /coach/clients: the people this coach has had (or has booked) sessions with, and no one else.

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireRole(request, context, "coach");
  const now = context.services.clock.now();
  const [clients, zone] = await Promise.all([listCoachClients(context.db, viewer.id, now), coachZone(context.db, viewer.id)]);
  return {
    clients: clients.map((client) => ({
      ...client,
      last: formatShortDateTime(client.lastStartsAt, zone),
      next: client.nextStartsAt ? formatShortDateTime(client.nextStartsAt, zone) : null,
    })),
  };
}

export default function CoachClients() {
  const { clients } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHero
        eyebrow="Coach portal"
        title="Your clients"
        lead="Everyone you've coached, with their sessions, the summaries you shared and your private notes."
      />
      <div className="section">
        <div className="container">
          {clients.length ? (
            <TableScroll label="Your clients">
              <table className="admin-table">
                <thead>
                  <tr>
                    <th scope="col">Client</th>
                    <th scope="col">Sessions held</th>
                    <th scope="col">Latest</th>
                    <th scope="col">Next</th>
                  </tr>
                </thead>
                <tbody>
                  {clients.map((client) => (
                    <tr key={client.key}>
                      <th scope="row">
                        <Link to={`/coach/clients/${client.key}`}>{client.name}</Link>
                        {client.company ? <span className="hint"> · {client.company}</span> : null}
                        {client.guest ? <span className="hint"> · no account</span> : null}
                      </th>
                      <td>{client.sessions}</td>
                      <td>{client.last}</td>
                      <td>{client.next ?? "—"}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          ) : (
            <p>No clients yet. Clients appear here once they book a session with you.</p>
          )}
        </div>
      </div>
    </>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Your Clients", description: "Your coaching clients.", path: "/coach/clients" }),
  NOINDEX,
];
