import { Link } from "@remix-run/react";
import { DISCOVERY_CALL_HREF } from "~/booking/flow-links";

export function NotFound() {
  return (
    <section className="container page-narrow error-page">
      <p className="eyebrow">Error 404</p>
      <h1>We couldn't find that page</h1>
      <p>The link may be out of date, or the page may have moved. These are good places to pick things up again:</p>
      <ul className="link-list">
        <li>
          <Link to="/">Home</Link>
        </li>
        <li>
          <Link to="/services">Our coaching services</Link>
        </li>
        <li>
          <Link to={DISCOVERY_CALL_HREF}>Book a free 20-minute discovery call</Link>
        </li>
        <li>
          <Link to="/contact">Contact us</Link>
        </li>
      </ul>
    </section>
  );
}
