import { defineEmail } from "./define";
import { Button, Heading, Paragraph } from "./layout";
import { ACCOUNT_ACTIVITY_REASON } from "./shared";

/** To the owner of an address someone tried to sign up with again. */
export const signupExistingEmail = defineEmail<{ signInUrl: string }>({
  category: "transactional",
  subject: () => "Someone tried to create an account with your email",
  reason: ACCOUNT_ACTIVITY_REASON,
  text: ({ signInUrl }) =>
    `Someone (hopefully you) tried to sign up to ClarityAI Coaching with this email address, which already has an account.\n\nIf it was you, sign in at ${signInUrl} — or reset your password there if you've forgotten it. If it wasn't you, you can ignore this email.`,
  Body: ({ signInUrl }) => (
    <>
      <Heading>You already have an account</Heading>
      <Paragraph>Someone (hopefully you) tried to sign up to ClarityAI Coaching with this email address, which already has an account.</Paragraph>
      <Paragraph>
        If it was you, sign in — or reset your password there if you&apos;ve forgotten it. If it wasn&apos;t you, you can ignore this email.
      </Paragraph>
      <Button href={signInUrl}>Sign in</Button>
    </>
  ),
});
