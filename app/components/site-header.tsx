import { Link, NavLink, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { ACCOUNT_LINKS, BOOKING_LINK, PRIMARY_LINKS, SERVICE_LINKS, SIGN_IN_LINK, SIGN_OUT_ACTION } from "~/content/navigation";

/** What the header needs to know about the signed-in user (null for a visitor). */
export type HeaderViewer = { firstName: string | null; roles: string[] } | null;

// <details> keeps both menus usable without JavaScript and by keyboard; the effects below only
// add the expected extras: close on navigation, on Escape and on a click outside.
function useDisclosure() {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();

  useEffect(() => {
    ref.current?.removeAttribute("open");
  }, [location.pathname]);

  useEffect(() => {
    function close(event: Event) {
      const details = ref.current;
      if (!details?.open) return;
      if (event instanceof KeyboardEvent) {
        if (event.key !== "Escape") return;
        details.removeAttribute("open");
        details.querySelector("summary")?.focus();
      } else if (!details.contains(event.target as Node)) {
        details.removeAttribute("open");
      }
    }
    document.addEventListener("keydown", close);
    document.addEventListener("click", close);
    return () => {
      document.removeEventListener("keydown", close);
      document.removeEventListener("click", close);
    };
  }, []);

  return ref;
}

function ServicesMenu({ idPrefix }: { idPrefix: string }) {
  const ref = useDisclosure();
  return (
    <details className="nav-dropdown" ref={ref}>
      <summary className="nav-link" aria-controls={`${idPrefix}-services-menu`}>
        Services <span className="chevron" aria-hidden="true" />
      </summary>
      <ul className="nav-dropdown-list" id={`${idPrefix}-services-menu`}>
        {SERVICE_LINKS.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end prefetch="intent" className="nav-dropdown-link">
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </details>
  );
}

/**
 * Learning, Profile, Coach Portal and Admin (by role) and Sign Out. Sign Out is a plain form post, so
 * it works without JavaScript and the full page load afterwards leaves nothing of the session behind.
 */
function AccountItems({ viewer }: { viewer: NonNullable<HeaderViewer> }) {
  return (
    <>
      {ACCOUNT_LINKS.filter((link) => !link.role || viewer.roles.includes(link.role)).map((link) => (
        <li key={link.to}>
          <NavLink to={link.to} className="nav-link">
            {link.label}
          </NavLink>
        </li>
      ))}
      <li>
        <form method="post" action={SIGN_OUT_ACTION}>
          <button type="submit" className="nav-link nav-button">
            Sign Out
          </button>
        </form>
      </li>
    </>
  );
}

function NavItems({ idPrefix, viewer }: { idPrefix: string; viewer: HeaderViewer }) {
  return (
    <ul className="nav-items">
      <li>
        <NavLink to="/" end className="nav-link">
          Home
        </NavLink>
      </li>
      <li>
        <ServicesMenu idPrefix={idPrefix} />
      </li>
      {PRIMARY_LINKS.map((link) => (
        <li key={link.to}>
          <NavLink to={link.to} prefetch="intent" className="nav-link">
            {link.label}
          </NavLink>
        </li>
      ))}
      {viewer ? (
        // On wide screens these sit in the account bar above; the mobile menu lists them here.
        idPrefix === "mobile" ? (
          <AccountItems viewer={viewer} />
        ) : null
      ) : (
        <li>
          <Link to={SIGN_IN_LINK.to} className="nav-link">
            {SIGN_IN_LINK.label}
          </Link>
        </li>
      )}
      <li>
        <Link to={BOOKING_LINK.to} className="button button-primary nav-cta">
          {BOOKING_LINK.label}
        </Link>
      </li>
    </ul>
  );
}

export function SiteHeader({ viewer }: { viewer: HeaderViewer }) {
  const mobileMenu = useDisclosure();
  return (
    <header className="site-header">
      <a href="#main" className="skip-link">
        Skip to main content
      </a>
      {viewer ? (
        // A slim bar of its own keeps the main menu as wide as a visitor's, so it never wraps.
        <nav aria-label="Account" className="account-bar">
          <div className="container">
            <ul className="nav-items">
              {viewer.firstName ? <li className="account-greeting">Hi, {viewer.firstName}</li> : null}
              <AccountItems viewer={viewer} />
            </ul>
          </div>
        </nav>
      ) : null}
      <div className="container header-inner">
        <Link to="/" className="brand">
          <span className="brand-mark" aria-hidden="true">
            C
          </span>
          <span className="brand-name">
            Clarity<span className="brand-accent">AI</span> Coaching
          </span>
        </Link>
        <nav aria-label="Main" className="nav-desktop">
          <NavItems idPrefix="desktop" viewer={viewer} />
        </nav>
        <details className="nav-mobile" ref={mobileMenu}>
          <summary className="nav-toggle" aria-label="Menu">
            <span className="burger" aria-hidden="true" />
          </summary>
          <nav aria-label="Main (mobile)" className="nav-mobile-panel">
            <NavItems idPrefix="mobile" viewer={viewer} />
          </nav>
        </details>
      </div>
    </header>
  );
}
