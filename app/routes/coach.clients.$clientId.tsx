import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { requireRole } from "~/auth/guards.server";
import { formatDateTime } from "~/booking/time-zones";
import { requireCoachClient } from "~/coach-network/clients.server";
import { coachZone, SESSION_STATUS_LABELS } from "~/coach-network/portal.server";
import { PageHero } from "~/components/page-hero";
import { NOINDEX, pageMeta } from "~/utils/meta";

// /coach/clients/{id}: one of this coach's clients, with their sessions with this coach, the
// summaries shared with them and the coach's private notes (never shown to the client or to other
// coaches). Anyone who isn't this coach's client is the 404.

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireRole(request, context, "coach");
  const [client, zone] = await Promise.all([requireCoachClient(context.db, viewer, params.clientId ?? ""), coachZone(context.db, viewer.id)]);
  const now = context.services.clock.now().toISOString();
  return {
    client: {
      ...client,
      sessions: client.sessions.map((session) => ({
        ...session,
        when: formatDateTime(session.startsAt, zone),
        statusLabel: session.status === "confirmed" && session.startsAt <= now ? "Outcome not recorded" : SESSION_STATUS_LABELS[session.status],
      })),
    },
  };
}

export default function CoachClient() {
  const { client } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHero
        eyebrow="Your clients"
        title={client.name}
        lead={[client.company, client.guest ? "Booked without an account" : null].filter(Boolean).join(" · ") || "One of your clients."}
        crumbs={[{ label: "Coach portal", to: "/coach" }, { label: "Clients", to: "/coach/clients" }, { label: client.name }]}
      />
      <div className="section">
        <div className="container page-narrow portal-stack">
          <section className="card" aria-labelledby="contact-heading">
            <h2 id="contact-heading">Contact</h2>
            <p>
              <a href={`mailto:${client.email}`}>{client.email}</a>
              {client.phone ? (
                <>
                  {" · "}
                  <a href={`tel:${client.phone.replace(/\s+/g, "")}`}>{client.phone}</a>
                </>
              ) : null}
            </p>
          </section>
          <section aria-labelledby="history-heading">
            <h2 id="history-heading">Sessions with you</h2>
            <p className="hint">Your notes are private: the client never sees them, and neither do other coaches.</p>
            <ul className="portal-list">
              {client.sessions.map((session) => (
                <li key={session.id} className="portal-item">
                  <h3>
                    <time dateTime={session.startsAt}>{session.when}</time>
                  </h3>
                  <p>
                    {session.typeName} ·{" "}
                    <span className="status-pill" data-status={session.status}>
                      {session.statusLabel}
                    </span>{" "}
                    · <span className="hint">{session.reference}</span>
                  </p>
                  {session.summary ? (
                    <>
                      <p>
                        <strong>{session.summary.sentAt ? "Summary shared with the client" : "Summary (draft, not sent yet)"}</strong>
                      </p>
                      <p className="shared-summary">{session.summary.text}</p>
                      {session.summary.items.length ? (
                        <ul>
                          {session.summary.items.map((item, index) => (
                            <li key={index}>
                              {item.text}
                              {item.due ? <span className="hint"> (by {item.due})</span> : null}
                            </li>
                          ))}
                        </ul>
                      ) : null}
                    </>
                  ) : null}
                  {session.notes ? (
                    <>
                      <p>
                        <strong>Your private notes</strong>
                      </p>
                      <p className="private-note">{session.notes}</p>
                    </>
                  ) : null}
                  {session.status !== "cancelled" ? (
                    <p>
                      <Link to={`/meeting/${session.id}/record`}>
                        {session.notes || session.summary ? "Edit notes and summary" : "Write notes and summary"}
                        <span className="visually-hidden"> for the session on {session.when}</span>
                      </Link>
                    </p>
                  ) : null}
                </li>
              ))}
            </ul>
          </section>
        </div>
      </div>
    </>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Client", description: "One of your coaching clients.", path: "/coach/clients" }),
  NOINDEX,
];
