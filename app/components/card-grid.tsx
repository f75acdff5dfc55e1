import { Icon, type IconName } from "./icons";

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
