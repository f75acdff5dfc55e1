import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { PageHero } from "~/components/page-hero";
import { NOINDEX, pageMeta } from "~/utils/meta";
import { requireUser } from "~/auth/guards.server";
import { DISCOVERY_CALL_HREF } from "~/booking/flow-links";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context);
  return { firstName: viewer.firstName };
}

// The hub's modules, lessons and progress arrive with the learning issue; the guard is real now.
export default function LearningHub() {
  const { firstName } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHero
        eyebrow="Learning hub"
        title={firstName ? `Your learning hub, ${firstName}` : "Your learning hub"}
        lead="Short, practical modules on planning, cash flow, marketing and operations — written by our coaches for Australian small businesses."
      />
      <section className="section" aria-labelledby="learning-soon-heading">
        <div className="container page-narrow">
          <div className="card coming-soon">
            <h2 id="learning-soon-heading">Coming soon</h2>
            <p>
              We're putting the finishing touches on the first modules. When they're ready you'll find them here, with lessons you can work through at your own
              pace and your progress saved as you go.
            </p>
            <p>In the meantime:</p>
            <ul className="link-list">
              <li>
                <Link to="/resources">Download our free templates and guides</Link>
              </li>
              <li>
                <Link to="/blog">Read the latest articles from our coaches</Link>
              </li>
              <li>
                <Link to={DISCOVERY_CALL_HREF}>Book a free 20-minute discovery call</Link>
              </li>
            </ul>
          </div>
        </div>
      </section>
    </>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, {
    title: "Learning Hub",
    description: "Practical business-coaching modules and lessons for ClarityAI Coaching members.",
    path: "/learning",
  }),
  NOINDEX,
];
