import { defineEmail } from "./define";
import { Button, Heading, Paragraph } from "./layout";
import { ACCOUNT_ACTIVITY_REASON } from "./shared";

/** A security notice after the password changed. */
export const passwordChangedEmail = defineEmail<{ signInUrl: string }>({
  category: "transactional",
  subject: () => "Your ClarityAI Coaching password was changed",
  reason: ACCOUNT_ACTIVITY_REASON,
  text: ({ signInUrl }) =>
    `The password for your ClarityAI Coaching account was just changed, and your other devices were signed out.\n\nIf you made this change, there's nothing more to do. If you didn't, reset your password straight away at ${signInUrl} and reply to this email so we can help.`,
  Body: ({ signInUrl }) => (
    <>
      <Heading>Your password was changed</Heading>
      <Paragraph>The password for your ClarityAI Coaching account was just changed, and your other devices were signed out.</Paragraph>
      <Paragraph>
        If you made this change, there&apos;s nothing more to do. If you didn&apos;t, reset your password straight away and reply to this email so we can help.
      </Paragraph>
      <Button href={signInUrl}>Reset my password</Button>
    </>
  ),
});
