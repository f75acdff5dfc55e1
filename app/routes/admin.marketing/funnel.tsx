import { formatCount, formatRate, FUNNEL_STAGE_LABELS, type MarketingReport } from "~/attribution/report";

/** Page views to inquiries to checkouts to payments, each with its rate of the stage before. */
export function Funnel({ totals }: { totals: MarketingReport["totals"] }) {
  const stages = [
    { key: "pageViews", value: totals.pageViews },
    { key: "inquiries", value: totals.inquiries },
    { key: "checkouts", value: totals.checkouts },
    { key: "payments", value: totals.payments },
  ] as const;
  const top = Math.max(1, totals.pageViews, totals.inquiries, totals.checkouts, totals.payments);
  return (
    <section aria-labelledby="marketing-funnel-heading">
      <h3 id="marketing-funnel-heading">Funnel</h3>
      <ol className="marketing-funnel">
        {stages.map((stage, i) => {
          const previous = i > 0 ? stages[i - 1]! : null;
          return (
            <li key={stage.key}>
              <span className="marketing-funnel-label">
                <strong>{FUNNEL_STAGE_LABELS[stage.key]}</strong>: {formatCount(stage.value)}
                {previous ? (
                  <span className="hint">
                    {" "}
                    ({formatRate(stage.value, previous.value)} of {FUNNEL_STAGE_LABELS[previous.key].toLowerCase()})
                  </span>
                ) : null}
              </span>
              {/* An SVG bar: its width is an attribute, which the Content-Security-Policy allows (inline styles it refuses). */}
              <svg className="marketing-funnel-bar" viewBox="0 0 100 4" preserveAspectRatio="none" aria-hidden="true" focusable="false">
                <rect width={Math.max(0.5, (stage.value / top) * 100)} height="4" rx="1" />
              </svg>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
