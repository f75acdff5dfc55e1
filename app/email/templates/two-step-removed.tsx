import { defineEmail } from "./define";
import { Button, Heading, Paragraph } from "./layout";
import { ACCOUNT_ACTIVITY_REASON } from "./shared";

/** A security notice after an administrator removed the person's two-step verification (a lost authenticator app). */
export const twoStepRemovedEmail = defineEmail<{ securityUrl: string }>({
  category: "transactional",
  subject: () => "Two-step verification was removed from your ClarityAI Coaching account",
  reason: ACCOUNT_ACTIVITY_REASON,
  text: ({ securityUrl }) =>
    `One of our administrators removed two-step verification from your ClarityAI Coaching account, usually because the phone with the authenticator app was lost, and signed you out on every device.\n\nSign in with your password and set up two-step verification again on your profile: ${securityUrl}\n\nIf you didn't ask us for this, reply to this email straight away so we can help.`,
  Body: ({ securityUrl }) => (
    <>
      <Heading>Two-step verification was removed</Heading>
      <Paragraph>
        One of our administrators removed two-step verification from your ClarityAI Coaching account, usually because the phone with the authenticator app was
        lost, and signed you out on every device.
      </Paragraph>
      <Paragraph>Sign in with your password and set up two-step verification again on your profile.</Paragraph>
      <Button href={securityUrl}>Set up two-step verification</Button>
      <Paragraph>If you didn&apos;t ask us for this, reply to this email straight away so we can help.</Paragraph>
    </>
  ),
});
