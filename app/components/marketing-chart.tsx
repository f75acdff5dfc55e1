import { useId } from "react";
import { formatAudCents, formatCount, formatDay, formatShortDay } from "~/attribution/report";
import { TableScroll } from "~/components/ui/table-scroll";

export type ChartDay = { day: string; pageViews: number; conversions: number; revenueCents: number };

const WIDTH = 760;
const HEIGHT = 260;
const PAD = { top: 16, right: 72, bottom: 34, left: 44 };

/** A round upper bound for an axis: 1, 2, 5 × 10ⁿ. */
function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (value <= step * power) return step * power;
  return 10 * power;
}

/**
 * Conversions per day (bars, left axis) and revenue per day (line, right axis) as a server-rendered
 * SVG: no script, no chart library. The picture has a name and a summary for screen readers, and the
 * same figures follow as a table in a disclosure.
 */
export function MarketingChart({ days }: { days: ChartDay[] }) {
  const id = useId();
  const titleId = `${id}-title`;
  const descId = `${id}-desc`;
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const maxConversions = niceMax(Math.max(0, ...days.map((d) => d.conversions)));
  const maxRevenue = niceMax(Math.max(0, ...days.map((d) => d.revenueCents)));
  const slot = plotWidth / Math.max(1, days.length);
  const barWidth = Math.max(1, slot * 0.7);
  const y = (value: number, max: number) => PAD.top + plotHeight - (value / max) * plotHeight;
  const x = (index: number) => PAD.left + index * slot + slot / 2;
  const totalConversions = days.reduce((sum, d) => sum + d.conversions, 0);
  const totalRevenue = days.reduce((sum, d) => sum + d.revenueCents, 0);
  const busiest = days.reduce<ChartDay | null>((best, d) => (!best || d.conversions > best.conversions ? d : best), null);
  const labelEvery = Math.max(1, Math.ceil(days.length / 8));
  const linePoints = days.map((d, i) => `${x(i).toFixed(1)},${y(d.revenueCents, maxRevenue).toFixed(1)}`).join(" ");
  const first = days[0];
  const last = days[days.length - 1];

  return (
    <figure className="marketing-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${titleId} ${descId}`} preserveAspectRatio="xMidYMid meet">
        <title id={titleId}>Conversions and revenue per day</title>
        <desc id={descId}>
          {first && last
            ? `From ${formatDay(first.day)} to ${formatDay(last.day)}: ${formatCount(totalConversions)} conversions and ${formatAudCents(totalRevenue)} revenue.` +
              (busiest && busiest.conversions > 0 ? ` The busiest day was ${formatDay(busiest.day)} with ${formatCount(busiest.conversions)} conversions.` : "")
            : "No days in the range."}{" "}
          The table below the chart lists every day.
        </desc>
        {[0, 0.5, 1].map((fraction) => {
          const lineY = PAD.top + plotHeight - fraction * plotHeight;
          return (
            <g key={fraction}>
              <line x1={PAD.left} x2={WIDTH - PAD.right} y1={lineY} y2={lineY} className="chart-grid" />
              <text x={PAD.left - 6} y={lineY + 4} textAnchor="end" className="chart-axis">
                {formatCount(Math.round(maxConversions * fraction))}
              </text>
              <text x={WIDTH - PAD.right + 6} y={lineY + 4} textAnchor="start" className="chart-axis">
                {formatAudCents(maxRevenue * fraction).replace(/\.00$/, "")}
              </text>
            </g>
          );
        })}
        {days.map((d, i) => {
          const top = y(d.conversions, maxConversions);
          return d.conversions > 0 ? (
            <rect key={d.day} x={x(i) - barWidth / 2} y={top} width={barWidth} height={PAD.top + plotHeight - top} className="chart-bar" />
          ) : null;
        })}
        {days.length > 1 ? <polyline points={linePoints} className="chart-line" fill="none" /> : null}
        {days.map((d, i) =>
          i % labelEvery === 0 ? (
            <text key={d.day} x={x(i)} y={HEIGHT - PAD.bottom + 18} textAnchor="middle" className="chart-axis">
              {formatShortDay(d.day)}
            </text>
          ) : null,
        )}
      </svg>
      <figcaption className="chart-legend">
        <span>
          <span className="chart-key chart-key-bar" aria-hidden="true" /> Bars: conversions per day (left axis)
        </span>
        <span>
          <span className="chart-key chart-key-line" aria-hidden="true" /> Line: revenue per day, AUD incl. GST (right axis)
        </span>
      </figcaption>
      <details className="chart-data">
        <summary>Show the figures as a table</summary>
        <TableScroll label="Figures per day">
          <table className="admin-table">
            <caption className="visually-hidden">Page views, conversions and revenue per day</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Page views</th>
                <th scope="col">Conversions</th>
                <th scope="col">Revenue</th>
              </tr>
            </thead>
            <tbody>
              {days.map((d) => (
                <tr key={d.day}>
                  <th scope="row" className="cell-nowrap">
                    <time dateTime={d.day}>{formatDay(d.day)}</time>
                  </th>
                  <td>{formatCount(d.pageViews)}</td>
                  <td>{formatCount(d.conversions)}</td>
                  <td className="cell-nowrap">{formatAudCents(d.revenueCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </details>
    </figure>
  );
}
