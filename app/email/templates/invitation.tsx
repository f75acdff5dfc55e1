import { defineEmail } from "./define";
import { Button, Heading, LinkFallback, Paragraph } from "./layout";
import { greeting } from "./shared";

/** How long an invitation's link works, as the email and the accept page say it (INVITE_TTL_SECONDS). */
export const INVITE_EXPIRY_NOTE = "The link works once and expires in 7 days.";

const NOT_EXPECTED = "If you weren't expecting an invitation, you can ignore this email: no account is usable until a password is chosen with this link.";

/** An invitation to a new account (POST /invite, an approved coach): a link to choose a password. */
export const invitationEmail = defineEmail<{ firstName: string | null; link: string }>({
  category: "transactional",
  subject: () => "You're invited to ClarityAI Coaching",
  preview: () => "Choose a password to set up your account",
  reason: "You're receiving this because the ClarityAI Coaching team invited this address to create an account.",
  text: ({ firstName, link }) =>
    `${greeting(firstName)}\n\nThe ClarityAI Coaching team has invited you to create your account.\n\nChoose a password to set it up with this link:\n${link}\n\n${INVITE_EXPIRY_NOTE} ${NOT_EXPECTED}`,
  Body: ({ firstName, link }) => (
    <>
      <Heading>You&apos;re invited to ClarityAI Coaching</Heading>
      <Paragraph>{greeting(firstName)}</Paragraph>
      <Paragraph>The ClarityAI Coaching team has invited you to create your account. Choose a password to set it up:</Paragraph>
      <Button href={link}>Accept the invitation</Button>
      <LinkFallback href={link} />
      <Paragraph>
        {INVITE_EXPIRY_NOTE} {NOT_EXPECTED}
      </Paragraph>
    </>
  ),
});
