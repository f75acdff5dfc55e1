import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { PageHero } from "~/components/page-hero";
import { NOINDEX, pageMeta } from "~/utils/meta";
import { requireUser } from "~/auth/guards.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  return null;
}

// Lessons arrive with the learning issue; until then every lesson link lands on this honest note.
export default function LearningLesson() {
  return (
    <>
      <PageHero
        eyebrow="Learning hub"
        title="This lesson isn't available yet"
        lead="Our lessons are on their way. When this one is ready you'll be able to work through it here at your own pace."
        crumbs={[{ label: "Learning hub", to: "/learning" }, { label: "Lesson" }]}
      >
        <Link to="/learning" className="button button-primary">
          Back to the learning hub
        </Link>
      </PageHero>
    </>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Learning Lesson", description: "A lesson for ClarityAI Coaching members.", path: "/learning" }),
  NOINDEX,
];
