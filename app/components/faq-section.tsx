import type { ReactNode } from "react";
import type { Faq } from "~/content/types";

/** A page's FAQ as disclosure widgets; the same questions feed the page's FAQPage structured data. */
export function FaqSection({ heading, faqs, mist = true, children }: { heading: string; faqs: readonly Faq[]; mist?: boolean; children?: ReactNode }) {
  return (
    <section className={mist ? "section section-mist" : "section"} aria-labelledby="faq-heading">
      <div className="container page-narrow">
        <h2 id="faq-heading">{heading}</h2>
        <div className="faq">
          {faqs.map((item) => (
            <details key={item.question}>
              <summary>{item.question}</summary>
              <p>{item.answer}</p>
            </details>
          ))}
        </div>
        {children}
      </div>
    </section>
  );
}
