import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { CaseStudyCard } from "~/components/case-study-card";
import { PageHero } from "~/components/page-hero";
import { CASE_STUDY_INDUSTRIES } from "~/content/types";
import { caseStudyCards, isCaseStudyIndustry } from "~/content/queries.server";
import { NOT_FOUND_META, pageMeta, siteOriginOf } from "~/utils/meta";
import { breadcrumbLd, structuredData } from "~/utils/structured-data";
import { notFoundResponse } from "~/auth/permissions.server";

export async function loader({ params, context }: LoaderFunctionArgs) {
  const industry = params.industry ?? "";
  if (!isCaseStudyIndustry(industry)) throw notFoundResponse();
  const studies = await caseStudyCards(context.db, industry);
  if (studies.length === 0) throw notFoundResponse();
  return { industry: { slug: industry, name: CASE_STUDY_INDUSTRIES[industry] }, studies };
}

export default function IndustryCaseStudies() {
  const { industry, studies } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHero
        eyebrow="Case studies"
        title={`${industry.name} case studies`}
        lead={`How ${industry.name.toLowerCase()} businesses across Australia worked with our coaches — the problem, what we did together and the measurable results.`}
        crumbs={[{ label: "Home", to: "/" }, { label: "Case studies", to: "/case-studies" }, { label: industry.name }]}
      />
      <section className="section" aria-labelledby="industry-studies-heading">
        <div className="container">
          <h2 id="industry-studies-heading" className="visually-hidden">
            {industry.name} case studies
          </h2>
          <ul className="grid grid-3 post-list">
            {studies.map((study) => (
              <CaseStudyCard key={study.slug} study={study} />
            ))}
          </ul>
          <p>
            <Link to="/case-studies">See case studies from every industry</Link>
          </p>
        </div>
      </section>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return NOT_FOUND_META;
  const path = `/case-studies/${data.industry.slug}`;
  return [
    ...pageMeta(matches, {
      title: `${data.industry.name} Business Coaching Case Studies`,
      description: `Real results from ${data.industry.name.toLowerCase()} businesses in Australia that worked with a ClarityAI business coach: challenges, approach and measurable outcomes.`,
      path,
    }),
    ...structuredData([
      breadcrumbLd(siteOriginOf(matches), [{ label: "Home", to: "/" }, { label: "Case studies", to: "/case-studies" }, { label: data.industry.name }], path),
    ]),
  ];
};
