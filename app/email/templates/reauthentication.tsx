import { defineEmail } from "./define";
import { CodeBox, Heading, Paragraph } from "./layout";
import { ACCOUNT_ACTIVITY_REASON } from "./shared";

/** A code that confirms a sensitive change (GET /reauthenticate): a code only, no link. */
export const reauthenticationEmail = defineEmail<{ code: string; signInUrl: string }>({
  category: "transactional",
  subject: () => "Confirm it's you",
  preview: ({ code }) => `Your code is ${code}`,
  reason: ACCOUNT_ACTIVITY_REASON,
  text: ({ code, signInUrl }) =>
    `To confirm a change to your ClarityAI Coaching account, enter this code: ${code}\n\nIt works once and expires in 1 hour. If you didn't ask for it, change your password at ${signInUrl}.`,
  Body: ({ code, signInUrl }) => (
    <>
      <Heading>Confirm it&apos;s you</Heading>
      <Paragraph>To confirm a change to your ClarityAI Coaching account, enter this code:</Paragraph>
      <CodeBox code={code} label="Your code" />
      <Paragraph>
        It works once and expires in 1 hour. If you didn&apos;t ask for it, change your password at <a href={signInUrl}>{signInUrl}</a>.
      </Paragraph>
    </>
  ),
});
