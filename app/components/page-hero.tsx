import type { ReactNode } from "react";
import { Breadcrumbs } from "~/components/breadcrumbs";

// Each page has exactly one h1, so a fixed id is safe for the section's aria-labelledby.
const TITLE_ID = "page-title";

/** The top of an inner page: optional breadcrumbs and eyebrow, the page's h1, a lead paragraph and optional buttons. */
export function PageHero({
  eyebrow,
  title,
  lead,
  crumbs,
  children,
}: {
  eyebrow?: string;
  title: string;
  lead: string;
  crumbs?: { label: string; to?: string }[];
  children?: ReactNode;
}) {
  return (
    <section className="page-hero" aria-labelledby={TITLE_ID}>
      <div className="container">
        {crumbs && crumbs.length > 0 ? <Breadcrumbs items={crumbs} /> : null}
        {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
        <h1 id={TITLE_ID}>{title}</h1>
        <p className="lead">{lead}</p>
        {children ? <div className="button-row">{children}</div> : null}
      </div>
    </section>
  );
}
