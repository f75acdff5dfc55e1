import type { LoaderFunctionArgs, LinksFunction, MetaFunction } from "@remix-run/cloudflare";
import stylesHref from "~/styles/booking-portals.css?url";
import { Link, useLoaderData } from "@remix-run/react";
import { listCoachBookings } from "~/booking/bookings.server";
import { getCoachById } from "~/booking/catalogue.server";
import { formatDateTime as formatZoned } from "~/booking/time-zones";
import { PageHero } from "~/components/page-hero";
import { NOINDEX, pageMeta } from "~/utils/meta";
import { requireRole } from "~/auth/guards.server";
import { roomLinkOf } from "~/meetings/room-link";
import { meetingWindowSettings } from "~/meetings/window";

/** How far ahead the portal lists the coach's bookings. */
const UPCOMING_DAYS = 60;
/** How far back it lists past sessions to write up (their outcome, notes and summary). */
const PAST_DAYS = 30;

const OUTCOME_LABELS: Record<string, string> = { confirmed: "Outcome not recorded", completed: "Completed", no_show: "No-show" };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: stylesHref }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireRole(request, context, "coach");
  const now = context.services.clock.now();
  const settings = meetingWindowSettings(context.env);
  const [coach, bookings] = await Promise.all([
    getCoachById(context.db, viewer.id),
    listCoachBookings(context.db, viewer.id, {
      from: new Date(now.getTime() - PAST_DAYS * 86_400_000),
      to: new Date(now.getTime() + UPCOMING_DAYS * 86_400_000),
    }),
  ]);
  const zone = coach?.timeZone ?? "Australia/Sydney";
  return {
    firstName: viewer.firstName,
    hasSchedule: coach !== null,
    upcomingDays: UPCOMING_DAYS,
    // Confirmed sessions whose room hasn't closed, soonest first, in the coach's own time zone.
    upcoming: bookings
      .map((booking) => ({ booking, room: roomLinkOf(booking, settings, now, zone) }))
      .filter(({ booking, room }) => booking.status === "confirmed" && room !== null)
      .map(({ booking, room }) => ({
        id: booking.id,
        client: booking.name,
        company: booking.company,
        type: booking.typeName,
        startsAt: booking.startsAt,
        when: formatZoned(booking.startsAt, zone),
        room: room!,
      })),
    // Sessions that have started, newest first, with their outcome and a link to write them up.
    past: bookings
      .filter((booking) => booking.status in OUTCOME_LABELS && Date.parse(booking.startsAt) <= now.getTime())
      .reverse()
      .map((booking) => ({
        id: booking.id,
        client: booking.name,
        type: booking.typeName,
        startsAt: booking.startsAt,
        when: formatZoned(booking.startsAt, zone),
        outcome: OUTCOME_LABELS[booking.status]!,
      })),
    pastDays: PAST_DAYS,
  };
}

// Clients, notes and revenue-share statements arrive with the coach-network issue.
export default function CoachPortal() {
  const { firstName, hasSchedule, upcoming, upcomingDays, past, pastDays } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHero
        eyebrow="Coach portal"
        title={firstName ? `Welcome, ${firstName}` : "Welcome to the coach portal"}
        lead="This is where you'll run your coaching practice with ClarityAI Coaching."
      />
      <section className="section" aria-labelledby="coach-sessions-heading">
        <div className="container page-narrow">
          <div className="card">
            <h2 id="coach-sessions-heading">Your upcoming sessions</h2>
            {upcoming.length ? (
              <ul className="coach-sessions">
                {upcoming.map((booking) => (
                  <li key={booking.id} className="coach-session">
                    <p>
                      <strong>
                        <time dateTime={booking.startsAt}>{booking.when}</time>
                      </strong>
                    </p>
                    <p>
                      {booking.type} with {booking.client}
                      {booking.company ? ` (${booking.company})` : null}
                    </p>
                    {booking.room.state === "open" ? (
                      <p>
                        <Link to={booking.room.href} className="button button-primary button-small">
                          Join<span className="visually-hidden"> the video call with {booking.client}</span>
                        </Link>
                      </p>
                    ) : (
                      <p>
                        <Link to={booking.room.href}>
                          Meeting room<span className="visually-hidden"> for the session with {booking.client}</span>
                        </Link>{" "}
                        <span className="hint">{booking.room.hours}</span>
                      </p>
                    )}
                  </li>
                ))}
              </ul>
            ) : (
              <p>No sessions booked in the next {upcomingDays} days.</p>
            )}
            <p>
              <Link to="/coach/availability" className="button button-primary">
                {hasSchedule ? "Set your availability" : "Set up your availability"}
              </Link>
            </p>
          </div>
        </div>
      </section>
      <section className="section" aria-labelledby="coach-past-heading">
        <div className="container page-narrow">
          <div className="card">
            <h2 id="coach-past-heading">Past sessions</h2>
            {past.length ? (
              <ul className="coach-sessions">
                {past.map((booking) => (
                  <li key={booking.id} className="coach-session">
                    <p>
                      <strong>
                        <time dateTime={booking.startsAt}>{booking.when}</time>
                      </strong>{" "}
                      · {booking.outcome}
                    </p>
                    <p>
                      {booking.type} with {booking.client}
                    </p>
                    <p>
                      <Link to={`/meeting/${booking.id}/record`}>
                        Write up<span className="visually-hidden"> the session with {booking.client}</span>
                      </Link>
                    </p>
                  </li>
                ))}
              </ul>
            ) : (
              <p>No sessions in the last {pastDays} days.</p>
            )}
          </div>
        </div>
      </section>
      <section className="section" aria-labelledby="coach-soon-heading">
        <div className="container page-narrow">
          <div className="card coming-soon">
            <h2 id="coach-soon-heading">Coming soon</h2>
            <p>We're building the rest of the portal now. Here you'll soon be able to:</p>
            <ul className="check-list">
              <li>keep private notes on each client</li>
              <li>download your revenue-share statements</li>
            </ul>
            <p>
              Questions? <Link to="/contact">Contact us</Link>.
            </p>
          </div>
        </div>
      </section>
    </>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Coach Portal", description: "The ClarityAI Coaching coach portal.", path: "/coach" }),
  NOINDEX,
];
