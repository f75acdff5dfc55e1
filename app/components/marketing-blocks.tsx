import { Link } from "@remix-run/react";
import { BUSINESS } from "~/content/business";
import { formatAud, formatAudRange } from "~/utils/format";
import type { IconName } from "~/content/types";
import { Icon } from "./icons";

// Small blocks the marketing pages share. One module, so a page loads them as one chunk rather
// than one tiny file each.

type TextCard = { title: string; body: string };

/** A grid of plain cards, each a heading and a sentence or two. */
export function TextCardGrid({ className, cards }: { className: string; cards: readonly TextCard[] }) {
  return (
    <div className={className}>
      {cards.map((card) => (
        <article key={card.title} className="card">
          <h3>{card.title}</h3>
          <p>{card.body}</p>
        </article>
      ))}
    </div>
  );
}

/** A grid of cards that each open with an icon. */
export function IconCardGrid({ className, cards }: { className: string; cards: readonly (TextCard & { icon: IconName })[] }) {
  return (
    <div className={className}>
      {cards.map((card) => (
        <article key={card.title} className="card">
          <span className="icon-badge card-icon">
            <Icon name={card.icon} />
          </span>
          <h3>{card.title}</h3>
          <p>{card.body}</p>
        </article>
      ))}
    </div>
  );
}

/** Numbered steps as cards ("How it works", "How the application works"…). */
export function StepList({ steps, className = "steps" }: { steps: readonly { title: string; body: string }[]; className?: string }) {
  return (
    <ol className={className}>
      {steps.map((step) => (
        <li key={step.title} className="card">
          <h3>{step.title}</h3>
          <p>{step.body}</p>
        </li>
      ))}
    </ol>
  );
}

/** Headline results: a large figure, then what it measures. */
export function TrustFigures({ figures }: { figures: readonly { figure: string; label: string }[] }) {
  return (
    <ul className="trust-figures">
      {figures.map((item) => (
        <li key={item.label}>
          <strong>{item.figure}</strong>
          {item.label}
        </li>
      ))}
    </ul>
  );
}

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

/** Our hourly rate beside what traditional coaching costs. */
export function PriceCompare({ traditionalLabel }: { traditionalLabel: string }) {
  const ourRate = formatAud(BUSINESS.virtualCoachingFromPerHour);
  const traditionalRange = formatAudRange(BUSINESS.traditionalCoachingPerHour.low, BUSINESS.traditionalCoachingPerHour.high);
  return (
    <div className="price-compare">
      <div className="ours">
        <strong>From {ourRate}/hr</strong>
        Virtual coaching with us
      </div>
      <div>
        <strong>{traditionalRange}/hr</strong>
        {traditionalLabel}
      </div>
    </div>
  );
}
