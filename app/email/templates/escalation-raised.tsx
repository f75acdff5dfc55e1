import { defineEmail } from "./define";
import { Button, Details, Heading, Paragraph, Quote } from "./layout";

type Props = { escalationId: string; question: string; reason: string; clientName: string; clientEmail: string; adminUrl: string };

// The question and reason come from a subscriber (or the model): React escapes them in the HTML part.
const rows = (props: Props): [string, string][] => [
  ["Client", props.clientName],
  ["Email", props.clientEmail],
  ["Why it was escalated", props.reason],
];

/** A Pro subscriber's question escalated to the expert team, to the admins. */
export const escalationRaisedEmail = defineEmail<Props>({
  category: "transactional",
  subject: (props) => `Expert review requested by ${props.clientName}`,
  reason: "You're receiving this because you are an administrator of ClarityAI Coaching, and ClarityAI Pro questions escalated for expert review come to you.",
  text: (props) =>
    [
      "A ClarityAI Pro subscriber's question needs a human expert.",
      "",
      ...rows(props).map(([label, value]) => `${label}: ${value}`),
      "",
      "Question:",
      props.question,
      "",
      `Open the escalation: ${props.adminUrl}`,
    ].join("\n"),
  Body: (props) => (
    <>
      <Heading>Expert review requested</Heading>
      <Paragraph>A ClarityAI Pro subscriber&apos;s question needs a human expert.</Paragraph>
      <Details rows={rows(props)} />
      <Quote>{props.question}</Quote>
      <Button href={props.adminUrl}>Open the escalation</Button>
    </>
  ),
});
