import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { requireRole } from "~/auth/guards.server";
import { listCoachSessions, type SessionsView } from "~/coach-network/portal.server";
import { PageHero } from "~/components/page-hero";
import { Pagination } from "~/components/ui/pagination";
import { NOINDEX, pageMeta } from "~/utils/meta";

// /coach/sessions: the coach's sessions, upcoming (soonest first) or past (newest first), with
// their status, meeting link and the start of the coach's private notes. Writing notes, the
// summary and the outcome happens on the session's record after the call (/meeting/{id}/record).

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireRole(request, context, "coach");
  const url = new URL(request.url);
  const view: SessionsView = url.searchParams.get("view") === "past" ? "past" : "upcoming";
  const page = Number.parseInt(url.searchParams.get("page") ?? "1", 10);
  const sessions = await listCoachSessions(context, viewer.id, { view, page: Number.isFinite(page) ? page : 1 });
  return { view, ...sessions };
}

const VIEWS: { view: SessionsView; label: string }[] = [
  { view: "upcoming", label: "Upcoming" },
  { view: "past", label: "Past" },
];

export default function CoachSessions() {
  const { view, rows, total, page, pageCount } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHero eyebrow="Coach portal" title="Your sessions" lead="Join upcoming sessions, and record how past ones went with your notes and summary." />
      <div className="section">
        <div className="container page-narrow">
          <nav aria-label="Which sessions">
            <ul className="portal-tabs">
              {VIEWS.map((tab) => (
                <li key={tab.view}>
                  <Link to={`/coach/sessions?view=${tab.view}`} aria-current={tab.view === view ? "page" : undefined}>
                    {tab.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <section aria-labelledby="sessions-heading">
            <h2 id="sessions-heading">
              {view === "upcoming" ? "Upcoming sessions" : "Past sessions"} <span className="hint">({total})</span>
            </h2>
            {rows.length ? (
              <ul className="portal-list">
                {rows.map((session) => (
                  <li key={session.id} className="portal-item">
                    <p>
                      <strong>
                        <time dateTime={session.startsAt}>{session.when}</time>
                      </strong>{" "}
                      <span className="status-pill" data-status={session.status}>
                        {session.statusLabel}
                      </span>
                    </p>
                    <p>
                      {session.type} with <Link to={`/coach/clients/${session.clientKey}`}>{session.client}</Link>
                      {session.company ? ` (${session.company})` : null} · <span className="hint">{session.reference}</span>
                    </p>
                    {session.notes ? (
                      <p className="private-note">
                        <span className="visually-hidden">Your private notes: </span>
                        {session.notes}
                      </p>
                    ) : null}
                    <p className="actions">
                      {session.room ? (
                        session.room.state === "open" ? (
                          <Link to={session.room.href} className="button button-primary button-small">
                            Join<span className="visually-hidden"> the video call with {session.client}</span>
                          </Link>
                        ) : (
                          <>
                            <Link to={session.room.href}>
                              Meeting room<span className="visually-hidden"> for the session with {session.client}</span>
                            </Link>
                            <span className="hint">{session.room.hours}</span>
                          </>
                        )
                      ) : null}
                      {session.status !== "cancelled" ? (
                        <Link to={`/meeting/${session.id}/record`}>
                          {view === "past" ? "Outcome, notes and summary" : "Notes"}
                          <span className="visually-hidden"> for the session with {session.client}</span>
                        </Link>
                      ) : null}
                      {session.summarySent ? (
                        <span className="hint">Summary sent</span>
                      ) : session.hasSummaryDraft ? (
                        <span className="hint">Summary drafted</span>
                      ) : null}
                    </p>
                  </li>
                ))}
              </ul>
            ) : (
              <p>{view === "upcoming" ? "No upcoming sessions." : "No past sessions yet."}</p>
            )}
            <Pagination
              page={page}
              pageCount={pageCount}
              href={(n) => `/coach/sessions?view=${view}&page=${n}`}
              previousLabel={view === "upcoming" ? "← Sooner" : "← Newer"}
              nextLabel={view === "upcoming" ? "Later →" : "Older →"}
            />
          </section>
        </div>
      </div>
    </>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Your Sessions", description: "Your coaching sessions.", path: "/coach/sessions" }),
  NOINDEX,
];
