import { Link } from "@remix-run/react";
import { LeadForm } from "~/leads/lead-form-fields";

/** The anchor of the inquiry form on the Software Solutions page. */
export const SOFTWARE_INQUIRY_ID = "software-inquiry";

/**
 * The Software Solutions inquiry: the lead form, posted to the service page itself (works without
 * JavaScript; the page's GET stays the same for every visitor, so it can be cached).
 */
export function SoftwareInquiry() {
  return (
    <section id={SOFTWARE_INQUIRY_ID} className="section section-mist" aria-labelledby="software-inquiry-heading">
      <div className="container grid grid-2">
        <div>
          <h2 id="software-inquiry-heading">Tell us about the software you need</h2>
          <p>
            Describe the problem you want solved, the tools you use today and any deadline. A coach who has scoped custom software for small businesses will
            reply within one business day.
          </p>
          <LeadForm submitLabel="Send my software enquiry" messageLabel="What should the software do for your business?" />
        </div>
        <aside className="card" aria-labelledby="software-inquiry-next-heading">
          <h3 id="software-inquiry-next-heading">What happens next</h3>
          <ul className="check-list">
            <li>We read your enquiry and reply by email, usually within one business day</li>
            <li>If it helps, we book a short call to understand how your business works today</li>
            <li>You get an honest view of whether custom software is worth it — or whether something off the shelf will do</li>
          </ul>
          <p className="hint">
            We use your details only to reply to you. See our <Link to="/privacy">privacy policy</Link>.
          </p>
        </aside>
      </div>
    </section>
  );
}
