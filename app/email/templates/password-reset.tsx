import { defineEmail } from "./define";
import { Button, CodeBox, Heading, LinkFallback, Paragraph } from "./layout";
import { ACCOUNT_ACTIVITY_REASON, EXPIRY_NOTE } from "./shared";

/** A password-reset code and link. */
export const passwordResetEmail = defineEmail<{ code: string; link: string }>({
  category: "transactional",
  subject: () => "Reset your ClarityAI Coaching password",
  preview: ({ code }) => `Your password reset code is ${code}`,
  reason: ACCOUNT_ACTIVITY_REASON,
  text: ({ code, link }) =>
    `We received a request to reset the password for your ClarityAI Coaching account.\n\nYour code is ${code}\n\nOr choose a new password with this link:\n${link}\n\n${EXPIRY_NOTE} If you didn't ask to reset your password, you can ignore this email — your password stays the same.`,
  Body: ({ code, link }) => (
    <>
      <Heading>Reset your password</Heading>
      <Paragraph>We received a request to reset the password for your ClarityAI Coaching account.</Paragraph>
      <CodeBox code={code} label="Your code" />
      <Paragraph>Or choose a new password with one click:</Paragraph>
      <Button href={link}>Choose a new password</Button>
      <LinkFallback href={link} />
      <Paragraph>{EXPIRY_NOTE} If you didn&apos;t ask to reset your password, you can ignore this email — your password stays the same.</Paragraph>
    </>
  ),
});
