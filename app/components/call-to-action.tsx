import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

/** The closing band of a page: a heading, a sentence or two, and the discovery-call button. */
export function CallToAction({
  heading,
  children,
  secondary = { to: "/contact", label: "Ask a question" },
}: {
  heading: string;
  children: ReactNode;
  secondary?: { to: string; label: string } | null;
}) {
  return (
    <section className="section section-navy" aria-labelledby="cta-heading">
      <div className="container cta-band">
        <h2 id="cta-heading">{heading}</h2>
        {children}
        <div className="button-row">
          <Link to="/booking" className="button button-primary">
            Book Free 20-min Call
          </Link>
          {secondary ? (
            <Link to={secondary.to} className="button button-outline-light">
              {secondary.label}
            </Link>
          ) : null}
        </div>
      </div>
    </section>
  );
}
