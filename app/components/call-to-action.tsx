import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { DISCOVERY_CALL_HREF } from "~/booking/flow-links";

type ButtonLink = { to: string; label: string };

const BOOK_CALL: ButtonLink = { to: DISCOVERY_CALL_HREF, label: "Book Free 20-min Call" };

/** The closing band of a page: a heading, a sentence or two, and the discovery-call button. */
export function CallToAction({
  heading,
  children,
  primary = BOOK_CALL,
  secondary = { to: "/contact", label: "Ask a question" },
}: {
  heading: string;
  children: ReactNode;
  primary?: ButtonLink;
  secondary?: ButtonLink | null;
}) {
  return (
    <section className="section section-navy" aria-labelledby="cta-heading">
      <div className="container cta-band">
        <h2 id="cta-heading">{heading}</h2>
        {children}
        <div className="button-row">
          <Link to={primary.to} className="button button-primary">
            {primary.label}
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

/** A navy banner with its text on one side and its buttons on the other. */
export function BannerCallToAction({ headingId, heading, children, buttons }: { headingId: string; heading: string; children: ReactNode; buttons: ReactNode }) {
  return (
    <section className="section section-navy" aria-labelledby={headingId}>
      <div className="container recruit-banner">
        <div>
          <h2 id={headingId}>{heading}</h2>
          {children}
        </div>
        <div className="button-row">{buttons}</div>
      </div>
    </section>
  );
}
