import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { CaseStudyCard } from "~/components/case-study-card";
import { PageHero } from "~/components/page-hero";
import { CASE_STUDY_INDUSTRIES } from "~/content/types";
import { caseStudyCards } from "~/content/queries.server";
import { pageMeta, siteOriginOf } from "~/utils/meta";
import { breadcrumbLd, structuredData } from "~/utils/structured-data";

export async function loader({ context }: LoaderFunctionArgs) {
  const studies = await caseStudyCards(context.db);
  const industries = Object.entries(CASE_STUDY_INDUSTRIES)
    .map(([slug, name]) => ({ slug, name, count: studies.filter((s) => s.industry === slug).length }))
    .filter((i) => i.count > 0);
  return { studies, industries };
}

export default function CaseStudies() {
  const { studies, industries } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHero
        eyebrow="Case studies"
        title="Real results for Australian small businesses"
        lead="How owners in trades, hospitality, health and professional services used coaching to win back time, lift margins and fix cash flow — with the numbers to show for it."
        crumbs={[{ label: "Home", to: "/" }, { label: "Case studies" }]}
      />
      <section className="section" aria-labelledby="studies-heading">
        <div className="container">
          <h2 id="studies-heading" className="visually-hidden">
            All case studies
          </h2>
          <nav aria-label="Case studies by industry" className="filter-bar">
            <ul>
              {industries.map((industry) => (
                <li key={industry.slug}>
                  <Link to={`/case-studies/${industry.slug}`} className="chip">
                    {industry.name} ({industry.count})
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <ul className="grid grid-3 post-list">
            {studies.map((study) => (
              <CaseStudyCard key={study.slug} study={study} />
            ))}
          </ul>
          <p className="hint">Client names are withheld at their request; details are shared with their permission.</p>
        </div>
      </section>
    </>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, {
    title: "Business Coaching Case Studies",
    description:
      "Case studies from Australian small businesses: how coaching cut owner hours, lifted margins and improved cash flow in trades, hospitality, health and more.",
    path: "/case-studies",
  }),
  ...structuredData([breadcrumbLd(siteOriginOf(matches), [{ label: "Home", to: "/" }, { label: "Case studies" }], "/case-studies")]),
];
