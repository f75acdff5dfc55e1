import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { PageHero } from "~/components/page-hero";
import { BUSINESS } from "~/content/business";
import { NOINDEX, pageMeta } from "~/utils/meta";
import { requireUser } from "~/auth/guards.server";
import { requireMeetingParticipant } from "~/auth/permissions.server";
import { findMeeting } from "~/meetings/meetings.server";
import { getBookingListItem } from "~/booking/bookings.server";
import { meetingRoleOf, windowOf } from "~/meetings/room.server";
import { roomState } from "~/meetings/window";
import { RoomEntry } from "~/meetings/ui/room-entry";
import type { RoomProps } from "~/meetings/ui/room-props";
import { useLoaderData } from "@remix-run/react";

// A meeting is its participants' only (the booking's client and coach): anyone else, and any id
// that is no booking's, gets the same 404.
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context);
  const meeting = requireMeetingParticipant(viewer, await findMeeting(context.db, params.meetingId));
  const role = meetingRoleOf(viewer, meeting);
  const window = windowOf(context, meeting);
  const booking = await getBookingListItem(context.db, meeting.id);
  if (!role || !booking || roomState(window, context.services.clock.now()) !== "open") return { room: null };
  const room: RoomProps = {
    meetingId: meeting.id,
    role,
    selfName: role === "coach" ? booking.coachName : booking.name,
    peerName: role === "coach" ? booking.name : booking.coachName,
    title: booking.typeName,
    startsAt: meeting.startsAt,
    endsAt: meeting.endsAt,
    closesAt: window.closesAt.toISOString(),
    timeZone: booking.coachTimeZone,
  };
  return { room };
}

// The video call (WebRTC, signalling in a Durable Object) arrives with its own issue.
export default function Meeting() {
  const { room } = useLoaderData<typeof loader>();
  if (room) return <RoomEntry room={room} />;
  return (
    <>
      <PageHero
        eyebrow="Video meeting"
        title="Video meetings are coming soon"
        lead="Soon you'll join your coaching sessions right here in the browser — no downloads needed. Until then, your coach will email you a link to join each session."
      >
        <Link to="/profile" className="button button-primary">
          Go to your profile
        </Link>
        <a href={`mailto:${BUSINESS.email}`} className="button button-secondary">
          Email us
        </a>
      </PageHero>
    </>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Video Meeting", description: "Join a virtual coaching session with ClarityAI Coaching.", path: "/meeting" }),
  NOINDEX,
];
