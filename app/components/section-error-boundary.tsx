import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { Fragment } from "react";
import { NotFound } from "~/components/not-found";

// One ErrorBoundary for every section (DESIGN §4.1): a failing page inside /admin, /profile, /coach,
// /learning, /meeting or booking shows what went wrong in that section's words, with a way back into
// it, under the site's own header, instead of blanking the page. A 404 shows the site's Not Found
// page, exactly as the root would, so a missing row and someone else's row look the same everywhere;
// a page may word its own 404 instead (a booking link that has expired, say).

type Copy = { heading: string; message: string };
type SectionLink = { to: string; label: string; reloadDocument?: boolean };

export type SectionName = "admin" | "profile" | "coach" | "learning" | "meeting" | "booking";

type SectionCopy = {
  /** The small line above the heading; none for a panel inside its section's frame. */
  eyebrow?: string;
  /** Anything the section could not show: an error, or a status other than those below. */
  failed: Copy;
  /** A 404, in the section's words; the site's Not Found page when left out. */
  notFound?: Copy & { eyebrow?: string };
  /** A refused request (4xx other than 404); `failed` when left out. */
  refused?: Copy;
  /** The first is the way back (a button); the rest are plain links. */
  links: SectionLink[];
};

const TRY_AGAIN = "Something went wrong on our side and this page could not be shown. Please try again in a moment.";

const SECTIONS: Record<SectionName, SectionCopy> = {
  admin: {
    eyebrow: "Admin",
    failed: { heading: "This admin page can't be shown just now", message: TRY_AGAIN },
    links: [{ to: "/admin", label: "Back to the admin overview" }],
  },
  profile: {
    eyebrow: "Your profile",
    failed: { heading: "Your profile can't be shown just now", message: `${TRY_AGAIN} Your account and bookings are safe.` },
    links: [
      { to: "/profile", label: "Your profile" },
      { to: "/contact", label: "Contact us" },
    ],
  },
  coach: {
    eyebrow: "Coach portal",
    failed: { heading: "The coach portal can't be shown just now", message: TRY_AGAIN },
    links: [{ to: "/coach", label: "Back to the coach portal" }],
  },
  learning: {
    eyebrow: "Learning hub",
    failed: { heading: "The learning hub can't be shown just now", message: TRY_AGAIN },
    links: [{ to: "/learning", label: "Back to the learning hub" }],
  },
  meeting: {
    eyebrow: "Video meeting",
    failed: { heading: "This meeting can't be shown just now", message: `${TRY_AGAIN} Your booking is safe.` },
    links: [
      { to: "/profile?tab=bookings", label: "Your bookings" },
      { to: "/contact", label: "Contact us" },
    ],
  },
  booking: {
    eyebrow: "Booking",
    failed: { heading: "Booking isn't available just now", message: TRY_AGAIN },
    links: [
      { to: "/booking", label: "Book a call" },
      { to: "/contact", label: "Contact us" },
    ],
  },
};

export type SectionErrorBoundaryProps = Partial<SectionCopy> & {
  section: SectionName;
  /** A panel inside its section's frame (the admin area's navigation stays): an h2 and no page container. */
  panel?: boolean;
};

export function SectionErrorBoundary({ section, panel = false, ...overrides }: SectionErrorBoundaryProps) {
  const error = useRouteError();
  const copy: SectionCopy = { ...SECTIONS[section], ...overrides };
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status === 404 && !copy.notFound) return <NotFound />;
  const chosen = status === 404 ? copy.notFound! : status < 500 ? (copy.refused ?? copy.failed) : copy.failed;
  const eyebrow = status === 404 ? (copy.notFound?.eyebrow ?? copy.eyebrow) : copy.eyebrow;
  const headingId = `${section}-error-heading`;
  const Heading = panel ? "h2" : "h1";
  const [first, ...rest] = copy.links;
  return (
    <section className={panel ? undefined : "container page-narrow error-page"} aria-labelledby={headingId}>
      {eyebrow && !panel ? <p className="eyebrow">{eyebrow}</p> : null}
      <Heading id={headingId}>{chosen.heading}</Heading>
      <p role="alert">{chosen.message}</p>
      {first ? (
        <p>
          <Link to={first.to} reloadDocument={first.reloadDocument} className="button button-primary">
            {first.label}
          </Link>
          {rest.map((link) => (
            <Fragment key={link.to}>
              {" "}
              <Link to={link.to} reloadDocument={link.reloadDocument}>
                {link.label}
              </Link>
            </Fragment>
          ))}
        </p>
      ) : null}
    </section>
  );
}
