import { Link, useLocation } from "@remix-run/react";
import { BOOKING_LINK } from "~/content/navigation";

// The booking flow itself, sign-in and the signed-in areas: a booking prompt there is in the way.
// (/coach-registration is public and keeps the bar; only /coach and pages under it are matched.)
const HIDDEN_ON = /^\/(booking|booking-confirmation|auth|admin|coach|learning|meeting|profile)(\/|$)/;

/**
 * "Book Free 20-min Call" along the bottom of small screens. CSS does the rest: it is shown only on
 * narrow viewports, sticks to the bottom of the screen while the page scrolls and comes to rest above
 * the footer, so it never covers the page's last content. Server-rendered; no script needed.
 */
export function MobileBookBar() {
  const { pathname } = useLocation();
  if (HIDDEN_ON.test(pathname)) return null;
  return (
    <aside className="mobile-book-bar" aria-label="Free discovery call">
      <Link to={BOOKING_LINK.to} className="button button-primary">
        Book Free 20-min Call
      </Link>
    </aside>
  );
}
