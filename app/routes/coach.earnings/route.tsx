import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { requireRole } from "~/auth/guards.server";
import { formatCents } from "~/billing/describe";
import { EarningsAmountCells, EarningsAmountHeadings } from "~/components/coach-network/earnings-columns";
import { listEarningLines, monthToDateEarnings } from "~/coach-network/earnings.server";
import { CREDIT_PRICE_RULE, formatRate, ROUNDING_RULE, shareRateFor, shareTierLines, SHARE_TIERS } from "~/coach-network/share-tiers";
import { listStatements, periodBounds, periodLabel, periodOf, statementTitle } from "~/coach-network/statements.server";
import { PageHero } from "~/components/page-hero";
import { SectionErrorBoundary } from "~/components/section-error-boundary";
import { TableScroll } from "~/components/ui/table-scroll";
import stylesHref from "~/styles/coach-earnings.css?url";
import { formatDate } from "~/utils/format";
import { NOINDEX, pageMeta } from "~/utils/meta";
import { completedSessionCount } from "./queries.server";

// The coach's earnings: this Sydney month's lines so far (each session's price, GST, fee and
// share, and any refund's reversal), their share tier, and the monthly statements issued to them.

export const links: LinksFunction = () => [{ rel: "stylesheet", href: stylesHref }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireRole(request, context, "coach");
  const now = context.services.clock.now();
  const period = periodOf(now);
  const { start, end } = periodBounds(period);
  const [lines, monthToDate, statements, completed] = await Promise.all([
    listEarningLines(context.db, viewer.id, start, end),
    monthToDateEarnings(context.db, viewer.id, now),
    listStatements(context.db, viewer.id),
    completedSessionCount(context.db, viewer.id),
  ]);
  const next = SHARE_TIERS.find((tier) => tier.after >= completed + 1 && tier.rateBp > shareRateFor(completed + 1));
  return {
    monthLabel: periodLabel(period),
    monthToDate,
    nextRate: formatRate(shareRateFor(completed + 1)),
    toNextTier: next ? { sessions: next.after - completed, rate: formatRate(next.rateBp) } : null,
    tierLines: shareTierLines(),
    lines: lines.map((line) => ({
      id: line.id,
      kind: line.kind,
      date: formatDate(line.occurredAt),
      description:
        line.kind === "session" ? `${line.typeName} ${line.reference} (session ${line.sessionOrdinal ?? "–"})` : `Refund of ${line.typeName} ${line.reference}`,
      grossCents: line.grossCents,
      gstCents: line.gstCents,
      feeCents: line.feeCents,
      rate: formatRate(line.shareRateBp),
      shareCents: line.shareCents,
    })),
    statements: statements.map((statement) => ({
      id: statement.id,
      number: statement.number,
      title: statementTitle(statement),
      month: periodLabel(statement.period),
      issued: formatDate(statement.issuedAt),
      totalCents: statement.totalCents,
      rcti: statement.kind === "rcti",
    })),
  };
}

export default function CoachEarnings() {
  const data = useLoaderData<typeof loader>();
  return (
    <>
      <PageHero
        eyebrow="Coach portal"
        title="Earnings"
        lead={`Your share of each session, and your monthly statements. This month is ${data.monthLabel} (Sydney time).`}
      />
      <section className="section earnings-lines" aria-labelledby="earnings-month-heading">
        <div className="container">
          <h2 id="earnings-month-heading">{data.monthLabel} so far</h2>
          <dl className="earnings-summary">
            <div>
              <dt>Your share (excl. GST)</dt>
              <dd>{formatCents(data.monthToDate.shareCents)}</dd>
            </div>
            <div>
              <dt>Completed sessions</dt>
              <dd>{data.monthToDate.sessions}</dd>
            </div>
            <div>
              <dt>Your next session earns</dt>
              <dd>{data.nextRate}</dd>
            </div>
          </dl>
          {data.toNextTier ? (
            <p>
              {data.toNextTier.sessions} more completed session{data.toNextTier.sessions === 1 ? "" : "s"} until you earn {data.toNextTier.rate}.
            </p>
          ) : null}
          {data.lines.length ? (
            <TableScroll label="Earnings lines this month">
              <table className="tax-invoice-lines">
                <caption id="earnings-lines-caption">Each completed session and refund this month</caption>
                <thead>
                  <tr>
                    <th scope="col">Date</th>
                    <th scope="col">Session</th>
                    <EarningsAmountHeadings />
                  </tr>
                </thead>
                <tbody>
                  {data.lines.map((line) => (
                    <tr key={line.id}>
                      <td>{line.date}</td>
                      <td>{line.description}</td>
                      <EarningsAmountCells line={line} />
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          ) : (
            <p>No completed sessions yet this month. When you mark a session completed, its earnings appear here.</p>
          )}
        </div>
      </section>
      <section className="section" aria-labelledby="statements-heading">
        <div className="container">
          <h2 id="statements-heading">Statements</h2>
          <p>
            We issue a statement on the 1st of each month for the month before and email it to you. If you&apos;re registered for GST and have accepted the
            recipient-created tax invoice agreement, it is a tax invoice we issue on your behalf; otherwise it is a payment statement.
          </p>
          {data.statements.length ? (
            <ul className="statement-list">
              {data.statements.map((statement) => (
                <li key={statement.id}>
                  <span>
                    <Link to={`/coach/statements/${statement.id}`}>
                      {statement.month}
                      <span className="visually-hidden">
                        {" "}
                        {statement.title.toLowerCase()} {statement.number}
                      </span>
                    </Link>{" "}
                    <span className="hint">
                      {statement.title} {statement.number}, issued {statement.issued}
                    </span>
                  </span>
                  <strong>
                    {formatCents(statement.totalCents)}
                    {statement.rcti ? " incl. GST" : ""}
                  </strong>
                </li>
              ))}
            </ul>
          ) : (
            <p>No statements yet. Your first arrives on the 1st of the month after your first completed session.</p>
          )}
        </div>
      </section>
      <section className="section" aria-labelledby="earnings-how-heading">
        <div className="container page-narrow">
          <h2 id="earnings-how-heading">How your share is worked out</h2>
          <ul>
            {data.tierLines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p className="steps-note">{ROUNDING_RULE}</p>
          <p className="steps-note">{CREDIT_PRICE_RULE}</p>
          <p className="steps-note">A refund of a session you&apos;ve been credited for reverses your share of the refunded amount on your next statement.</p>
        </div>
      </section>
    </>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Earnings", description: "Your earnings and monthly statements as a ClarityAI Coaching coach.", path: "/coach/earnings" }),
  NOINDEX,
];

export function ErrorBoundary() {
  return <SectionErrorBoundary section="coach" />;
}
