import { Link } from "@remix-run/react";
import { Icon, type IconName } from "./icons";

export type LinkCardData = { to: string; icon: IconName; title: string; summary: string; linkLabel: string };

/** A whole card that links to a service or topic page: icon, title, summary and a "more" line. */
export function LinkCard({ card }: { card: LinkCardData }) {
  return (
    <Link to={card.to} className="card card-link pillar-card" prefetch="intent">
      <span className="icon-badge">
        <Icon name={card.icon} />
      </span>
      <h3>{card.title}</h3>
      <p>{card.summary}</p>
      <span className="more">{card.linkLabel}</span>
    </Link>
  );
}
