import { defineEmail } from "./define";
import { Button, CodeBox, Heading, LinkFallback, Paragraph } from "./layout";
import { EXPIRY_NOTE } from "./shared";

type Props = { code: string; link: string; /** A code went to the current address too (secure change). */ alsoSentToCurrent: boolean };

const closing = ({ alsoSentToCurrent }: Props) =>
  `${EXPIRY_NOTE}${alsoSentToCurrent ? " We've also sent a code to your current address: the change takes effect once both are confirmed." : ""} If you didn't ask for this, you can ignore this email.`;

/** To the new address of an email change: a code and a link. */
export const emailChangeNewEmail = defineEmail<Props>({
  category: "transactional",
  subject: () => "Confirm your new email address",
  preview: ({ code }) => `Your confirmation code is ${code}`,
  reason: "You're receiving this because this address was entered as the new email address of a ClarityAI Coaching account.",
  text: (props) =>
    `You asked to use this email address for your ClarityAI Coaching account.\n\nYour confirmation code is ${props.code}\n\nOr confirm with this link:\n${props.link}\n\n${closing(props)}`,
  Body: (props) => (
    <>
      <Heading>Confirm your new email address</Heading>
      <Paragraph>You asked to use this email address for your ClarityAI Coaching account.</Paragraph>
      <CodeBox code={props.code} label="Your confirmation code" />
      <Paragraph>Or confirm with one click:</Paragraph>
      <Button href={props.link}>Confirm this address</Button>
      <LinkFallback href={props.link} />
      <Paragraph>{closing(props)}</Paragraph>
    </>
  ),
});
