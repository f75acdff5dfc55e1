import type { LegalSection } from "~/content/types";
import { PageHero } from "./page-hero";

/** A legal page: hero, last-updated line, a contents list and numbered, anchored sections. */
export function LegalDocument({ title, lead, lastUpdated, sections }: { title: string; lead: string; lastUpdated: string; sections: readonly LegalSection[] }) {
  return (
    <>
      <PageHero eyebrow="Legal" title={title} lead={lead} crumbs={[{ label: "Home", to: "/" }, { label: title }]} />
      <div className="section">
        <div className="container">
          <div className="prose legal">
            <p className="legal-updated">{`Last updated: ${lastUpdated}`}</p>
            <nav className="legal-toc" aria-labelledby="legal-toc-heading">
              <h2 id="legal-toc-heading">On this page</h2>
              <ol>
                {sections.map((section) => (
                  <li key={section.id}>
                    <a href={`#${section.id}`}>{section.title}</a>
                  </li>
                ))}
              </ol>
            </nav>
            {sections.map((section, index) => (
              <section key={section.id} className="legal-clause" aria-labelledby={section.id}>
                <h2 id={section.id}>
                  {index + 1}. {section.title}
                </h2>
                {section.body}
              </section>
            ))}
          </div>
        </div>
      </div>
    </>
  );
}
