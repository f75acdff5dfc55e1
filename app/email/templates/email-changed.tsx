import { defineEmail } from "./define";
import { Heading, Paragraph } from "./layout";
import { ACCOUNT_ACTIVITY_REASON } from "./shared";

/** To the old address, once an email change has taken effect. */
export const emailChangedEmail = defineEmail<{ newEmail: string }>({
  category: "transactional",
  subject: () => "Your ClarityAI Coaching email address was changed",
  reason: ACCOUNT_ACTIVITY_REASON,
  text: ({ newEmail }) =>
    `The email address of your ClarityAI Coaching account was changed from this address to ${newEmail}.\n\nIf you made this change, there's nothing more to do. If you didn't, contact us straight away by replying to this email.`,
  Body: ({ newEmail }) => (
    <>
      <Heading>Your email address was changed</Heading>
      <Paragraph>
        The email address of your ClarityAI Coaching account was changed from this address to <strong>{newEmail}</strong>.
      </Paragraph>
      <Paragraph>If you made this change, there&apos;s nothing more to do. If you didn&apos;t, contact us straight away by replying to this email.</Paragraph>
    </>
  ),
});
