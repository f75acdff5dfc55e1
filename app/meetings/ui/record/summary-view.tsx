import type { ActionItem } from "~/db/schema";

function dueLabel(due: string): string {
  return new Intl.DateTimeFormat("en-AU", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${due}T00:00:00Z`));
}

/** The summary and action items as the client reads them. */
export function SummaryView({ summary }: { summary: { text: string; items: ActionItem[] } }) {
  return (
    <>
      <p className="record-summary-text">{summary.text}</p>
      {summary.items.length ? (
        <>
          <h3>Action items</h3>
          <ul className="check-list">
            {summary.items.map((item, index) => (
              <li key={index}>
                {item.text}
                {item.due ? (
                  <>
                    {" "}
                    <span className="hint">
                      (by <time dateTime={item.due}>{dueLabel(item.due)}</time>)
                    </span>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}
