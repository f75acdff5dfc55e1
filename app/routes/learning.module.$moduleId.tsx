import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { PageHero } from "~/components/page-hero";
import { NOINDEX, pageMeta } from "~/utils/meta";
import { requireUser } from "~/auth/guards.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  return null;
}

// Modules arrive with the learning issue; until then every module link lands on this honest note.
export default function LearningModule() {
  return (
    <>
      <PageHero
        eyebrow="Learning hub"
        title="This module isn't available yet"
        lead="Our learning modules are on their way. When this one is ready, its lessons and your progress will appear here."
        crumbs={[{ label: "Learning hub", to: "/learning" }, { label: "Module" }]}
      >
        <Link to="/learning" className="button button-primary">
          Back to the learning hub
        </Link>
      </PageHero>
    </>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Learning Module", description: "A learning module for ClarityAI Coaching members.", path: "/learning" }),
  NOINDEX,
];
