import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { requireRole } from "~/auth/guards.server";
import { formatCents } from "~/billing/describe";
import { loadDashboard, type DashboardSession } from "~/coach-network/portal.server";
import { PageHero } from "~/components/page-hero";
import { NOINDEX, pageMeta } from "~/utils/meta";

// /coach: the coach's dashboard. While onboarding is incomplete it leads with the checklist; then
// today's and the rest of this week's sessions (in the coach's own zone) with their Join buttons,
// the bookings made since the coach's last visit, and this month's earnings so far.

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireRole(request, context, "coach");
  const dashboard = await loadDashboard(context, viewer.id);
  return { firstName: viewer.firstName, ...dashboard };
}

function SessionList({ sessions, empty, label }: { sessions: DashboardSession[]; empty: string; label: string }) {
  if (!sessions.length) return <p>{empty}</p>;
  return (
    <ul className="portal-list" aria-label={label}>
      {sessions.map((session) => (
        <li key={session.id} className="portal-item">
          <p>
            <strong>
              <time dateTime={session.startsAt}>{session.when}</time>
            </strong>{" "}
            {session.status !== "confirmed" ? (
              <span className="status-pill" data-status={session.status}>
                {session.statusLabel}
              </span>
            ) : null}
          </p>
          <p>
            {session.type} with {session.client}
            {session.company ? ` (${session.company})` : null}
          </p>
          <p className="actions">
            {session.room?.state === "open" ? (
              <Link to={session.room.href} className="button button-primary button-small">
                Join<span className="visually-hidden"> the video call with {session.client}</span>
              </Link>
            ) : session.room ? (
              <>
                <Link to={session.room.href}>
                  Meeting room<span className="visually-hidden"> for the session with {session.client}</span>
                </Link>
                <span className="hint">{session.room.hours}</span>
              </>
            ) : null}
            <Link to={`/meeting/${session.id}/record`}>
              Notes and outcome<span className="visually-hidden"> of the session with {session.client}</span>
            </Link>
          </p>
        </li>
      ))}
    </ul>
  );
}

export default function CoachDashboard() {
  const data = useLoaderData<typeof loader>();
  const { checklist, newBookings, earnings } = data;
  const remaining = checklist.items.filter((item) => !item.done).length;
  const checklistCard = (
    <section className="card" aria-labelledby="onboarding-heading">
      <h2 id="onboarding-heading">Finish setting up to take bookings</h2>
      <p>
        Clients can book you once every step is done. {remaining === 1 ? "One step to go." : `${remaining} steps to go.`}{" "}
        <Link to="/coach/onboarding">Your onboarding checklist</Link>
      </p>
      {checklist.items.length ? (
        <ol className="checklist">
          {checklist.items.map((item) => (
            <li key={item.key} className={item.done ? "done" : undefined}>
              <span className="mark" aria-hidden="true">
                {item.done ? "✓" : ""}
              </span>
              {item.done ? (
                <span>
                  {item.label}
                  <span className="visually-hidden"> (done)</span>
                </span>
              ) : (
                <Link to={item.href}>
                  {item.label}
                  <span className="visually-hidden"> (to do)</span>
                </Link>
              )}
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
  return (
    <>
      <PageHero
        eyebrow="Coach portal"
        title={data.firstName ? `Welcome, ${data.firstName}` : "Welcome to the coach portal"}
        lead={`Your sessions, clients and earnings. Times are in your time zone (${data.zone.replace(/_/g, " ")}).`}
      />
      <div className="section">
        <div className="container portal-grid">
          <div className="portal-stack">
            {checklist.complete ? null : checklistCard}
            <section className="card" aria-labelledby="today-heading">
              <h2 id="today-heading">Today</h2>
              <SessionList sessions={data.today} empty="No sessions today." label="Today's sessions" />
            </section>
            <section className="card" aria-labelledby="week-heading">
              <h2 id="week-heading">Later this week</h2>
              <SessionList sessions={data.thisWeek} empty="No more sessions this week." label="This week's sessions" />
              <p>
                <Link to="/coach/sessions">All your sessions</Link>
              </p>
            </section>
          </div>
          <div className="portal-stack">
            <section className="card" aria-labelledby="new-heading">
              <h2 id="new-heading">New bookings</h2>
              <p className="hint">{newBookings.firstVisit ? "Booked in the last 7 days." : `Since your last visit (${newBookings.sinceLabel}).`}</p>
              {newBookings.items.length ? (
                <>
                  <ul className="portal-list">
                    {newBookings.items.map((booking) => (
                      <li key={booking.id} className="portal-item">
                        <p>
                          <strong>{booking.client}</strong>: {booking.type}
                        </p>
                        <p>
                          <time dateTime={booking.startsAt}>{booking.when}</time>
                        </p>
                      </li>
                    ))}
                  </ul>
                  {newBookings.total > newBookings.items.length ? (
                    <p>
                      And {newBookings.total - newBookings.items.length} more. <Link to="/coach/sessions">See all upcoming sessions</Link>
                    </p>
                  ) : null}
                </>
              ) : (
                <p>No new bookings.</p>
              )}
            </section>
            <section className="card" aria-labelledby="earnings-heading">
              <h2 id="earnings-heading">Earnings in {earnings.month}</h2>
              <p className="portal-figure">{formatCents(earnings.shareCents)}</p>
              <p>
                Your share, excluding GST, from {earnings.sessions === 1 ? "1 completed session" : `${earnings.sessions} completed sessions`} so far this month.
              </p>
              <p>
                <Link to="/coach/earnings">Earnings and statements</Link>
              </p>
            </section>
            {data.hasSchedule ? null : (
              <section className="card" aria-labelledby="hours-heading">
                <h2 id="hours-heading">Set your hours</h2>
                <p>Clients can book you only in the hours you set.</p>
                <p>
                  <Link to="/coach/availability" className="button button-primary">
                    Set up your availability
                  </Link>
                </p>
              </section>
            )}
          </div>
        </div>
      </div>
    </>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Coach Portal", description: "The ClarityAI Coaching coach portal.", path: "/coach" }),
  NOINDEX,
];
