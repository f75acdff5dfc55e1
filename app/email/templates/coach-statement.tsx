import { formatCents } from "~/billing/describe";
import { defineEmail } from "./define";
import { Button, Details, Heading, LinkFallback, Paragraph } from "./layout";
import { greeting } from "./shared";

type Props = {
  firstName: string | null;
  /** "Recipient created tax invoice" or "Payment statement". */
  title: string;
  /** "November 2026". */
  periodLabel: string;
  sessions: number;
  totalCents: number;
  /** Whether total includes GST on the share (a recipient-created tax invoice). */
  includesGst: boolean;
  statementUrl: string;
};

function rows(props: Props): [string, string][] {
  return [
    ["Statement", props.title],
    ["Month", props.periodLabel],
    ["Sessions", String(props.sessions)],
    ["Owed to you", `${formatCents(props.totalCents)}${props.includesGst ? " (incl. GST)" : ""}`],
  ];
}

/** A coach's monthly earnings statement is ready: once per statement. */
export const coachStatementEmail = defineEmail<Props>({
  category: "transactional",
  subject: (props) => `Your ${props.periodLabel} earnings statement is ready`,
  preview: (props) => `${formatCents(props.totalCents)} for ${props.sessions} session${props.sessions === 1 ? "" : "s"} in ${props.periodLabel}.`,
  reason: "You're receiving this because you coach with ClarityAI Coaching.",
  text: (props) =>
    [
      greeting(props.firstName),
      `Your ${props.title.toLowerCase()} for ${props.periodLabel} is ready.`,
      rows(props)
        .map(([label, value]) => `${label}: ${value}`)
        .join("\n"),
      `See it, or download the PDF, CSV or accounting import: ${props.statementUrl}`,
    ].join("\n\n"),
  Body: (props) => (
    <>
      <Heading>Your {props.periodLabel} statement</Heading>
      <Paragraph>
        {greeting(props.firstName)} your {props.title.toLowerCase()} for {props.periodLabel} is ready.
      </Paragraph>
      <Details rows={rows(props)} />
      <Button href={props.statementUrl}>View the statement</Button>
      <LinkFallback href={props.statementUrl} />
    </>
  ),
});
