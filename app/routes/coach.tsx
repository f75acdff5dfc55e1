import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { PageHero } from "~/components/page-hero";
import { NOINDEX, pageMeta } from "~/utils/meta";
import { requireRole } from "~/auth/guards.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireRole(request, context, "coach");
  return { firstName: viewer.firstName };
}

// Sessions, clients, notes and revenue-share statements arrive with the coach-network issue.
export default function CoachPortal() {
  const { firstName } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHero
        eyebrow="Coach portal"
        title={firstName ? `Welcome, ${firstName}` : "Welcome to the coach portal"}
        lead="This is where you'll run your coaching practice with ClarityAI Coaching."
      />
      <section className="section" aria-labelledby="coach-soon-heading">
        <div className="container page-narrow">
          <div className="card coming-soon">
            <h2 id="coach-soon-heading">Coming soon</h2>
            <p>We're building the portal now. Here you'll soon be able to:</p>
            <ul className="check-list">
              <li>see your upcoming sessions and join them by video</li>
              <li>keep private notes on each client</li>
              <li>set your availability in your own time zone</li>
              <li>download your revenue-share statements</li>
            </ul>
            <p>
              Until then, the team will be in touch by email about your sessions. Questions? <Link to="/contact">Contact us</Link>.
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
