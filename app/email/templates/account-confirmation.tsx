import { defineEmail } from "./define";
import { Button, CodeBox, Heading, LinkFallback, Paragraph } from "./layout";
import { EXPIRY_NOTE } from "./shared";

/** The sign-up confirmation: a code and a link. */
export const accountConfirmationEmail = defineEmail<{ code: string; link: string }>({
  category: "transactional",
  subject: () => "Confirm your ClarityAI Coaching account",
  preview: ({ code }) => `Your confirmation code is ${code}`,
  reason: "You're receiving this because this address was used to sign up to ClarityAI Coaching.",
  text: ({ code, link }) =>
    `Welcome to ClarityAI Coaching!\n\nYour confirmation code is ${code}\n\nOr confirm your email address with this link:\n${link}\n\n${EXPIRY_NOTE} If you didn't ask to join ClarityAI Coaching, you can ignore this email.`,
  Body: ({ code, link }) => (
    <>
      <Heading>Welcome to ClarityAI Coaching!</Heading>
      <Paragraph>Enter this code to confirm your email address:</Paragraph>
      <CodeBox code={code} label="Your confirmation code" />
      <Paragraph>Or confirm it with one click:</Paragraph>
      <Button href={link}>Confirm my email address</Button>
      <LinkFallback href={link} />
      <Paragraph>{EXPIRY_NOTE} If you didn&apos;t ask to join ClarityAI Coaching, you can ignore this email.</Paragraph>
    </>
  ),
});
