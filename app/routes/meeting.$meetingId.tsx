import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import { requireUser } from "~/auth/guards.server";
import { AU_TIME_ZONES } from "~/booking/time-zones";
import { useDetectedZone } from "~/components/booking/time-zone-form";
import { PageHero } from "~/components/page-hero";
import { BUSINESS } from "~/content/business";
import { loadMeetingPage, type MeetingPage } from "~/meetings/meeting-page.server";
import { RoomEntry } from "~/meetings/ui/room-entry";
import { NOINDEX, pageMeta } from "~/utils/meta";

// /meeting/{id}: the video room of a booking while it is open, for its client and coach only (anyone
// else gets the 404; an admin is sent to the session's record). Outside the room's hours the page
// says when it opens, or that the session has ended or was cancelled, in the viewer's time zone.

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context);
  const page = await loadMeetingPage(context, viewer, params.meetingId, new URL(request.url).searchParams.get("tz"));
  return { page };
}

export default function Meeting() {
  const { page } = useLoaderData<typeof loader>();
  useDetectedZone(page.zoneChosen, page.zone, AU_TIME_ZONES);
  switch (page.state) {
    case "open":
      return (
        <>
          <noscript>
            <div className="container page-narrow">
              <div className="card notice" role="note">
                <h2>The video call needs JavaScript</h2>
                <p>
                  Your camera, microphone and the call itself run in your browser with JavaScript, which is turned off or blocked here. Turn JavaScript on for
                  this site (or open this page in another up-to-date browser such as Chrome, Edge, Firefox or Safari) and reload the page. If you can&apos;t,
                  email <a href={`mailto:${BUSINESS.email}`}>{BUSINESS.email}</a> and we&apos;ll help you and your {page.role === "coach" ? "client" : "coach"}{" "}
                  find another way to meet.
                </p>
              </div>
            </div>
          </noscript>
          <RoomEntry room={page.room} />
        </>
      );
    case "not_open_yet":
      return <NotOpenYet page={page} />;
    case "closed":
      return (
        <PageHero
          eyebrow="Video meeting"
          title="This session has ended"
          lead={`Your ${page.title} with ${page.peerName} started ${page.startsText}. ${page.closedText}`}
        >
          <Link to={page.recordHref} className="button button-primary">
            See the session record
          </Link>
          <BookingsLink page={page} />
        </PageHero>
      );
    case "cancelled":
      return (
        <PageHero
          eyebrow="Video meeting"
          title="This session was cancelled"
          lead={`Your ${page.title} with ${page.peerName}, ${page.startsText}, was cancelled, so there is no call to join.`}
        >
          {page.role === "client" ? (
            <Link to="/booking" className="button button-primary">
              Book another session
            </Link>
          ) : null}
          <BookingsLink page={page} />
        </PageHero>
      );
    default:
      return (
        <PageHero
          eyebrow="Video meeting"
          title="This booking isn't confirmed yet"
          lead={`The room for your ${page.title} opens once the booking is paid for and confirmed. We'll email the confirmation with the link.`}
        >
          <BookingsLink page={page} />
        </PageHero>
      );
  }
}

function BookingsLink({ page }: { page: Pick<MeetingPage, "role"> }) {
  return page.role === "coach" ? (
    <Link to="/coach" className="button button-secondary">
      Your sessions
    </Link>
  ) : (
    <Link to="/profile?tab=bookings" className="button button-secondary">
      Your bookings
    </Link>
  );
}

type NotOpenPage = Extract<MeetingPage, { state: "not_open_yet" }>;

function NotOpenYet({ page }: { page: NotOpenPage }) {
  return (
    <>
      <PageHero eyebrow="Video meeting" title="The room isn't open yet" lead={`Your ${page.title} with ${page.peerName}.`} />
      <section className="section" aria-labelledby="meeting-when-heading">
        <div className="container page-narrow">
          <div className="card">
            <h2 id="meeting-when-heading">When to come back</h2>
            <p>
              Your session starts <strong>{page.startsText}</strong>.
            </p>
            <p>{page.opensText} Come back then: this page opens the room by itself when it&apos;s time.</p>
            <OpensCountdown opensAt={page.opensAt} now={page.now} />
            <p className="hint">You&apos;ll choose your camera and microphone before joining. There is nothing to install.</p>
          </div>
          <div className="card">
            <h2 id="meeting-calendar-heading">Add it to your calendar</h2>
            <ul className="booking-actions">
              <li>
                <a href={page.icsHref} className="button button-secondary" download>
                  Download calendar file (.ics)
                </a>
              </li>
              <li>
                <a href={page.googleHref} className="button button-secondary" target="_blank" rel="noopener noreferrer">
                  Add to Google Calendar<span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
              <li>
                <a href={page.outlookHref} className="button button-secondary" target="_blank" rel="noopener noreferrer">
                  Add to Outlook<span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
            </ul>
            <p>
              <BookingsLink page={page} />
            </p>
          </div>
        </div>
      </section>
    </>
  );
}

const SECOND_MS = 1000;
const DAY_MS = 86_400_000;

/** "1 h 5 min", "4 min 12 s", "12 s". */
function remainingText(ms: number): string {
  const seconds = Math.ceil(ms / SECOND_MS);
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (hours > 0) return `${hours} h ${minutes} min`;
  if (minutes > 0) return `${minutes} min ${seconds % 60} s`;
  return `${seconds} s`;
}

/**
 * Counts down to the room's opening (within a day of it) and then asks the server for the page
 * again, which by then is the room. The count runs on the server's clock (the page's `now`), so a
 * browser clock that is a few minutes out neither opens early nor keeps asking: if the server still
 * says "not yet", its fresh `now` sets the next single attempt.
 */
function OpensCountdown({ opensAt, now }: { opensAt: string; now: string }) {
  // The router's own revalidate: the same function on every render.
  const { revalidate } = useRevalidator();
  const [remaining, setRemaining] = useState<number | null>(null);
  useEffect(() => {
    const target = Date.parse(opensAt) + (Date.now() - Date.parse(now));
    const left = target - Date.now();
    if (left > DAY_MS) return;
    const tick = () => setRemaining(Math.max(0, target - Date.now()));
    tick();
    const interval = setInterval(tick, SECOND_MS);
    const timeout = setTimeout(() => void revalidate(), Math.max(0, left) + SECOND_MS / 2);
    return () => {
      clearInterval(interval);
      clearTimeout(timeout);
    };
  }, [opensAt, now, revalidate]);
  if (remaining === null) return null;
  return (
    <p className="meeting-countdown" role="timer">
      {remaining > 0 ? `Opens in ${remainingText(remaining)}` : "Opening the room…"}
    </p>
  );
}

export const meta: MetaFunction<typeof loader> = ({ matches, data, params }) => {
  const page = data?.page;
  const title =
    page?.state === "open"
      ? `${page.title} with ${page.peerName}`
      : page?.state === "closed"
        ? "Session ended"
        : page?.state === "cancelled"
          ? "Session cancelled"
          : "Video meeting";
  return [
    ...pageMeta(matches, {
      title,
      description: "Your ClarityAI Coaching video session, in the browser: nothing to install.",
      path: `/meeting/${params.meetingId ?? ""}`,
    }),
    NOINDEX,
  ];
};
