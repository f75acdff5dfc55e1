import { Link } from "@remix-run/react";
import type { ContentImageSource } from "~/content/content-image";
import { ContentImage } from "./content-image";

export type CaseStudyCardData = {
  slug: string;
  industry: string;
  industryName: string;
  title: string;
  description: string;
  client: string;
  location: string;
  image: ContentImageSource;
  headline?: { metric: string; value: string };
};

export function CaseStudyCard({ study }: { study: CaseStudyCardData }) {
  return (
    <li className="card post-card">
      <ContentImage image={study.image} alt="" sizes="(min-width: 1200px) 370px, (min-width: 700px) 50vw, 100vw" className="post-card-image" />
      <p className="badge">{study.industryName}</p>
      <h3>
        <Link to={`/case-studies/${study.industry}/${study.slug}`}>{study.title}</Link>
      </h3>
      <p>{study.description}</p>
      {study.headline ? (
        <p className="headline-result">
          <strong>{study.headline.value}</strong> {study.headline.metric.toLowerCase()}
        </p>
      ) : null}
      <p className="post-meta">
        {study.client} · {study.location}
      </p>
    </li>
  );
}
