import { defineEmail } from "./define";
import { Button, Heading, LinkFallback, Paragraph } from "./layout";

const IGNORE_NOTE = "If you didn't ask, ignore this email: nothing will be sent to you, and the link stops working by itself.";

/** Double opt-in: asks the address to confirm it wants marketing email, with a signed link to the page that records it. */
export const marketingConsentEmail = defineEmail<{ link: string; days: number }>({
  category: "transactional",
  subject: () => "Please confirm you'd like emails from ClarityAI Coaching",
  preview: () => "One click to start receiving practical tips and occasional offers.",
  reason: "You're receiving this because this address was given on the ClarityAI Coaching website with a request for tips and offers by email.",
  text: ({ link, days }) =>
    `Someone (we hope it was you) asked for practical tips and occasional offers from ClarityAI Coaching to be sent to this address.\n\nTo confirm, open this link and press the button on the page:\n${link}\n\nThe link works for ${days} days. ${IGNORE_NOTE}`,
  Body: ({ link, days }) => (
    <>
      <Heading>Confirm your email subscription</Heading>
      <Paragraph>Someone (we hope it was you) asked for practical tips and occasional offers from ClarityAI Coaching to be sent to this address.</Paragraph>
      <Paragraph>To confirm, open the page below and press its button:</Paragraph>
      <Button href={link}>Confirm my subscription</Button>
      <LinkFallback href={link} />
      <Paragraph>
        The link works for {days} days. {IGNORE_NOTE}
      </Paragraph>
    </>
  ),
});
