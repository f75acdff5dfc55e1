import { Link } from "@remix-run/react";
import { BUSINESS } from "~/content/business";
import { FOOTER_GROUPS } from "~/content/navigation";

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-about">
          <p className="footer-brand">{BUSINESS.name}</p>
          <p>
            Virtual business coaching and a 24/7 AI business coach for Australian small and medium businesses. We coach owners from Darwin to Hobart, on your
            schedule.
          </p>
          <p>
            <a href={`mailto:${BUSINESS.email}`}>{BUSINESS.email}</a>
            <br />
            <a href={BUSINESS.phoneHref}>{BUSINESS.phone}</a>
            <br />
            {BUSINESS.hours}
          </p>
        </div>
        {FOOTER_GROUPS.map((group) => (
          <div key={group.heading}>
            <h2 className="footer-heading">{group.heading}</h2>
            <ul className="footer-links">
              {group.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <div className="container footer-legal">
        <p>
          © {new Date().getFullYear()} {BUSINESS.name} · <span className="nowrap">ABN {BUSINESS.abn}</span> · Prices in AUD and include GST.
        </p>
        <p>We acknowledge the Traditional Custodians of the lands on which we work, and pay our respects to Elders past and present.</p>
      </div>
    </footer>
  );
}
