import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { PageHero } from "~/components/page-hero";
import { ContentImage } from "~/components/content-image";
import { resolveContentImage } from "~/content/content-image.server";
import { CASE_STUDY_INDUSTRIES } from "~/content/types";
import { findContentRedirect, findPublishedCaseStudyBySlug, getPublishedCaseStudy, isCaseStudyIndustry, parseResults } from "~/content/queries.server";
import { renderMarkdown } from "~/content/markdown.server";
import { NOT_FOUND_META, pageMeta, siteOriginOf } from "~/utils/meta";
import { breadcrumbLd, structuredData } from "~/utils/structured-data";
import { CallToAction } from "~/components/call-to-action";
import { notFoundResponse, notFoundUnless } from "~/auth/permissions.server";

export async function loader({ params, context }: LoaderFunctionArgs) {
  const industry = params.industry ?? "";
  const slug = params.slug ?? "";
  const study = isCaseStudyIndustry(industry) ? await getPublishedCaseStudy(context.db, industry, slug) : undefined;
  if (!study) {
    // An address the case study had before (an old slug, or its industry before it changed) moves
    // permanently to the current one.
    const moved = (await findContentRedirect(context.db, "case_study", slug)) ?? (await findPublishedCaseStudyBySlug(context.db, slug));
    if (moved) throw redirect(`/case-studies/${moved.industry}/${moved.slug}`, 301);
  }
  if (!isCaseStudyIndustry(industry)) throw notFoundResponse();
  notFoundUnless(study);
  return {
    industry: { slug: industry, name: CASE_STUDY_INDUSTRIES[industry] },
    study: {
      slug: study.slug,
      title: study.title,
      description: study.description,
      client: study.client,
      location: study.location,
      image: await resolveContentImage(context.db, study.image),
      results: parseResults(study.results),
      quote: study.quoteText ? { text: study.quoteText, attribution: study.quoteAttribution ?? "" } : null,
    },
    challengeHtml: renderMarkdown(study.challenge).html,
    approachHtml: renderMarkdown(study.approach).html,
  };
}

export default function CaseStudy() {
  const { industry, study, challengeHtml, approachHtml } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHero
        eyebrow={`${industry.name} case study`}
        title={study.title}
        lead={study.description}
        crumbs={[
          { label: "Home", to: "/" },
          { label: "Case studies", to: "/case-studies" },
          { label: industry.name, to: `/case-studies/${industry.slug}` },
          { label: study.title },
        ]}
      />
      <section className="section" aria-labelledby="results-heading">
        <div className="container">
          <p className="post-meta">
            <strong>Client:</strong> {study.client} · <strong>Location:</strong> {study.location}
          </p>
          <h2 id="results-heading">Results</h2>
          <ul className="trust-figures results-list">
            {study.results.map((result) => (
              <li key={result.metric}>
                <strong>{result.value}</strong>
                {result.metric}
              </li>
            ))}
          </ul>
          <ContentImage image={study.image} alt="" sizes="(min-width: 1200px) 1160px, 100vw" className="case-image" />
        </div>
      </section>
      <section className="section section-mist" aria-labelledby="challenge-heading">
        <div className="container prose">
          <h2 id="challenge-heading">The challenge</h2>
          {/* Server-rendered from content markdown with raw HTML disabled. */}
          <div dangerouslySetInnerHTML={{ __html: challengeHtml }} />
        </div>
      </section>
      <section className="section" aria-labelledby="approach-heading">
        <div className="container prose">
          <h2 id="approach-heading">Our approach</h2>
          <div dangerouslySetInnerHTML={{ __html: approachHtml }} />
          {study.quote ? (
            <figure className="card testimonial">
              <blockquote>“{study.quote.text}”</blockquote>
              <figcaption>{study.quote.attribution}</figcaption>
            </figure>
          ) : null}
        </div>
      </section>
      <CallToAction
        heading="Could your business use results like these?"
        secondary={{ to: `/case-studies/${industry.slug}`, label: `More ${industry.name.toLowerCase()} stories` }}
      >
        <p>Start with a free 20-minute discovery call. We'll tell you honestly whether coaching can help.</p>
      </CallToAction>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return NOT_FOUND_META;
  const path = `/case-studies/${data.industry.slug}/${data.study.slug}`;
  return [
    ...pageMeta(matches, { title: `${data.study.title} — case study`, description: data.study.description, path }),
    ...structuredData([
      breadcrumbLd(
        siteOriginOf(matches),
        [
          { label: "Home", to: "/" },
          { label: "Case studies", to: "/case-studies" },
          { label: data.industry.name, to: `/case-studies/${data.industry.slug}` },
          { label: data.study.title },
        ],
        path,
      ),
    ]),
  ];
};
