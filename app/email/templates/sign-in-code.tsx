import { defineEmail } from "./define";
import { Button, CodeBox, Heading, LinkFallback, Paragraph } from "./layout";
import { ACCOUNT_ACTIVITY_REASON, EXPIRY_NOTE } from "./shared";

/** A one-time sign-in code and magic link. */
export const signInCodeEmail = defineEmail<{ code: string; link: string }>({
  category: "transactional",
  subject: () => "Your ClarityAI Coaching sign-in code",
  preview: ({ code }) => `Your sign-in code is ${code}`,
  reason: ACCOUNT_ACTIVITY_REASON,
  text: ({ code, link }) =>
    `Your sign-in code is ${code}\n\nOr sign in with this link:\n${link}\n\n${EXPIRY_NOTE} If you didn't ask to sign in, you can ignore this email — nobody can get into your account without the code.`,
  Body: ({ code, link }) => (
    <>
      <Heading>Sign in to ClarityAI Coaching</Heading>
      <CodeBox code={code} label="Your sign-in code" />
      <Paragraph>Or sign in with one click:</Paragraph>
      <Button href={link}>Sign in</Button>
      <LinkFallback href={link} />
      <Paragraph>{EXPIRY_NOTE} If you didn&apos;t ask to sign in, you can ignore this email — nobody can get into your account without the code.</Paragraph>
    </>
  ),
});
