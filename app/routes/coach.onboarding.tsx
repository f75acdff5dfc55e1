import type { LoaderFunctionArgs, LinksFunction, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { requireRole } from "~/auth/guards.server";
import { loadOnboardingChecklist } from "~/coach-network/onboarding.server";
import { ensureCoachProfile } from "~/coach-network/profile.server";
import { PageHero } from "~/components/page-hero";
import { SectionErrorBoundary } from "~/components/section-error-boundary";
import stylesHref from "~/styles/coach-profile.css?url";
import { NOINDEX, pageMeta } from "~/utils/meta";

// The coach's onboarding checklist: five steps, each linking to where it is done. Reading it marks
// onboarding complete the first time every step is done (the coach then appears on the booking page).

export const links: LinksFunction = () => [{ rel: "stylesheet", href: stylesHref }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireRole(request, context, "coach");
  await ensureCoachProfile(context.db, viewer.id);
  const checklist = await loadOnboardingChecklist(context.db, viewer.id, context.services.clock.now());
  return { checklist, firstName: viewer.firstName };
}

export default function CoachOnboarding() {
  const { checklist } = useLoaderData<typeof loader>();
  const doneCount = checklist.items.filter((item) => item.done).length;
  const next = checklist.items.find((item) => !item.done);
  return (
    <>
      <PageHero
        eyebrow="Coach portal"
        title="Get ready to take bookings"
        lead="Finish these steps and your profile goes live on the booking page, where clients can find and book you."
        crumbs={[{ label: "Home", to: "/" }, { label: "Coach portal", to: "/coach" }, { label: "Onboarding" }]}
      />
      <section className="section" aria-labelledby="onboarding-heading">
        <div className="container page-narrow">
          <div className="card">
            <h2 id="onboarding-heading">Your onboarding checklist</h2>
            <p role="status">
              {checklist.complete
                ? "You're all set: clients can find and book you on the booking page."
                : `${doneCount} of ${checklist.items.length} steps done.`}
            </p>
            <ol className="onboarding-list">
              {checklist.items.map((item) => (
                <li key={item.key} className={item.done ? "onboarding-item onboarding-item-done" : "onboarding-item"}>
                  <span className="onboarding-mark" aria-hidden="true">
                    {item.done ? "✓" : ""}
                  </span>
                  <div>
                    <p>
                      <Link to={item.href}>{item.label}</Link>
                    </p>
                    <p className="onboarding-status">{item.done ? "Done" : "To do"}</p>
                  </div>
                </li>
              ))}
            </ol>
            {next ? (
              <p>
                <Link to={next.href} className="button button-primary">
                  Next: {next.label.charAt(0).toLowerCase() + next.label.slice(1)}
                </Link>
              </p>
            ) : (
              <p>
                <Link to="/booking" className="button button-secondary">
                  See the booking page
                </Link>
              </p>
            )}
          </div>
        </div>
      </section>
    </>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Onboarding", description: "Your coach onboarding checklist.", path: "/coach/onboarding" }),
  NOINDEX,
];

export function ErrorBoundary() {
  return <SectionErrorBoundary section="coach" />;
}
