import { defineEmail } from "./define";
import { Button, CodeBox, Heading, LinkFallback, Paragraph } from "./layout";
import { ACCOUNT_ACTIVITY_REASON, EXPIRY_NOTE } from "./shared";

type Props = { code: string; link: string; newEmail: string; signInUrl: string };

/** To the current address of a secure email change: a code and a link to approve it. */
export const emailChangeCurrentEmail = defineEmail<Props>({
  category: "transactional",
  subject: () => "Confirm the change of your email address",
  preview: ({ newEmail }) => `Approve the change of your email address to ${newEmail}`,
  reason: ACCOUNT_ACTIVITY_REASON,
  text: ({ code, link, newEmail, signInUrl }) =>
    `Someone (hopefully you) asked to change the email address of your ClarityAI Coaching account from this address to ${newEmail}.\n\nTo approve the change, use the code ${code}\n\nOr approve it with this link:\n${link}\n\n${EXPIRY_NOTE} If it wasn't you, don't approve it, and change your password at ${signInUrl}.`,
  Body: ({ code, link, newEmail, signInUrl }) => (
    <>
      <Heading>Approve the change of your email address</Heading>
      <Paragraph>
        Someone (hopefully you) asked to change the email address of your ClarityAI Coaching account from this address to <strong>{newEmail}</strong>.
      </Paragraph>
      <CodeBox code={code} label="To approve the change, use this code" />
      <Paragraph>Or approve it with one click:</Paragraph>
      <Button href={link}>Approve the change</Button>
      <LinkFallback href={link} />
      <Paragraph>
        {EXPIRY_NOTE} If it wasn&apos;t you, don&apos;t approve it, and change your password at <a href={signInUrl}>{signInUrl}</a>.
      </Paragraph>
    </>
  ),
});
