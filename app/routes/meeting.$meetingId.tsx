import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { PageHero } from "~/components/page-hero";
import { BUSINESS } from "~/content/business";
import { NOINDEX, pageMeta } from "~/utils/meta";
import { requireUser } from "~/auth/guards.server";
import { requireMeetingParticipant } from "~/auth/permissions.server";
import { findMeeting } from "~/meetings/meetings.server";

// A meeting is its participants' only (the booking's client and coach): anyone else, and any id
// that is no booking's, gets the same 404.
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context);
  requireMeetingParticipant(viewer, await findMeeting(context.db, params.meetingId));
  return null;
}

// The video call (WebRTC, signalling in a Durable Object) arrives with its own issue.
export default function Meeting() {
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
